package engine

import (
	"slices"
	"strconv"

	"pbc/engine/action"
)

// Rule 6.3 (1822PNW): the merger procedure, the merger round's one step. An
// associated and an unassociated minor of one owner, legally connected, form
// the associated major: the owner picks a par, how many shares he takes and
// what becomes of the unassociated minor's station. The round itself is in
// merger_round.go.

// mergeStep is the PNW merger round: an associated and an unassociated minor of
// the same owner form the associated major.
type mergeStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped, its other fields are values.
func (s *mergeStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

// programActions are the pass a merger-pass program makes for the current
// company, if its president set one naming it and it may pass (programs.go).
func (s *mergeStep) programActions() []action.Action {
	c, ok := s.r.current().(*Corp)
	if !ok || c.President() == nil {
		return nil
	}
	p := c.President()
	prog, ok := s.g.programs[p.ID]
	if !ok || prog.Kind != ProgramMergerPass || !hasString(prog.Minors, c.ID) || !contains(s.r.actionsOf(s, c), action.TypePass) {
		return nil
	}
	return []action.Action{corpAction(&action.Pass{}, action.TypePass, c)}
}

func (s *mergeStep) name() string { return "merge minors" }

func (s *mergeStep) skip() { s.pass() }

func (s *mergeStep) setup() { *s.r.mr = mergerState{} }

func (s *mergeStep) actions(e any) []string {
	c, ok := e.(*Corp)
	if !ok || e != s.r.current() {
		return nil
	}
	if s.r.mr.state != "" {
		return []string{action.TypeChoose}
	}
	if len(s.g.mergeable(c)) > 0 {
		return []string{action.TypeMerge, action.TypePass}
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
		if !slices.Contains(g.mergeable(c), m) {
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

// choiceList names the choices offered: "3, 4 or 5".
func (g *Game) choiceList(list []ChoiceMove) string {
	var out []string
	for _, c := range list {
		out = append(out, c.Choice)
	}
	return orJoin("", out)
}

// mergerChoices lists the par, share-count or token answers of a PNW merger.
func (g *Game) mergerChoices(mr *mergerState) []ChoiceMove {
	var out []ChoiceMove
	switch mr.state {
	case "par":
		for _, cell := range g.mergePars(mr.assoc, mr.unassoc, mr.major.Cash) {
			p := strconv.Itoa(g.Market.price(cell))
			out = append(out, ChoiceMove{Choice: p, Label: "par at $" + p})
		}
	case "shares":
		value := 2 * (g.sharePrice(mr.assoc) + g.sharePrice(mr.unassoc))
		for _, n := range exchangeShares(g.Market.price(mr.par), mr.major.Cash, value, mr.player.Cash) {
			out = append(out, ChoiceMove{Choice: strconv.Itoa(n), Label: strconv.Itoa(n) + " shares"})
		}
	case "token":
		out = append(out, ChoiceMove{Choice: "replace", Label: "keep the unassociated minor's station"},
			ChoiceMove{Choice: "exchange", Label: "remove it; an exchange token becomes available"})
	}
	return out
}

// choiceMoves lists the par, share-count or token answers of the merger.
func (s *mergeStep) choiceMoves(e any) []ChoiceMove { return s.g.mergerChoices(s.r.mr) }

// mergeMoves lists the minors the current minor may merge with.
func (s *mergeStep) mergeMoves(e any) []MergeMove {
	g := s.g
	c, ok := e.(*Corp)
	if !ok {
		return nil
	}
	var out []MergeMove
	for _, m := range g.mergeable(c) {
		mm := MergeMove{Corp: m.ID, Value: 2 * g.sharePrice(m)}
		if p := m.President(); p != nil {
			mm.Owner = p.ID
		}
		out = append(out, mm)
	}
	return out
}
