package house

import (
	"pbc/engine"
	"pbc/engine/board"
	"pbc/engine/graph"
	"pbc/engine/route"
)

// aim is what a network promises beyond what its trains run today: each
// stop it does not reach yet counts for its revenue, halved for every hex
// between it and the nearest hex the network's track could be extended
// into. A person builds toward the next city even while no train can use
// the track yet; this is how the house sees that.
func aim(g *engine.Game, in *route.Input) float64 {
	starts := make([]graph.NodeRef, 0, len(in.Tokens))
	for _, t := range in.Tokens {
		starts = append(starts, t.At)
	}
	if len(starts) == 0 {
		return 0
	}
	r := graph.Reach(in.Board, in.Corp, starts)
	layout := g.Board.Map.Layout
	type cell struct{ x, y int }
	var frontier []cell
	reached := map[string]bool{}
	for n := range r.Nodes() {
		reached[n.Hex] = true
	}
	for id := range g.Board.Hexes {
		if r.Touches(id) {
			if x, y, err := board.Coord(layout, id); err == nil {
				frontier = append(frontier, cell{x, y})
			}
		}
	}
	if len(frontier) == 0 {
		return float64(r.NodeCount())
	}
	// Summed in 64ths, exactly: the map is walked in no fixed order, and a
	// float sum in another order could tip a close choice another way.
	total := 0
	for id, h := range g.Board.Hexes {
		if reached[id] || h.Tile == nil {
			continue
		}
		value := 0
		for _, n := range h.Tile.Nodes {
			if n.VisitCost >= 99 {
				continue
			}
			value += n.Revenue.At(in.Phase)
		}
		if value == 0 {
			continue
		}
		x, y, err := board.Coord(layout, id)
		if err != nil {
			continue
		}
		d := 1 << 20
		for _, f := range frontier {
			d = min(d, hexDistance(layout, f.x-x, f.y-y))
		}
		if d > aimReach {
			continue
		}
		total += value << (aimReach - d)
	}
	return float64(total) / (1 << aimReach)
}

// aimReach is the farthest, in hexes, a stop still counts toward aim.
const aimReach = 6

// hexDistance is the number of steps between two hexes dx, dy apart in
// doubled coordinates.
func hexDistance(l board.Layout, dx, dy int) int {
	dx, dy = abs(dx), abs(dy)
	if l == board.Pointy {
		return dy + max(0, (dx-dy)/2)
	}
	return dx + max(0, (dy-dx)/2)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
