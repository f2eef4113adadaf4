package tabletop

import (
	"pbc/commands/views"
	"pbc/engine"
	"pbc/engine/action"
)

// roundBefore is the round the game is in before a move; it keeps the
// table's mark of it, starting one (its beginning unknown) when the table
// has none for this game.
func (t *Table) roundBefore() views.RoundKey {
	if t.round == nil || t.round.g != t.Game {
		t.round = &roundMark{g: t.Game, key: views.LiveKey(&t.Position), at: -1}
	}
	return t.round.key
}

// roundAfter is the digest of the round a move just ended ("" when it
// ended none); the mark moves on to the round now in play.
func (t *Table) roundAfter(before views.RoundKey) string {
	now := views.LiveKey(&t.Position)
	if now == before {
		return ""
	}
	old := t.round
	t.round = &roundMark{g: t.Game, key: now, at: len(t.Log.Actions), start: views.LedgerOf(t.Game)}
	if before.Name != "SR" && before.Name != "OR" && before.Name != "Merger" {
		return ""
	}
	start, acts := old.start, []action.Action(nil)
	if start != nil && old.at >= 0 && old.at <= len(t.Log.Actions) {
		acts = t.Log.Actions[old.at:]
	} else {
		var ok bool
		if start, acts, ok = views.RoundStart(&t.Position, before); !ok {
			return ""
		}
	}
	return views.Digest(&t.Position, before, now, start, views.GameMoves(acts))
}

// roundMark is what a table remembers of the round in play: which it is,
// the state when it began and where in the log it began.
type roundMark struct {
	g     *engine.Game // the game it was taken of; another game means a rebuild
	key   views.RoundKey
	at    int           // log position of the round's first move; -1 when unknown
	start *views.Ledger // the state when the round began; nil when unknown
}
