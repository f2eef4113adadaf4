package engine

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"pbc/engine/action"
)

// BenchmarkReplay replays the largest 1822PNW fixture (1436 actions) from its
// decoded log: setup, undo/redo filtering and every action.
func BenchmarkReplay(b *testing.B) {
	benchReplay(b, "1822PNW/1822PNW_game_end_stock_market.json")
}

// BenchmarkReplayCA replays the largest 1822CA fixture.
func BenchmarkReplayCA(b *testing.B) { benchReplay(b, "1822CA/1822CA_game_end_bank.json") }

// BenchmarkReplay1822 replays the largest 1822 fixture (1,272 actions).
func BenchmarkReplay1822(b *testing.B) {
	benchReplay(b, "../fixtures-next/1822/1822_game_end_stock_market.json")
}

func benchReplay(b *testing.B, name string) {
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "fixtures", filepath.FromSlash(name)))
	if err != nil {
		b.Skip("../shared/fixtures not found: conformance fixtures are kept beside the repository")
	}
	l, err := action.ReadGameLog(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g, err := Replay(l, ReplayOptions{})
		if err != nil || !g.Finished() {
			b.Fatalf("replay: %v", err)
		}
	}
}
