package house

import (
	"pbc/engine"
	"pbc/engine/title"
)

// boughtAs is the train type a purchase puts in play: the variant chosen,
// else the train's own name.
func (d *decider) boughtAs(tm engine.TrainMove) string {
	if tm.Variant != "" {
		return tm.Variant
	}
	for _, list := range [][]*engine.Train{d.g.Depot.Upcoming, d.g.Depot.Discarded} {
		for _, t := range list {
			if t.ID == tm.Train {
				return t.Name
			}
		}
	}
	return ""
}

// runs reports whether t is a train that lets its company run (the special
// trains do not count: 5.15.1).
func runs(t *engine.Train) bool {
	return !t.Rusted && t.Def.Kind != title.Pullman && t.Def.Kind != title.Grain
}

// rustHurts reports whether buying tm for buyer rusts trains so that some
// company is left without a train its treasury and its president's cash
// cannot replace: a person does not start a train rush that sends a
// president (himself or another) into debt at 50% a stock round.
func (d *decider) rustHurts(buyer *engine.Corp, tm engine.TrainMove) bool {
	typ := d.boughtAs(tm)
	if typ == "" {
		return false
	}
	short := map[*engine.Player]int{}
	for _, c := range d.g.Corps {
		if c.Closed || c == buyer || len(c.Trains) == 0 {
			continue
		}
		hit, left := false, false
		for _, t := range c.Trains {
			if !runs(t) {
				continue
			}
			if t.RustsOn == typ {
				hit = true
			} else {
				left = true
			}
		}
		if !hit || left {
			continue
		}
		p := c.President()
		if p == nil {
			continue
		}
		short[p] += max(0, tm.Price-c.Cash)
	}
	for p, s := range short {
		if s > 0 && s > p.Cash-p.Debt {
			return true
		}
	}
	return false
}
