package house

import (
	"encoding/json"
	"sort"
	"strings"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/board"
	"pbc/engine/title"
)

// companyTurn decides a step of a company's operating turn, for its president.
func (d *decider) companyTurn(c *engine.Corp) action.Action {
	a := d.actor
	switch {
	case d.has("discard_train"):
		return d.discard(c)
	case d.has("hex_token"):
		return d.of("hex_token")[0]
	case d.has("run_routes"):
		return d.run(c)
	case d.has("dividend"):
		return d.dividend(c)
	case d.has("sell_shares") && a.Emergency:
		return d.emergencySale()
	case d.has("buy_train") && a.MustBuy:
		return d.mustBuyTrain()
	}
	if d.has("lay_tile") {
		if x := d.lay(c); x != nil {
			return x
		}
	}
	if d.has("place_token") {
		if x := d.token(c); x != nil {
			return x
		}
	}
	if d.has("buy_train") {
		if x := d.buyTrain(c); x != nil {
			return x
		}
	}
	if d.has("choose") {
		return d.of("choose")[0]
	}
	if d.has("assign") {
		return d.of("assign")[0]
	}
	return nil
}

// soon lists the train types bought next: the one on sale and the one after.
func (d *decider) soon() map[string]bool {
	out := map[string]bool{}
	for _, t := range d.g.Depot.Upcoming {
		out[t.Name] = true
		if len(out) == 2 {
			break
		}
	}
	return out
}

// lasting counts c's trains that run and will not rust with the next two
// train types.
func (d *decider) lasting(c *engine.Corp) int {
	soon, n := d.soon(), 0
	for _, t := range c.Trains {
		if t.Rusted || t.Def.Kind == title.Pullman || t.Def.Kind == title.Grain {
			continue
		}
		if t.Def.RustsOn == "" || !soon[t.Def.RustsOn] {
			n++
		}
	}
	return n
}

// reserve is what c keeps for a train it will need: the cheapest train's
// price when none of its trains lasts, else nothing.
func (d *decider) reserve(c *engine.Corp) int {
	if d.lasting(c) > 0 {
		return 0
	}
	return d.g.CheapestTrain()
}

func (d *decider) run(c *engine.Corp) action.Action {
	empty := d.of("run_routes")[0]
	routes, _, err := d.g.AutoRoutes(c)
	if err != nil || len(routes) == 0 {
		return empty
	}
	r := *empty.(*action.RunRoutes)
	r.Routes = routes
	return &r
}

// dividend pays out the most it can while the company keeps what it needs
// for a train; a company without a lasting train withholds what it lacks.
func (d *decider) dividend(c *engine.Corp) action.Action {
	need := d.reserve(c)
	l := d.of("dividend")
	moves := d.actor.Dividends
	best := -1
	for i, dm := range moves {
		if c.Cash+dm.Treasury < need {
			continue
		}
		if best < 0 || dm.PerShare > moves[best].PerShare {
			best = i
		}
	}
	if best < 0 {
		for i, dm := range moves {
			if best < 0 || dm.Treasury > moves[best].Treasury {
				best = i
			}
		}
	}
	return l[best]
}

// discard gives up the cheapest train.
func (d *decider) discard(c *engine.Corp) action.Action {
	l := d.of("discard_train")
	price := func(id string) int {
		for _, t := range c.Trains {
			if t.ID == id {
				return t.Def.Price
			}
		}
		return 0
	}
	sort.SliceStable(l, func(i, j int) bool {
		return price(l[i].(*action.DiscardTrain).Train) < price(l[j].(*action.DiscardTrain).Train)
	})
	return l[0]
}

// emergencySale sells the largest bundle allowed: each company's shares
// may be sold once per purchase, and every dollar raised is a dollar less
// borrowed.
func (d *decider) emergencySale() action.Action {
	l := d.of("sell_shares")
	sort.SliceStable(l, func(i, j int) bool {
		return l[i].(*action.SellShares).Percent > l[j].(*action.SellShares).Percent
	})
	return l[0]
}

// trainBuys pairs the buy_train actions with their moves.
func (d *decider) trainBuys() ([]action.Action, []engine.TrainMove) {
	var acts []action.Action
	var moves []engine.TrainMove
	byKey := map[string]engine.TrainMove{}
	for _, tm := range d.actor.Trains {
		byKey[tm.Train+"/"+tm.Variant+"/"+tm.Exchange] = tm
	}
	for _, x := range d.of("buy_train") {
		v := x.(*action.BuyTrain)
		tm := byKey[v.Train+"/"+v.Variant+"/"+v.Exchange]
		if tm.From != "depot" && tm.From != "discard" && tm.Exchange == "" {
			continue // another company's: only agreed sales, which the house does not make
		}
		if v.Price != tm.Price {
			continue
		}
		acts, moves = append(acts, x), append(moves, tm)
	}
	return acts, moves
}

