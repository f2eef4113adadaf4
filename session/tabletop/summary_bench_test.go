package tabletop

import (
	"path/filepath"
	"testing"

	"pbc/commands/views"
	"pbc/engine/action"
)

// BenchmarkRoundKey is what every move now pays to notice a round's end:
// the round of a late game, named by the legal moves its reply works out
// anyway.
func BenchmarkRoundKey(b *testing.B) {
	fixtures(b)
	tb := tableAt(b, "1822PNW/1822PNW_game_end_stock_market.json", -1)
	tb.Moves()
	b.ReportAllocs()
	for b.Loop() {
		_ = views.LiveKey(&tb.Position)
	}
}

// BenchmarkRoundStart is the summary of a round for a table that did not
// see it begin (loaded mid-round): the log is replayed to find its start.
// It is paid once per such table, at the round's end.
func BenchmarkRoundStart(b *testing.B) {
	fixtures(b)
	l := readLog(b, filepath.Join(fixtureDir, "1822PNW/1822PNW_game_end_stock_market.json"))
	acts, err := action.Effective(l.Actions)
	if err != nil {
		b.Fatal(err)
	}
	n := len(acts) * 9 / 10
	tb := tableAt(b, "1822PNW/1822PNW_game_end_stock_market.json", n)
	k := views.KeyOf(tb.Game)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, ok := views.RoundStart(&tb.Position, k); !ok {
			b.Fatal("no round start")
		}
	}
}
