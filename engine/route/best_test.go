package route

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"pbc/engine/board"
	"pbc/engine/graph"
	"pbc/engine/title"
)

// walkAll lists every walk along the board's track (each tile path used
// once at most), as runs of at most maxStops stops, by a plain search of its
// own: the brute-force reference for Best. ok is false past limit walks.
func walkAll(in *Input, hexes []string, maxStops, limit int) (runs []Run, ok bool) {
	v := newView(in)
	type state struct {
		stops []graph.NodeRef
		legs  [][]Step
		leg   []Step
	}
	var st state
	used := map[Step]bool{}
	var atNode func(h *hexView, node int)
	var step func(h *hexView, pi int, rev bool)
	count := 0
	atNode = func(h *hexView, node int) {
		if count > limit {
			return
		}
		for pi := range h.t.Paths {
			p := &h.t.Paths[pi]
			if !board.Walkable(h.t, p) {
				continue
			}
			if !p.A.IsEdge() && p.A.Node == node {
				step(h, pi, false)
			}
			if !p.B.IsEdge() && p.B.Node == node {
				step(h, pi, true)
			}
		}
	}
	step = func(h *hexView, pi int, rev bool) {
		key := Step{Hex: h.id, Path: pi}
		if used[key] || count > limit {
			return
		}
		used[key] = true
		st.leg = append(st.leg, Step{Hex: h.id, Path: pi, Rev: rev})
		defer func() {
			used[key] = false
			st.leg = st.leg[:len(st.leg)-1]
		}()
		p := &h.t.Paths[pi]
		_, far := ends(p, rev)
		switch {
		case far.IsEdge():
			e := (far.Edge + h.rot) % 6
			nb := v.neighbor(h, e)
			if nb == nil {
				return
			}
			back := (e + 3) % 6
			out := p.LaneAt(endIndex(rev, true))
			for qi := range nb.t.Paths {
				q := &nb.t.Paths[qi]
				if !board.Walkable(nb.t, q) {
					continue
				}
				if q.A.IsEdge() && (q.A.Edge+nb.rot)%6 == back && out.Joins(q.LaneAt(0)) {
					step(nb, qi, false)
				}
				if q.B.IsEdge() && (q.B.Edge+nb.rot)%6 == back && out.Joins(q.LaneAt(1)) {
					step(nb, qi, true)
				}
			}
		case h.t.Nodes[far.Node].Kind == board.Junction:
			for qi := range h.t.Paths {
				q := &h.t.Paths[qi]
				if qi == pi || !board.Walkable(h.t, q) {
					continue
				}
				if !q.A.IsEdge() && q.A.Node == far.Node {
					step(h, qi, false)
				}
				if !q.B.IsEdge() && q.B.Node == far.Node {
					step(h, qi, true)
				}
			}
		default:
			ref := graph.NodeRef{Hex: h.id, Node: far.Node}
			if slices.Contains(st.stops, ref) {
				return
			}
			saved := st.leg
			st.stops = append(st.stops, ref)
			st.legs = append(st.legs, slices.Clone(st.leg))
			count++
			runs = append(runs, Run{Stops: slices.Clone(st.stops), Legs: slices.Clone(st.legs)})
			if len(st.stops) < maxStops {
				st.leg = nil
				atNode(h, far.Node)
			}
			st.leg = saved
			st.stops = st.stops[:len(st.stops)-1]
			st.legs = st.legs[:len(st.legs)-1]
		}
	}
	for _, id := range hexes {
		h := v.hex(id)
		for node, nd := range h.t.Nodes {
			if nd.Kind == board.Junction {
				continue
			}
			st = state{stops: []graph.NodeRef{{Hex: id, Node: node}}}
			runs = append(runs, Run{Stops: slices.Clone(st.stops)})
			atNode(h, node)
		}
	}
	return runs, count <= limit
}

// bruteBest prices every set of runs (one or none per train) by Evaluate
// and returns the largest total; ok is false when there are too many sets.
func bruteBest(in *Input, walks []Run) (best int, ok bool) {
	per := make([][]Run, len(in.Trains))
	seen := map[string]bool{}
	for ti, t := range in.Trains {
		for _, w := range walks {
			w.Train = t.ID
			if _, _, err := Evaluate(in, []Run{w}); err != nil {
				continue
			}
			if k := t.ID + runKey(&w); !seen[k] {
				seen[k] = true
				per[ti] = append(per[ti], w)
			}
		}
	}
	sets := 1
	for _, p := range per {
		sets *= len(p) + 1
	}
	if sets > 3_000_000 {
		return 0, false
	}
	var chosen []Run
	var rec func(ti int)
	rec = func(ti int) {
		if len(chosen) > 0 {
			total, _, err := Evaluate(in, chosen)
			if err != nil {
				return
			}
			best = max(best, total)
		}
		for k := ti; k < len(per); k++ {
			for _, r := range per[k] {
				chosen = append(chosen, r)
				rec(k + 1)
				chosen = chosen[:len(chosen)-1]
			}
		}
	}
	rec(0)
	return best, true
}

