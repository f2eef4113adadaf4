package resolve

import (
	"pbc/engine"
	"pbc/engine/board"
)

// A route typed by its stops leaves the track between them to be found: a
// walk along the tiles' paths from one stop to the next, passing junctions
// but no other stop, as 18xx.games records a route segment (the hexes
// traversed, both end hexes included).

// segment is one way from a stop to the next.
type segment struct {
	hexes     []string // hexes traversed, in order, ends included
	startNode int      // node index of the stop left
	end       int      // node index of the stop reached
}

// walkLimits bound a search for segments between two stops.
const (
	maxSegHexes   = 24   // hexes in one segment
	maxSegResults = 8    // ways found between two stops
	maxSegSteps   = 4000 // paths followed in one search
)

// walker finds segments on the board as it is now.
type walker struct {
	b      *engine.BoardState
	layout board.Layout
	// target is the stop hex and node (-1: any stop of the hex).
	target     string
	targetNode int
	// chain, when set, is the exact list of hexes the segment must follow.
	chain []string
	found []segment
	steps int
	seen  map[pathKey]bool
	hexes []string
}

// pathKey is one path of one hex.
type pathKey struct {
	hex  string
	path int
}

// segments lists the ways from node from of hex a to hex b (node to, or any
// stop of b when to < 0), optionally along exactly the hexes of chain.
func segments(b *engine.BoardState, a string, from int, target string, to int, chain []string) []segment {
	w := &walker{b: b, layout: b.Map.Layout, target: target, targetNode: to, chain: chain, seen: map[pathKey]bool{}}
	h := b.Hex(a)
	if h == nil || from < 0 || from >= len(h.Tile.Nodes) {
		return nil
	}
	if len(chain) > 0 && chain[0] != a {
		return nil
	}
	w.hexes = []string{a}
	for i := range h.Tile.Paths {
		p := &h.Tile.Paths[i]
		if !board.Walkable(h.Tile, p) {
			continue
		}
		switch {
		case p.A.Node == from && !p.A.IsEdge():
			w.follow(h, i, p.B)
		case p.B.Node == from && !p.B.IsEdge():
			w.follow(h, i, p.A)
		}
	}
	return w.found
}

// follow continues along path i of h, leaving it by end out.
func (w *walker) follow(h *engine.HexState, i int, out board.End) {
	key := pathKey{h.Def.ID, i}
	if w.seen[key] || len(w.found) >= maxSegResults || w.steps >= maxSegSteps {
		return
	}
	w.steps++
	w.seen[key] = true
	defer delete(w.seen, key)
	if out.IsEdge() {
		w.cross(h, (out.Edge+h.Rotation)%6)
		return
	}
	n := h.Tile.Nodes[out.Node]
	if n.Kind == board.Junction {
		w.fanOut(h, out.Node, i)
		return
	}
	if h.Def.ID == w.target && (w.targetNode < 0 || w.targetNode == out.Node) && w.chainDone() {
		w.found = append(w.found, segment{hexes: append([]string(nil), w.hexes...), end: out.Node})
	}
}

// fanOut leaves junction node of h by every path but the arriving one.
func (w *walker) fanOut(h *engine.HexState, node, arriving int) {
	for j := range h.Tile.Paths {
		p := &h.Tile.Paths[j]
		if j == arriving || !board.Walkable(h.Tile, p) {
			continue
		}
		switch {
		case !p.A.IsEdge() && p.A.Node == node:
			w.follow(h, j, p.B)
		case !p.B.IsEdge() && p.B.Node == node:
			w.follow(h, j, p.A)
		}
	}
}

// chainDone reports whether the walk has followed all of a given chain.
func (w *walker) chainDone() bool { return w.chain == nil || len(w.hexes) == len(w.chain) }

// cross leaves h by map edge e into the neighbouring hex.
func (w *walker) cross(h *engine.HexState, e int) {
	for _, bd := range h.Def.Borders {
		if bd.Edge == e && bd.Kind == board.Impassable {
			return
		}
	}
	next := w.b.Hex(board.Neighbors(w.layout, h.Def.ID)[e])
	if next == nil || len(w.hexes) >= maxSegHexes {
		return
	}
	if w.chain != nil && (len(w.hexes) >= len(w.chain) || w.chain[len(w.hexes)] != next.Def.ID) {
		return
	}
	w.hexes = append(w.hexes, next.Def.ID)
	defer func() { w.hexes = w.hexes[:len(w.hexes)-1] }()
	in := ((e+3)%6 - next.Rotation + 6) % 6
	for j := range next.Tile.Paths {
		p := &next.Tile.Paths[j]
		if !board.Walkable(next.Tile, p) {
			continue
		}
		switch {
		case p.A.IsEdge() && p.A.Edge == in:
			w.follow(next, j, p.B)
		case p.B.IsEdge() && p.B.Edge == in:
			w.follow(next, j, p.A)
		}
	}
}
