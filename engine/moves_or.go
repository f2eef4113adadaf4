package engine

import (
	"strconv"
)

// Operating- and merger-round choices: tokens, trains, acquisitions and
// mergers, dividends, assignments and the answers of every choose step.

// chooseMoves lists the answers of the choose question step s asks e.
func (g *Game) chooseMoves(e any, s step) []ChoiceMove {
	if l, ok := s.(choiceLister); ok {
		return l.choiceMoves(e)
	}
	switch st := s.(type) {
	case *routeStep:
		return g.attachMoves(e.(*Corp), st.r.op)
	case *dividendStep:
		var out []ChoiceMove
		for _, k := range []string{"payout", "half", "withhold"} {
			out = append(out, ChoiceMove{Choice: k, Label: k + " the extra train's revenue"})
		}
		return out
	}
	return nil
}

// attachMoves lists the trains a Pullman or grain car may be attached to.
func (g *Game) attachMoves(c *Corp, op *orState) []ChoiceMove {
	what := g.choosing(c, op)
	list := g.pullmanChoices(c)
	if what == "grain" {
		list = g.grainChoices(c, op)
	}
	var out []ChoiceMove
	for i, t := range list {
		out = append(out, ChoiceMove{Choice: strconv.Itoa(i), Label: "attach the " + what + " to " + t.ID})
	}
	if what != "" && g.T.Routes.AttachOptional {
		out = append(out, ChoiceMove{Choice: "None", Label: "attach no " + what})
	}
	return out
}

// tokenMoves lists where e may place a token through step s.
func (g *Game) tokenMoves(e any, s step) []TokenMove {
	if l, ok := s.(tokenLister); ok {
		return l.tokenMoves(e)
	}
	switch s.(type) {
	case *specialTokenStep:
		comp, ok := e.(*Company)
		if !ok {
			return nil
		}
		c := comp.Owner.(*Corp)
		var out []TokenMove
		for _, id := range comp.Def.Hexes {
			h := g.Board.Hex(id)
			if h == nil {
				continue
			}
			for _, city := range h.Tile.Cities() {
				if _, has := tokenInCity(h, city, c); !has {
					out = append(out, TokenMove{Hex: id, City: cityID(h, city), Node: city, Slot: len(h.Slots[city]), Kind: "extra", Tokener: c.ID})
				}
			}
		}
		return out
	}
	return nil
}

// cheapestDepotPrice is the lowest price at which c may buy a train from
// the depot or the discard pile (-1 if none).
func (g *Game) cheapestDepotPrice(c *Corp) int {
	best := -1
	for _, t := range g.depotTrains() {
		for _, v := range g.trainVariants(c, t) {
			if p := g.variantPrice(t, v); best < 0 || p < best {
				best = p
			}
		}
	}
	return best
}

// trainVariants lists the types c may buy depot train t as.
func (g *Game) trainVariants(c *Corp, t *Train) []string {
	names := []string{t.Name}
	if !t.locked {
		if t.Def.Name != t.Name {
			names = append(names, t.Def.Name)
		}
		for _, v := range t.Def.Variants {
			if v.Name != t.Name && (v.AvailableOn == "" || g.phaseReached(v.AvailableOn)) {
				names = append(names, v.Name)
			}
		}
	}
	var out []string
	for _, n := range names {
		if n == "E" && hasTrainNamed(c, "E") {
			continue
		}
		out = append(out, n)
	}
	return out
}

// phaseReached reports whether phase name has begun.
func (g *Game) phaseReached(name string) bool {
	for i := 0; i <= g.Phase; i++ {
		if g.T.Phases[i].Name == name {
			return true
		}
	}
	return false
}

func hasTrainNamed(c *Corp, name string) bool {
	for _, t := range c.Trains {
		if t.Name == name {
			return true
		}
	}
	return false
}

// variantPrice is the depot price of t bought as variant v.
func (g *Game) variantPrice(t *Train, v string) int {
	vv, _ := variantOf(t.Def, v)
	return vv.Price
}

// trainMoves lists the trains e may buy through step s, whether it must buy
// one, and whether that is an emergency purchase.
func (g *Game) trainMoves(e any, s step) (out []TrainMove, must, emergency bool) {
	c, ok := e.(*Corp)
	if !ok {
		return nil, false, false
	}
	if l, ok := s.(trainLister); ok {
		return l.trainMoves(e)
	}
	if _, buy := s.(*buyTrainStep); !buy {
		return nil, false, false
	}
	room := g.countTrains(c) < g.trainLimit(c)
	must = g.mustBuyTrain(c)
	cheapest := g.cheapestDepotPrice(c)
	emergency = must && cheapest > c.Cash
	pres := c.President()
	if room {
		for _, t := range g.depotTrains() {
			from := "discard"
			if len(g.Depot.Upcoming) > 0 && t == g.Depot.Upcoming[0] {
				from = "depot"
			}
			for _, v := range g.trainVariants(c, t) {
				price := g.variantPrice(t, v)
				tm := TrainMove{Train: t.ID, Variant: v, From: from, Price: price}
				if price > c.Cash {
					if !emergency || price != cheapest || pres == nil || !g.isMinDepotTrain(t) {
						continue
					}
					tm.President = price - c.Cash
					tm.Loan = max(tm.President-pres.Cash, 0)
					if tm.Loan > 0 && g.mustSellFirst(c, s) {
						continue // shares must be sold before borrowing (5.16.6)
					}
				}
				out = append(out, tm)
			}
		}
		if g.phaseHas("can_buy_trains") && c.Cash >= 1 {
			for _, o := range g.Corps {
				if o == c || o.Closed {
					continue
				}
				for _, t := range o.Trains {
					if g.tradeRefusal(c, t) != nil {
						continue
					}
					tm := TrainMove{Train: t.ID, Variant: t.Name, From: o.ID, Price: 1, MaxPrice: c.Cash}
					if p := o.President(); p != nil {
						tm.Seller = p.ID
					}
					out = append(out, tm)
				}
			}
		}
	}
	if cost := g.upgradeLCost(); cost <= c.Cash {
		for _, t := range c.Trains {
			if t.Name == "L" {
				out = append(out, TrainMove{Train: t.ID, Variant: "2", From: c.ID, Price: cost, Exchange: t.ID})
			}
		}
	}
	return out, must, emergency
}

// mustSellFirst reports whether c's president can still sell shares of
// another company for c's train, which he must do before borrowing (5.16.6;
// like 18xx.games, shares of c itself need not be sold first).
func (g *Game) mustSellFirst(c *Corp, s step) bool {
	l, _ := s.(saleLister)
	if l == nil {
		return false
	}
	sales, _ := l.saleMoves(c)
	for _, sm := range sales {
		if sm.From != "treasury" {
			return true // the president's shares, the buyer's own included (5.15.2)
		}
	}
	return false
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
