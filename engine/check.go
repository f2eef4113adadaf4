package engine

import (
	"encoding/json"
	"fmt"

	"pbc/engine/action"
)

// Check reports whether Apply would accept a now, without changing g or a:
// a copy of a is applied to a copy of the game, so that g, not even its
// caches, is never written to.
func (g *Game) Check(a action.Action) error {
	b, err := copyAction(a)
	if err != nil {
		return err
	}
	return g.Clone().applyLive(b)
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
