package route

import (
	"slices"
	"sync"

	"pbc/engine/board"
	"pbc/engine/graph"
)

// view caches what the rules look up on the board.
type view struct {
	in     *Input
	layout board.Layout
	// The first fewHexes hexes looked up are found by their packed ids in
	// few (checking a run meets a handful: a map of them cost more than
	// the check); once it is full, or for an id too long to pack, hexes
	// holds every hex looked up.
	fewKeys [fewHexes]uint64
	few     [fewHexes]*hexView
	nfew    int
	hexes   map[string]*hexView
	block   []hexView // where hex views are made, many at a time
	// walkSteps is the walks' scratch path; arena is where the chains
	// found keep their steps, many to an allocation.
	walkSteps []Step
	arena     []Step
}

// Steps are kept in chunks of stepChunk; a longer list gets its own.
const stepChunk = 128

// keep returns a copy of steps in the view's arena (appending to it copies).
func (v *view) keep(steps []Step) []Step {
	if len(steps) > stepChunk/4 {
		return slices.Clone(steps)
	}
	if cap(v.arena)-len(v.arena) < len(steps) {
		v.arena = make([]Step, 0, stepChunk)
	}
	n := len(v.arena)
	v.arena = append(v.arena, steps...)
	return v.arena[n:len(v.arena):len(v.arena)]
}

// hexView is one hex as the rules see it.
type hexView struct {
	id   string
	t    *board.Tile // nil when the hex is not on the map
	rot  int
	idx  int         // order of the first look-up in the view
	nb   [6]*hexView // neighbour across each map edge, nil when none or impassable
	done uint8       // bit e set once nb[e] is known
	ids  *[6]string  // ids of the hexes around, once looked up
}

const fewHexes = 32

func newView(in *Input) *view {
	return &view{in: in, layout: in.Board.Layout()}
}

// views holds views whose runs are dropped, to reuse their hex views, steps
// and scratch (checking a turn's runs allocated most of a replay's memory).
var views = sync.Pool{New: func() any { return new(view) }}

// getView returns a view of in from the pool; the caller keeps nothing the
// view made (runs, chains, hex views) past putView.
func getView(in *Input) *view {
	v := views.Get().(*view)
	v.in, v.layout = in, in.Board.Layout()
	return v
}

// putView empties v, keeping its memory, and pools it.
func putView(v *view) {
	clear(v.few[:v.nfew])
	v.in, v.nfew, v.hexes = nil, 0, nil
	v.block, v.arena, v.walkSteps = v.block[:0], v.arena[:0], v.walkSteps[:0]
	views.Put(v)
}

// packID packs an id of at most 7 bytes into a number no other id packs to.
func packID(id string) (uint64, bool) {
	if len(id) > 7 {
		return 0, false
	}
	k := uint64(len(id))
	for i := 0; i < len(id); i++ {
		k = k<<8 | uint64(id[i])
	}
	return k, true
}

// hex returns the view of hex id (its tile nil when the map has no such hex).
func (v *view) hex(id string) *hexView {
	key, packed := packID(id)
	if v.hexes == nil && packed {
		for i, k := range v.fewKeys[:v.nfew] {
			if k == key {
				return v.few[i]
			}
		}
	} else if h, ok := v.hexes[id]; ok {
		return h
	}
	if len(v.block) == cap(v.block) {
		v.block = make([]hexView, 0, 16)
	}
	v.block = append(v.block, hexView{id: id, idx: v.nfew + len(v.hexes)})
	h := &v.block[len(v.block)-1]
	if t, rot, ok := v.in.Board.Tile(id); ok && t != nil {
		h.t, h.rot = t, ((rot%6)+6)%6
	}
	switch {
	case v.hexes == nil && packed && v.nfew < fewHexes:
		v.fewKeys[v.nfew], v.few[v.nfew] = key, h
		v.nfew++
	default:
		if v.hexes == nil {
			v.hexes = make(map[string]*hexView, 2*fewHexes)
			for _, f := range v.few[:v.nfew] {
				v.hexes[f.id] = f
			}
			v.nfew = 0
		}
		v.hexes[id] = h
	}
	return h
}

