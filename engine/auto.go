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
//
// Then the program of the player whose turn it is acts (see programs.go):
// it may pass or buy for him, or stop, and its actions are recorded the
// same way, as 18xx.games records them.
func (g *Game) runAutoActions(parent action.Action) error {
	for i := 0; i < 256 && !g.finished; i++ {
		var batch []action.Action
		if a := g.nextAutoAction(); a != nil {
			batch = []action.Action{a}
		} else if batch = g.programActions(); len(batch) == 0 {
			return nil
		}
		for _, a := range batch {
			if err := g.process(a); err != nil {
				return err
			}
			env := parent.Env()
			env.AutoActions = append(env.AutoActions, a)
		}
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
	if as, ok := s.(autoStep); ok {
		return as.autoAction()
	}
	switch s.(type) {
	case *destinationStep:
		c := r.current().(*Corp)
		h := g.Board.Hex(c.Dest)
		reached := g.reachedDestinationCities(c)
		switch {
		case len(reached) == 0:
			return corpAction(&action.Pass{}, "pass", c)
		case len(reached) > 1:
			return nil // the president picks the city (CA ICR in a split Québec)
		case len(g.destinationCities(c, h)) == 1:
			return corpAction(&action.HexToken{Hex: c.Dest, TokenType: "destination"}, "hex_token", c)
		}
		// Several cities would do but the home station reaches one: it is
		// tokened by city, since a hex token could not say which.
		a := &action.PlaceToken{City: cityID(h, reached[0]), TokenType: "destination"}
		if slot := h.openSlot(reached[0]); slot >= 0 {
			a.Slot = &slot
		}
		return corpAction(a, "place_token", c)
	}
	return nil
}

// destinationConnected reports whether c's home station reaches its destination.
func (g *Game) destinationConnected(c *Corp) bool { return len(g.reachedDestinationCities(c)) > 0 }

// reachedDestinationCities lists the cities that may take c's destination
// token and that c's home station reaches.
func (g *Game) reachedDestinationCities(c *Corp) []int {
	if len(c.Tokens) == 0 || !c.Tokens[0].Used {
		return nil
	}
	h := g.Board.Hex(c.Dest)
	if h == nil {
		return nil
	}
	cities := g.destinationCities(c, h)
	if len(cities) == 0 {
		return nil
	}
	home := graph.NodeRef{Hex: c.Tokens[0].Hex, Node: c.Tokens[0].City}
	r := graph.Reach(g.walkView(), c.ID, []graph.NodeRef{home})
	var out []int
	for _, city := range cities {
		if r.HasNode(graph.NodeRef{Hex: c.Dest, Node: city}) {
			out = append(out, city)
		}
	}
	return out
}

// destinationReaches reports whether city node of h may take c's destination
// token and c's home station reaches it.
func (g *Game) destinationReaches(c *Corp, h *HexState, node int) bool {
	return h.Def.ID == c.Dest && hasInt(g.reachedDestinationCities(c), node)
}
