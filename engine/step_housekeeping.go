package engine

import (
	"pbc/engine/action"
)

// Rule 5.5.2 (both rulebooks): on its first turn a minor may buy an L-train.
// The home token of 5.5.1 is placed by the round (or by step_home_token.go
// when its city must be chosen).

// housekeepingStep is a minor's first-turn purchase of an L train.
type housekeepingStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped, its other fields are values.
func (s *housekeepingStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

func (s *housekeepingStep) name() string { return "first-turn train purchase" }

func (s *housekeepingStep) skip() { s.pass() }

func (s *housekeepingStep) actions(e any) []string {
	c, ok := e.(*Corp)
	g := s.g
	if !ok || e != s.r.current() || !c.IsMinor() || c.Operated > 0 {
		return nil
	}
	if len(g.Depot.Upcoming) == 0 || g.Depot.Upcoming[0].Name != "L" {
		return nil
	}
	if g.countTrains(c) >= g.trainLimit(c) || c.Cash < g.Depot.Upcoming[0].Price {
		return nil
	}
	return []string{action.TypeBuyTrain, action.TypePass}
}

func (s *housekeepingStep) process(a action.Action, e any) error {
	c := e.(*Corp)
	switch v := a.(type) {
	case *action.Pass:
		s.pass()
		return nil
	case *action.BuyTrain:
		g := s.g
		// The log always names L-0; the minor gets the next train in the depot.
		t := g.Depot.Upcoming[0]
		price := v.Price
		if price != t.Price {
			return ruleErr("an L train costs $%d", t.Price)
		}
		g.pay(c, nil, price)
		g.giveTrain(c, t)
		g.trainBought(t)
		s.pass()
		return nil
	}
	return ruleErr("%s can buy an L train or pass", c.ID)
}

// trainMoves lists the first L-train of the depot.
func (s *housekeepingStep) trainMoves(e any) ([]TrainMove, bool, bool) {
	if _, ok := e.(*Corp); !ok {
		return nil, false, false
	}
	t := s.g.Depot.Upcoming[0]
	return []TrainMove{{Train: t.ID, Variant: t.Name, From: "depot", Price: t.Price}}, false, false
}
