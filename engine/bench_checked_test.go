package engine

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"pbc/engine/action"
)

// BenchmarkReplayChecked replays the largest 1822PNW fixture recomputing
// every recorded run, as `pbc replay` does by default.
func BenchmarkReplayChecked(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "fixtures", "1822PNW/1822PNW_game_end_stock_market.json"))
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
		g, err := Replay(l, ReplayOptions{CheckRoutes: true})
		if err != nil || !g.Finished() {
			b.Fatalf("replay: %v", err)
		}
	}
}
