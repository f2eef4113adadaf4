// Package graph computes track connectivity for one corporation: which stops,
// track and hex edges its network reaches from its station tokens. It reads the
// board through the small Board interface and never changes it.
//
// Track is walked one directed path at a time: a path entered at one end leaves
// at the other, so a train never reverses at an edge. An edge end continues onto
// the neighbouring hex's paths on the opposite edge (lanes matching), a junction
// joins all its paths, and a stop (city, town, off-board) is reached and, when
// passable, joins all its paths. A stop is not passable when the arriving path
// is terminal, when it is an off-board, or when it is a city whose slots all hold
// other corporations' tokens. Thin track and terminal stubs into junctions (PNW
// mountain and water edges) are never walked. Slot reservations are not
// modelled: a reserved empty slot counts as empty, as for blocking in 18xx.
package graph

import (
	"cmp"
	"iter"
	"slices"
	"strings"

	"pbc/engine/board"
)

// Board is the read-only view of the board state that Reach walks.
type Board interface {
	// Layout returns the orientation of the hex grid.
	Layout() board.Layout
	// Tile returns the tile on hex and its rotation; ok is false if the map has no such hex.
	Tile(hex string) (t *board.Tile, rotation int, ok bool)
	// Tokens returns the corporation id in each slot of a city node on hex ("" = empty slot).
	Tokens(hex string, node int) []string
	// Impassable reports whether the given map edge of hex is an impassable border.
	Impassable(hex string, edge int) bool
}

// HexBoard is an optional extension of Board. Reach prefers it when the
// board has it: one lookup per hex gives the tile, rotation and impassable
// borders, and a city's slots are checked without building token lists (the
// walk runs on every network question, so the lookups add up).
type HexBoard interface {
	Board
	// HexInfo returns the tile on hex, its rotation and its impassable map
	// edges; ok is false if the map has no such hex.
	HexInfo(hex string) (t *board.Tile, rotation int, walls Edges, ok bool)
	// CityAccess reports whether city node of hex holds one of corp's tokens
	// (beside its slots included) and whether it has an empty slot.
	CityAccess(hex string, node int, corp string) (own, free bool)
}

// NodeRef names a node (a tile part index) on a hex.
type NodeRef struct {
	Hex  string
	Node int
}

// PathRef names a path (an index into the tile's Paths) on a hex.
type PathRef struct {
	Hex  string
	Path int
}

// Edges is a set of map edges 0-5 of one hex.
type Edges uint8

// Has reports whether edge e is in the set.
func (s Edges) Has(e int) bool { return e >= 0 && e < 6 && s&(1<<e) != 0 }

// List returns the edges in the set, ascending.
func (s Edges) List() []int {
	var out []int
	for e := range 6 {
		if s.Has(e) {
			out = append(out, e)
		}
	}
	return out
}

// Result is the network of one corporation as seen by Reach: the stops it
// reaches, the paths it walks and the hex edges its track meets. It is kept
// compact (the hexes met, sorted, and a byte per path and node) because the
// engine walks a network for many actions, and filling three maps each time
// cost more than the walk.
type Result struct {
	hexes []hexResult // sorted by id
	bits  []uint8     // per hex: a byte per path (non-zero: walked), then per node (nodeSeen: reached)
	nodes int
	// Tokenable lists, by hex then node, reached cities with an empty slot in a hex without the corporation's token.
	Tokenable []NodeRef
}

// hexResult is what a Result knows of one hex the walk met.
type hexResult struct {
	id     string
	edges  Edges
	off    int32 // first index in Result.bits
	np, nn int32 // paths and nodes of its tile
}

func (r *Result) hex(id string) *hexResult {
	i, ok := slices.BinarySearchFunc(r.hexes, id, func(h hexResult, id string) int { return strings.Compare(h.id, id) })
	if !ok {
		return nil
	}
	return &r.hexes[i]
}

// HasNode reports whether the network reaches stop n (city, town, off-board),
// start nodes included.
func (r *Result) HasNode(n NodeRef) bool {
	h := r.hex(n.Hex)
	return h != nil && n.Node >= 0 && n.Node < int(h.nn) && r.bits[int(h.off+h.np)+n.Node]&nodeSeen != 0
}

// NodeCount is the number of stops reached.
func (r *Result) NodeCount() int { return r.nodes }

// Nodes yields every stop reached, by hex id then node.
func (r *Result) Nodes() iter.Seq[NodeRef] {
	return func(yield func(NodeRef) bool) {
		for i := range r.hexes {
			h := &r.hexes[i]
			for j := range int(h.nn) {
				if r.bits[int(h.off+h.np)+j]&nodeSeen != 0 && !yield(NodeRef{h.id, j}) {
					return
				}
			}
		}
	}
}

// Edges returns the map edges where the network's track (or a token hex)
// meets hex: where track may be laid. ok is false when there are none.
func (r *Result) Edges(hex string) (e Edges, ok bool) {
	if h := r.hex(hex); h != nil {
		e = h.edges
	}
	return e, e != 0
}

// Touches reports whether the network's track (or a token hex) meets hex.
func (r *Result) Touches(hex string) bool {
	_, ok := r.Edges(hex)
	return ok
}

// HasPath reports whether the network walks path p (a hex's track that the
// corporation's trains can use).
func (r *Result) HasPath(p PathRef) bool {
	h := r.hex(p.Hex)
	return h != nil && p.Path >= 0 && p.Path < int(h.np) && r.bits[int(h.off)+p.Path] != 0
}

// CanToken reports whether the corporation can reach a city where it may place a token.
func (r *Result) CanToken() bool { return len(r.Tokenable) > 0 }

// Reach walks b's track from starts, the nodes holding corp's tokens, ignoring starts that name no node.
func Reach(b Board, corp string, starts []NodeRef) *Result {
	w := getWalker(b, corp)
	defer putWalker(w)
	for _, s := range starts {
		w.start(s)
	}
	w.run()
	r := w.result()
	slices.SortFunc(r.Tokenable, func(a, b NodeRef) int {
		return cmp.Or(cmp.Compare(a.Hex, b.Hex), cmp.Compare(a.Node, b.Node))
	})
	return r
}
