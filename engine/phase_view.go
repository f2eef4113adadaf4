package engine

import "pbc/engine/title"

// CurrentPhase is the phase in force, or nil when g.Phase names none (a game
// not set up yet), so that pictures and replies need not guard the index.
func (g *Game) CurrentPhase() *title.Phase {
	if g.T == nil || g.Phase < 0 || g.Phase >= len(g.T.Phases) {
		return nil
	}
	return &g.T.Phases[g.Phase]
}
