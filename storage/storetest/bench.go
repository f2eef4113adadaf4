package storetest

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"

	"pbc/storage"
)

// lateActions is how long a late game's log is: the largest fixture's length.
const lateActions = 1436

// lateGame imports an active game in channel ch whose log already holds
// lateActions messages, so that writes meet the index of a long log.
func lateGame(b testing.TB, st storage.Store, ch string) storage.GameID {
	b.Helper()
	var buf bytes.Buffer
	buf.WriteString(`{"id":1,"title":"1822PNW","players":[{"id":1,"name":"A"},{"id":2,"name":"B"},{"id":3,"name":"C"}],"settings":{"seed":1},"actions":[`)
	for i := range lateActions {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(message(i+1, "earlier"))
	}
	buf.WriteString("]}")
	g, err := st.Import(context.Background(), channel(ch), "bench", parseLog(b, buf.Bytes()))
	if err != nil {
		b.Fatal(err)
	}
	return g.ID
}

// BenchCommit measures chat moves through one store, one at a time: each
// commits one action to a late game, answering its own event. It reports
// moves per second.
func BenchCommit(b *testing.B, open Open) {
	ctx := context.Background()
	st, _ := open(b)
	id := lateGame(b, st, "bench")
	raw := message(1, "a chat message")
	seq := lateActions + 1
	for b.Loop() {
		m := storage.Move{Entries: []storage.Entry{{Seq: seq, Action: raw, UserID: "u1"}}, EventID: fmt.Sprint("interaction-", seq)}
		if _, err := st.Commit(ctx, id, m); err != nil {
			b.Fatal(err)
		}
		seq++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// BenchCommitChannels measures chat moves through one store from many
// channels at once (8 goroutines per CPU, each playing its own late game),
// as a busy bot sends them. It reports moves per second.
func BenchCommitChannels(b *testing.B, open Open) {
	ctx := context.Background()
	st, _ := open(b)
	var games []storage.GameID
	const perCPU = 8
	b.SetParallelism(perCPU)
	for i := range perCPU * runtime.GOMAXPROCS(0) { // a game per goroutine
		games = append(games, lateGame(b, st, fmt.Sprint("bench-", i)))
	}
	raw := message(1, "a chat message")
	var next atomic.Int64
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		id := games[int(next.Add(1)-1)%len(games)]
		seq := lateActions + 1
		for pb.Next() {
			m := storage.Move{Entries: []storage.Entry{{Seq: seq, Action: raw, UserID: "u1"}}, EventID: fmt.Sprint("interaction-", seq)}
			if _, err := st.Commit(ctx, id, m); err != nil {
				b.Error(err)
				return
			}
			seq++
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// BenchLoad measures loading a late game of small actions: the rows, their
// decoding and the log.
func BenchLoad(b *testing.B, open Open) {
	ctx := context.Background()
	st, _ := open(b)
	id := lateGame(b, st, "bench")
	b.ReportAllocs()
	for b.Loop() {
		ld, err := st.Load(ctx, id)
		if err != nil || len(ld.Log.Actions) != lateActions {
			b.Fatalf("Load: %v", err)
		}
	}
}
