package selfplay

import (
	"fmt"
	"slices"
	"sort"
	"strconv"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/board"
	"pbc/engine/graph"
	"pbc/engine/route"
)

// A simple router for self-play: it walks the track from the company's
// stations, lists short runs for each train, ranks them by the face value of
// their stops and keeps, train by train, the best that the engine's route
// rules accept together. It is neither exact nor complete (the auto-router
// is); it only has to find legal runs that earn money so games move on.

// Search bounds per train and per run_routes.
//
// Self-play runs the auto-router (Game.AutoRoutes) and this one at every
// run_routes; the auto-router's answer is played unless it fails or earns
// less, which is reported.
const (
	maxLegs      = 400 // stop-to-stop legs explored from one stop
	maxRuns      = 300 // candidate runs listed per train
	maxTries     = 12  // candidates checked with the route rules per train
	maxLegHexes  = 10
	maxRunStops  = 8 // stops of an unlimited (E) run
	maxLocalRuns = 8
)

// routes returns the run_routes action with the auto-router's routes (the
// simple router's when it fails). The simple router also checks the
// auto-router: it must never find more.
func (p *policy) routes(actor *engine.Actor, empty action.Action) action.Action {
	c := p.g.Corp(actor.Name)
	if c == nil {
		return empty
	}
	simple := findRoutes(p.g, c, p.rng.IntN(4) == 0)
	simpleTotal := 0
	if len(simple) > 0 {
		simpleTotal, _, _ = p.g.RouteRevenue(c, simple)
	}
	routes, total, err := p.g.AutoRoutes(c)
	switch {
	case err != nil:
		p.notes = append(p.notes, fmt.Sprintf("the auto-router failed for %s: %v", c.ID, err))
		routes = simple
	case simpleTotal > total:
		p.notes = append(p.notes, fmt.Sprintf("the auto-router found $%d for %s, the simple router $%d: %s",
			total, c.ID, simpleTotal, describe(&action.RunRoutes{Routes: simple})))
		routes = simple
	}
	if len(routes) == 0 {
		return empty
	}
	a := *empty.(*action.RunRoutes)
	a.Routes = routes
	return &a
}

// leg is track from one stop to the next.
type leg struct {
	to    graph.NodeRef
	hexes []string
	paths []graph.PathRef
}

// run is a candidate route for one train.
type run struct {
	stops []graph.NodeRef
	legs  []leg
	value int
}

type router struct {
	in     *route.Input
	layout board.Layout
	legs   map[graph.NodeRef][]leg
}

// findRoutes picks runs for c's trains; shuffle varies the order trains are
// served in.
func findRoutes(g *engine.Game, c *engine.Corp, reverse bool) []action.Route {
	in := g.RouteInput(c)
	rt := &router{in: in, layout: in.Board.Layout(), legs: map[graph.NodeRef][]leg{}}
	trains := slices.Clone(in.Trains)
	sort.SliceStable(trains, func(i, j int) bool { return reach(trains[i]) > reach(trains[j]) })
	if reverse {
		slices.Reverse(trains)
	}
	var chosen []action.Route
	total := 0
	for _, t := range trains {
		cands := rt.candidates(t)
		tries := 0
		for _, r := range cands {
			if tries >= maxTries {
				break
			}
			ar := r.action(t)
			next := append(slices.Clone(chosen), ar)
			sum, per, err := g.RouteRevenue(c, next)
			tries++
			if err != nil || sum <= total {
				continue
			}
			for i := range next {
				next[i].Revenue = per[i]
			}
			chosen, total = next, sum
			break
		}
	}
	return chosen
}

// reach orders trains: longer runs first, local trains last.
func reach(t route.Train) int {
	switch {
	case t.Distance.Express:
		return 100
	case t.Distance.Local:
		return 0
	case t.Distance.Cities == 0:
		return 50
	}
	return t.Distance.Cities
}

// candidates lists runs for train t, best face value first.
func (rt *router) candidates(t route.Train) []run {
	var starts []graph.NodeRef
	for _, tok := range rt.in.Tokens {
		if tok.Kind != route.CoalToken {
			starts = append(starts, tok.At)
		}
	}
	if t.Distance.Local {
		var out []run
		for _, s := range starts {
			if len(out) < maxLocalRuns {
				out = append(out, run{stops: []graph.NodeRef{s}, value: rt.stopValue(s)})
			}
		}
		sort.SliceStable(out, func(i, j int) bool { return out[i].value > out[j].value })
		return out
	}
	limit := t.Distance.Cities
	if limit == 0 || t.Distance.Express {
		limit = maxRunStops
	}
	var out []run
	for _, s := range starts {
		rt.extend(run{stops: []graph.NodeRef{s}, value: rt.stopValue(s)}, limit, &out)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].value > out[j].value })
	return out
}

// extend adds every longer run from r to out.
func (rt *router) extend(r run, limit int, out *[]run) {
	if len(*out) >= maxRuns || len(r.stops) >= limit {
		return
	}
	last := r.stops[len(r.stops)-1]
	if len(r.stops) > 1 && !rt.passable(last) {
		return
	}
	for _, l := range rt.legsFrom(last) {
		if rt.revisits(r, l) {
			continue
		}
		next := run{stops: append(slices.Clone(r.stops), l.to), legs: append(slices.Clone(r.legs), l),
			value: r.value + rt.stopValue(l.to)}
		*out = append(*out, next)
		rt.extend(next, limit, out)
		if len(*out) >= maxRuns {
			return
		}
	}
}