// neighbor returns the hex across map edge e of h that track may cross to.
func (v *view) neighbor(h *hexView, e int) *hexView {
	if h.done&(1<<e) != 0 {
		return h.nb[e]
	}
	h.done |= 1 << e
	id := v.neighborID(h, e)
	if id == "" || v.in.Board.Impassable(h.id, e) || v.in.Board.Impassable(id, (e+3)%6) {
		return nil
	}
	if n := v.hex(id); n.t != nil {
		h.nb[e] = n
	}
	return h.nb[e]
}

// neighborID is the id of the hex across map edge e of h ("" if none).
func (v *view) neighborID(h *hexView, e int) string {
	if h.ids == nil {
		h.ids = board.Neighbors(v.layout, h.id)
	}
	return h.ids[e]
}

// node returns the tile node named by r, or nil.
func (v *view) node(r graph.NodeRef) *board.Node {
	h := v.hex(r.Hex)
	if h.t == nil || r.Node < 0 || r.Node >= len(h.t.Nodes) {
		return nil
	}
	return &h.t.Nodes[r.Node]
}

// ends returns the ends of a step's path in walking order.
func ends(p *board.Path, rev bool) (from, to board.End) {
	if rev {
		return p.B, p.A
	}
	return p.A, p.B
}

// chain is one way of joining two stops along track: the paths from a to b.
type chain struct {
	a, b  graph.NodeRef
	steps []Step
	rev   []Step // steps walked from b to a, once asked for
}

// chains lists every chain whose hexes are exactly seg, shortest first.
func (v *view) chains(seg []Hop) []chain {
	first := v.hex(seg[0].Hex)
	if first.t == nil {
		return nil
	}
	var out []chain
	if len(seg) == 1 && seg[0].A >= 0 {
		// "H19 0.1": a path joining two nodes of one tile.
		for i := range first.t.Paths {
			p := &first.t.Paths[i]
			if !board.Walkable(first.t, p) || p.A.IsEdge() || p.B.IsEdge() {
				continue
			}
			a, b := seg[0].A, seg[0].B
			if (p.A.Node == a && p.B.Node == b) || (p.A.Node == b && p.B.Node == a) {
				out = append(out, chain{
					a:     graph.NodeRef{Hex: first.id, Node: a},
					b:     graph.NodeRef{Hex: first.id, Node: b},
					steps: []Step{{Hex: first.id, Path: i, Rev: p.A.Node != a}},
				})
			}
		}
		return out
	}
	w := walk{v: v, seg: seg, out: &out, steps: v.walkSteps[:0]}
	defer func() { v.walkSteps = w.steps[:0] }()
	for n, node := range first.t.Nodes {
		if node.Kind == board.Junction {
			continue
		}
		w.start = graph.NodeRef{Hex: first.id, Node: n}
		for i := range first.t.Paths {
			p := &first.t.Paths[i]
			if !board.Walkable(first.t, p) {
				continue
			}
			if !p.A.IsEdge() && p.A.Node == n {
				w.step(first, i, false, 1)
			}
			if !p.B.IsEdge() && p.B.Node == n {
				w.step(first, i, true, 1)
			}
		}
	}
	slices.SortStableFunc(out, func(x, y chain) int { return len(x.steps) - len(y.steps) })
	return out
}

// walk is the depth-first search of chains matching one segment.
type walk struct {
	v     *view
	seg   []Hop
	start graph.NodeRef
	steps []Step
	out   *[]chain
}

// used reports whether the search already walked path pi of hex h.
func (w *walk) used(h string, pi int) bool {
	for _, s := range w.steps {
		if s.Path == pi && s.Hex == h {
			return true
		}
	}
	return false
}

