package engine

import (
	"pbc/engine/action"
	"pbc/engine/title"
)

// Rule 5.20 (1822PNW; 1822CA 5.19): a major issues shares to the market or
// redeems them. What the issue step accepts, how it processes it and what it
// lists for Moves.

// issueStep lets a major issue shares to the market or redeem them.
type issueStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped, its other fields are values.
func (s *issueStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

func (s *issueStep) name() string { return "issue or redeem shares" }
func (s *issueStep) skip()        { s.pass() }

func (s *issueStep) actions(e any) []string {
	g := s.g
	if comp, ok := e.(*Company); ok {
		return offerAbility(s.abilityChoices(comp))
	}
	c, ok := e.(*Corp)
	if !ok || e != s.r.current() || !c.IsMajor() {
		return nil
	}
	var out []string
	if g.canRedeem(c) {
		out = append(out, "buy_shares")
	}
	if g.canIssue(c) {
		out = append(out, "sell_shares")
	}
	// Owning P21 Credit Mobilier holds the step open for its choice.
	if len(out) == 0 && g.ownsAbility(c, "credit_mobilier") {
		out = append(out, "choose_ability")
	}
	if len(out) > 0 {
		out = append(out, "pass")
	}
	return out
}

// ownsAbility reports whether c owns an open private with the ability.
func (g *Game) ownsAbility(c *Corp, ability string) bool {
	for _, p := range c.Privates {
		if !p.Closed && p.Def.Ability == ability {
			return true
		}
	}
	return false
}

func (g *Game) canIssue(c *Corp) bool {
	return c.Operated >= 2 && len(c.SharesOf(c)) > 0 && c.PercentOf(g.Pool)+10 <= 50
}

func (g *Game) canRedeem(c *Corp) bool {
	return len(c.SharesOf(g.Pool)) > 0 && c.Cash >= g.sharePrice(c)
}

func (s *issueStep) process(a action.Action, e any) error {
	g := s.g
	switch v := a.(type) {
	case *action.Pass:
		s.pass()
		return nil
	case *action.ChooseAbility:
		return g.companyChoice(e.(*Company), v.Choice, "issue")
	case *action.SellShares:
		c := e.(*Corp)
		shares, corp, err := g.findShares(v.Shares)
		if err != nil {
			return err
		}
		if corp != c {
			return ruleErr("%s can only issue its own shares", c.ID)
		}
		n := len(shares)
		price := v.SharePrice
		if price <= 0 {
			price = g.Market.price(g.Market.after(c.Price, n, g.Market.down))
		}
		for _, sh := range shares {
			if sh.Owner != Holder(c) {
				return ruleErr("%s is not in %s's treasury", sh.ID(), c.ID)
			}
		}
		g.pay(nil, c, price*n)
		prev := c.President()
		for _, sh := range shares {
			g.moveShare(sh, g.Pool)
		}
		g.checkPresidency(c, prev, g.Pool) // a presidency left behind by an acquisition moves now
		g.moveDown(c, n)                   // an issue drops one space per share
		s.pass()
		return nil
	case *action.BuyShares:
		c := e.(*Corp)
		shares, corp, err := g.findShares(v.Shares)
		if err != nil {
			return err
		}
		if corp != c {
			return ruleErr("%s can only redeem its own shares", c.ID)
		}
		price := g.sharePrice(c) * percentOf(shares) / 10
		if price > c.Cash {
			return ruleErr("redeeming costs $%d; %s has $%d", price, c.ID, c.Cash)
		}
		g.pay(c, nil, price)
		prev := c.President()
		for _, sh := range shares {
			g.moveShare(sh, c)
		}
		g.checkPresidency(c, prev, g.Pool) // as after an issue
		s.pass()
		return nil
	}
	return ruleErr("%s can issue, redeem or pass", entityName(e))
}

var _ = title.Major

// redeemMoves lists the shares major c may redeem from the market in its
// issue step (rule 5.20).
func (g *Game) redeemMoves(c *Corp) []ShareMove {
	var out []ShareMove
	pool := c.SharesOf(g.Pool)
	price := g.sharePrice(c)
	for n := 1; n <= len(pool); n++ {
		if b := shareBundle(pool, n*10); b != nil && price*n <= c.Cash {
			out = append(out, ShareMove{Corp: c.ID, Shares: b, Percent: n * 10, From: "market", SharePrice: price, Price: price * n})
		}
	}
	return out
}

// buyMoves lists the shares a major may redeem from the market.
func (s *issueStep) buyMoves(e any) []ShareMove {
	c, ok := e.(*Corp)
	if !ok {
		return nil
	}
	return s.g.redeemMoves(c)
}

// saleMoves lists the bundles a major may issue from its treasury, each at
// the price it sells for.
func (s *issueStep) saleMoves(e any) ([]ShareMove, bool) {
	g := s.g
	c, ok := e.(*Corp)
	if !ok || !g.canIssue(c) {
		return nil, false
	}
	var out []ShareMove
	treasury := c.SharesOf(c)
	room := (50 - c.PercentOf(g.Pool)) / 10
	for n := 1; n <= len(treasury) && n <= room; n++ {
		b := shareBundle(treasury, n*10)
		if b == nil {
			continue
		}
		price := g.Market.price(g.Market.after(c.Price, n, g.Market.down))
		out = append(out, ShareMove{Corp: c.ID, Shares: b, Percent: n * 10, From: "treasury", SharePrice: price, Price: price * n})
	}
	return out, false
}

// abilityChoices lists the issue-time company choices.
func (s *issueStep) abilityChoices(comp *Company) []string { return s.g.companyChoices(comp, "issue") }
