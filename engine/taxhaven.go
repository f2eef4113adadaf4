package engine

import (
	"strings"

	"pbc/engine/title"
)

// TaxHaven is 1822CA P11's off-shore account: it holds cash and shares for the
// P11 owner, outside his certificates and presidency counts.
type TaxHaven struct{ Cash int }

func (*TaxHaven) holderName() string { return "the tax haven" }

func (g *Game) taxHavenCompany() *Company {
	for _, c := range g.Companies {
		if c.Def.Ability == "tax_haven" {
			return c
		}
	}
	return nil
}

// taxHavenWorth is the tax haven's cash plus its shares at market price.
func (g *Game) taxHavenWorth() int {
	if g.taxHaven == nil {
		return 0
	}
	v := g.taxHaven.Cash
	for _, c := range g.Corps {
		if n := c.PercentOf(g.taxHaven); n > 0 && c.Price >= 0 {
			v += g.sharePrice(c) * n / 10
		}
	}
	return v
}

// taxHavenChoices lists the shares P11 may buy now ("SWW_ipo", "SWW_market").
func (g *Game) taxHavenChoices(comp *Company) []string {
	p, ok := comp.Owner.(*Player)
	if !ok || comp.Closed || comp.Def.Ability != "tax_haven" || g.round.kind != stockRound ||
		g.round.sr.taxHavenBought || g.round.sr.converting != nil || g.round.current() != any(p) {
		return nil
	}
	spend := p.Cash - g.committed(p)
	if g.taxHavenWorth() > 0 {
		if g.T.TaxHavenOneShare && !g.Opts["tax_haven_multiple"] {
			return nil // its one share is bought
		}
		spend = g.taxHaven.Cash
	}
	var out []string
	for _, c := range g.Corps {
		if !c.IsMajor() || c.Price < 0 {
			continue
		}
		price := g.sharePrice(c)
		if price <= 0 || c.PercentOf(g.taxHaven) > 0 || price > spend {
			continue
		}
		if sold := g.round.sr.sold[p]; sold != nil && sold[c] != "" {
			continue // not what its owner sold this stock round (4.5.5)
		}
		if len(c.SharesOf(c)) > 0 {
			out = append(out, c.ID+"_ipo")
		}
		if len(c.SharesOf(g.Pool)) > 0 {
			out = append(out, c.ID+"_market")
		}
	}
	return out
}

// taxHavenBuy buys one share into the tax haven, paid by the haven once it
// holds anything, else by the P11 owner.
func (g *Game) taxHavenBuy(comp *Company, choice string) error {
	if !contains(g.taxHavenChoices(comp), choice) {
		return ruleErr("the tax haven cannot buy %s now; it may buy %s", choice, strings.Join(g.taxHavenChoices(comp), ", "))
	}
	i := strings.LastIndexByte(choice, '_')
	c := g.Corp(choice[:i])
	from := Holder(c)
	if choice[i+1:] == "market" {
		from = g.Pool
	}
	share := sharesOf(c, from)[0]
	price := g.sharePrice(c)
	var spender any = comp.Owner
	if g.taxHavenWorth() > 0 {
		spender = g.taxHaven
	}
	var receiver any = c
	if from == Holder(g.Pool) {
		receiver = nil
	}
	g.pay(spender, receiver, price)
	g.moveShare(share, g.taxHaven)
	g.round.sr.taxHavenBought = true
	g.checkFloat(c)
	return nil
}

var _ = title.Major
