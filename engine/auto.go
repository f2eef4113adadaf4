package engine

import "pbc/engine/action"

// runAutoActions performs the follow-up actions 18xx.games generates itself
// after an action in a game played here, and records them on that action
// (its auto_actions), so exported logs replay on 18xx.games as they did here:
// skipping or placing a destination token, and passing a minor acquisition
// with no connected candidate. (CA's P7 owner always answers his choice.)
//
// Then the program of the player whose turn it is acts (see programs.go):
// it may pass or buy for him, or stop, and its actions are recorded the
// same way, as 18xx.games records them. The steps that act themselves
// implement autoStep in their own files.
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
		if a := as.autoAction(); !g.recordedNext(a) {
			return a
		}
	}
	return nil
}
