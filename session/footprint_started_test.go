package session

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"testing"

	"pbc/storage"
)

// BenchmarkStartedTableFootprint measures the heap one live table holds in
// the playground's load: a 1822PNW game just started, whose overview drew
// the map and the market (canvases kept apart: Pictures is off), against
// the estimate the manager bounds its sessions by. With PBC_HEAP_PROFILE
// set it writes the heap profile of the tables held to that file.
func BenchmarkStartedTableFootprint(b *testing.B) {
	if os.Getenv("PBC_HEAP_PROFILE") != "" {
		runtime.MemProfileRate = 1 // every allocation, for an exact profile
	}
	st := newStore(b)
	ctx := context.Background()
	const n = 16
	var ids []storage.GameID
	for i := range n + 1 {
		sg, err := st.CreateGame(ctx, storage.NewGame{Channel: storage.Channel{Platform: storage.Local, ID: fmt.Sprint("s", i)},
			Title: "1822PNW", Seed: int64(7 + i), Creator: "ann"})
		if err != nil {
			b.Fatal(err)
		}
		for j, u := range []string{"ann", "ben", "cy"} {
			if _, err := st.AddSeat(ctx, sg.ID, storage.Seat{Order: j, PlayerID: j + 1, UserID: u, DisplayName: u}); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := st.SetStatus(ctx, sg.ID, storage.Active); err != nil {
			b.Fatal(err)
		}
		ids = append(ids, sg.ID)
	}
	// The first table warms what every drawing shares (the map's base
	// layer), which is no table's.
	warm, ids := ids[0], ids[1:]
	for b.Loop() {
		m := New(Options{Store: st, Memory: 1 << 40, Pictures: -1})
		if _, err := m.Overview(ctx, warm, Request{User: User{ID: "ann", Name: "ann"}}); err != nil {
			b.Fatal(err)
		}
		m.Forget(warm)
		before := heapNow()
		for _, id := range ids {
			if _, err := m.Overview(ctx, id, Request{User: User{ID: "ann", Name: "ann"}}); err != nil {
				b.Fatal(err)
			}
		}
		per := float64(heapNow()-before) / n
		b.ReportMetric(per, "heap-B/table")
		b.ReportMetric(float64(m.Stats().Bytes)/n, "estimate-B/table")
		if path := os.Getenv("PBC_HEAP_PROFILE"); path != "" {
			f, err := os.Create(path)
			if err != nil {
				b.Fatal(err)
			}
			if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
				b.Fatal(err)
			}
			f.Close()
		}
		runtime.KeepAlive(m)
	}
}
