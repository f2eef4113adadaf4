package bot

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"pbc/session/tabletop"
	"pbc/storage"
)

// liveGame is one of the many games of BenchmarkLiveGames: a fixture cut
// late, imported into its own channel with its seats claimed.
type liveGame struct {
	kind *benchGame
	ch   storage.Channel
	next int // the next move of kind.moves
}

// load imports the game's cut log into its channel (abandoning the game
// there, if any) and seats the players' chat users.
func (g *liveGame) load(ctx context.Context, st storage.Store) error {
	if old, err := st.OpenGame(ctx, g.ch); err == nil {
		if _, err := st.SetStatus(ctx, old.ID, storage.Abandoned); err != nil {
			return fmt.Errorf("abandoning game %d: %w", old.ID, err)
		}
	} else if !errors.Is(err, storage.ErrNotFound) {
		return err
	}
	sg, err := st.Import(ctx, g.ch, benchCreator, g.kind.cut)
	if err != nil {
		return fmt.Errorf("importing into %s: %w", g.ch.ID, err)
	}
	for order, p := range g.kind.cut.Players {
		if _, err := st.ReplaceSeat(ctx, sg.ID, order, tabletop.ChatUser(p.ID), p.Name); err != nil {
			return fmt.Errorf("seating %s: %w", p.Name, err)
		}
	}
	g.next = 0
	return nil
}

// envInt reads a positive count from the environment, def when unset.
func envInt(b *testing.B, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		b.Fatalf("%s=%q: want a positive count", name, s)
	}
	return n
}

// cpuClasses reads the runtime's estimate of the CPU time spent in GC and
// of the CPU time used at all (available minus idle), in seconds.
func cpuClasses() (gc, used float64) {
	s := []metrics.Sample{
		{Name: "/cpu/classes/gc/total:cpu-seconds"},
		{Name: "/cpu/classes/total:cpu-seconds"},
		{Name: "/cpu/classes/idle:cpu-seconds"},
	}
	metrics.Read(s)
	return s[0].Value.Float64(), s[1].Value.Float64() - s[2].Value.Float64()
}

// liveCuts are where the games of BenchmarkLiveGames are cut, per fixture.
var liveCuts = []float64{0.85, 0.86, 0.87, 0.88, 0.89, 0.90}

