package tabletop

import (
	"pbc/commands"
	"pbc/engine"
	"pbc/engine/action"
)

// roundBefore is the round the game is in before a move; it keeps the
// table's mark of it, starting one (its beginning unknown) when the table
// has none for this game.
func (t *Table) roundBefore() commands.RoundKey {
	if t.round == nil || t.round.g != t.Game {
		t.round = &roundMark{g: t.Game, key: t.LiveKey(), at: -1}
	}
	return t.round.key
}

// roundAfter is the digest of the round a move just ended ("" when it
// ended none); the mark moves on to the round now in play.
func (t *Table) roundAfter(before commands.RoundKey) string {
	now := t.LiveKey()
	if now == before {
		return ""
	}
	old := t.round
	t.round = &roundMark{g: t.Game, key: now, at: len(t.Log.Actions), start: commands.LedgerOf(t.Game)}
	if before.Name != "SR" && before.Name != "OR" && before.Name != "Merger" {
		return ""
	}
	start, acts := old.start, []action.Action(nil)
	if start != nil && old.at >= 0 && old.at <= len(t.Log.Actions) {
		acts = t.Log.Actions[old.at:]
	} else {
		var ok bool
		if start, acts, ok = t.RoundStart(before); !ok {
			return ""
		}
	}
	return t.Digest(before, now, start, commands.GameMoves(acts))
}

// roundMark is what a table remembers of the round in play: which it is,
// the state when it began and where in the log it began.
type roundMark struct {
	g     *engine.Game // the game it was taken of; another game means a rebuild
	key   commands.RoundKey
	at    int              // log position of the round's first move; -1 when unknown
	start *commands.Ledger // the state when the round began; nil when unknown
}
