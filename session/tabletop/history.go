package tabletop

import (
	"pbc/engine"
	"pbc/engine/action"
)

// checkpointEvery is how many moves apart checkpoints are taken: rebuilding
// a state replays at most about that many actions from a copy.
const checkpointEvery = 64

// keepCheckpoints is how many checkpoints a table keeps.
const keepCheckpoints = 2

// history keeps copies of a game's state at a few earlier points, so that
// an undo, a redo or a catch-up rebuilds a state from the nearest copy
// instead of replaying the whole log. Copies cost memory, so a table
// keeps none until its game first rebuilds a state (an undo or a redo):
// that one replays the log, and from then on undo and redo cost about a
// move, however many pairs of them follow.
type history struct {
	on  bool
	cps []*engine.Game // oldest first; never applied to
}

// note takes a checkpoint of g when it has moved far enough past the last
// one, and drops those that are no longer a prefix of g's actions (undone).
// Only states past the imported part of a log are kept: the actions after
// a checkpoint are then all replayed as moves played here.
func (h *history) note(g *engine.Game) {
	if !h.on {
		return
	}
	cur := g.Applied()
	kept := h.cps[:0]
	for _, cp := range h.cps {
		if isPrefix(cp.Applied(), cur) {
			kept = append(kept, cp)
		}
	}
	clear(h.cps[len(kept):])
	h.cps = kept
	n := len(cur)
	if n < g.ImportedCount() {
		return
	}
	if len(h.cps) > 0 && n < len(h.cps[len(h.cps)-1].Applied())+checkpointEvery {
		return
	}
	h.cps = append(h.cps, g.Clone())
	if len(h.cps) > keepCheckpoints {
		h.cps[0] = nil
		h.cps = h.cps[1:]
	}
}

// rebuild returns the game after the effective actions of l, as
// engine.Replay of l played here after its imported entries does, from the
// latest checkpoint whose actions are a prefix of them: the command
// table's rebuild after an undo or redo. The first one turns checkpoints on.
func (h *history) rebuild(l *action.GameLog, imported int) (*engine.Game, error) {
	g, err := h.stateAt(l, imported)
	if err == nil && !h.on {
		h.on = true
		h.note(g)
	}
	return g, err
}

// stateAt is rebuild without turning checkpoints on.
func (h *history) stateAt(l *action.GameLog, imported int) (*engine.Game, error) {
	eff, err := action.Effective(l.Actions)
	if err != nil {
		return nil, err
	}
	for i := len(h.cps) - 1; i >= 0; i-- {
		cp := h.cps[i]
		applied := cp.Applied()
		if len(applied) > len(eff) || !isPrefix(applied, eff) {
			continue
		}
		g := cp.Clone()
		ok := true
		for _, a := range eff[len(applied):] {
			// The actions were applied to the live game already, which
			// recorded their auto actions on them; applying them again
			// must not record more, so that the log stays as stored.
			env := a.Env()
			n := len(env.AutoActions)
			err := g.Apply(a)
			env.AutoActions = env.AutoActions[:n]
			if err != nil {
				ok = false
				break
			}
		}
		if ok {
			return g, nil
		}
		break // the full replay reports the error as it would on a reload
	}
	return engine.Replay(l, engine.ReplayOptions{Played: true, Imported: imported})
}

// Checkpoint takes a checkpoint of the table's game when it has moved far
// enough past the last one (once an undo or redo turned them on).
func (t *Table) Checkpoint() { t.hist.note(t.Game) }

// Checkpoints is how many copies of earlier states the table keeps, for
// its owner's memory estimate.
func (t *Table) Checkpoints() int { return len(t.hist.cps) }

// StateAt is the game after the effective actions of l (a log of this
// table's game, of which the first imported came from an import), rebuilt
// from the nearest checkpoint; it changes nothing.
func (t *Table) StateAt(l *action.GameLog, imported int) (*engine.Game, error) {
	return t.hist.stateAt(l, imported)
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
