package board

import "strings"

// Helpers on tile paths and tile ids that the network walkers (graph, route,
// selfplay) and the chat commands share, so they agree on what track trains
// may use and how lanes meet across a hex edge.

// Walkable reports whether trains may use path p of tile t: thin sea lanes
// never join normal track, and a terminal stub into a junction (the PNW
// mountain and water stubs, the 1822CA sea stubs) leads nowhere.
func Walkable(t *Tile, p *Path) bool {
	if p.Thin {
		return false
	}
	if p.Terminal {
		for _, end := range [2]End{p.A, p.B} {
			if !end.IsEdge() && end.Node < len(t.Nodes) && t.Nodes[end.Node].Kind == Junction {
				return false
			}
		}
	}
	return true
}

// Lane is where a path end sits on a hex edge: the edge's lane count and the
// lane used (0 for a single-lane edge).
type Lane struct{ Width, Index int }

// LaneAt returns the lane of the path's end 0 (A) or 1 (B).
func (p *Path) LaneAt(end int) Lane {
	if p.Lanes <= 1 {
		return Lane{1, 0}
	}
	w := p.Width[end]
	if w == 0 {
		w = p.Lanes
	}
	return Lane{w, p.Lane[end]}
}

// Joins reports whether facing path ends on either side of a hex edge meet:
// lanes count in opposite directions on the two sides, and a narrower side
// lines up with the middle of a wider one.
func (a Lane) Joins(b Lane) bool {
	if a.Width > b.Width {
		a, b = b, a
	}
	return a.Index+(b.Width-a.Width)/2 == b.Width-1-b.Index
}

// TileName is the tile a laid tile's id names, without its copy index: "57-3"
// is tile 57 and "DD-Q19-0" tile DD-Q19; an id without a numeric copy index
// ("57", "DD-Q19") is returned as it is.
func TileName(id string) string {
	i := strings.LastIndexByte(id, '-')
	if i <= 0 || i == len(id)-1 {
		return id
	}
	for _, c := range id[i+1:] {
		if c < '0' || c > '9' {
			return id
		}
	}
	return id[:i]
}