// step walks path pi of h (from B to A if rev), having matched i hexes of the segment.
func (w *walk) step(h *hexView, pi int, rev bool, i int) {
	if w.used(h.id, pi) {
		return
	}
	w.steps = append(w.steps, Step{Hex: h.id, Path: pi, Rev: rev})
	defer func() { w.steps = w.steps[:len(w.steps)-1] }()
	p := &h.t.Paths[pi]
	_, far := ends(p, rev)
	switch {
	case far.IsEdge():
		if i >= len(w.seg) {
			return
		}
		e := (far.Edge + h.rot) % 6
		if w.v.neighborID(h, e) != w.seg[i].Hex {
			return // not the segment's next hex: no need to look at it
		}
		n := w.v.neighbor(h, e)
		if n == nil {
			return
		}
		out := p.LaneAt(endIndex(rev, true))
		back := (e + 3) % 6
		for qi := range n.t.Paths {
			q := &n.t.Paths[qi]
			if !board.Walkable(n.t, q) {
				continue
			}
			if q.A.IsEdge() && (q.A.Edge+n.rot)%6 == back && out.Joins(q.LaneAt(0)) {
				w.step(n, qi, false, i+1)
			}
			if q.B.IsEdge() && (q.B.Edge+n.rot)%6 == back && out.Joins(q.LaneAt(1)) {
				w.step(n, qi, true, i+1)
			}
		}
	case far.Node < 0 || far.Node >= len(h.t.Nodes):
	case h.t.Nodes[far.Node].Kind == board.Junction:
		// A junction joins its paths; the hex was matched on the way in.
		for qi := range h.t.Paths {
			q := &h.t.Paths[qi]
			if qi == pi || !board.Walkable(h.t, q) {
				continue
			}
			if !q.A.IsEdge() && q.A.Node == far.Node {
				w.step(h, qi, false, i)
			}
			if !q.B.IsEdge() && q.B.Node == far.Node {
				w.step(h, qi, true, i)
			}
		}
	default:
		end := graph.NodeRef{Hex: h.id, Node: far.Node}
		if i == len(w.seg) && end != w.start {
			*w.out = append(*w.out, chain{a: w.start, b: end, steps: w.v.keep(w.steps)})
		}
	}
}

// endIndex is the index (0 = A, 1 = B) of a step's entry end, or of its far
// end when far is set.
func endIndex(rev, far bool) int {
	if rev != far {
		return 1
	}
	return 0
}

// maxTracings bounds the tracings of one route compared to pick the best.
const maxTracings = 256

// Trace turns each route into a Run: it finds the stops and track its
// segments name on the board. A route whose segments match no track, or no
// connected sequence of stops, is an error.
func Trace(in *Input, routes []Route) ([]Run, error) {
	return newView(in).traceAll(routes)
}

// traceAll is Trace on the view v.
func (v *view) traceAll(routes []Route) ([]Run, error) {
	runs := make([]Run, len(routes))
	var usedBy [2][]Step // paths of the runs traced so far, by E-train (1) or not
	for i, r := range routes {
		key := 0
		if v.isExpress(r.Train) {
			key = 1
		}
		run, err := v.trace(i, r, usedBy[key])
		if err != nil {
			return nil, err
		}
		runs[i] = run
		for _, leg := range run.Legs {
			for _, s := range leg {
				if k := (Step{Hex: s.Hex, Path: s.Path}); !slices.Contains(usedBy[key], k) {
					usedBy[key] = append(usedBy[key], k)
				}
			}
		}
	}
	return runs, nil
}

// isExpress reports whether the train with id runs as an E-train.
func (v *view) isExpress(id string) bool {
	for i := range v.in.Trains {
		if v.in.Trains[i].ID == id {
			return v.in.Trains[i].express()
		}
	}
	return false
}

// trace finds the run of route r (the i-th submitted). Among several valid
// tracings it prefers one sharing no track with the runs traced before it
// (others), then one through the recorded stops, then one starting or ending
// at the corporation's token, then the first found.
func (v *view) trace(i int, r Route, others []Step) (Run, error) {
	run := Run{Train: r.Train, Bare: r.Bare}
	if r.Local != "" {
		h := v.hex(r.Local)
		if h.t != nil {
			// The recorded stop says which city of a hex of several the
			// local train ran from (two local trains may run from two).
			for _, ref := range r.Nodes {
				if ref.Hex == h.id && ref.Node < len(h.t.Nodes) &&
					h.t.Nodes[ref.Node].Kind == board.City && v.countsToken(ref) {
					run.Stops = []graph.NodeRef{ref}
					return run, nil
				}
			}
			for n := range h.t.Nodes {
				ref := graph.NodeRef{Hex: h.id, Node: n}
				if h.t.Nodes[n].Kind == board.City && v.countsToken(ref) {
					run.Stops = []graph.NodeRef{ref}
					return run, nil
				}
			}
		}
		return run, routeErr(i, r.Train, "no station of %s in %s for a local run", v.in.Corp, r.Local)
	}
	if len(r.Segments) == 0 {
		return run, nil
	}
	cands := make([][]chain, len(r.Segments))
	for k, seg := range r.Segments {
		cands[k] = v.chains(seg)
		if len(cands[k]) == 0 {
			return run, routeErr(i, r.Train, "no track joins two stops along %s", hopsString(seg))
		}
	}
	s := search{v: v, r: &r, cands: cands, others: others, bestScore: -1,
		stops: make([]graph.NodeRef, 0, len(cands)+1), legs: make([][]Step, 0, len(cands))}
	s.extend(0)
	if s.best == nil {
		return run, routeErr(i, r.Train, "its segments do not join up into one route")
	}
	run.Stops, run.Legs = s.best.stops, s.best.legs
	return run, nil
}

