package route

import (
	"slices"

	"pbc/engine/board"
	"pbc/engine/graph"
)

// network is the track the auto-router searches: every stop a run of the
// operating corporation can visit and the links joining them. A link is one
// way of walking from a stop to the next along track (hex edges and
// junctions, never past another stop): exactly what one leg of a Run is. Each
// link is listed from both of its ends.
type network struct {
	v      *view
	stops  []netStop
	stopAt map[graph.NodeRef]int32
	links  []netLink
	nkeys  int // edge-lane keys in use: the unit of shared track
	keyAt  map[[2]int32]int32
	hexes  []netHex // hexes whose track or stops the links use
	hexAt  map[*hexView]int32
	groups map[string]int32
	tokens []int32 // stops holding a station token that counts for routes
	// linkBits holds each link's keys as a bitset, (nkeys+63)/64 words a link.
	linkBits []uint64
	// repKeys has one key of each set of keys the same links use: two runs
	// share track if and only if they share one of these.
	repKeys bitset

	millToken bool // the corporation has a token in the Paper Mill hex's first city
	destValue int  // the destination city's value
	// port and far are the crossing's two stops (-1 when not in the
	// network); portToken: the corporation has a token in the port.
	port, far int32
	portToken bool
	// banned are map edges no link may use (see Best and OneTrackOf).
	banned []hexEdge
}

// hexEdge is a map edge of a hex.
type hexEdge struct {
	hex  string
	edge int
}

// netStop is one stop of the network.
type netStop struct {
	ref       graph.NodeRef
	node      *board.Node
	hex       int32
	kind      stopKind // city, town or off-board
	cost      int      // what it counts against a train's distance
	value     int      // its printed value in the current phase
	evalue    int      // what it pays an E-train: twice the value of a tokened city (see expressValue), else 0
	group     int32    // city group index, -1 for none
	token     bool     // a city holding one of the corporation's counting tokens
	blocked   bool     // filled with other corporations' tokens: an end only
	forbidden bool     // visit cost 99: no train may enter it
	corpSlot  bool     // the corporation's token is in one of its slots (any kind)
	links     []int32  // links leaving it
	bundles   []bundle // the same, grouped into links a run uses alike
}

// netHex is a hex with the bonus marks the router needs.
type netHex struct {
	hv                              *hexView
	timber, ski, portage, mill, saw bool
	double, elevator, east, west    bool
}

// netLink is a chain of tile paths from one stop to another.
type netLink struct {
	from, to  int32
	toRef     graph.NodeRef // the far stop, while the network is built
	steps     []Step
	keys      []int32 // edge-lane keys it uses, no repeats
	hexes     []int32 // hexes of its steps, once each
	termFirst bool    // its first path is terminal
	termLast  bool    // its last path is terminal
	// ignFirst: its first path leaves the stop it starts at along track no
	// network leaves a node by (board.Path.Ignored); ignLast: its last
	// path arrives along such track.
	ignFirst, ignLast bool
}

// single reports whether the link is one tile path.
func (l *netLink) single() bool { return len(l.steps) == 1 }

