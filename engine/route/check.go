package route

import (
	"slices"

	"pbc/engine/board"
	"pbc/engine/graph"
)

// countsToken reports whether the corporation has a station token that counts
// for routes (not the coal token) in city r.
func (v *view) countsToken(r graph.NodeRef) bool {
	for _, t := range v.in.Tokens {
		if t.At == r && t.Kind != CoalToken {
			return true
		}
	}
	return false
}

// blocks reports whether city r is filled with other corporations' tokens, so
// that the corporation's trains may stop there but not pass through.
func (v *view) blocks(r graph.NodeRef) bool {
	n := v.node(r)
	if n == nil || n.Kind != board.City {
		return false
	}
	toks := v.in.Board.Tokens(r.Hex, r.Node)
	return !slices.Contains(toks, "") && !slices.Contains(toks, v.in.Corp)
}

// train returns the train with id, or nil.
func (v *view) train(id string) *Train {
	for i := range v.in.Trains {
		if v.in.Trains[i].ID == id {
			return &v.in.Trains[i]
		}
	}
	return nil
}

// visitCost is what a stop counts against a train's distance.
func visitCost(n *board.Node) int {
	if n.FreeVisit {
		return 0
	}
	return max(n.VisitCost, 1)
}

// check tests one run on its own (the i-th submitted) for the rules that do
// not involve the other runs.
func (v *view) check(i int, r *Run, t *Train) error {
	fail := func(format string, args ...any) error { return routeErr(i, r.Train, format, args...) }
	if len(r.Stops) == 0 {
		return fail("the route has no stops")
	}
	if len(r.Legs) != len(r.Stops)-1 {
		return fail("the route has %d stops but %d legs", len(r.Stops), len(r.Legs))
	}
	nodes := make([]*board.Node, len(r.Stops))
	for k, s := range r.Stops {
		if nodes[k] = v.node(s); nodes[k] == nil || nodes[k].Kind == board.Junction {
			return fail("%s-%d is not a stop", s.Hex, s.Node)
		}
	}
	if !t.local() && paidStops(nodes) < 2 {
		if len(r.Stops) >= 2 {
			return fail("a route must have at least 2 stops (%s)", v.crossingWords())
		}
		return fail("a route must have at least 2 stops")
	}
	if err := v.checkCrossing(r); err != "" {
		return fail("%s", err)
	}
	tokened := 0
	for k, s := range r.Stops {
		if nodes[k].Kind == board.City && v.countsToken(s) {
			tokened++
		}
	}
	if tokened == 0 {
		return fail("the route must include a station of %s", v.in.Corp)
	}
	for k := range r.Stops {
		if g := nodes[k].Group; g != "" {
			for l := k + 1; l < len(r.Stops); l++ {
				if nodes[l].Group == g {
					return fail("the route visits %s more than once", g)
				}
			}
		}
	}
	for k, leg := range r.Legs {
		if err := v.checkLeg(r.Stops[k], r.Stops[k+1], leg); err != "" {
			return fail("%s", err)
		}
	}
	if err := v.checkTerminals(r); err != "" {
		return fail("%s", err)
	}
	if err := v.checkIgnored(r); err != "" {
		return fail("%s", err)
	}
	for k := range r.Stops {
		for l := k + 1; l < len(r.Stops); l++ {
			if r.Stops[k] == r.Stops[l] {
				return fail("the route cannot use %s twice", r.Stops[k].Hex)
			}
		}
	}
	if err := v.checkDistance(r, nodes, t, tokened); err != "" {
		return fail("%s", err)
	}
	for k := 1; k < len(r.Stops)-1; k++ {
		if v.blocks(r.Stops[k]) {
			return fail("the route cannot pass through %s: it is full of other companies' tokens", r.Stops[k].Hex)
		}
	}
	if err := v.checkHexes(r); err != "" {
		return fail("%s", err)
	}
	return nil
}

// checkLeg verifies that leg is connected track from stop a to stop b.
func (v *view) checkLeg(a, b graph.NodeRef, leg []Step) string {
	if len(leg) == 0 {
		return "two consecutive stops are not joined by track"
	}
	at := board.NodeEnd(a.Node)
	hex := v.hex(a.Hex)
	for k, s := range leg {
		h := v.hex(s.Hex)
		if h.t == nil || s.Path < 0 || s.Path >= len(h.t.Paths) {
			return "the route uses track that is not on the map"
		}
		p := &h.t.Paths[s.Path]
		if !board.Walkable(h.t, p) {
			return "trains cannot run on the track in " + s.Hex
		}
		from, to := ends(p, s.Rev)
		switch {
		case k == 0 || !at.IsEdge():
			// Entering at a node (the leg's start or a junction) of the same hex.
			if h != hex || from.IsEdge() || from.Node != at.Node {
				return "the route's track is not connected at " + s.Hex
			}
		default:
			// Crossing from hex across map edge at.Edge.
			e := (at.Edge + hex.rot) % 6
			if v.neighbor(hex, e) != h || !from.IsEdge() || (from.Edge+h.rot)%6 != (e+3)%6 {
				return "the route's track is not connected at " + s.Hex
			}
			prev := &hex.t.Paths[leg[k-1].Path]
			if !prev.LaneAt(endIndex(leg[k-1].Rev, true)).Joins(p.LaneAt(endIndex(s.Rev, false))) {
				return "the route's track is not connected at " + s.Hex
			}
		}
		if !to.IsEdge() && k < len(leg)-1 {
			if to.Node >= len(h.t.Nodes) || h.t.Nodes[to.Node].Kind != board.Junction {
				return "the route passes a stop in " + s.Hex + " without stopping"
			}
		}
		at, hex = to, h
	}
	if at.IsEdge() || hex.id != b.Hex || at.Node != b.Node {
		return "the route's track does not reach its stop in " + b.Hex
	}
	return ""
}