// runKey names a run the same whichever way it is walked.
func runKey(r *Run) string {
	fwd := fmt.Sprint(r.Stops, r.Legs)
	rev := Run{Stops: slices.Clone(r.Stops)}
	slices.Reverse(rev.Stops)
	for k := len(r.Legs) - 1; k >= 0; k-- {
		rev.Legs = append(rev.Legs, reversed(r.Legs[k]))
	}
	return min(fwd, fmt.Sprint(rev.Stops, rev.Legs))
}

// randomTiles are the library tiles random boards are made of: plain
// track, towns, cities, junctions, two-town tiles and multi-lane edges.
var randomTiles = []string{"3", "4", "5", "6", "7", "8", "9", "57", "58", "14", "15", "80", "81", "82", "83",
	"141", "142", "1", "2", "55", "56", "69", "619", "63", "X24", "X20"}

// randomInput builds a small random board on rows A-D with the
// corporation X's tokens, some cities blocked by Y, random trains and
// bonuses.
func randomInput(t *testing.T, rng *rand.Rand, names []string) (*Input, []string) {
	t.Helper()
	b := &testBoard{tiles: map[string]placed{}, tokens: map[graph.NodeRef][]string{}}
	var hexes []string
	for _, row := range []struct {
		letter string
		first  int
	}{{"A", 1}, {"B", 2}, {"C", 1}, {"D", 2}} {
		for col := row.first; col <= row.first+8; col += 2 {
			if rng.IntN(10) < 1 {
				continue
			}
			id := fmt.Sprintf("%s%d", row.letter, col)
			var tl *board.Tile
			if rng.IntN(12) == 0 {
				tl = offboard
			} else {
				name := randomTiles[rng.IntN(len(randomTiles))]
				var ok bool
				if tl, ok = board.TileDef(name); !ok {
					t.Fatalf("no tile %s", name)
				}
			}
			b.tiles[id] = placed{tl, bestRotation(b, id, tl, rng)}
			hexes = append(hexes, id)
		}
	}
	in := &Input{Board: b, Corp: "X", Phase: board.Color(1 + rng.IntN(3))}
	var cities []graph.NodeRef
	for _, id := range hexes {
		for node, nd := range b.tiles[id].t.Nodes {
			if nd.Kind == board.City {
				cities = append(cities, graph.NodeRef{Hex: id, Node: node})
			}
		}
	}
	rng.Shuffle(len(cities), func(i, j int) { cities[i], cities[j] = cities[j], cities[i] })
	tokened := map[string]bool{}
	for _, c := range cities {
		slots := max(b.tiles[c.Hex].t.Nodes[c.Node].Slots, 1)
		switch {
		case len(in.Tokens) < 1+rng.IntN(3) && !tokened[c.Hex]:
			toks := make([]string, slots)
			toks[0] = "X"
			b.tokens[c] = toks
			tokened[c.Hex] = true
			in.Tokens = append(in.Tokens, Token{At: c})
		case rng.IntN(4) == 0:
			toks := make([]string, slots)
			for i := range toks {
				toks[i] = "Y"
			}
			b.tokens[c] = toks
		}
	}
	for i := range 1 + rng.IntN(3) {
		name := names[rng.IntN(len(names))]
		tr := train(fmt.Sprintf("%s-%d", name, i), name)
		if name == "LP" {
			tr.Distance = title.Distance{Cities: 1, Towns: 1, Local: true}
		}
		in.Trains = append(in.Trains, tr)
	}
	for _, tr := range in.Trains {
		if !tr.local() && !tr.express() && rng.IntN(3) == 0 {
			in.Pullman = tr.ID
			in.Rules.PullmanTowns = 2 * rng.IntN(2)
			break
		}
	}
	r := &in.Rules
	pick := func() string { return hexes[rng.IntN(len(hexes))] }
	if rng.IntN(2) == 0 {
		r.Timber, r.TimberBonus, r.TimberDouble = map[string]bool{pick(): true, pick(): true, pick(): true}, 10, rng.IntN(2) == 0
	}
	if rng.IntN(3) == 0 {
		r.SkiHex, r.SkiBonus = pick(), 30
	}
	if rng.IntN(3) == 0 {
		r.MillHex, r.MillBonus = pick(), 30
	}
	if rng.IntN(3) == 0 {
		r.Portage, r.PortageFee = map[string]bool{pick(): true}, 10
	}
	if rng.IntN(3) == 0 {
		r.DoubleHexes = []string{pick()}
	}
	if len(in.Tokens) >= 2 && rng.IntN(2) == 0 {
		in.Tokens[1].Kind = DestinationToken
		r.Destination = &Destination{Home: in.Tokens[0].At, Dest: in.Tokens[1].At}
	}
	if rng.IntN(3) == 0 {
		r.Grain = &Grain{Elevators: map[string]bool{pick(): true, pick(): true}, EastPorts: map[string]bool{pick(): true}, WestPorts: map[string]bool{pick(): true}}
		for _, tr := range in.Trains {
			if !tr.express() && tr.ID != in.Pullman && rng.IntN(2) == 0 {
				r.Grain.Carrier = tr.ID
				break
			}
		}
	}
	if rng.IntN(3) == 0 {
		r.SawmillHex, r.SawmillBonus = pick(), []int{10, 20, 40}[rng.IntN(3)]
	}
	return in, hexes
}

