package selfplay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"pbc/engine"
	"pbc/engine/action"
)

// Exploring games (Config.Explore) reach the moves the plain policy seldom
// plays, so that the check against 18xx.games sees them too: now and then
// every listed type weighs the same (sales, debt payments, private abilities,
// acquisitions), bids go to companies another player leads (raises after
// being outbid), players sell the smallest part they may, and the
// privates' owners use them whenever they are listed. Now and then they also
// try a move Moves does not list, which the engine must refuse without a
// trace.

// Chances, per action, of the exploring leanings.
const (
	exploreFlat     = 0.35 // every listed type weighs the same
	explorePrivate  = 0.5  // a private's ability is tried first when listed
	exploreUnlisted = 0.05 // an unlisted move is tried before the real one
)

// exploreActors puts the actors that are privates first, now and then, so
// that their abilities get used.
func (p *policy) exploreActors(actors []*engine.Actor) []*engine.Actor {
	if !p.explore || p.rng.Float64() >= explorePrivate {
		return actors
	}
	var companies, others []*engine.Actor
	for _, a := range actors {
		if a.EntityType == action.EntityCompany {
			companies = append(companies, a)
		} else {
			others = append(others, a)
		}
	}
	if len(companies) == 0 {
		return actors
	}
	p.rng.Shuffle(len(companies), func(i, j int) { companies[i], companies[j] = companies[j], companies[i] })
	return append(companies, others...)
}

// explorePick is the exploring choice of one action of a type, or nil to
// leave it to pickOf.
func (p *policy) explorePick(actor *engine.Actor, typ string, list []action.Action) action.Action {
	if !p.explore || p.rng.Float64() >= 0.5 {
		return nil
	}
	switch typ {
	case action.TypeBid:
		// A company someone else leads: a raise over the leader.
		var raises []action.Action
		for _, a := range list {
			b := a.(*action.Bid)
			for _, bm := range actor.Bids {
				if bm.Company == b.Company && bm.Leader != 0 && bm.Leader != actor.Player {
					raises = append(raises, a)
				}
			}
		}
		if len(raises) > 0 {
			return raises[p.rng.IntN(len(raises))]
		}
	case action.TypeSellShares:
		if actor.EntityType == action.EntityPlayer {
			// A partial sale: the fewest shares listed.
			return lowest(list, func(a action.Action) int { return a.(*action.SellShares).Percent }, p.rng)
		}
	}
	return list[p.rng.IntN(len(list))]
}

// unlisted makes a move Moves does not list now, derived from what it does
// list (a bid out of range or on one's own lead, a pass or a move by someone
// not asked, a tile at a rotation not listed, a dividend not offered), or nil
// when none of the kinds tried applies.
func (p *policy) unlisted(m *engine.Moves) action.Action {
	listed := map[string]bool{}
	for _, actor := range m.Actors {
		for _, a := range actor.Actions() {
			listed[describe(a)] = true
		}
	}
	first := m.Actors[0]
	var cands []action.Action
	env := func(typ string, a *engine.Actor) action.Envelope {
		return action.Envelope{Type: typ, Entity: a.Entity, EntityType: a.EntityType}
	}
	if !first.CanPass {
		cands = append(cands, &action.Pass{Envelope: env(action.TypePass, first)})
	}
	for _, pl := range p.g.Players {
		if m.Actor(action.PlayerEntity(pl.ID)) == nil {
			cands = append(cands, &action.Pass{Envelope: action.Envelope{Type: action.TypePass,
				Entity: action.PlayerEntity(pl.ID), EntityType: action.EntityPlayer}})
			break
		}
	}
	for _, b := range first.Bids {
		cands = append(cands,
			&action.Bid{Envelope: env(action.TypeBid, first), Company: b.Company, Price: b.Min - b.Step},
			&action.Bid{Envelope: env(action.TypeBid, first), Company: b.Company, Price: b.Max + b.Step})
	}
	if first.EntityType == action.EntityPlayer {
		// Raising one's own winning bid (4.8.4 allows a raise only once
		// outbid).
		for _, box := range p.g.BidBoxes() {
			for _, c := range box {
				if c == nil {
					continue
				}
				var top engine.Bid
				for _, b := range p.g.Bids(c) {
					if b.Price > top.Price {
						top = b
					}
				}
				if top.Player != nil && top.Player.ID == first.Player {
					cands = append(cands, &action.Bid{Envelope: env(action.TypeBid, first), Company: c.ID, Price: top.Price + 5})
				}
			}
		}
	}
	for _, actor := range m.Actors {
		for _, l := range actor.Tiles {
			if l.Tile == "BC-0" {
				continue // a builder cube has no rotation to get wrong (any is taken, as 18xx.games takes it)
			}
			for _, rot := range []int{(l.Rotation + 1) % 6, (l.Rotation + 3) % 6, 6} {
				cands = append(cands, &action.LayTile{Envelope: env(action.TypeLayTile, actor), Hex: l.Hex, Tile: l.Tile,
					Rotation: rot, ComboEntities: l.Combo})
			}
		}
	}
	if len(first.Dividends) > 0 {
		for _, k := range []string{"payout", "withhold", "half"} {
			cands = append(cands, &action.Dividend{Envelope: env(action.TypeDividend, first), Kind: k})
		}
	}
	var out []action.Action
	for _, a := range cands {
		if !listed[describe(a)] {
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out[p.rng.IntN(len(out))]
}

// tryUnlisted tries one unlisted move when exploring: the engine must refuse
// it and leave the state as it was. It returns the move when the engine
// took it (an error: Moves and Apply disagree), so that the game goes on
// from the state the engine is now in.
func (p *policy) tryUnlisted(m *engine.Moves, res *Result) action.Action {
	if !p.explore || p.rng.Float64() >= exploreUnlisted {
		return nil
	}
	a := p.unlisted(m)
	if a == nil {
		return nil
	}
	before, _ := json.Marshal(p.g.Snapshot(true))
	res.Unlisted++
	if err := p.g.Apply(a); err == nil {
		res.addError(fmt.Sprintf("after %d actions: unlisted %s accepted", res.Actions, describe(a)))
		return a
	}
	if after, _ := json.Marshal(p.g.Snapshot(true)); !bytes.Equal(before, after) {
		res.addError(fmt.Sprintf("after %d actions: the refused unlisted %s changed the state", res.Actions, describe(a)))
	}
	return nil
}

// isListed reports whether a is among the moves m lists.
func isListed(m *engine.Moves, a action.Action) bool {
	want := describe(a)
	for _, actor := range m.Actors {
		if slices.ContainsFunc(actor.Actions(), func(x action.Action) bool { return describe(x) == want }) {
			return true
		}
	}
	return false
}
