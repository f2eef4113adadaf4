package graph

import (
	"slices"
	"strings"
	"sync"

	"pbc/engine/board"
)

// Link values of a hex edge that has no usable neighbour, or one not looked up yet.
const (
	noLink      int32 = -1
	unknownLink int32 = -2
)

// Bits of the walker's per-path and per-node state.
const (
	walkedFromA uint8 = 1 << iota // path walked entering at A
	walkedFromB                   // path walked entering at B
)

const (
	nodeSeen     uint8 = 1 << iota // node reached and classified
	nodePassable                   // tokens let the corporation pass through
)

// hexState is what the walker knows of one hex it has looked at.
type hexState struct {
	id    string
	tile  *board.Tile // nil when the hex is not on the map
	rot   int
	off   int        // first index in walker.bits: len(Paths) path bytes, then len(Nodes) node bytes
	link  [6]int32   // neighbouring hexState index across each map edge
	walls Edges      // impassable map edges
	edges Edges      // map edges where the network meets the hex (Result.Hexes)
	nbrs  *[6]string // neighbouring hex ids, looked up on first use
}

// step is a directed walk of one path: entered at end from (0 = A, 1 = B).
type step struct {
	hex  int32
	path int32
	from int8
}

// walker is the scratch state of one Reach call. Walkers are pooled: a walk
// runs for many actions, and allocating its scratch afresh each time cost
// about as much as the walk itself.
type walker struct {
	b         Board
	hb        HexBoard // b, when it implements HexBoard
	corp      string
	layout    board.Layout
	index     map[string]int32 // hex id -> position in hexes
	hexes     []hexState
	bits      []uint8
	stack     []step
	tokenable []NodeRef
}

var walkers = sync.Pool{New: func() any {
	return &walker{
		index: make(map[string]int32, 64),
		hexes: make([]hexState, 0, 64),
		bits:  make([]uint8, 0, 512),
		stack: make([]step, 0, 64),
	}
}}

func getWalker(b Board, corp string) *walker {
	w := walkers.Get().(*walker)
	w.b, w.corp, w.layout = b, corp, b.Layout()
	w.hb, _ = b.(HexBoard)
	return w
}

// putWalker empties w, dropping its references to the board, and pools it.
func putWalker(w *walker) {
	clear(w.index)
	clear(w.hexes)
	w.hexes, w.bits, w.stack, w.tokenable = w.hexes[:0], w.bits[:0], w.stack[:0], w.tokenable[:0]
	w.b, w.hb = nil, nil
	walkers.Put(w)
}

// result copies what the walk found into a fresh Result: the hexes it
// reached or whose edges its track meets, sorted by id.
func (w *walker) result() *Result {
	n, nb := 0, 0
	for i := range w.hexes {
		if hs := &w.hexes[i]; w.reached(hs) {
			n++
			nb += len(w.hexBits(hs))
		}
	}
	r := &Result{hexes: make([]hexResult, 0, n), bits: make([]uint8, 0, nb)}
	for i := range w.hexes {
		hs := &w.hexes[i]
		if !w.reached(hs) {
			continue
		}
		h := hexResult{id: hs.id, edges: hs.edges, off: int32(len(r.bits))}
		if hs.tile != nil {
			h.np, h.nn = int32(len(hs.tile.Paths)), int32(len(hs.tile.Nodes))
			bits := w.hexBits(hs)
			r.bits = append(r.bits, bits...)
			for _, b := range bits[h.np:] {
				if b&nodeSeen != 0 {
					r.nodes++
				}
			}
		}
		r.hexes = append(r.hexes, h)
	}
	slices.SortFunc(r.hexes, func(a, b hexResult) int { return strings.Compare(a.id, b.id) })
	if len(w.tokenable) > 0 {
		r.Tokenable = slices.Clone(w.tokenable)
	}
	return r
}

// hexBits is the hex's path and node bytes.
func (w *walker) hexBits(hs *hexState) []uint8 {
	if hs.tile == nil {
		return nil
	}
	return w.bits[hs.off : hs.off+len(hs.tile.Paths)+len(hs.tile.Nodes)]
}

