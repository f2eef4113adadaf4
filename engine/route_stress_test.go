package engine_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/route"
	"pbc/engine/title"
)

// TestRouteStress runs the auto-router on invented late-game train sets
// (two big trains, or E-trains, beside the private 2P and LP, with and
// without the Pullman and grain car) for every open major on the final
// board of every fixture: far harder positions than the fixtures' own. It
// is slow, so it only runs with PBC_ROUTE_STRESS=1, and prints the time
// and the CPU time per position (p50, p99, max: the CPU time, the
// process's, is the steadier on a busy machine), the work of the searches
// (which does not depend on the load), the most allocated by one call and
// how many answers are not proven optimal. PBC_ROUTE_STRESS_MATCH keeps
// only the positions whose name contains it (to profile them).
func TestRouteStress(t *testing.T) {
	if os.Getenv("PBC_ROUTE_STRESS") == "" {
		t.Skip("set PBC_ROUTE_STRESS=1 to run the auto-router stress test (a minute or more)")
	}
	files, err := filepath.Glob(filepath.Join(conformanceDir, "*", "*.json"))
	if err != nil || len(files) == 0 {
		t.Skip("../shared/fixtures not found")
	}
	sets := [][]route.Train{
		{stressTrain("7-0", "7"), stressTrain("7-1", "7"), stressTrain("2P-0", "2"), stressTrain("LP-0", "LP")},
		{stressTrain("E-0", "E"), stressTrain("E-1", "E"), stressTrain("2P-0", "2"), stressTrain("LP-0", "LP")},
		{stressTrain("7-0", "7"), stressTrain("E-1", "E"), stressTrain("2P-0", "2"), stressTrain("LP-0", "LP")},
		{stressTrain("6-0", "6"), stressTrain("5P-1", "5"), stressTrain("2P-0", "2"), stressTrain("LP-0", "LP")},
	}
	type result struct {
		what      string
		took, cpu time.Duration
		alloc     uint64
		exact     bool
		work      int // partial runs searched plus combination nodes
	}
	var results []result
	match := os.Getenv("PBC_ROUTE_STRESS_MATCH") // only the positions whose name contains it
	cpu0 := cpuTime()
	for _, path := range files {
		g := replayFixture(t, path)
		for _, c := range g.Corps {
			if c.Closed || len(c.Tokens) == 0 || !c.IsMajor() {
				continue
			}
			for si, set := range sets {
				for _, attach := range []bool{false, true} {
					what := fmt.Sprintf("%s %s set %d attached %v", conformanceName(path), c.ID, si, attach)
					if !strings.Contains(what, match) {
						continue
					}
					in := stressInput(g, c, set, attach)
					var m0, m1 runtime.MemStats
					runtime.ReadMemStats(&m0)
					start, cpuStart := time.Now(), cpuTime()
					plan, err := route.Best(in, route.Options{})
					took, cpu := time.Since(start), cpuTime()-cpuStart
					runtime.ReadMemStats(&m1)
					if err != nil {
						t.Errorf("%s: %v", what, err)
						continue
					}
					results = append(results, result{fmt.Sprintf("%s: $%d (searched %d, nodes %d, candidates %d)", what, plan.Revenue, plan.Searched, plan.Nodes, plan.Candidates), took, cpu, m1.TotalAlloc - m0.TotalAlloc, plan.Exact, plan.Searched + plan.Nodes})
				}
			}
		}
	}
	total := cpuTime() - cpu0
	if len(results) == 0 {
		t.Fatal("no positions")
	}
	var maxAlloc uint64
	var inexact []string
	cpus := make([]time.Duration, 0, len(results))
	works := make([]int, 0, len(results))
	for _, r := range results {
		maxAlloc = max(maxAlloc, r.alloc)
		works = append(works, r.work)
		if !r.exact {
			inexact = append(inexact, r.what)
		}
		cpus = append(cpus, r.cpu)
	}
	slices.Sort(cpus)
	slices.Sort(works)
	slices.SortFunc(results, func(a, b result) int { return int(a.took - b.took) })
	var b strings.Builder
	n := len(results)
	p50, p99 := n/2, (99*n+99)/100-1
	fmt.Fprintf(&b, "%d positions: time p50 %v, p99 %v, max %v; CPU time p50 %v, p99 %v, max %v (all, replays included, %v); max alloc %.1f MB; %d not proven optimal",
		n, results[p50].took, results[p99].took, results[n-1].took, cpus[p50], cpus[p99], cpus[n-1], total.Round(time.Millisecond),
		float64(maxAlloc)/(1<<20), len(inexact))
	// The work does not depend on the machine's load: it compares changes
	// to the searches where the times are too noisy to.
	fmt.Fprintf(&b, "\nwork (partial runs searched plus combination nodes): p50 %d, p99 %d, max %d", works[p50], works[p99], works[n-1])
	b.WriteString("\nslowest:")
	for _, r := range results[max(0, n-15):] {
		fmt.Fprintf(&b, "\n  %v (CPU %v) %.1f MB work %d %s", r.took.Round(time.Millisecond), r.cpu.Round(time.Millisecond), float64(r.alloc)/(1<<20), r.work, r.what)
	}
	for _, w := range inexact {
		fmt.Fprintf(&b, "\nnot proven optimal: %s", w)
	}
	t.Log(b.String())
}

// stressTrain is a train of the stress test: a number of cities, an LP
// (one city and one town, local) or an E.
func stressTrain(id, name string) route.Train {
	switch name {
	case "LP":
		return route.Train{ID: id, Name: name, Distance: title.Distance{Cities: 1, Towns: 1, Local: true}}
	case "E":
		return route.Train{ID: id, Name: name, Distance: title.Distance{Express: true}}
	}
	return route.Train{ID: id, Name: name, Distance: title.Distance{Cities: int(name[0] - '0')}}
}

// stressInput is c's route input with trains set; attached puts the Pullman
// on the first ordinary train and (1822CA) the grain car on the next train
// but the first that is not an E.
func stressInput(g *engine.Game, c *engine.Corp, set []route.Train, attached bool) *route.Input {
	in := g.RouteInput(c)
	in.Trains, in.Pullman = set, ""
	if in.Rules.Grain != nil {
		grain := *in.Rules.Grain
		grain.Carrier = ""
		in.Rules.Grain = &grain
	}
	if !attached {
		return in
	}
	for _, tr := range set {
		if !tr.Distance.Express && !tr.Distance.Local {
			in.Pullman = tr.ID
			break
		}
	}
	if in.Rules.Grain != nil {
		for _, tr := range set[1:] {
			if !tr.Distance.Express && tr.ID != in.Pullman {
				in.Rules.Grain.Carrier = tr.ID
				break
			}
		}
	}
	return in
}

// replayFixture replays the fixture at path to its end.
func replayFixture(t *testing.T, path string) *engine.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := action.ReadGameLog(f)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Replay(l, engine.ReplayOptions{})
	if g == nil {
		t.Fatalf("%s: %v", path, err)
	}
	return g
}

// cpuTime is the CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
