package house

import (
	"pbc/engine/action"
)

// fundOwn buys a treasury share of a major the player presides whose trains
// rust soon and whose treasury lacks what it will then be forced to pay: the
// money goes to the company (4.5.1) and he keeps the share, where paying
// the shortfall himself at the forced purchase loses it, and borrowing it
// costs half again every stock round.
func (d *decider) fundOwn() action.Action {
	p := d.player()
	if p.Debt > 0 || d.g.CertCount(p) >= d.g.CertLimit() {
		return nil
	}
	best := -1
	for i, s := range d.actor.Buys {
		c := d.g.Corp(s.Corp)
		if c == nil || !c.IsMajor() || !c.Floated || c.President() != p || s.From != "treasury" || s.Percent != 10 || s.Price > p.Cash {
			continue
		}
		if d.forcedCost(c)-c.Cash <= 0 {
			continue
		}
		if best < 0 || s.Price < d.actor.Buys[best].Price {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	return d.of(action.TypeBuyShares)[best]
}