// checkTerminals refuses a run passing through a terminal (an off-board or
// port): only its first and last paths may be terminal.
func (v *view) checkTerminals(r *Run) string {
	n := 0
	for _, leg := range r.Legs {
		n += len(leg)
	}
	k := 0
	for _, leg := range r.Legs {
		for _, s := range leg {
			if k > 0 && k < n-1 && v.hex(s.Hex).t.Paths[s.Path].Terminal {
				return "the route cannot pass through " + s.Hex
			}
			k++
		}
	}
	return ""
}

// checkHexes refuses a run stopping twice in one hex (consecutive stops in one
// hex count once), unless it stops in one of the title's city-and-town hexes.
func (v *view) checkHexes(r *Run) string {
	var hexes []string
	for _, s := range r.Stops {
		if len(hexes) == 0 || hexes[len(hexes)-1] != s.Hex {
			hexes = append(hexes, s.Hex)
		}
	}
	for _, h := range hexes {
		if slices.Contains(v.in.Rules.DoubleHexes, h) {
			return ""
		}
	}
	for k := range hexes {
		if slices.Contains(hexes[k+1:], hexes[k]) {
			return "the route visits " + hexes[k] + " twice"
		}
	}
	return ""
}

// checkDistance tests the number of stops against the train: tokened is the
// number of stops at cities holding the corporation's tokens.
func (v *view) checkDistance(r *Run, nodes []*board.Node, t *Train, tokened int) string {
	d := t.Distance
	if d.Express {
		if tokened < 2 {
			return "an E-train route must visit at least 2 cities with the company's tokens"
		}
		isTok := func(k int) bool { return nodes[k].Kind == board.City && v.countsToken(r.Stops[k]) }
		ends := 0
		for _, k := range []int{0, len(r.Stops) - 1} {
			if isTok(k) {
				ends++
			}
		}
		// A run to the far side of a crossing whose port holds one of the
		// company's tokens may end there.
		if ends < 2 && (ends == 0 || !v.crossingRun(r)) {
			return "an E-train route must start and end at cities with the company's tokens"
		}
		// E-trains ignore distance, but not the blocked cities no train may visit.
		for k, n := range nodes {
			if n.VisitCost >= 99 {
				return "no train may visit the blocked city in " + r.Stops[k].Hex
			}
		}
		return ""
	}
	return v.checkStops(r, nodes, t)
}

// checkAll tests the runs together: each train runs once, trains of one type
// share no track, and each city is used by at most one local train.
func (v *view) checkAll(runs []Run) error {
	// A hex edge's lane used by a train type: the hex's look-up order, then
	// type, edge and lane. Runs use few: a list searched in order costs
	// less than a map.
	var usedTrack []uint64
	localCities := map[graph.NodeRef]bool{}
	if err := v.checkOneTrack(runs); err != nil {
		return err
	}
	for i := range runs {
		r := &runs[i]
		for j := range i {
			if runs[j].Train == r.Train {
				return routeErr(i, r.Train, "train %s already runs", r.Train)
			}
		}
		t := v.train(r.Train)
		for _, leg := range r.Legs {
			for _, s := range leg {
				h := v.hex(s.Hex)
				p := &h.t.Paths[s.Path]
				for end, e := range [2]board.End{p.A, p.B} {
					if !e.IsEdge() {
						continue
					}
					code := ((e.Edge+h.rot)%6)<<8 | p.LaneAt(end).Index
					if t.express() {
						code |= 1 << 16
					}
					k := uint64(h.idx)<<20 | uint64(code)
					if slices.Contains(usedTrack, k) {
						return routeErr(i, r.Train, "the route reuses track on %s", s.Hex)
					}
					usedTrack = append(usedTrack, k)
				}
			}
		}
		if t.local() {
			for _, s := range r.Stops {
				if n := v.node(s); n.Kind != board.City {
					continue
				}
				if localCities[s] {
					return routeErr(i, r.Train, "only one local train may run from the station in %s", s.Hex)
				}
				localCities[s] = true
			}
		}
	}
	return nil
}