// mustBuyTrain buys the train the company must: the one that needs the
// least borrowed, then the least from the president, then the cheapest.
func (d *decider) mustBuyTrain() action.Action {
	acts, moves := d.trainBuys()
	if len(acts) == 0 {
		l := d.of("buy_train")
		sort.SliceStable(l, func(i, j int) bool { return l[i].(*action.BuyTrain).Price < l[j].(*action.BuyTrain).Price })
		return l[0]
	}
	best := 0
	for i, tm := range moves {
		b := moves[best]
		if tm.Loan < b.Loan || tm.Loan == b.Loan && (tm.President < b.President || tm.President == b.President && tm.Price < b.Price) {
			best = i
		}
	}
	return acts[best]
}

// buyTrain buys a train the company wants and can pay for from its own
// treasury: while it has fewer lasting trains than it runs well with, or
// when it has money to spare.
func (d *decider) buyTrain(c *engine.Corp) action.Action {
	acts, moves := d.trainBuys()
	want := 2
	if c.IsMinor() {
		want = 1
	}
	count := 0
	for _, t := range c.Trains {
		if t.Def.Kind == title.Regular {
			count++
		}
	}
	if count >= d.g.TrainLimit(c) {
		return nil
	}
	lasting := d.lasting(c)
	best := -1
	for i, tm := range moves {
		if tm.President > 0 || tm.Loan > 0 || tm.Price > c.Cash {
			continue
		}
		spare := c.Cash - tm.Price
		if lasting >= want && spare < tm.Price {
			continue
		}
		if best < 0 || tm.Price > moves[best].Price {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	return acts[best]
}

// lay lays the tile that does the company most good: the first few
// candidates by what the hex holds are tried on a copy of the game and
// ranked by the revenue the company's trains earn after them.
func (d *decider) lay(c *engine.Corp) action.Action {
	l := d.of("lay_tile")
	budget := c.Cash - d.reserve(c)
	type cand struct {
		act   action.Action
		score float64
	}
	var cands []cand
	tokened := map[string]bool{}
	for _, t := range c.Tokens {
		if t.Hex != "" {
			tokened[t.Hex] = true
		}
	}
	for i, tm := range d.actor.Tiles {
		if tm.Company != "" || strings.HasPrefix(tm.Tile, "BC-") || tm.Cost > max(budget, 0) {
			continue
		}
		h := d.g.Board.Hexes[tm.Hex]
		score := d.rng.Float64()
		if h != nil {
			for _, n := range h.Tile.Nodes {
				switch n.Kind {
				case board.City:
					score += 2
				case board.Town:
					score++
				}
			}
		}
		if tm.Upgrade {
			score += 2
		}
		if tokened[tm.Hex] {
			score += 3
		}
		score -= float64(tm.Cost) / 40
		cands = append(cands, cand{l[i], score})
	}
	if len(cands) == 0 {
		return nil
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	if len(c.Trains) == 0 {
		return cands[0].act
	}
	best, bestRev := cands[0].act, -1
	for _, cd := range cands[:min(len(cands), 4)] {
		trial, try := d.g.Clone(), copyOf(cd.act)
		if try == nil || trial.Apply(try) != nil {
			continue
		}
		tc := trial.Corp(c.ID)
		if tc == nil {
			continue
		}
		_, rev, err := trial.AutoRoutes(tc)
		if err == nil && rev > bestRev {
			best, bestRev = cd.act, rev
		}
	}
	return best
}

// token places a station token the company can afford beyond the money it
// keeps for a train: a destination or home token always, else the cheapest.
func (d *decider) token(c *engine.Corp) action.Action {
	l := d.of("place_token")
	best := -1
	for i, tm := range d.actor.Tokens {
		if tm.Tokener != "" && tm.Tokener != c.ID {
			continue
		}
		if tm.Kind == "destination" || tm.Kind == "home" {
			return l[i]
		}
		if tm.Cost > c.Cash-d.reserve(c) {
			continue
		}
		if best < 0 || tm.Cost < d.actor.Tokens[best].Cost {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	return l[best]
}

// copyOf copies an action (Apply records automatic actions on the one it
// takes, and a trial must leave the one that may be played clean).
func copyOf(a action.Action) action.Action {
	raw, err := json.Marshal(a)
	if err != nil {
		return nil
	}
	b, err := action.Decode(raw)
	if err != nil {
		return nil
	}
	return b
}
