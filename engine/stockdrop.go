package engine

// This file holds the stock-drop private (ability "stock_drop", 1822MX
// P16): once a company owns it, the company pays the bank $10 at the start
// of each operating round; when it cannot, the private closes and the
// company's share price drops one step.

// chargeStockDrops takes each owned stock-drop private's fee, after the
// privates' incomes are paid.
func (g *Game) chargeStockDrops() {
	for _, comp := range g.Companies {
		if comp.Closed || comp.Def.Ability != "stock_drop" {
			continue
		}
		c, ok := comp.Owner.(*Corp)
		if !ok {
			continue
		}
		if c.Cash >= stockDropFee {
			g.pay(c, nil, stockDropFee)
			continue
		}
		g.closeStockDrop(comp, c)
	}
}

// stockDropFee is what a company owning a stock-drop private pays each
// operating round.
const stockDropFee = 10

// closeStockDrop closes the private and drops its owner's price one step.
func (g *Game) closeStockDrop(comp *Company, c *Corp) {
	g.closeCompany(comp)
	g.moveLeft(c, 1)
}

// stockDropClose is the choice that closes a stock-drop private.
const stockDropClose = "close_p16"

// stockDropChoices are the choices of comp now: closing it, while it is
// open and its owner is the company operating in r.
func (g *Game) stockDropChoices(r *round, comp *Company) []string {
	if comp.Closed || comp.Def.Ability != "stock_drop" || r.kind != operatingRound {
		return nil
	}
	if c, ok := comp.Owner.(*Corp); !ok || c != r.current() {
		return nil
	}
	return []string{stockDropClose}
}

// stockDropOpen reports whether the operating company owns a stock-drop
// private it may close.
func (g *Game) stockDropOpen(r *round) bool {
	c, ok := r.current().(*Corp)
	if !ok || r.kind != operatingRound {
		return false
	}
	for _, p := range c.Privates {
		if len(g.stockDropChoices(r, p)) > 0 {
			return true
		}
	}
	return false
}

// chooseStockDrop closes the stock-drop private e at its owner's choice.
func (g *Game) chooseStockDrop(r *round, e any, choice string) error {
	comp, ok := e.(*Company)
	if !ok || !contains(g.stockDropChoices(r, comp), choice) {
		return ruleErr("%s cannot choose %q now", entityName(e), choice)
	}
	g.closeStockDrop(comp, comp.Owner.(*Corp))
	return nil
}
