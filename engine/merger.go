package engine

import (
	"strconv"

	"pbc/engine/action"
	"pbc/engine/title"
)

// minorAcquisitionStep lets a major (from its second turn) acquire a minor or,
// in PNW, a regional; followed by a payment choice and a token choice.
type minorAcquisitionStep struct {
	stepBase
	r      *round
	target *Corp
	state  string // "", "pay", "token"
	shares int
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
		return []string{"choose"}
	}
	if !c.IsMajor() || c.Operated < 2 || len(s.g.acquirableMinors(c)) == 0 {
		return nil
	}
	return []string{"merge", "pass"}
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
	if treasury > 1 && g.numCerts(owner) < g.certLimit() && okDiff(2) {
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
		ok := false
		for _, x := range g.acquirableMinors(c) {
			if x == m {
				ok = true
			}
		}
		if !ok {
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
// shrinks back, as 18xx.games removes the slot with the token.
func (g *Game) removeMinorToken(t *Token) {
	h := g.Board.Hex(t.Hex)
	node := t.City
	g.Board.removeToken(t)
	if h != nil {
		h.removeCheaterSlot(node)
	}
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
				h.unreserve(m.ID)
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

// mergerState is the PNW merger round's choice sequence.
type mergerState struct {
	assoc, unassoc *Corp
	major          *Corp
	player         *Player
	state          string // "", "par", "shares", "token"
	par            int    // cell index
}

// mergeStep is the PNW merger round: an associated and an unassociated minor of
// the same owner form the associated major.
type mergeStep struct {
	stepBase
	r *round
}

func (s *mergeStep) name() string { return "merge minors" }
func (s *mergeStep) skip()        { s.pass() }
func (s *mergeStep) setup()       { *s.r.mr = mergerState{} }

func (s *mergeStep) actions(e any) []string {
	c, ok := e.(*Corp)
	if !ok || e != s.r.current() {
		return nil
	}
	if s.r.mr.state != "" {
		return []string{"choose"}
	}
	if len(s.g.mergeable(c)) > 0 {
		return []string{"merge", "pass"}
	}
	return nil
}

// mergeable lists the minors c could merge with now.
func (g *Game) mergeable(c *Corp) []*Corp {
	var out []*Corp
	for _, m := range g.Corps {
		if !m.IsMinor() || !m.Floated || m.Closed || m == c {
			continue
		}
		if (g.assoc[c.ID] != "") == (g.assoc[m.ID] != "") {
			continue
		}
		// 18xx.games checks the connection before the owner.
		if !g.minorsConnected(c, m) || m.President() != c.President() {
			continue
		}
		a, u := c, m
		if g.assoc[a.ID] == "" {
			a, u = m, c
		}
		if len(g.mergePars(a, u, a.Cash+u.Cash)) == 0 {
			continue
		}
		out = append(out, m)
	}
	return out
}

// minorsConnected reports whether two minors' networks touch (or both reach a port).
func (g *Game) minorsConnected(a, b *Corp) bool { return g.connects(a, b) || g.connects(b, a) }

func (g *Game) mergePars(a, u *Corp, cash int) []int {
	value := 2 * (g.sharePrice(a) + g.sharePrice(u))
	var out []int
	for _, i := range g.Market.parCells(false) {
		p := g.Market.price(i)
		if p == 50 {
			continue
		}
		if len(exchangeShares(p, cash, value, a.President().Cash)) > 0 {
			out = append(out, i)
		}
	}
	return out
}

// exchangeShares lists how many shares (2-6) the owner may take for minors worth value.
func exchangeShares(par, cash, value, playerCash int) []int {
	if 6*par < value {
		if par == 100 {
			return []int{6}
		}
		return nil
	}
	lo := max((value-cash-1)/par+1, 2)
	if value-cash-1 < 0 {
		lo = max(floorDiv(value-cash-1, par)+1, 2)
	}
	hi := min((value+min(playerCash, par-1))/par, 6)
	var out []int
	for n := lo; n <= hi; n++ {
		out = append(out, n)
	}
	return out
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func (s *mergeStep) process(a action.Action, e any) error {
	g := s.g
	c := e.(*Corp)
	mr := s.r.mr
	switch v := a.(type) {
	case *action.Pass:
		s.pass()
		return nil
	case *action.Merge:
		m := g.Corp(v.Corporation)
		ok := false
		for _, x := range g.mergeable(c) {
			if x == m {
				ok = true
			}
		}
		if !ok {
			return ruleErr("%s cannot merge with %s", c.ID, v.Corporation)
		}
		mr.assoc, mr.unassoc = c, m
		if g.assoc[c.ID] == "" {
			mr.assoc, mr.unassoc = m, c
		}
		mr.major = g.Corp(g.assoc[mr.assoc.ID])
		mr.player = mr.assoc.President()
		g.transferPossessions(mr.assoc, mr.major)
		g.transferPossessions(mr.unassoc, mr.major)
		mr.major.IPOed, mr.major.Floated, mr.major.fullCap = true, true, false
		mr.state = "par"
		return nil
	case *action.Choose:
		return s.choose(v.Choice)
	}
	return ruleErr("%s can merge or pass", c.ID)
}

func (s *mergeStep) choose(choice string) error {
	g := s.g
	mr := s.r.mr
	n, _ := strconv.Atoi(choice)
	switch mr.state {
	case "par":
		cell := g.Market.cellFor(n)
		if cell < 0 || n == 50 {
			return ruleErr("choose a par price from $55 to $100")
		}
		if g.validating() && !hasInt(g.mergePars(mr.assoc, mr.unassoc, mr.major.Cash), cell) {
			return ruleErr("the merged major may be parred at %s", g.choiceList(g.mergerChoices(mr)))
		}
		g.setPar(mr.major, cell)
		mr.par, mr.state = cell, "shares"
		return nil
	case "shares":
		if n < 2 || n > 6 {
			return ruleErr("choose 2 to 6 shares")
		}
		value := 2 * (g.sharePrice(mr.assoc) + g.sharePrice(mr.unassoc))
		if ok := exchangeShares(g.Market.price(mr.par), mr.major.Cash, value, mr.player.Cash); g.validating() && !hasInt(ok, n) {
			return ruleErr("%s may take %s shares", mr.player.Name, g.choiceList(g.mergerChoices(mr)))
		}
		given := 0
		for _, sh := range mr.major.Shares {
			if given >= n-1 {
				break
			}
			if sh.Owner == Holder(mr.major) {
				g.moveShare(sh, mr.player)
				given++
			}
		}
		shares := n * g.Market.price(mr.par)
		if shares > value {
			g.pay(mr.player, mr.major, shares-value)
		} else if shares < value {
			g.pay(mr.major, mr.player, min(value-shares, mr.major.Cash))
		}
		mr.state = "token"
		if mr.major.Dest == mr.assoc.HomeHex {
			g.mergeOnDestination(mr)
			s.finish()
		}
		return nil
	case "token":
		if choice != "replace" && choice != "exchange" {
			// 18xx.games treats any other answer as "exchange"; imported logs rely on it.
			if !g.importing {
				return ruleErr("choose replace or exchange")
			}
			choice = "exchange"
		}
		g.swapMinorToken(mr.assoc, mr.major)
		ut := mr.unassoc.Tokens[0]
		h, city := g.Board.Hex(ut.Hex), ut.City
		g.Board.removeToken(ut)
		g.exchangeToAvailable(mr.major)
		if choice == "replace" && h != nil {
			if t := g.nextToken(mr.major); t != nil {
				_ = h.placeToken(t, city, -1, true)
			}
		}
		s.finish()
		return nil
	}
	return ruleErr("nothing to choose now")
}

// mergeOnDestination: the major's destination is the associated minor's home,
// so the tokens are swapped and the destination token is placed there.
func (g *Game) mergeOnDestination(mr *mergerState) {
	ut := mr.unassoc.Tokens[0]
	if h := g.Board.Hex(ut.Hex); h != nil {
		city := ut.City
		g.Board.removeToken(ut)
		if t := g.nextToken(mr.major); t != nil {
			_ = h.placeToken(t, city, -1, true)
		}
	}
	at := mr.assoc.Tokens[0]
	if h := g.Board.Hex(at.Hex); h != nil {
		city := at.City
		g.Board.removeToken(at)
		for _, t := range mr.major.Tokens {
			if t.Kind == DestinationToken && !t.Used {
				_ = h.placeToken(t, city, -1, true)
				break
			}
		}
	}
}

func (s *mergeStep) finish() {
	g := s.g
	mr := s.r.mr
	g.closeMinor(mr.assoc)
	g.closeMinor(mr.unassoc)
	*mr = mergerState{}
	s.pass()
}

// startMergerRound begins the PNW merger round that follows each OR from phase 2.
func (g *Game) startMergerRound(num int) {
	g.roundName = "Merger"
	r := &round{g: g, kind: mergerRound, num: num, mr: &mergerState{}}
	r.steps = []step{&mergeStep{stepBase: stepBase{g: g}, r: r}}
	for _, c := range g.operatingOrder() {
		if c.IsMinor() {
			r.entities = append(r.entities, c)
		}
	}
	g.round = r
	r.after = afterMerger
	if len(r.entities) == 0 {
		r.done = true
		return
	}
	r.resetSteps()
	r.skipSteps()
	if r.activeStep() == nil {
		g.mergerAdvance()
	}
}

func (g *Game) mergerAdvance() {
	r := g.round
	for r.activeStep() == nil {
		if r.index >= len(r.entities)-1 {
			r.done = true
			return
		}
		r.index++
		r.resetSteps()
		r.skipSteps()
	}
}

// choiceList names the choices offered: "3, 4 or 5".
func (g *Game) choiceList(list []ChoiceMove) string {
	var out []string
	for _, c := range list {
		out = append(out, c.Choice)
	}
	return orJoin("", out)
}