// revisits reports whether leg l would reuse a stop, a hex or a path of r.
func (rt *router) revisits(r run, l leg) bool {
	for _, s := range r.stops {
		if s.Hex == l.to.Hex {
			return true
		}
	}
	for _, old := range r.legs {
		for _, p := range l.paths {
			if slices.Contains(old.paths, p) {
				return true
			}
		}
		for _, h := range l.hexes[1 : len(l.hexes)-1] {
			if slices.Contains(old.hexes, h) {
				return true
			}
		}
	}
	return false
}

// passable reports whether a run may go on through stop n: not an
// off-board, not a city whose slots other companies fill.
func (rt *router) passable(n graph.NodeRef) bool {
	t, _, ok := rt.in.Board.Tile(n.Hex)
	if !ok || n.Node >= len(t.Nodes) {
		return false
	}
	switch t.Nodes[n.Node].Kind {
	case board.Offboard:
		return false
	case board.City:
		toks := rt.in.Board.Tokens(n.Hex, n.Node)
		return slices.Contains(toks, "") || slices.Contains(toks, rt.in.Corp)
	}
	return true
}

// stopValue is a stop's face value in the current phase.
func (rt *router) stopValue(n graph.NodeRef) int {
	t, _, ok := rt.in.Board.Tile(n.Hex)
	if !ok || n.Node >= len(t.Nodes) {
		return 0
	}
	return t.Nodes[n.Node].Revenue.At(rt.in.Phase)
}

// legsFrom lists the legs from stop n to the next stops along the track.
func (rt *router) legsFrom(n graph.NodeRef) []leg {
	if l, ok := rt.legs[n]; ok {
		return l
	}
	var out []leg
	t, _, ok := rt.in.Board.Tile(n.Hex)
	if ok {
		for i := range t.Paths {
			p := &t.Paths[i]
			if !board.Walkable(t, p) {
				continue
			}
			for j, end := range [2]board.End{p.A, p.B} {
				if !end.IsEdge() && end.Node == n.Node {
					rt.walk(n.Hex, i, j, []string{n.Hex}, nil, &out)
				}
			}
		}
	}
	rt.legs[n] = out
	return out
}

// walk follows path pi of hex from its end `from` to the next stop.
func (rt *router) walk(hex string, pi, from int, hexes []string, paths []graph.PathRef, out *[]leg) {
	if len(*out) >= maxLegs || len(hexes) > maxLegHexes {
		return
	}
	ref := graph.PathRef{Hex: hex, Path: pi}
	if slices.Contains(paths, ref) {
		return
	}
	paths = append(slices.Clone(paths), ref)
	t, rot, _ := rt.in.Board.Tile(hex)
	p := &t.Paths[pi]
	far := p.B
	if from == 1 {
		far = p.A
	}
	if far.IsEdge() {
		e := (far.Edge + rot) % 6
		nb := board.Neighbors(rt.layout, hex)[e]
		if nb == "" || rt.in.Board.Impassable(hex, e) || rt.in.Board.Impassable(nb, (e+3)%6) {
			return
		}
		t2, rot2, ok := rt.in.Board.Tile(nb)
		if !ok {
			return
		}
		back := (e + 3) % 6
		for i := range t2.Paths {
			q := &t2.Paths[i]
			if !board.Walkable(t2, q) {
				continue
			}
			for j, end := range [2]board.End{q.A, q.B} {
				if end.IsEdge() && (end.Edge+rot2)%6 == back {
					rt.walk(nb, i, j, append(slices.Clone(hexes), nb), paths, out)
				}
			}
		}
		return
	}
	if far.Node < 0 || far.Node >= len(t.Nodes) {
		return
	}
	if t.Nodes[far.Node].Kind != board.Junction {
		*out = append(*out, leg{to: graph.NodeRef{Hex: hex, Node: far.Node}, hexes: hexes, paths: paths})
		return
	}
	for i := range t.Paths {
		q := &t.Paths[i]
		if i == pi || !board.Walkable(t, q) {
			continue
		}
		for j, end := range [2]board.End{q.A, q.B} {
			if !end.IsEdge() && end.Node == far.Node {
				rt.walk(hex, i, j, hexes, paths, out)
			}
		}
	}
}

// action writes the run in the 18xx.games form for train t.
func (r run) action(t route.Train) action.Route {
	a := action.Route{Train: t.ID}
	for _, s := range r.stops {
		a.Hexes = append(a.Hexes, s.Hex)
		a.Nodes = append(a.Nodes, s.Hex+"-"+strconv.Itoa(s.Node))
	}
	if len(r.legs) == 0 {
		a.Connections = [][]string{{"local", r.stops[0].Hex}}
		return a
	}
	for _, l := range r.legs {
		a.Connections = append(a.Connections, slices.Clone(l.hexes))
	}
	return a
}
