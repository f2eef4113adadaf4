package commands

import (
	"pbc/engine"
	"pbc/engine/action"
)

// roundBefore is the round the game is in before a move; it keeps the
// table's mark of it, starting one (its beginning unknown) when the table
// has none for this game.
func (t *Table) roundBefore() roundKey {
	if t.round == nil || t.round.g != t.Game {
		t.round = &roundMark{g: t.Game, key: t.liveKey(), at: -1}
	}
	return t.round.key
}

// roundAfter is the digest of the round a move just ended ("" when it
// ended none); the mark moves on to the round now in play.
func (t *Table) roundAfter(before roundKey) string {
	now := t.liveKey()
	if now == before {
		return ""
	}
	old := t.round
	t.round = &roundMark{g: t.Game, key: now, at: len(t.Log.Actions), start: ledgerOf(t.Game)}
	if before.name != "SR" && before.name != "OR" && before.name != "Merger" {
		return ""
	}
	start, acts := old.start, []action.Action(nil)
	if start != nil && old.at >= 0 && old.at <= len(t.Log.Actions) {
		acts = t.Log.Actions[old.at:]
	} else {
		var ok bool
		if start, acts, ok = t.roundStart(before); !ok {
			return ""
		}
	}
	return t.digest(before, now, start, gameMoves(acts))
}

// roundMark is what a table remembers of the round in play: which it is,
// the state when it began and where in the log it began.
type roundMark struct {
	g     *engine.Game // the game it was taken of; another game means a rebuild
	key   roundKey
	at    int     // log position of the round's first move; -1 when unknown
	start *ledger // the state when the round began; nil when unknown
}