// buildNetwork collects the stops reachable from the corporation's counting
// stations, through stops a run may pass, and the links between them.
func buildNetwork(v *view, banned ...hexEdge) *network {
	n := &network{
		v:      v,
		banned: banned,
		stopAt: make(map[graph.NodeRef]int32, 64),
		keyAt:  make(map[[2]int32]int32, 256),
		hexAt:  make(map[*hexView]int32, 64),
		groups: map[string]int32{},
	}
	for _, t := range v.in.Tokens {
		if t.Kind == CoalToken {
			continue
		}
		if nd := v.node(t.At); nd != nil && nd.Kind == board.City {
			n.addStop(t.At)
		}
	}
	b := chainBuilder{n: n}
	for i := int32(0); int(i) < len(n.stops); i++ {
		b.linksFrom(i)
		if s := &n.stops[i]; s.blocked || s.forbidden {
			continue
		}
		// A run may start at a station along a terminal path; any other
		// stop it must pass.
		for _, li := range n.stops[i].links {
			if l := &n.links[li]; (!l.termFirst || n.stops[i].token) && !l.ignFirst {
				n.addStop(l.toRef)
			}
		}
	}
	// Resolve the links' far stops; links out of end-only stops may lead to
	// stops no run can use.
	for li := range n.links {
		l := &n.links[li]
		if to, ok := n.stopAt[l.toRef]; ok {
			l.to = to
		} else {
			l.to = -1
		}
	}
	// The searches try the most valuable stops first: they find good runs
	// early, which makes their bounds prune more.
	for i := range n.stops {
		s := &n.stops[i]
		s.links = slices.DeleteFunc(s.links, func(li int32) bool { return n.links[li].to < 0 })
		slices.SortStableFunc(s.links, func(a, b int32) int {
			return n.stops[n.links[b].to].value - n.stops[n.links[a].to].value
		})
	}
	n.bundleLinks()
	for i := range n.stops {
		if n.stops[i].token {
			n.tokens = append(n.tokens, int32(i))
		}
	}
	r := &v.in.Rules
	if r.MillHex != "" {
		if h := v.hex(r.MillHex); h.t != nil {
			if cities := h.t.Cities(); len(cities) > 0 {
				n.millToken = slices.Contains(v.in.Board.Tokens(h.id, cities[0]), v.in.Corp)
			}
		}
	}
	if d := r.Destination; d != nil {
		n.destValue = v.value(d.Dest)
	}
	n.port, n.far = -1, -1
	if c := r.Crossing; c != nil {
		for i := range n.stops {
			switch n.stops[i].ref.Hex {
			case c.Port:
				n.port = int32(i)
			case c.Far:
				n.far = int32(i)
			}
		}
		n.portToken = v.portToken()
	}
	return n
}

// addStop adds the stop r if it is new and returns its index.
func (n *network) addStop(r graph.NodeRef) int32 {
	if i, ok := n.stopAt[r]; ok {
		return i
	}
	v := n.v
	nd := v.node(r)
	i := int32(len(n.stops))
	n.stopAt[r] = i
	s := netStop{ref: r, node: nd, hex: n.hexIndex(v.hex(r.Hex)), cost: visitCost(nd), value: v.value(r), group: -1}
	switch nd.Kind {
	case board.Town:
		s.kind = townStop
	case board.Offboard:
		s.kind = offboardStop
	default:
		s.kind = cityStop
		s.token = v.countsToken(r)
		s.blocked = v.blocks(r)
		s.corpSlot = slices.Contains(v.in.Board.Tokens(r.Hex, r.Node), v.in.Corp)
		if s.token {
			s.evalue = 2 * v.expressValue(r)
		}
	}
	s.forbidden = nd.VisitCost >= 99
	if nd.Group != "" {
		g, ok := n.groups[nd.Group]
		if !ok {
			g = int32(len(n.groups))
			n.groups[nd.Group] = g
		}
		s.group = g
	}
	n.stops = append(n.stops, s)
	return i
}

// hexIndex returns the index of hex h in n.hexes, adding it with its marks.
func (n *network) hexIndex(h *hexView) int32 {
	if i, ok := n.hexAt[h]; ok {
		return i
	}
	r := &n.v.in.Rules
	nh := netHex{
		hv:      h,
		timber:  r.Timber[h.id],
		ski:     r.SkiHex != "" && r.SkiHex == h.id,
		portage: r.Portage[h.id],
		mill:    r.MillHex != "" && r.MillHex == h.id,
		saw:     r.SawmillHex != "" && r.SawmillHex == h.id,
		double:  slices.Contains(r.DoubleHexes, h.id),
	}
	if g := r.Grain; g != nil {
		nh.elevator, nh.east, nh.west = g.Elevators[h.id], g.EastPorts[h.id], g.WestPorts[h.id]
	}
	i := int32(len(n.hexes))
	n.hexAt[h] = i
	n.hexes = append(n.hexes, nh)
	return i
}

// key returns the id of the lane at map edge e of hex h.
func (n *network) key(h *hexView, e int, ln int) int32 {
	k := [2]int32{n.hexIndex(h), int32(e<<8 | ln)}
	if id, ok := n.keyAt[k]; ok {
		return id
	}
	id := int32(n.nkeys)
	n.nkeys++
	n.keyAt[k] = id
	return id
}

// chainBuilder walks the chains of paths leaving a stop.
type chainBuilder struct {
	n     *network
	from  int32
	start graph.NodeRef
	steps []Step
	keys  []int32
}

