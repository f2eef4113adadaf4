package engine

import (
	"pbc/engine/action"
	"pbc/engine/graph"
)

// runAutoActions performs the follow-up actions 18xx.games generates itself
// after an action in a game played here, and records them on that action
// (its auto_actions), so exported logs replay on 18xx.games as they did here:
// skipping or placing a destination token, and passing a minor acquisition
// with no connected candidate. (CA's P7 owner always answers his choice.)
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
		if g.destinationChoice(c) {
			return nil // the president picks the city (CA ICR in Québec)
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
	r := graph.Reach(g.walkView(), c.ID, []graph.NodeRef{home})
	for _, city := range h.Tile.Cities() {
		if r.HasNode(graph.NodeRef{Hex: c.Dest, Node: city}) {
			return true
		}
	}
	return false
}

// minorConnects: a major may acquire a minor its network reaches (a bid-box
// minor: its reserved home city; PNW: or both reach a port).
func (g *Game) minorConnects(c, m *Corp) bool { return g.connects(c, m) }

// destinationChoice reports whether c's destination hex offers several
// cities for its token, so the president chooses.
func (g *Game) destinationChoice(c *Corp) bool {
	h := g.Board.Hex(c.Dest)
	if h == nil || g.isPNW() || len(c.Def.DestExits) == 0 {
		return false
	}
	n := 0
	for _, city := range h.Tile.Cities() {
		for _, e := range cityExits(h.Tile, h.Rotation, city) {
			if hasInt(c.Def.DestExits, e) {
				n++
				break
			}
		}
	}
	return n > 1
}
