package engine

import (
	"slices"

	"pbc/engine/action"
	"pbc/engine/title"
)

// Rule 5.13 (1822PNW; 1822CA 5.12): earnings distribution. A major pays
// out, half pays or withholds, a minor always splits, and the share price
// moves. What the dividend step accepts, how it pays and what it lists for
// Moves.

// dividendStep pays, half-pays or withholds, and moves the share price.
type dividendStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped, its other fields are values.
func (s *dividendStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

func (s *dividendStep) name() string { return "pay dividends" }

func (s *dividendStep) setup() { s.r.op.extraChoice = "" }

func (s *dividendStep) actions(e any) []string {
	c, ok := e.(*Corp)
	if !ok || e != s.r.current() || !c.IsMajor() || s.r.op.revenue == 0 || s.g.isGov(c) {
		return nil
	}
	if s.r.op.extraChoice == "" && s.g.extraTrainRevenue(c, s.r.op) > 0 && len(c.Trains) > 1 {
		return dividendChoose
	}
	return dividendOnly
}

// extraTrainRevenue is the revenue of a permanent train (2P, LP, 3/2P)
// when it may be paid separately.
func (g *Game) extraTrainRevenue(c *Corp, op *orState) int {
	for _, t := range c.Trains {
		if t.Def.Kind != title.Permanent {
			continue
		}
		for _, rt := range op.routes {
			if rt.Train == t.ID && rt.Revenue > 0 && rt.Revenue != op.revenue {
				return rt.Revenue
			}
		}
		return 0
	}
	return 0
}

func (s *dividendStep) skip() {
	c := s.r.current().(*Corp)
	if s.g.isGov(c) {
		s.g.govDividend(c, s.r.op)
		s.pass()
		return
	}
	kind := "withhold"
	if c.IsMinor() && s.r.op.revenue > 0 {
		kind = "half"
	}
	s.g.payDividend(c, s.r.op, kind)
	s.pass()
}

func (s *dividendStep) process(a action.Action, e any) error {
	c := e.(*Corp)
	switch v := a.(type) {
	case *action.Choose:
		switch v.Choice {
		case "payout", "half", "withhold":
			s.r.op.extraChoice = v.Choice
			return nil
		}
		return ruleErr("choose payout, half or withhold for the extra train")
	case *action.Dividend:
		switch v.Kind {
		case "payout", "half", "withhold":
		default:
			return ruleErr("a dividend is payout, half or withhold")
		}
		s.g.payDividend(c, s.r.op, v.Kind)
		s.pass()
		return nil
	}
	return ruleErr("%s must choose its dividend", c.ID)
}

// split returns what the company keeps and what is paid per share for revenue.
func (g *Game) split(c *Corp, kind string, revenue int) (keep int) {
	switch kind {
	case "withhold":
		return revenue
	case "half":
		half := revenue / 2
		if c.IsMinor() {
			return half
		}
		n := c.NumShares()
		return half / n * n
	}
	return 0
}

func (g *Game) payDividend(c *Corp, op *orState, kind string) {
	revenue := op.revenue
	keep := g.split(c, kind, revenue)
	if op.extraChoice != "" {
		extra := g.extraTrainRevenue(c, op)
		keep = g.split(c, kind, revenue-extra) + g.split(c, op.extraChoice, extra)
	}
	c.Operated++
	c.LastOR = g.orKey()
	for _, t := range c.Trains {
		t.Operated = true
	}
	g.payPortage(c, op)
	g.pay(nil, c, keep+op.subsidy)
	paid := revenue - keep
	c.LastRevenue, c.LastPaid = revenue, max(paid, 0)
	if paid > 0 {
		g.payShares(c, paid)
	}
	// Share price: nothing paid moves left; minors move right when they pay.
	if paid <= 0 {
		g.moveLeft(c, 1)
	} else {
		price := g.sharePrice(c)
		times := 0
		if paid >= price || c.IsMinor() {
			times = 1
		}
		if c.IsMajor() && paid >= 2*price {
			times = 2
		}
		if up := g.T.Stock.TripleJumpUpTo; c.IsMajor() && paid >= 3*price && price <= up {
			times = 3
		}
		g.moveRight(c, times)
	}
	op.routes, op.revenue, op.subsidy = nil, 0, 0
}

// payShares pays amount out per share to the holders; market shares pay nobody.
func (g *Game) payShares(c *Corp, amount int) {
	n := c.NumShares()
	if c.IsMinor() {
		if p := c.President(); p != nil {
			g.pay(nil, p, amount)
		}
		return
	}
	for _, p := range g.Players {
		if v := g.PayoutTo(c, p, amount); v > 0 {
			g.pay(nil, p, v)
		}
	}
	if pct := c.PercentOf(c); pct > 0 {
		g.pay(nil, c, ceilDiv(amount*pct/10, n))
	}
	g.taxHavenPayout(c, amount, n)
}

func ceilDiv(a, b int) int {
	if a <= 0 {
		return 0
	}
	return (a + b - 1) / b
}

// payPortage pays the owner of the title's portage company (PNW P16) the
// portage fee per portage hex on others' routes.
func (g *Game) payPortage(c *Corp, op *orState) {
	tr := &g.T.Routes
	if tr.PortageFreeFor == "" {
		return
	}
	p16 := g.Company(tr.PortageFreeFor)
	if p16 == nil || p16.Closed {
		return
	}
	owner, ok := p16.Owner.(*Corp)
	if !ok || owner == c {
		return
	}
	fee := 0
	for _, rt := range op.routes {
		for _, hid := range routeHexes(rt) {
			if h := g.Board.Hex(hid); h != nil {
				if slices.Contains(tr.PortageTiles, tileName(h.TileID)) {
					fee += tr.PortageFee
				}
			}
		}
	}
	if fee > 0 {
		g.pay(nil, owner, fee)
	}
}

// taxHavenPayout pays the tax haven's shares like any holder's.
func (g *Game) taxHavenPayout(c *Corp, amount, n int) {
	if pct := c.PercentOf(g.taxHaven); pct > 0 && g.taxHavenWorth() > 0 {
		g.pay(nil, g.taxHaven, amount*pct/10/n)
	}
}

func sortDesc(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] > a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// dividendMoves lists a major's ways to pay out this turn's revenue.
func (g *Game) dividendMoves(e any) []DividendMove {
	c, ok := e.(*Corp)
	op := g.round.op
	if !ok || op == nil || op.revenue == 0 {
		return nil
	}
	var out []DividendMove
	for _, k := range []string{"payout", "half", "withhold"} {
		keep := g.split(c, k, op.revenue)
		out = append(out, DividendMove{Kind: k, Treasury: keep, PerShare: ceilDiv(op.revenue-keep, max(c.NumShares(), 1))})
	}
	return out
}

// choiceMoves lists how the extra train's revenue may be paid.
func (s *dividendStep) choiceMoves(e any) []ChoiceMove {
	var out []ChoiceMove
	for _, k := range []string{"payout", "half", "withhold"} {
		out = append(out, ChoiceMove{Choice: k, Label: k + " the extra train's revenue"})
	}
	return out
}
