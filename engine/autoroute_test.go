package engine_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/route"
	"pbc/engine/title"
)

// autoRouteTally is the auto-router's record on one fixture.
type autoRouteTally struct {
	name                             string
	runs, legal, above, equal, below int
	illegal, inexact                 int
	times                            []time.Duration
	problems                         []string
}

// TestAutoRoutesFixtures runs the auto-router at every run_routes action of
// every fixture: RouteRevenue must accept its routes at the router's total,
// that total must be proven optimal, and it may never be below the
// submitted routes when today's rules accept those.
func TestAutoRoutesFixtures(t *testing.T) {
	if _, err := os.Stat(conformanceDir); err != nil {
		t.Skip("../shared/fixtures not found: conformance fixtures are kept beside the repository")
	}
	files, err := filepath.Glob(filepath.Join(conformanceDir, "*", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skipf("no fixtures under %s", conformanceDir)
	}
	var (
		mu      sync.Mutex
		tallies []autoRouteTally
	)
	t.Run("fixtures", func(t *testing.T) {
		for _, path := range files {
			name := conformanceName(path)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				tally, err := autoRouteFixture(path)
				if err != nil {
					t.Errorf("replay: %v", err)
				}
				for _, p := range tally.problems {
					t.Error(p)
				}
				mu.Lock()
				tallies = append(tallies, tally)
				mu.Unlock()
			})
		}
	})
	sort.Slice(tallies, func(i, j int) bool { return tallies[i].name < tallies[j].name })
	var all []time.Duration
	var b strings.Builder
	var sum autoRouteTally
	for _, tl := range tallies {
		fmt.Fprintf(&b, "\n%-62s %4d runs: %4d legal, %3d above, %d below, %d illegal", tl.name, tl.runs, tl.legal, tl.above, tl.below, tl.illegal)
		all = append(all, tl.times...)
		sum.runs += tl.runs
		sum.legal += tl.legal
		sum.above += tl.above
		sum.below += tl.below
		sum.illegal += tl.illegal
	}
	slices.Sort(all)
	if len(all) > 0 {
		fmt.Fprintf(&b, "\n%d runs, %d legal: router above %d, below %d, illegal %d; time p50 %v, p99 %v, max %v",
			sum.runs, sum.legal, sum.above, sum.below, sum.illegal,
			all[len(all)/2], all[(99*len(all)+99)/100-1], all[len(all)-1])
	}
	t.Logf("auto-router on the fixtures:%s", b.String())
}

// autoRouteFixture runs the router over one fixture.
func autoRouteFixture(path string) (autoRouteTally, error) {
	tally := autoRouteTally{name: conformanceName(path)}
	f, err := os.Open(path)
	if err != nil {
		return tally, err
	}
	defer f.Close()
	l, err := action.ReadGameLog(f)
	if err != nil {
		return tally, err
	}
	err = engine.CheckAutoRoutes(l, func(r engine.AutoRouteCheck) {
		tally.runs++
		tally.times = append(tally.times, r.Elapsed)
		at := fmt.Sprintf("%s action %d (%s)", tally.name, r.ID, r.Corp)
		switch {
		case r.RouterErr != nil:
			tally.illegal++
			tally.problems = append(tally.problems, fmt.Sprintf("%s: %v", at, r.RouterErr))
			return
		case !r.Exact:
			tally.inexact++
			tally.problems = append(tally.problems, at+": router answer not proven optimal")
		}
		if r.SubmittedErr != nil {
			return
		}
		tally.legal++
		switch {
		case r.Router < r.Submitted:
			tally.below++
			tally.problems = append(tally.problems, fmt.Sprintf("%s: router $%d below submitted $%d", at, r.Router, r.Submitted))
		case r.Router > r.Submitted:
			tally.above++
		default:
			tally.equal++
		}
	})
	return tally, err
}

// hardRoutePositions are the fixture positions where the router works
// hardest (by partial runs searched), each title represented.
var hardRoutePositions = []struct {
	file string
	id   int
	what string
}{
	{"1822CAWRS/1822CAWRS_game_end_stock_market.json", 788, "CNoR 6 + 7 with the grain car"},
	{"1822CAWRS/1822CAWRS_game_end_stock_market.json", 734, "CPR LP + 5P with Pullman + E"},
	{"1822CA/1822CA_game_end_bank.json", 1383, "GWR 2P with Pullman + E"},
	{"1822CAERS/1822CAERS_game_end_stock_market.json", 928, "NTR 6 with Pullman + E"},
	{"1822PNWShortScenario/1822PNWShortScenario_game_end_bank.json", 996, "CMPS, Short Scenario"},
	{"1822PNW/1822PNW_game_end_stock_market.json", 1422, "CMPS, 1822PNW"},
	{"1822PNW/1822PNW_game_end_bank.json", 912, "CPR 2P + 5 with Pullman + 7, all PNW bonuses"},
}