// reached reports whether the walk met the hex: track meets one of its
// edges, or a path or node of it was walked.
func (w *walker) reached(hs *hexState) bool {
	return hs.edges != 0 || slices.ContainsFunc(w.hexBits(hs), func(b uint8) bool { return b != 0 })
}

// state returns the index of the hex's state, looking the hex up on first use.
func (w *walker) state(id string) int32 {
	if i, ok := w.index[id]; ok {
		return i
	}
	i := int32(len(w.hexes))
	w.index[id] = i
	h := hexState{id: id, off: len(w.bits)}
	for e := range h.link {
		h.link[e] = unknownLink
	}
	var t *board.Tile
	var rot int
	var ok bool
	if w.hb != nil {
		t, rot, h.walls, ok = w.hb.HexInfo(id)
	} else if t, rot, ok = w.b.Tile(id); ok {
		for e := range 6 {
			if w.b.Impassable(id, e) {
				h.walls |= 1 << e
			}
		}
	}
	if ok {
		if t == nil {
			t = &board.Tile{}
		}
		h.tile, h.rot = t, ((rot%6)+6)%6
		n := len(t.Paths) + len(t.Nodes)
		w.bits = slices.Grow(w.bits, n)[:len(w.bits)+n]
		clear(w.bits[h.off:])
	}
	w.hexes = append(w.hexes, h)
	return i
}

// link returns the hex across map edge e of hex h that track may reach, or noLink:
// none when the neighbour is off the map, an impassable border lies between, or
// the neighbour is a gray, red or blue hex with no track facing h.
func (w *walker) link(h int32, e int) int32 {
	if l := w.hexes[h].link[e]; l != unknownLink {
		return l
	}
	l := noLink
	hs := &w.hexes[h]
	if hs.nbrs == nil {
		hs.nbrs = board.Neighbors(w.layout, hs.id)
	}
	back := (e + 3) % 6
	if nid := hs.nbrs[e]; nid != "" {
		walled := hs.walls.Has(e)
		n := w.state(nid) // may move w.hexes: hs is stale from here
		nt := w.hexes[n].tile
		switch {
		case nt == nil, walled, w.hexes[n].walls.Has(back):
		case (nt.Color == board.Gray || nt.Color == board.Red || nt.Color == board.Blue) &&
			!facing(nt, w.hexes[n].rot, back):
		default:
			l = n
		}
	}
	w.hexes[h].link[e] = l
	return l
}

// facing reports whether the tile laid at rotation rot has track on map edge e.
func facing(t *board.Tile, rot, e int) bool {
	for i := range t.Paths {
		for _, end := range [2]board.End{t.Paths[i].A, t.Paths[i].B} {
			if end.IsEdge() && (end.Edge+rot)%6 == e {
				return true
			}
		}
	}
	return false
}

// start seeds the walk from a token node: the node is reached, its hex is
// connected on every edge and all its paths are walked outwards.
func (w *walker) start(s NodeRef) {
	h := w.state(s.Hex)
	t := w.hexes[h].tile
	if t == nil || s.Node < 0 || s.Node >= len(t.Nodes) {
		return
	}
	w.visit(h, s.Node)
	for e := range 6 {
		if w.link(h, e) != noLink {
			w.hexes[h].edges |= 1 << e
		}
	}
	w.leave(h, s.Node, -1)
}

// leave pushes every walkable path of hex h with an end at node n, except
// path skip and the paths no network leaves a node by.
func (w *walker) leave(h int32, n, skip int) {
	t := w.hexes[h].tile
	for i := range t.Paths {
		p := &t.Paths[i]
		if i == skip || p.Ignored || !board.Walkable(t, p) {
			continue
		}
		if !p.A.IsEdge() && p.A.Node == n {
			w.stack = append(w.stack, step{h, int32(i), 0})
		}
		if !p.B.IsEdge() && p.B.Node == n {
			w.stack = append(w.stack, step{h, int32(i), 1})
		}
	}
}

