package selfplay

import (
	"math/rand/v2"
	"slices"

	"pbc/engine"
	"pbc/engine/action"
)

// policy picks moves at random with light biases: players pass often enough
// for stock rounds to end and bid near the minimum, companies mostly build,
// run their best simple routes, pay out and buy trains, so that phases and
// the bank move on to a real end.
type policy struct {
	g      *engine.Game
	rng    *rand.Rand
	anyBid bool // a bid has been made (a first stock round without one ends the game)
	// programs: players set automatic play now and then (Config.Programs).
	programs bool
	// explore: the moves the plain policy seldom plays (Config.Explore).
	explore bool
	// house: the house player chooses (Config.House); the random policy
	// only when it has no move for the actor the game waits for.
	house bool
	// notes are problems found while choosing (the auto-router's), for the result.
	notes []string
}

// typeWeight is how much the policy likes each action type; pass is weighed
// by passWeight.
var typeWeight = map[string]float64{
	"bid": 2, "buy_shares": 3, "sell_shares": 0.4, "par": 3,
	"payoff_player_debt": 6, "payoff_player_debt_partial": 1,
	"lay_tile": 6, "place_token": 3, "hex_token": 10, "run_routes": 10, "dividend": 10,
	"buy_train": 4, "discard_train": 10, "acquire_company": 1.5, "merge": 1.5,
	"choose": 4, "choose_ability": 0.5, "assign": 0.5,
}

// choose picks one action not in refused (by its JSON): usually one of the
// entity the game waits for, now and then another entity's (a private's
// ability, a president's sale); nil when none is left.
func (p *policy) choose(m *engine.Moves, refused map[string]bool) action.Action {
	actors := m.Actors
	if len(actors) > 1 && p.rng.Float64() < 0.1 {
		actors = append([]*engine.Actor{actors[1+p.rng.IntN(len(actors)-1)]}, actors...)
	}
	actors = p.exploreActors(actors)
	for _, actor := range actors {
		byType := map[string][]action.Action{}
		for _, a := range actor.Actions() {
			if len(refused) == 0 || !refused[describe(a)] {
				byType[action.TypeName(a)] = append(byType[action.TypeName(a)], a)
			}
		}
		if len(byType) == 0 {
			continue
		}
		typ := p.pickType(m, actor, byType)
		if typ == "bid" {
			p.anyBid = true
		}
		return p.pickOf(actor, typ, byType[typ])
	}
	return nil
}

// pickType picks an action type by weight.
func (p *policy) pickType(m *engine.Moves, actor *engine.Actor, byType map[string][]action.Action) string {
	var types []string
	var weights []float64
	total := 0.0
	flat := p.explore && p.rng.Float64() < exploreFlat
	for _, t := range actor.Types {
		if len(byType[t]) == 0 {
			continue
		}
		w := typeWeight[t]
		if t == "pass" {
			w = p.passWeight(m, actor)
		}
		if t == "sell_shares" && actor.Emergency {
			w = 20 // raise money before any loan
		}
		if w <= 0 {
			w = 0.05
		}
		if flat {
			w = 1
		}
		types = append(types, t)
		weights = append(weights, w)
		total += w
	}
	x := p.rng.Float64() * total
	for i, w := range weights {
		if x < w {
			return types[i]
		}
		x -= w
	}
	return types[len(types)-1]
}

// passWeight: stock-round players pass about a third of the time; companies
// pass a step now and then.
func (p *policy) passWeight(m *engine.Moves, actor *engine.Actor) float64 {
	switch {
	case m.Round == "SR" && !p.anyBid && len(actor.Bids) > 0:
		return 0.2
	case m.Round == "SR":
		return 4
	case slices.Contains(actor.Types, "lay_tile"):
		return 1
	case slices.Contains(actor.Types, "buy_train"):
		return 3
	case slices.Contains(actor.Types, "merge"), slices.Contains(actor.Types, "acquire_company"):
		return 3
	case slices.Contains(actor.Types, "sell_shares"), slices.Contains(actor.Types, "buy_shares"):
		return 8 // issue or redeem: mostly not
	}
	return 2
}

// pickOf picks one action of a type, with a few type-specific leanings.
func (p *policy) pickOf(actor *engine.Actor, typ string, list []action.Action) action.Action {
	if a := p.explorePick(actor, typ, list); a != nil {
		return a
	}
	switch typ {
	case "bid":
		if p.rng.Float64() < 0.7 {
			return lowest(list, func(a action.Action) int { return a.(*action.Bid).Price }, p.rng)
		}
	case "dividend":
		kinds := []string{"payout", "payout", "payout", "payout", "payout", "payout", "withhold", "withhold", "half"}
		want := kinds[p.rng.IntN(len(kinds))]
		for _, a := range list {
			if a.(*action.Dividend).Kind == want {
				return a
			}
		}
	case "buy_train":
		return p.pickTrain(actor, list)
	case "run_routes":
		return p.routes(actor, list[0])
	case "sell_shares":
		switch {
		case actor.Emergency:
			// Each company's shares may be sold only once per purchase:
			// sell as much as the rules allow.
			return lowest(list, func(a action.Action) int { return -a.(*action.SellShares).Percent }, p.rng)
		case actor.EntityType == action.EntityPlayer:
			return list[p.rng.IntN(len(list))]
		}
		return list[0] // an issue: one share
	}
	return list[p.rng.IntN(len(list))]
}

// pickTrain prefers depot trains; trains of other companies only between
// companies of the same president, and then at $1 or full price.
func (p *policy) pickTrain(actor *engine.Actor, list []action.Action) action.Action {
	byID := map[string]engine.TrainMove{}
	for _, tm := range actor.Trains {
		byID[tm.Train+"/"+tm.Variant+"/"+tm.Exchange] = tm
	}
	var depot, other []action.Action
	for _, a := range list {
		v := a.(*action.BuyTrain)
		tm := byID[v.Train+"/"+v.Variant+"/"+v.Exchange]
		switch {
		case tm.From == "depot" || tm.From == "discard" || tm.Exchange != "":
			depot = append(depot, a)
		case tm.Seller == actor.Player && p.rng.Float64() < 0.3:
			other = append(other, a)
		}
	}
	if len(other) > 0 && p.rng.Float64() < 0.2 {
		return other[p.rng.IntN(len(other))]
	}
	if len(depot) > 0 {
		if actor.Emergency || p.rng.Float64() < 0.5 {
			return lowest(depot, func(a action.Action) int { return a.(*action.BuyTrain).Price }, p.rng)
		}
		return depot[p.rng.IntN(len(depot))]
	}
	return list[p.rng.IntN(len(list))]
}

// lowest picks an action minimising key, ties at random.
func lowest(list []action.Action, key func(action.Action) int, rng *rand.Rand) action.Action {
	var best []action.Action
	for _, a := range list {
		switch {
		case len(best) == 0 || key(a) < key(best[0]):
			best = []action.Action{a}
		case key(a) == key(best[0]):
			best = append(best, a)
		}
	}
	return best[rng.IntN(len(best))]
}