// gameAt replays fixture file up to just before run_routes action id and
// returns the game, the operating company and the action.
func gameAt(tb testing.TB, file string, id int) (*engine.Game, *engine.Corp, *action.RunRoutes) {
	tb.Helper()
	f, err := os.Open(filepath.Join(conformanceDir, file))
	if err != nil {
		tb.Skip("../shared/fixtures not found")
	}
	defer f.Close()
	l, err := action.ReadGameLog(f)
	if err != nil {
		tb.Fatal(err)
	}
	acts, err := action.Effective(l.Actions)
	if err != nil {
		tb.Fatal(err)
	}
	var rr *action.RunRoutes
	k := -1
	g, err := engine.Replay(l, engine.ReplayOptions{After: func(_ *engine.Game, _ action.Action) bool {
		k++
		if a, ok := acts[k+1].(*action.RunRoutes); ok && a.ID == id {
			rr = a
			return false
		}
		return true
	}})
	if err != nil || rr == nil {
		tb.Fatalf("replay to action %d: %v", id, err)
	}
	return g, g.Corp(rr.Entity.String()), rr
}

// BenchmarkAutoRoutes times the auto-router on the hardest fixture positions.
func BenchmarkAutoRoutes(b *testing.B) {
	for _, pos := range hardRoutePositions {
		b.Run(fmt.Sprintf("%s#%d", filepath.Base(pos.file), pos.id), func(b *testing.B) {
			g, c, _ := gameAt(b, pos.file, pos.id)
			routes, total, err := g.AutoRoutes(c)
			if err != nil {
				b.Fatal(err)
			}
			if got, _, err := g.RouteRevenue(c, routes); err != nil || got != total {
				b.Fatalf("RouteRevenue = %d, %v; router %d", got, err, total)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := g.AutoRoutes(c); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkBestLateCA times route.Best on made-up but legal late-game
// train sets of 1822CA majors (two regular trains within the phase-7 limit
// plus the private 2P and LP) on the final board of the largest CA
// fixture: far harder than anything the fixtures ran.
func BenchmarkBestLateCA(b *testing.B) {
	seven := route.Train{ID: "7-0", Name: "7", Distance: title.Distance{Cities: 7}}
	sevenB := route.Train{ID: "7-1", Name: "7", Distance: title.Distance{Cities: 7}}
	express := route.Train{ID: "7-2", Name: "E", Distance: title.Distance{Express: true}}
	twoP := route.Train{ID: "2P-0", Name: "2P", Distance: title.Distance{Cities: 2}}
	lp := route.Train{ID: "LP-0", Name: "LP", Distance: title.Distance{Cities: 1, Towns: 1, Local: true}}
	f, err := os.Open(filepath.Join(conformanceDir, "1822CAERS", "1822CAERS_game_end_stock_market.json"))
	if err != nil {
		b.Skip("../shared/fixtures not found")
	}
	l, err := action.ReadGameLog(f)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	g, err := engine.Replay(l, engine.ReplayOptions{})
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		corp   string
		trains []route.Train
	}{
		{"CPR 7P+7G+2P+LP", "CPR", []route.Train{seven, sevenB, twoP, lp}},
		{"GWR 7P+7G+2P+LP", "GWR", []route.Train{seven, sevenB, twoP, lp}},
		{"CPR 7P+E+2P+LP", "CPR", []route.Train{seven, express, twoP, lp}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			in := g.RouteInput(g.Corp(tc.corp))
			in.Trains, in.Pullman = tc.trains, "7-0"
			if in.Rules.Grain != nil && tc.trains[1].ID == "7-1" {
				in.Rules.Grain.Carrier = "7-1"
			}
			plan, err := route.Best(in, route.Options{})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(plan.Revenue), "revenue")
			b.ReportAllocs()
			for b.Loop() {
				if _, err := route.Best(in, route.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestAutoRoutesFormat checks the routes' 18xx.games form on a rich
// position: one connection per leg, stops and revenue per route, and the
// same total from RouteRevenue.
func TestAutoRoutesFormat(t *testing.T) {
	if _, err := os.Stat(conformanceDir); err != nil {
		t.Skip("../shared/fixtures not found")
	}
	g, c, rr := gameAt(t, "1822PNW/1822PNW_game_end_bank.json", 912)
	routes, total, err := g.AutoRoutes(c)
	if err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, r := range routes {
		sum += r.Revenue
		if r.Train == "" || len(r.Hexes) != len(r.Nodes) || len(r.Hexes) == 0 {
			t.Errorf("route %+v: want a train and one hex and node per stop", r)
		}
		if len(r.Connections) != len(r.Hexes)-1 && !(len(r.Hexes) == 1 && len(r.Connections) == 1 && r.Connections[0][0] == "local") {
			t.Errorf("route %s: %d connections for %d stops", r.Train, len(r.Connections), len(r.Hexes))
		}
	}
	if sum != total {
		t.Errorf("routes' revenues add to %d, total %d", sum, total)
	}
	got, per, err := g.RouteRevenue(c, routes)
	if err != nil || got != total {
		t.Fatalf("RouteRevenue = %d, %v; router %d", got, err, total)
	}
	for i, r := range routes {
		if per[i] != r.Revenue {
			t.Errorf("route %s: revenue %d, RouteRevenue %d", r.Train, r.Revenue, per[i])
		}
	}
	if submitted, _, err := g.RouteRevenue(c, rr.Routes); err == nil && total < submitted {
		t.Errorf("router total %d below the submitted routes' %d", total, submitted)
	}
}
