package engine

import (
	"pbc/engine/action"
	"pbc/engine/title"
	"slices"
)

// Rules 5.17-5.19 (1822PNW; 1822CA 5.16-5.18): a major acquires a minor
// company (or, in 1822PNW, a regional railway) from a player or from the bid
// boxes: what the acquisition step accepts, how it pays for the minor and
// settles its token, and what it lists for Moves.

// minorAcquisitionStep lets a major (from its second turn) acquire a minor or,
// in PNW, a regional; followed by a payment choice and a token choice.
type minorAcquisitionStep struct {
	stepBase
	r      *round
	target *Corp
	state  string // "", "pay", "token"
	shares int
}

// copyFor copies the step for a clone: its base, round and target are mapped.
func (s *minorAcquisitionStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	n.target = cc.corp(s.target)
	return &n
}

func (s *minorAcquisitionStep) name() string { return "acquire a minor" }
func (s *minorAcquisitionStep) skip()        { s.pass() }
func (s *minorAcquisitionStep) setup()       { s.state, s.target = "", nil }

func (s *minorAcquisitionStep) actions(e any) []string {
	c, ok := e.(*Corp)
	if !ok || e != s.r.current() {
		return nil
	}
	if s.state != "" {
		return []string{action.TypeChoose}
	}
	if !c.IsMajor() || c.Operated < 2 || len(s.g.acquirableMinors(c)) == 0 {
		return nil
	}
	return []string{action.TypeMerge, action.TypePass}
}

// acquirableMinors are the minors c could acquire in principle (connection not checked).
func (g *Game) acquirableMinors(c *Corp) []*Corp {
	var out []*Corp
	for _, m := range g.Corps {
		if m.IsMinor() && m.Floated && !m.Closed && m.Operated > 1 && len(g.payChoices(c, m)) > 0 {
			if g.T.Acquisition.UnassociatedOnly && g.assoc[m.ID] != "" {
				continue
			}
			out = append(out, m)
		}
	}
	if g.phaseHas("can_acquire_minor_bidbox") {
		for _, comp := range g.bidboxMinors() {
			if comp == nil {
				continue
			}
			m := g.corpOfCompany(comp)
			if m == nil || (g.T.Acquisition.UnassociatedOnly && g.assoc[m.ID] != "") {
				continue
			}
			if len(g.payChoices(c, m)) > 0 {
				out = append(out, m)
			}
		}
	}
	// Regional railways, where the title has them, from their second OR.
	for _, r := range g.Corps {
		if r.Kind == title.RegionalCorp && !r.Closed && r.Owner != nil && g.regionalORs[r.ID] > 1 {
			out = append(out, r)
		}
	}
	return out
}

func (g *Game) minorOwner(m *Corp) *Player {
	if m.Kind == title.RegionalCorp {
		return m.Owner
	}
	return m.President()
}

// payChoices lists how c may pay for minor m.
func (g *Game) payChoices(c, m *Corp) []string {
	owner := g.minorOwner(m)
	if owner == nil {
		if c.Cash >= 200 {
			return []string{"money"}
		}
		return nil
	}
	var out []string
	value := 2 * g.sharePrice(m)
	if c.Cash >= value {
		out = append(out, "money")
	}
	treasury := len(c.SharesOf(c))
	price := g.sharePrice(c)
	okDiff := func(n int) bool {
		d := value - price*n
		return d == 0 || (d < 0 && -d <= owner.Cash) || (d > 0 && d <= c.Cash)
	}
	if treasury > 0 && okDiff(1) {
		out = append(out, "one_share")
	}
	// 5.17.3 (CA): at the limit he may take one share, or two of a major in
	// the yellow zone (its shares do not count toward the limit).
	if treasury > 1 && (!g.countsForLimit(c) || g.numCerts(owner) < g.certLimit()) && okDiff(2) {
		out = append(out, "two_shares")
	}
	return out
}

