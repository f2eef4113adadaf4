package house

import (
	"pbc/engine/action"
)

// The government railway's token auction (1822MX's NdeM): the house puts up
// the dearest token its majors could buy, bids the least while that is at
// most a third of its richest eligible major's cash (the opening bid
// always), and pays with the first major offered.
func (d *decider) govAuction() action.Action {
	a := d.actor
	if len(a.Removals) > 0 {
		best := 0
		for i, r := range a.Removals {
			if r.Cost > a.Removals[best].Cost {
				best = i
			}
		}
		r := a.Removals[best]
		slot := r.Slot
		return &action.RemoveToken{Envelope: action.Envelope{Type: action.TypeRemoveToken, Entity: a.Entity, EntityType: a.EntityType},
			City: r.City, Slot: &slot}
	}
	if len(a.Bids) == 1 && a.Bids[0].Company == "" {
		b := a.Bids[0]
		if !a.CanPass || b.Min*3 <= b.Max {
			return &action.Bid{Envelope: action.Envelope{Type: action.TypeBid, Entity: a.Entity, EntityType: a.EntityType}, Price: b.Min}
		}
		return d.pass()
	}
	if d.has(action.TypeMerge) && len(a.Merges) > 0 && !a.CanPass {
		return d.of(action.TypeMerge)[0]
	}
	return nil
}
