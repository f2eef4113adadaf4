package session

import (
	"pbc/engine"
	"pbc/engine/action"
)

// checkpointEvery is how many moves apart checkpoints are taken: undoing
// a move replays at most about that many actions from a copy.
const checkpointEvery = 64

// keepCheckpoints is how many checkpoints a session keeps.
const keepCheckpoints = 2

// history keeps copies of a game's state at a few earlier points, so that
// an undo, a redo or a catch-up rebuilds a state from the nearest copy
// instead of replaying the whole log.
type history struct {
	cps []*engine.Game // oldest first; never applied to
}

// cloner and prefixer are what checkpoints need of the engine.
type cloner interface{ Clone() *engine.Game }
type prefixer interface {
	Applied() []action.Action
	ImportedCount() int
}

// note takes a checkpoint of g when it has moved far enough past the last
// one. Only states past the imported part of a log are kept: the actions
// after a checkpoint are then all replayed as moves played here.
func (h *history) note(g *engine.Game) {
	c, ok1 := any(g).(cloner)
	p, ok2 := any(g).(prefixer)
	if !ok1 || !ok2 {
		return
	}
	n := len(p.Applied())
	if n < p.ImportedCount() {
		return
	}
	if len(h.cps) > 0 {
		last := any(h.cps[len(h.cps)-1]).(prefixer)
		if n < len(last.Applied())+checkpointEvery && isPrefix(last.Applied(), p.Applied()) {
			return
		}
	}
	h.cps = append(h.cps, c.Clone())
	if len(h.cps) > keepCheckpoints {
		h.cps = h.cps[1:]
	}
}

// rebuild returns the game after the effective actions of l, as
// engine.ReplayMixed(l, imported) does, from the latest checkpoint whose
// actions are a prefix of them.
func (h *history) rebuild(l *action.GameLog, imported int) (*engine.Game, error) {
	eff, err := action.Effective(l.Actions)
	if err != nil {
		return nil, err
	}
	for i := len(h.cps) - 1; i >= 0; i-- {
		cp := h.cps[i]
		applied := any(cp).(prefixer).Applied()
		if len(applied) > len(eff) || !isPrefix(applied, eff) {
			continue
		}
		g := any(cp).(cloner).Clone()
		ok := true
		for _, a := range eff[len(applied):] {
			if err := g.Apply(a); err != nil {
				ok = false
				break
			}
		}
		if ok {
			return g, nil
		}
		break // the full replay reports the error as it would on a reload
	}
	return engine.ReplayMixed(l, imported)
}

// isPrefix reports whether p is a prefix of all (the same action values).
func isPrefix(p, all []action.Action) bool {
	if len(p) > len(all) {
		return false
	}
	for i, a := range p {
		if all[i] != a {
			return false
		}
	}
	return true
}