func (s *minorAcquisitionStep) process(a action.Action, e any) error {
	g := s.g
	c := e.(*Corp)
	switch v := a.(type) {
	case *action.Pass:
		s.pass()
		return nil
	case *action.Merge:
		m := g.Corp(v.Corporation)
		if !slices.Contains(g.acquirableMinors(c), m) {
			return ruleErr("%s cannot acquire %s now", c.ID, v.Corporation)
		}
		if g.validating() && !g.minorConnects(c, m) {
			return ruleErr("%s's network does not reach %s's station (5.17.3)", c.ID, m.ID)
		}
		if g.validating() && len(g.payChoices(c, m)) == 0 {
			// Regionals are listed without a payment check so the step stays
			// active as in 18xx.games; merging one still needs a way to pay.
			return ruleErr("%s cannot pay for %s: it has neither the cash nor treasury shares to pay with (5.17.5)", c.ID, m.ID)
		}
		s.target, s.state = m, "pay"
		return nil
	case *action.Choose:
		switch s.state {
		case "pay":
			n, ok := map[string]int{"money": 0, "one_share": 1, "two_shares": 2}[v.Choice]
			if !ok || !contains(g.payChoices(c, s.target), v.Choice) {
				return ruleErr("pay with money, one_share or two_shares")
			}
			s.shares, s.state = n, "token"
			return nil
		case "token":
			if err := g.acquireMinor(c, s.target, s.shares, v.Choice); err != nil {
				return err
			}
			if g.T.Acquisition.BonusLay {
				s.r.op.acquirer = c
			}
			s.state, s.target = "", nil
			s.pass()
			return nil
		}
	}
	return ruleErr("%s can acquire a minor or pass", c.ID)
}

// removeMinorToken takes an acquired minor's token off the map; a city that
// had grown a slot for a token it could not hold (a destination token)
// shrinks back, as 18xx.games removes the slot with the token: the token's
// own slot goes, with the reservation at its place, and the slots after it
// move up one, keeping their order.
func (g *Game) removeMinorToken(t *Token) {
	h := g.Board.Hex(t.Hex)
	node := t.City
	if h != nil && t.Used && h.dropTokenSlot(t) {
		g.Board.removeToken(t)
		return
	}
	g.Board.removeToken(t)
	if h != nil {
		h.removeCheaterSlot(node)
	}
}

// dropTokenSlot removes the slot holding t from its city when the city has
// more slots than it keeps (its tile's, plus one on a city that keeps a
// home's added slot), reporting whether it did.
func (h *HexState) dropTokenSlot(t *Token) bool {
	node := t.City
	s := h.Slots[node]
	keep := h.Tile.Nodes[node].Slots
	if h.keptSlotExit != 0 && h.cityExit(node) == h.keptSlotExit-1 {
		keep++
	}
	if len(s) <= keep {
		return false
	}
	pos := -1
	for i, x := range s {
		if x == t {
			pos = i
		}
	}
	if pos < 0 {
		return false
	}
	h.touch()
	h.Slots[node] = append(s[:pos:pos], s[pos+1:]...)
	if r := h.Reserved[node]; pos < len(r) {
		h.Reserved[node] = append(r[:pos:pos], r[pos+1:]...)
	}
	return true
}

// acquireMinor completes an acquisition: payment, possessions and the token choice.
func (g *Game) acquireMinor(c, m *Corp, shares int, token string) error {
	switch token {
	case "replace", "exchange":
		if c.Exchange <= 0 {
			return ruleErr("%s has no exchange tokens; choose remove", c.ID)
		}
	case "remove":
	default:
		return ruleErr("choose replace, exchange or remove")
	}
	owner := g.minorOwner(m)
	if owner == nil {
		g.pay(c, nil, 200)
		h := g.Board.Hex(m.HomeHex)
		switch token {
		case "replace":
			if m.Def.HomeChoose {
				if !g.rondelReplaceable(c, m, 0) {
					return ruleErr("%s reaches no city of %s with room for its token: choose exchange", c.ID, m.HomeHex)
				}
				c.Exchange--
				h.dropReservation(m.ID)
				g.queueRondel(c, m)
				break
			}
			city, slot, ok := h.reservedNode(m.ID)
			if !ok {
				city, slot = homeNodeIndex(h, m.HomeCity), -1
			}
			if _, has := tokenInCity(h, city, c); has {
				g.exchangeToAvailable(c)
			} else {
				c.Exchange--
				t := &Token{Corp: c, Price: 100}
				c.Tokens = append(c.Tokens, t)
				h.dropReservation(m.ID)
				_ = h.placeToken(t, city, slot, true)
			}
		case "exchange":
			g.exchangeToAvailable(c)
		}
		if comp := g.Company("M" + m.ID); comp != nil {
			g.dropCompany(comp)
		}
		g.closeCorp(m)
		return nil
	}
	diff := 2*g.sharePrice(m) - g.sharePrice(c)*shares
	if diff < 0 {
		g.pay(owner, c, -diff)
	} else if diff > 0 {
		g.pay(c, owner, diff)
	}
	// The shares change hands outside a purchase: the presidency stays put
	// until the next purchase or sale (4.5.9, 4.4.7), as 18xx.games has it.
	for i := 0; i < shares; i++ {
		if list := sharesOf(c, c); len(list) > 0 {
			g.moveShare(list[0], owner)
		}
	}
	if pres := c.President(); pres != nil && c.PercentOf(owner) > c.PercentOf(pres) {
		c.presLag = true
	}
	g.transferPossessions(m, c)
	if token == "replace" || (token == "exchange" && g.T.Acquisition.BonusLay) {
		c.routeSticky = false // 18xx.games recomputes the acquirer's routes
	}
	mt := m.Tokens[0]
	switch token {
	case "replace":
		h := g.Board.Hex(mt.Hex)
		if h != nil {
			// One token per station: a token in another city of the hex
			// does not stop the replacement (5.17.12).
			if _, has := tokenInCity(h, mt.City, c); has {
				g.exchangeToAvailable(c)
				g.removeMinorToken(mt)
			} else {
				c.Exchange--
				t := &Token{Corp: c, Price: 100}
				c.Tokens = append(c.Tokens, t)
				city := mt.City
				g.Board.removeToken(mt) // the major's token takes its place
				_ = h.placeToken(t, city, -1, true)
			}
		}
	case "exchange":
		g.exchangeToAvailable(c)
		g.removeMinorToken(mt)
	default:
		g.removeMinorToken(mt)
	}
	if m.Kind == title.RegionalCorp {
		g.closeCorp(m)
	} else {
		g.closeCorp(m)
		if owner != nil {
			for _, s := range m.Shares {
				s.Owner = m
			}
		}
	}
	return nil
}

