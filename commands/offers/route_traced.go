package offers

import (
	"fmt"
	"slices"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/graph"
	"pbc/engine/route"
)

// A recorded route names its stops as 18xx.games numbers a tile's parts
// ("N29-2" is the second city of a tile whose first path is part 1), or not
// at all in older logs; the engine reads the connections and uses the
// recorded stops only to break ties. So runs are compared, and their stops
// worded, as the engine traces them on the board: the stop numbers a player
// types ("N29.2", "M38.4") are this engine's, counted over the hex's cities
// and towns.

// tracedStops traces routes for entity's operating turn as the engine will
// and returns each route's stops in order, or nil when they cannot be traced
// (an import whose rules have since changed).
func tracedStops(g *engine.Game, entity string, routes []action.Route) [][]graph.NodeRef {
	c := g.Corp(entity)
	if c == nil || len(routes) == 0 {
		return nil
	}
	rs, err := route.ParseAll(routes)
	if err != nil {
		return nil
	}
	runs, err := route.Trace(g.RouteInput(c), rs)
	if err != nil || len(runs) != len(routes) {
		return nil
	}
	out := make([][]graph.NodeRef, len(runs))
	for i, r := range runs {
		out[i] = r.Stops
	}
	return out
}

// sameTracedStops compares routes by the stops the engine traces for them,
// each route either way round.
func sameTracedStops(g *engine.Game, entity string, got, want []action.Route) error {
	gs, ws := tracedStops(g, entity, got), tracedStops(g, entity, want)
	if gs == nil || ws == nil {
		return fmt.Errorf("the routes cannot be traced")
	}
	for i := range ws {
		a, b := gs[i], ws[i]
		if !slices.Equal(a, b) && !slices.Equal(a, reversedRefs(b)) {
			return fmt.Errorf("route %d: stops %v, want %v", i+1, a, b)
		}
	}
	return nil
}

// tracedRefs pairs a route's stop hexes with the stops the engine traces
// for it, or returns nil when the two do not line up.
func tracedRefs(r action.Route, stops []graph.NodeRef) []nodeRef {
	if len(stops) != len(r.Hexes) {
		return nil
	}
	out := make([]nodeRef, len(stops))
	for i, s := range stops {
		if s.Hex != r.Hexes[i] {
			return nil
		}
		out[i] = nodeRef{s.Hex, s.Node}
	}
	return out
}

// reversedRefs returns a reversed copy of stops.
func reversedRefs(stops []graph.NodeRef) []graph.NodeRef {
	out := slices.Clone(stops)
	slices.Reverse(out)
	return out
}
