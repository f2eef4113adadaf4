package engine

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"pbc/engine/action"
)

// BenchmarkMoves lists the moves (and their concrete actions) at every 50th
// state of the largest 1822PNW fixture, stock and operating rounds alike;
// one op is one state.
func BenchmarkMoves(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "fixtures", "1822PNW", "1822PNW_game_end_stock_market.json"))
	if err != nil {
		b.Skip("../shared/fixtures not found: conformance fixtures are kept beside the repository")
	}
	l, err := action.ReadGameLog(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	var states []*Game
	i := 0
	if _, err := Replay(l, ReplayOptions{After: func(g *Game, _ action.Action) bool {
		if i++; i%50 == 0 && !g.Finished() {
			c := g.Clone()
			c.endImport()
			states = append(states, c)
		}
		return true
	}}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		g := states[n%len(states)]
		if len(g.Moves().Actions()) == 0 {
			b.Fatal("no moves")
		}
	}
}
