package route

import (
	"slices"

	"pbc/engine/board"
	"pbc/engine/graph"
	"pbc/engine/title"
)

// The rules of a few special places (1822's English Channel and France,
// Merthyr Tydfil and Pontypool, and the track no network leaves a city
// by), as the title data names them.

// paidStops is the number of stops that count against a train's distance:
// the far side of a crossing counts with its port as one.
func paidStops(nodes []*board.Node) int {
	n := 0
	for _, nd := range nodes {
		if visitCost(nd) > 0 {
			n++
		}
	}
	return n
}

// crossingWords names the crossing whose two stops count as one.
func (v *view) crossingWords() string {
	if c := v.in.Rules.Crossing; c != nil {
		return c.Port + " and " + c.Far + " count as one"
	}
	return "a stop that costs no distance does not count"
}

// stopsIn reports whether run r stops in hex.
func stopsIn(r *Run, hex string) bool {
	return slices.ContainsFunc(r.Stops, func(s graph.NodeRef) bool { return s.Hex == hex })
}

// checkCrossing refuses a run stopping at only one side of the crossing.
func (v *view) checkCrossing(r *Run) string {
	c := v.in.Rules.Crossing
	if c == nil {
		return ""
	}
	port, far := stopsIn(r, c.Port), stopsIn(r, c.Far)
	switch {
	case port && !far:
		return "a route to " + c.Port + " must go on to " + c.Far
	case far && !port:
		return "a route to " + c.Far + " must cross from " + c.Port
	}
	return ""
}

// portToken reports whether the corporation has a token (of any kind) in
// the crossing port's city.
func (v *view) portToken() bool {
	c := v.in.Rules.Crossing
	if c == nil {
		return false
	}
	h := v.hex(c.Port)
	if h == nil || h.t == nil {
		return false
	}
	cities := h.t.Cities()
	return len(cities) > 0 && slices.Contains(v.in.Board.Tokens(h.id, cities[0]), v.in.Corp)
}

// crossingRun reports whether run r crosses to the far side from a port
// holding one of the corporation's tokens: an E-train may then end there.
func (v *view) crossingRun(r *Run) bool {
	c := v.in.Rules.Crossing
	return c != nil && stopsIn(r, c.Port) && stopsIn(r, c.Far) && v.portToken()
}

// expressValue is what a city holding the corporation's token pays an
// E-train, before doubling: its value, or in the crossing's port the value
// of the far side.
func (v *view) expressValue(s graph.NodeRef) int {
	if c := v.in.Rules.Crossing; c != nil && s.Hex == c.Port {
		return v.farValue()
	}
	return v.value(s)
}

// farValue is the value of the crossing's far side (0 without one).
func (v *view) farValue() int {
	c := v.in.Rules.Crossing
	if c == nil {
		return 0
	}
	h := v.hex(c.Far)
	if h == nil || h.t == nil {
		return 0
	}
	for i := range h.t.Nodes {
		if h.t.Nodes[i].Kind == board.Offboard || h.t.Nodes[i].Kind == board.City {
			return h.t.Nodes[i].Revenue.At(v.in.Phase)
		}
	}
	return 0
}

// checkIgnored refuses a run leaving a stop along a path no network leaves
// its node by. Such a path ends a run (it is terminal), so a run uses one
// at an end, arriving: the run must be walkable from its other end, which
// must be a stop the corporation's network reaches (the router's network).
func (v *view) checkIgnored(r *Run) string {
	if len(r.Legs) == 0 {
		return ""
	}
	first := r.Legs[0][0]
	lastLeg := r.Legs[len(r.Legs)-1]
	last := lastLeg[len(lastLeg)-1]
	atStart := v.hex(first.Hex).t.Paths[first.Path].Ignored
	atEnd := v.hex(last.Hex).t.Paths[last.Path].Ignored
	if !atStart && !atEnd {
		return ""
	}
	if atStart && atEnd {
		return "the route cannot leave both " + r.Stops[0].Hex + " and " + r.Stops[len(r.Stops)-1].Hex + " along their dead-end track"
	}
	end, other := 0, len(r.Stops)-1
	if atEnd {
		end, other = other, end
	}
	if _, ok := buildNetwork(v).stopAt[r.Stops[other]]; ok {
		return ""
	}
	return "the route cannot leave " + r.Stops[end].Hex + " along its dead-end track, and " + v.in.Corp + " does not reach " + r.Stops[other].Hex + " otherwise"
}

// checkOneTrack refuses runs that together use the track at two of the
// edges of a OneTrackOf hex.
func (v *view) checkOneTrack(runs []Run) error {
	for _, g := range v.in.Rules.OneTrackOf {
		used, by := -1, -1
		for i := range runs {
			for _, e := range v.edgesUsed(&runs[i], g.Hex) {
				if !slices.Contains(g.Edges, e) || e == used {
					continue
				}
				if used >= 0 {
					return routeErr(i, runs[i].Train, "only one of the tracks of %s may be used (route %d uses another)", g.Hex, by+1)
				}
				used, by = e, i
			}
		}
	}
	return nil
}

// edgesUsed lists the map edges of hex whose track run r uses.
func (v *view) edgesUsed(r *Run, hex string) []int {
	var out []int
	for _, leg := range r.Legs {
		for _, s := range leg {
			if s.Hex != hex {
				continue
			}
			h := v.hex(s.Hex)
			p := &h.t.Paths[s.Path]
			for _, e := range [2]board.End{p.A, p.B} {
				if e.IsEdge() {
					out = append(out, (e.Edge+h.rot)%6)
				}
			}
		}
	}
	return out
}

// oneTrackClash is the OneTrackOf entry whose tracks the runs use two of,
// or nil.
func (v *view) oneTrackClash(runs []Run) *title.HexEdges {
	for gi := range v.in.Rules.OneTrackOf {
		g := &v.in.Rules.OneTrackOf[gi]
		used := -1
		for i := range runs {
			for _, e := range v.edgesUsed(&runs[i], g.Hex) {
				if !slices.Contains(g.Edges, e) || e == used {
					continue
				}
				if used >= 0 {
					return g
				}
				used = e
			}
		}
	}
	return nil
}
