package session

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"pbc/engine/action"
	"pbc/storage"
)

// lateFixtures are the largest fixtures, cut late, for the footprint.
var lateFixtures = []string{"1822PNW/1822PNW_game_end_stock_market.json", "1822CA/1822CA_game_end_bank.json"}

// readFixture reads a fixture log, skipping without ../shared.
func readFixture(t testing.TB, name string) *action.GameLog {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "shared", "fixtures", name))
	if err != nil {
		t.Skipf("skipping: fixture %s not found (../shared/fixtures is kept beside the repository)", name)
	}
	defer f.Close()
	l, err := action.ReadGameLog(f)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// lateLog is a fixture cut at 90% of its log, as a game still in play.
func lateLog(t testing.TB, name string) *action.GameLog {
	l := readFixture(t, name)
	l.Actions = l.Actions[:len(l.Actions)*9/10]
	l.Result, l.GameEndReason = nil, ""
	return l
}

func heapNow() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// BenchmarkSessionFootprint measures the heap a session of a late game
// holds (its decoded log, engine state and table), against the estimate
// the manager bounds its sessions by.
func BenchmarkSessionFootprint(b *testing.B) {
	for _, name := range lateFixtures {
		b.Run(filepath.Dir(name), func(b *testing.B) {
			l := lateLog(b, name)
			st := newStore(b)
			ctx := context.Background()
			const n = 12
			var ids []storage.GameID
			for i := range n {
				sg, err := st.Import(ctx, storage.Channel{Platform: storage.Local, ID: fmt.Sprint("f", i)}, "x", l)
				if err != nil {
					b.Fatal(err)
				}
				ids = append(ids, sg.ID)
			}
			for b.Loop() {
				m := New(Options{Store: st, Memory: 1 << 40, NoImages: true})
				before := heapNow()
				for _, id := range ids {
					if _, err := m.Open(ctx, id); err != nil {
						b.Fatal(err)
					}
				}
				per := float64(heapNow()-before) / n
				b.ReportMetric(per, "heap-B/session")
				b.ReportMetric(float64(m.Stats().Bytes)/n, "estimate-B/session")
				runtime.KeepAlive(m)
			}
		})
	}
}

// BenchmarkReload times loading a late game's session that was dropped
// from memory: the store's rows, their decoding and the replay.
func BenchmarkReload(b *testing.B) {
	for _, name := range lateFixtures {
		b.Run(filepath.Dir(name), func(b *testing.B) {
			l := lateLog(b, name)
			st := newStore(b)
			ctx := context.Background()
			sg, err := st.Import(ctx, storage.Channel{Platform: storage.Local, ID: "r"}, "x", l)
			if err != nil {
				b.Fatal(err)
			}
			m := New(Options{Store: st, NoImages: true})
			b.ReportAllocs()
			for b.Loop() {
				m.Forget(sg.ID)
				if _, err := m.Open(ctx, sg.ID); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