// linksFrom adds every link leaving stop i.
func (b *chainBuilder) linksFrom(i int32) {
	n := b.n
	s := &n.stops[i]
	h := n.v.hex(s.ref.Hex)
	b.from, b.start = i, s.ref
	for pi := range h.t.Paths {
		p := &h.t.Paths[pi]
		if !board.Walkable(h.t, p) {
			continue
		}
		if !p.A.IsEdge() && p.A.Node == s.ref.Node {
			b.step(h, pi, false)
		}
		if !p.B.IsEdge() && p.B.Node == s.ref.Node {
			b.step(h, pi, true)
		}
	}
}

// step walks path pi of h (from B to A if rev) and on to the next stop.
func (b *chainBuilder) step(h *hexView, pi int, rev bool) {
	for _, s := range b.steps {
		if s.Path == pi && s.Hex == h.id {
			return
		}
	}
	n := b.n
	p := &h.t.Paths[pi]
	nk := len(b.keys)
	for end, e := range [2]board.End{p.A, p.B} {
		if !e.IsEdge() {
			continue
		}
		if len(n.banned) > 0 && slices.Contains(n.banned, hexEdge{h.id, (e.Edge + h.rot) % 6}) {
			b.keys = b.keys[:nk]
			return
		}
		k := n.key(h, (e.Edge+h.rot)%6, p.LaneAt(end).Index)
		if slices.Contains(b.keys, k) {
			b.keys = b.keys[:nk]
			return
		}
		b.keys = append(b.keys, k)
	}
	b.steps = append(b.steps, Step{Hex: h.id, Path: pi, Rev: rev})
	defer func() {
		b.steps = b.steps[:len(b.steps)-1]
		b.keys = b.keys[:nk]
	}()
	_, far := ends(p, rev)
	switch {
	case far.IsEdge():
		e := (far.Edge + h.rot) % 6
		nb := n.v.neighbor(h, e)
		if nb == nil {
			return
		}
		out := p.LaneAt(endIndex(rev, true))
		back := (e + 3) % 6
		for qi := range nb.t.Paths {
			q := &nb.t.Paths[qi]
			if !board.Walkable(nb.t, q) {
				continue
			}
			if q.A.IsEdge() && (q.A.Edge+nb.rot)%6 == back && out.Joins(q.LaneAt(0)) {
				b.step(nb, qi, false)
			}
			if q.B.IsEdge() && (q.B.Edge+nb.rot)%6 == back && out.Joins(q.LaneAt(1)) {
				b.step(nb, qi, true)
			}
		}
	case far.Node < 0 || far.Node >= len(h.t.Nodes):
	case h.t.Nodes[far.Node].Kind == board.Junction:
		for qi := range h.t.Paths {
			q := &h.t.Paths[qi]
			if qi == pi || !board.Walkable(h.t, q) {
				continue
			}
			if !q.A.IsEdge() && q.A.Node == far.Node {
				b.step(h, qi, false)
			}
			if !q.B.IsEdge() && q.B.Node == far.Node {
				b.step(h, qi, true)
			}
		}
	default:
		to := graph.NodeRef{Hex: h.id, Node: far.Node}
		if to != b.start {
			b.emit(to)
		}
	}
}

// emit records the chain walked so far as a link to stop to.
func (b *chainBuilder) emit(to graph.NodeRef) {
	n := b.n
	last := len(b.steps) - 1
	for k := 1; k < last; k++ {
		if n.terminal(b.steps[k]) {
			return // a terminal path inside a leg: no run may use it
		}
	}
	l := netLink{
		from:      b.from,
		toRef:     to,
		steps:     slices.Clone(b.steps),
		keys:      slices.Clone(b.keys),
		termFirst: n.terminal(b.steps[0]),
		termLast:  n.terminal(b.steps[last]),
		ignFirst:  n.ignored(b.steps[0]),
		ignLast:   n.ignored(b.steps[last]),
	}
	for _, s := range b.steps {
		hi := n.hexIndex(n.v.hex(s.Hex))
		if !slices.Contains(l.hexes, hi) {
			l.hexes = append(l.hexes, hi)
		}
	}
	li := int32(len(n.links))
	n.links = append(n.links, l)
	n.stops[b.from].links = append(n.stops[b.from].links, li)
}

// ignored reports whether step s walks a path no network leaves a node by.
func (n *network) ignored(s Step) bool {
	return n.v.hex(s.Hex).t.Paths[s.Path].Ignored
}

// terminal reports whether step s walks a terminal path.
func (n *network) terminal(s Step) bool {
	h := n.v.hex(s.Hex)
	return h.t.Paths[s.Path].Terminal
}