func hopsString(seg []Hop) string {
	s := ""
	for k, h := range seg {
		if k > 0 {
			s += "-"
		}
		s += h.Hex
	}
	return s
}

// tracing is one candidate run: stops and legs.
type tracing struct {
	stops []graph.NodeRef
	legs  [][]Step
}

// search enumerates the ways of chaining one candidate per segment.
type search struct {
	v         *view
	r         *Route
	cands     [][]chain
	others    []Step // paths of earlier runs (Rev unset), each once
	stops     []graph.NodeRef
	legs      [][]Step
	found     int
	best      *tracing
	bestScore int
}

// extend picks a chain for segment k, the stops so far being s.stops.
func (s *search) extend(k int) {
	if s.found >= maxTracings {
		return
	}
	if k == len(s.cands) {
		s.found++
		if sc := s.score(); sc > s.bestScore {
			s.bestScore = sc
			if s.best == nil {
				s.best = &tracing{}
			}
			s.best.stops = append(s.best.stops[:0], s.stops...)
			s.best.legs = append(s.best.legs[:0], s.legs...)
		}
		return
	}
	for j := range s.cands[k] {
		c := &s.cands[k][j]
		if s.clashes(c.steps) {
			continue
		}
		switch {
		case k == 0 && len(s.cands) == 1:
			s.try(k, []graph.NodeRef{c.a, c.b}, c.steps)
		case k == 0:
			s.try(k, []graph.NodeRef{c.a, c.b}, c.steps)
			s.try(k, []graph.NodeRef{c.b, c.a}, s.reversed(c))
		case c.a == s.stops[len(s.stops)-1]:
			s.try(k, []graph.NodeRef{c.b}, c.steps)
		case c.b == s.stops[len(s.stops)-1]:
			s.try(k, []graph.NodeRef{c.a}, s.reversed(c))
		}
	}
}

// try adds stops and a leg, searches on, and takes them back.
func (s *search) try(k int, stops []graph.NodeRef, leg []Step) {
	n := len(s.stops)
	s.stops = append(s.stops, stops...)
	s.legs = append(s.legs, leg)
	s.extend(k + 1)
	s.stops = s.stops[:n]
	s.legs = s.legs[:len(s.legs)-1]
}

// clashes reports whether steps reuse a path of the legs chosen so far.
func (s *search) clashes(steps []Step) bool {
	for _, leg := range s.legs {
		for _, a := range leg {
			for _, b := range steps {
				if a.Hex == b.Hex && a.Path == b.Path {
					return true
				}
			}
		}
	}
	return false
}

// score ranks a complete tracing (higher is better).
func (s *search) score() int {
	free := 1
	for _, leg := range s.legs {
		for _, st := range leg {
			if slices.Contains(s.others, Step{Hex: st.Hex, Path: st.Path}) {
				free = 0
			}
		}
	}
	recorded := 0
	for _, n := range s.stops {
		if slices.Contains(s.r.Nodes, n) {
			recorded++
		}
	}
	tokened := 0
	for _, n := range s.stops {
		if s.v.countsToken(n) {
			tokened = 1
			break
		}
	}
	return free*10000 + recorded*10 + tokened
}

// reversed returns c's steps walked the other way.
func (s *search) reversed(c *chain) []Step {
	if c.rev == nil {
		c.rev = reverseInto(s.v.keep(c.steps), c.steps)
	}
	return c.rev
}

// reversed returns the steps walked the other way.
func reversed(steps []Step) []Step { return reverseInto(make([]Step, len(steps)), steps) }

// reverseInto writes steps walked the other way into out (of their length).
func reverseInto(out, steps []Step) []Step {
	for i, s := range steps {
		s.Rev = !s.Rev
		out[len(steps)-1-i] = s
	}
	return out
}