// BenchmarkLiveGames holds many live games in one core over one SQLite file
// (PBC_LIVE_GAMES, default 1000, 40 with -short; half 1822PNW, half 1822CA,
// each cut at 85–90% of its log) and sends moves round-robin across them
// (-benchtime=Nx moves), PBC_LIVE_INFLIGHT (default 3) at a time, each
// waiting for its reply. Images are off: the pictures are a separately
// bounded cache. It reports the heap after GC, GC's share of the CPU used
// while moving (the runtime's /cpu/classes estimates) and the p50 and p99
// latency of a move.
func BenchmarkLiveGames(b *testing.B) {
	games := 1000
	if testing.Short() {
		games = 40
	}
	games = envInt(b, "PBC_LIVE_GAMES", games)
	inflight := envInt(b, "PBC_LIVE_INFLIGHT", 3)
	ctx := context.Background()
	var kinds []*benchGame
	for _, name := range []string{benchPNW, benchCA} {
		full := fixture(b, name)
		for _, frac := range liveCuts {
			kinds = append(kinds, newBenchGame(b, full, frac))
		}
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	baseHeap := ms.HeapAlloc

	start := time.Now()
	st := openStore(b)
	c := benchCore(st, true)
	b.Cleanup(func() { c.Close(context.Background()) })
	live := make([]*liveGame, games)
	for i := range live {
		// Alternate the titles, and spread each title's games over its cuts.
		kind := kinds[(i%2)*len(liveCuts)+(i/2)%len(liveCuts)]
		live[i] = &liveGame{kind: kind, ch: storage.Channel{Platform: storage.Local, ID: fmt.Sprintf("live-%d", i)}}
	}
	// The imports encode every action: on all CPUs while SQLite writes.
	loadErrs := make([]error, runtime.GOMAXPROCS(0))
	var loading sync.WaitGroup
	for w := range loadErrs {
		loading.Go(func() {
			for i := w; i < len(live) && loadErrs[w] == nil; i += len(loadErrs) {
				loadErrs[w] = live[i].load(ctx, st)
			}
		})
	}
	loading.Wait()
	if err := errors.Join(loadErrs...); err != nil {
		b.Fatal(err)
	}
	setup := time.Since(start)
	b.Logf("%d games imported and seated in %s (%s a game)", games, setup.Round(time.Millisecond),
		(setup / time.Duration(games)).Round(time.Microsecond))

	var (
		mu       sync.Mutex
		lat      []time.Duration
		firstErr error
		wg       sync.WaitGroup
	)
	slots := make(chan struct{}, inflight)
	b.ReportAllocs()
	var gcTime, used float64
	reloads, turn := 0, 0
	gc0, used0 := cpuClasses()
	cpu0 := cpuTime()
	runtime.ReadMemStats(&ms)
	cycles := ms.NumGC
	for b.Loop() {
		g := live[turn%len(live)]
		turn++
		if g.next == len(g.kind.moves) {
			// Out of recorded moves: a fresh copy, untimed and out of the
			// GC figures, once the moves in flight are done.
			wg.Wait()
			b.StopTimer()
			gc1, used1 := cpuClasses()
			gcTime, used = gcTime+gc1-gc0, used+used1-used0
			if err := g.load(ctx, st); err != nil {
				b.Fatal(err)
			}
			reloads++
			gc0, used0 = cpuClasses()
			b.StartTimer()
		}
		m := g.kind.moves[g.next]
		g.next++
		slots <- struct{}{}
		w := &replyWait{done: make(chan struct{})}
		sent := time.Now()
		// Submitted here, not in the goroutine, so that a game's moves
		// queue in order.
		c.Submit(Message{Channel: g.ch, User: User{ID: m.user, Name: g.kind.names[m.user]}, Text: m.text, Kind: KindTyped, Respond: w})
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-w.done
			d := time.Since(sent)
			<-slots
			var err error
			switch {
			case len(w.replies) == 0:
				err = fmt.Errorf("%s: %q: no reply", g.ch.ID, m.text)
			case w.replies[len(w.replies)-1].Ephemeral:
				err = fmt.Errorf("%s: %q was refused: %s", g.ch.ID, m.text, w.replies[len(w.replies)-1].Text)
			}
			mu.Lock()
			defer mu.Unlock()
			lat = append(lat, d)
			if err != nil && firstErr == nil {
				firstErr = err
			}
		}()
	}
	wg.Wait()
	cpu := cpuTime() - cpu0
	gc1, used1 := cpuClasses()
	gcTime, used = gcTime+gc1-gc0, used+used1-used0
	if firstErr != nil {
		b.Fatal(firstErr)
	}
	runtime.ReadMemStats(&ms)
	cycles = ms.NumGC - cycles
	runtime.GC()
	runtime.ReadMemStats(&ms)
	slices.Sort(lat)
	pct := func(p float64) float64 {
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	b.ReportMetric(float64(ms.HeapAlloc)/1e6, "heap-MB")
	b.ReportMetric(100*gcTime/used, "gc-cpu-%")
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(len(lat)), "cpu-ns/op")
	b.ReportMetric(setup.Seconds(), "setup-s")
	// The runtime's CPU classes are as of the last GC cycle: close enough
	// over many cycles.
	b.Logf("%d games, %d moves (%d in flight), %d reloaded; %d GC cycles; heap %.0f MB after GC (%.0f MB before the store and core)",
		games, len(lat), inflight, reloads, cycles, float64(ms.HeapAlloc)/1e6, float64(baseHeap)/1e6)
}