// acquisitionChoices lists the payment or token answers of an OR acquisition.
func (g *Game) acquisitionChoices(c *Corp, st *minorAcquisitionStep) []ChoiceMove {
	var out []ChoiceMove
	switch st.state {
	case "pay":
		for _, p := range g.payChoices(c, st.target) {
			out = append(out, ChoiceMove{Choice: p, Label: "pay with " + p})
		}
	case "token":
		if c.Exchange > 0 {
			m := st.target
			if g.minorOwner(m) != nil || !m.Def.HomeChoose || g.rondelReplaceable(c, m, 200) {
				out = append(out, ChoiceMove{Choice: "replace", Label: "replace its token with an exchange token"})
			}
			out = append(out, ChoiceMove{Choice: "exchange", Label: "remove its token; an exchange token becomes available"})
		} else {
			out = append(out, ChoiceMove{Choice: "remove", Label: "remove its token"})
		}
	}
	return out
}

// minorConnects: a major may acquire a minor its network reaches (a bid-box
// minor: its reserved home city; PNW: or both reach a port).
func (g *Game) minorConnects(c, m *Corp) bool { return g.connects(c, m) }

// choiceMoves lists the payment or token answers of the acquisition under way.
func (s *minorAcquisitionStep) choiceMoves(e any) []ChoiceMove {
	return s.g.acquisitionChoices(e.(*Corp), s)
}

// mergeMoves lists the minors (and PNW regionals) the major may acquire: those
// its network reaches and it can pay for.
func (s *minorAcquisitionStep) mergeMoves(e any) []MergeMove {
	g := s.g
	c, ok := e.(*Corp)
	if !ok {
		return nil
	}
	var out []MergeMove
	for _, m := range g.acquirableMinors(c) {
		if !g.minorConnects(c, m) {
			continue
		}
		mm := MergeMove{Corp: m.ID, Payments: g.payChoices(c, m), Value: 200}
		if len(mm.Payments) == 0 {
			continue // it cannot pay (5.17.5)
		}
		if p := g.minorOwner(m); p != nil {
			mm.Owner = p.ID
			if m.Kind != title.RegionalCorp {
				mm.Value = 2 * g.sharePrice(m)
			}
		}
		out = append(out, mm)
	}
	return out
}

// autoAction passes for a major with no connected candidate, as 18xx.games
// does itself.
func (s *minorAcquisitionStep) autoAction() action.Action {
	g := s.g
	c := s.r.current().(*Corp)
	if s.state != "" {
		return nil
	}
	for _, m := range g.acquirableMinors(c) {
		if g.minorConnects(c, m) {
			return nil
		}
	}
	return corpAction(&action.Pass{}, action.TypePass, c)
}
