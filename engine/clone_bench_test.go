package engine

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"pbc/engine/action"
)

// lateFixtures are the largest game of each title, taken 20 actions before
// their end.
var lateFixtures = []struct{ name, file string }{
	{"PNW", "1822PNW/1822PNW_game_end_stock_market.json"},
	{"CA", "1822CA/1822CA_game_end_bank.json"},
}

func benchLog(b *testing.B, file string) *action.GameLog {
	b.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "fixtures", file))
	if err != nil {
		b.Skip("../shared/fixtures not found: conformance fixtures are kept beside the repository")
	}
	l, err := action.ReadGameLog(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	return l
}

// lateGame replays l up to 20 effective actions before its end.
func lateGame(b *testing.B, l *action.GameLog) *Game {
	b.Helper()
	acts, err := action.Effective(l.Actions)
	if err != nil {
		b.Fatal(err)
	}
	g, err := Replay(prefixLog(l, acts[:len(acts)-20]), ReplayOptions{})
	if err != nil || g.Finished() {
		b.Fatalf("replay: %v (finished %v)", err, g != nil && g.Finished())
	}
	return g
}

// BenchmarkClone copies a late game (compare BenchmarkReplay, which
// rebuilds one from its log).
func BenchmarkClone(b *testing.B) {
	for _, f := range lateFixtures {
		b.Run(f.name, func(b *testing.B) {
			g := lateGame(b, benchLog(b, f.file))
			g.Moves() // a live game has usually been asked for its moves
			b.ReportAllocs()
			for b.Loop() {
				_ = g.Clone()
			}
		})
	}
}

// BenchmarkRetained reports the heap a late game keeps (beside its decoded
// log), as B/game, B/trimmed (after Trim) and B/clone (a copy of it).
func BenchmarkRetained(b *testing.B) {
	const n = 20
	for _, f := range lateFixtures {
		b.Run(f.name, func(b *testing.B) {
			l := benchLog(b, f.file)
			lateGame(b, l) // the title data is built once, for every game
			for b.Loop() {
				games := make([]*Game, n)
				perGame := retained(func() {
					for i := range games {
						games[i] = lateGame(b, l)
						games[i].Moves()
					}
				})
				trimmed := -retained(func() {
					for _, g := range games {
						g.Trim()
					}
				})
				clones := make([]*Game, n)
				perClone := retained(func() {
					for i := range clones {
						clones[i] = games[0].Clone()
					}
				})
				b.ReportMetric(float64(perGame)/n, "B/game")
				b.ReportMetric(float64(perGame-trimmed)/n, "B/trimmed")
				b.ReportMetric(float64(perClone)/n, "B/clone")
				runtime.KeepAlive(games)
				runtime.KeepAlive(clones)
			}
		})
	}
}

// retained is how much more heap is live after f than before.
func retained(f func()) int64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := int64(ms.HeapAlloc)
	f()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc) - before
}
