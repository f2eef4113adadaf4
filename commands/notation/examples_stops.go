package notation

import (
	"pbc/engine/board"
	"pbc/engine/title"
)

// Help's run examples name stops by their number within a hex ("M38.2"):
// the hexes cited are the title's own, read off its map.

// stopExamples returns two hexes of t's printed map for help's run
// examples: many, the hex with the most stops (cities and towns), and
// inside, one whose stops are joined by track inside it (a run may go from
// one to the other), else many. Both are "" for a map with no hex of
// several stops.
func stopExamples(t *title.Title) (many, inside string) {
	if t == nil || t.Map == nil {
		return "", ""
	}
	most := 1
	for _, h := range t.Map.Hexes {
		stops := 0
		for _, n := range h.Tile.Nodes {
			if n.Kind != board.Junction {
				stops++
			}
		}
		if stops > most {
			many, most = h.ID, stops
		}
		if inside == "" && stops > 1 && joinedInside(&h.Tile) {
			inside = h.ID
		}
	}
	if inside == "" {
		inside = many
	}
	return many, inside
}

// joinedInside reports whether a path of t joins two of its stops.
func joinedInside(t *board.Tile) bool {
	for _, p := range t.Paths {
		if !p.A.IsEdge() && !p.B.IsEdge() && t.Nodes[p.A.Node].Kind != board.Junction && t.Nodes[p.B.Node].Kind != board.Junction {
			return true
		}
	}
	return false
}
