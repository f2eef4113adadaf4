package multiproc

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pbc/bot/local"
	"pbc/storage"
	"pbc/storage/postgres"
	"pbc/storage/postgres/pgtest"
)

// BenchmarkMoves measures moves a second through whole pbc processes on
// one PostgreSQL database: eight channels play at once over the
// playgrounds' API, each channel's messages spread over the processes.
// With pinned, each channel's messages go to one process, as with Discord
// shards. Run it with a fixed count (-benchtime 600x), as the games cannot
// grow without end.
func BenchmarkMoves(b *testing.B) {
	for _, n := range []int{1, 3} {
		b.Run(fmt.Sprintf("procs=%d", n), func(b *testing.B) { benchMoves(b, n, false) })
	}
	b.Run("procs=3/pinned", func(b *testing.B) { benchMoves(b, 3, true) })
}

func benchMoves(b *testing.B, procs int, pinned bool) {
	db := pgtest.URL(b)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	st, err := postgres.Open(ctx, db)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	c := startCluster(b, buildPbc(b), db, procs, "1m", nil)
	tables := make([]*table, 8)
	for i := range tables {
		tables[i] = newTable(ctx, c, fmt.Sprintf("bm%02d", i), uint64(i+1))
		tables[i].pinned = pinned
		set := storage.ChannelSettings{Channel: local.Channel(tables[i].ch), Images: storage.ImagePrefs{Off: true}}
		if err := st.SetChannelSettings(ctx, set); err != nil {
			b.Fatal(err)
		}
		if err := tables[i].setUp(ctx); err != nil {
			b.Fatal(err)
		}
	}
	var left atomic.Int64
	left.Store(int64(b.N))
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for _, tb := range tables {
		wg.Go(func() {
			for !tb.done && !tb.stuck && left.Add(-1) >= 0 {
				before := tb.refused
				tb.move()
				if tb.refused > before+20 {
					tb.stuck = true
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	moves, refused := 0, 0
	for _, tb := range tables {
		moves += tb.acked + tb.recovered
		refused += tb.refused
		for _, p := range tb.problems {
			b.Error(p)
		}
	}
	b.ReportMetric(float64(moves)/elapsed.Seconds(), "moves/s")
	b.ReportMetric(float64(refused)/float64(max(1, b.N)), "refused/op")
}