// run walks until no step is left.
func (w *walker) run() {
	for len(w.stack) > 0 {
		s := w.stack[len(w.stack)-1]
		w.stack = w.stack[:len(w.stack)-1]
		w.walk(s)
	}
}

// walk takes one directed step along a path and pushes what lies beyond its far end.
func (w *walker) walk(s step) {
	hs := &w.hexes[s.hex]
	t, rot := hs.tile, hs.rot
	p := &t.Paths[s.path]
	bit := walkedFromA << s.from
	pb := &w.bits[hs.off+int(s.path)]
	if *pb&bit != 0 {
		return
	}
	first := *pb == 0
	*pb |= bit
	if first {
		w.record(s.hex, int(s.path))
	}
	far := p.B
	if s.from == 1 {
		far = p.A
	}
	if far.IsEdge() {
		w.cross(s.hex, (far.Edge+rot)%6, p.LaneAt(1-int(s.from)))
		return
	}
	n := far.Node
	if n < 0 || n >= len(t.Nodes) {
		return
	}
	if t.Nodes[n].Kind != board.Junction {
		if !w.visit(s.hex, n) || p.Terminal || t.Nodes[n].Kind == board.Offboard {
			return
		}
	}
	w.leave(s.hex, n, int(s.path))
}

// record adds the hex edges a newly walked path touches to the result (the
// path itself is in w.bits).
func (w *walker) record(h int32, pi int) {
	t, rot := w.hexes[h].tile, w.hexes[h].rot
	p := &t.Paths[pi]
	for _, end := range [2]board.End{p.A, p.B} {
		if !end.IsEdge() {
			continue
		}
		e := (end.Edge + rot) % 6
		w.hexes[h].edges |= 1 << e
		if l := w.link(h, e); l != noLink {
			w.hexes[l].edges |= 1 << ((e + 3) % 6)
		}
	}
}

// cross pushes the neighbour's paths that meet map edge e of hex h in a matching lane.
func (w *walker) cross(h int32, e int, out board.Lane) {
	l := w.link(h, e)
	if l == noLink {
		return
	}
	ns := &w.hexes[l]
	t, rot := ns.tile, ns.rot
	back := (e + 3) % 6
	for i := range t.Paths {
		q := &t.Paths[i]
		if !board.Walkable(t, q) {
			continue
		}
		for j, end := range [2]board.End{q.A, q.B} {
			if end.IsEdge() && (end.Edge+rot)%6 == back && out.Joins(q.LaneAt(j)) {
				w.stack = append(w.stack, step{l, int32(i), int8(j)})
			}
		}
	}
}

// visit marks stop n of hex h reached and reports whether the corporation may
// pass through it (a city needs an empty slot or one of its tokens).
func (w *walker) visit(h int32, n int) bool {
	hs := &w.hexes[h]
	nb := &w.bits[hs.off+len(hs.tile.Paths)+n]
	if *nb&nodeSeen != 0 {
		return *nb&nodePassable != 0
	}
	*nb |= nodeSeen
	if hs.tile.Nodes[n].Kind != board.City {
		*nb |= nodePassable
		return true
	}
	own, free := w.access(hs.id, n)
	if own || free {
		*nb |= nodePassable
	}
	if free && !own && !w.hexTokened(hs) {
		w.tokenable = append(w.tokenable, NodeRef{hs.id, n})
	}
	return own || free
}

// access reports whether city n of hex holds one of the corporation's tokens
// and whether it has an empty slot.
func (w *walker) access(hex string, n int) (own, free bool) {
	if w.hb != nil {
		return w.hb.CityAccess(hex, n, w.corp)
	}
	toks := w.b.Tokens(hex, n)
	return slices.Contains(toks, w.corp), slices.Contains(toks, "")
}

// hexTokened reports whether any city of the hex holds one of the corporation's tokens.
func (w *walker) hexTokened(hs *hexState) bool {
	for i, n := range hs.tile.Nodes {
		if n.Kind != board.City {
			continue
		}
		if own, _ := w.access(hs.id, i); own {
			return true
		}
	}
	return false
}
