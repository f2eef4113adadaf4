package engine

import (
	"encoding/json"
	"fmt"

	"pbc/engine/action"
)

// Check reports whether Apply would accept a now, without changing g or a:
// a copy of a is applied to a copy of the game. It is cheaper than Apply
// on a refusal, which rebuilds the game.
func (g *Game) Check(a action.Action) error {
	b, err := copyAction(a)
	if err != nil {
		return err
	}
	c := g.Clone()
	if err := c.applyWithAutos(b); err != nil {
		return err
	}
	if !c.importing {
		return c.runAutoActions(b)
	}
	return nil
}

// copyAction copies an action through its JSON (auto actions are recorded
// on the action applied, so a trial must not use the caller's).
func copyAction(a action.Action) (action.Action, error) {
	raw, err := json.Marshal(a)
	if err != nil {
		return nil, fmt.Errorf("check: %w", err)
	}
	b, err := action.Decode(raw)
	if err != nil {
		return nil, fmt.Errorf("check: %w", err)
	}
	return b, nil
}