// bestRotation turns tile tl on hex id to join the track already placed
// around it, most of the time; otherwise at random.
func bestRotation(b *testBoard, id string, tl *board.Tile, rng *rand.Rand) int {
	if rng.IntN(4) == 0 {
		return rng.IntN(6)
	}
	best, bestScore := rng.IntN(6), -1
	for rot := range 6 {
		score := 0
		for _, p := range tl.Paths {
			for _, end := range []board.End{p.A, p.B} {
				if !end.IsEdge() {
					continue
				}
				e := (end.Edge + rot) % 6
				nb, ok := b.tiles[board.Neighbor(board.Pointy, id, e)]
				if !ok {
					continue
				}
				for _, q := range nb.t.Paths {
					for _, qe := range []board.End{q.A, q.B} {
						if qe.IsEdge() && (qe.Edge+nb.rot)%6 == (e+3)%6 {
							score++
						}
					}
				}
			}
		}
		if score > bestScore {
			best, bestScore = rot, score
		}
	}
	return best
}

// TestBestAgainstBruteForce compares Best with an exhaustive search on
// random small boards.
func TestBestAgainstBruteForce(t *testing.T) {
	bruteForce(t, []string{"2", "3", "4", "L", "E", "LP", "5", "2"}, 400)
}

// TestBestExpressAgainstBruteForce does the same with mostly E-trains,
// often two of them.
func TestBestExpressAgainstBruteForce(t *testing.T) {
	bruteForce(t, []string{"E", "E", "E", "2", "L"}, 200)
}

// bruteForce checks Best on random boards whose trains are drawn from names.
func bruteForce(t *testing.T, names []string, seeds int) {
	if s := os.Getenv("ROUTE_SEEDS"); s != "" {
		fmt.Sscan(s, &seeds)
	}
	if testing.Short() {
		seeds = 60
	}
	checked, inexact := 0, 0
	for seed := range seeds {
		rng := rand.New(rand.NewPCG(uint64(seed), 1822))
		in, hexes := randomInput(t, rng, names)
		walks, ok := walkAll(in, hexes, 12, 200_000)
		if !ok {
			continue
		}
		want, ok := bruteBest(in, walks)
		if !ok {
			continue
		}
		checked++
		plan, err := Best(in, Options{})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if plan.Revenue != want || !plan.Exact {
			t.Errorf("seed %d: Best = %d (exact %v), brute force %d\n%s", seed, plan.Revenue, plan.Exact, want, describe(in, plan))
		}
		// Written as 18xx.games routes and read back, the runs earn the same.
		if len(plan.Runs) > 0 {
			var routes []Route
			for i := range plan.Runs {
				r, err := Parse(ActionRoute(&plan.Runs[i], plan.PerRun[i]))
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				routes = append(routes, r)
			}
			if got, _, err := Revenue(in, routes); err != nil || got != plan.Revenue {
				t.Errorf("seed %d: the routes written back earn %d (%v), Best %d\n%s", seed, got, err, plan.Revenue, describe(in, plan))
			}
		}
		// With tiny limits the answer may only fall short when Best says so.
		small, err := Best(in, Options{MaxCandidates: 2, MaxNodes: 50})
		if err != nil {
			t.Fatalf("seed %d, small limits: %v", seed, err)
		}
		if small.Revenue > want || (small.Exact && small.Revenue != want) {
			t.Errorf("seed %d, small limits: Best = %d (exact %v), brute force %d", seed, small.Revenue, small.Exact, want)
		}
		if !small.Exact {
			inexact++
		}
	}
	if checked < seeds/2 {
		t.Errorf("only %d of %d boards small enough to check", checked, seeds)
	}
	t.Logf("%d boards checked (%d not proven optimal under tiny limits)", checked, inexact)
}

// describe prints a test input and a plan for failure messages.
func describe(in *Input, plan *Plan) string {
	var b strings.Builder
	tb := in.Board.(*testBoard)
	for id, p := range tb.tiles {
		fmt.Fprintf(&b, "%s:%s/%d ", id, p.t.Name, p.rot)
	}
	fmt.Fprintf(&b, "\ntokens %v blocked %v\ntrains %v pullman %q\nrules %+v\n", in.Tokens, tb.tokens, in.Trains, in.Pullman, in.Rules)
	for i, r := range plan.Runs {
		fmt.Fprintf(&b, "run %s %v = %d\n", r.Train, r.Stops, plan.PerRun[i])
	}
	return b.String()
}
