package engine

import (
	"pbc/engine/action"
	"pbc/engine/graph"
)

// runAutoActions performs the follow-up actions 18xx.games generates itself
// after an action in a game played here, and records them on that action
// (its auto_actions), so exported logs replay on 18xx.games as they did here:
// skipping or placing a destination token, passing a minor acquisition with
// no connected candidate, and passing CA's P7 choice when it cannot matter.
func (g *Game) runAutoActions(parent action.Action) error {
	for i := 0; i < 64 && !g.finished; i++ {
		a := g.nextAutoAction()
		if a == nil {
			return nil
		}
		if err := g.process(a); err != nil {
			return err
		}
		env := parent.Env()
		env.AutoActions = append(env.AutoActions, a)
	}
	return nil
}

func corpAction(a action.Action, typ string, c *Corp) action.Action {
	e := a.Env()
	e.Type, e.Entity, e.EntityType = typ, action.NamedEntity(c.ID), "corporation"
	return a
}

// nextAutoAction is the automatic action the active step takes now, if any.
func (g *Game) nextAutoAction() action.Action {
	r := g.round
	s := r.activeStep()
	if s == nil {
		return nil
	}
	switch st := s.(type) {
	case *destinationStep:
		c := r.current().(*Corp)
		if !g.destinationConnected(c) {
			return corpAction(&action.Pass{}, "pass", c)
		}
		return corpAction(&action.HexToken{Hex: c.Dest, TokenType: "destination"}, "hex_token", c)
	case *minorAcquisitionStep:
		c := r.current().(*Corp)
		if st.state != "" {
			return nil
		}
		for _, m := range g.acquirableMinors(c) {
			if g.minorConnects(c, m) {
				return nil
			}
		}
		return corpAction(&action.Pass{}, "pass", c)
	case *chooseStep:
		p, ok := p7Owner(g.doubleCashCompany())
		if !ok || !g.doublingIrrelevant(p) {
			return nil
		}
		a := &action.Pass{}
		e := a.Env()
		e.Type, e.Entity, e.EntityType = "pass", action.PlayerEntity(p.ID), "player"
		return a
	}
	return nil
}

// destinationConnected reports whether c's home station reaches its destination.
func (g *Game) destinationConnected(c *Corp) bool {
	if len(c.Tokens) == 0 || !c.Tokens[0].Used {
		return false
	}
	h := g.Board.Hex(c.Dest)
	if h == nil {
		return false
	}
	home := graph.NodeRef{Hex: c.Tokens[0].Hex, Node: c.Tokens[0].City}
	r := graph.Reach(boardView{g.Board}, c.ID, []graph.NodeRef{home})
	for _, city := range h.Tile.Cities() {
		if r.Nodes[graph.NodeRef{Hex: c.Dest, Node: city}] {
			return true
		}
	}
	return false
}

// minorConnects: a major may acquire a minor its network reaches (a bid-box
// minor: its reserved home city).
func (g *Game) minorConnects(c, m *Corp) bool {
	n, ok := g.homeNode(m)
	if !ok {
		return false
	}
	return g.reach(c).Nodes[n]
}

// doublingIrrelevant: doubling P7's owner's cash cannot change the order when
// he is already the richest or would still be below the second poorest.
func (g *Game) doublingIrrelevant(p *Player) bool {
	richest := true
	var cash []int
	for _, o := range g.Players {
		cash = append(cash, o.Cash)
		if o.Cash > p.Cash {
			richest = false
		}
	}
	sortInts(cash)
	return richest || (len(cash) > 1 && 2*p.Cash < cash[1])
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
