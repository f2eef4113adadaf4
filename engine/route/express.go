package route

import (
	"slices"

	"pbc/engine/graph"
)

// The E-train search. An E-train has no distance limit, so its runs cannot
// all be listed; but what a run pays depends only on the tokened cities it
// visits (and a few bonuses), not on the track between them. For one
// E-train, whose track no other train minds, the search keeps only the
// Pareto front of what its runs pay (expressFront), pruning with three
// exact tests:
//
//   - an optimistic payment (the tokened cities still reachable over unused
//     track added to the run's) that a run found already matches;
//   - label dominance: a run arriving at a tokened city having visited the
//     same tokened cities as an earlier one, with at least the same track,
//     stops and hexes used and no better payment, can do nothing the
//     earlier one could not;
//   - the usual rules (no stop twice, no shared track, blocked cities only
//     at an end).
//
// Several E-trains must not share track: for them every run whose upper
// bound reaches a threshold is listed (expressSeqs), pruned by the same
// optimistic payment.

// expressFront returns the runs of the E-train class no other run beats,
// best first, using none of the track in avoid (nil for none).
func expressFront(n *network, cls *trainClass, avoid bitset) []cand {
	x := newExpress(n, cls)
	x.chooser.avoid = avoid
	x.search()
	sortCands(x.front)
	return x.front
}

// expressSeqs fills cls.seqs with every run of the E-train class whose
// upper bound is at least tau, best first; past maxSeqs runs it keeps the
// best, those reaching a raised cls.seqTau.
func expressSeqs(n *network, cls *trainClass, tau, maxSeqs int) {
	x := newExpress(n, cls)
	x.list, x.tau, x.max = true, tau, maxSeqs
	cls.seqs, cls.cands, cls.groups, cls.expanded = cls.seqs[:0], nil, nil, 0
	x.search()
	if len(cls.seqs) > maxSeqs {
		x.tau = cutSeqs(cls, maxSeqs)
	}
	sortSeqs(cls.seqs)
	cls.seqTau, cls.seqAsked, cls.searched = x.tau, tau, true
}

// newExpress prepares an E-train search.
func newExpress(n *network, cls *trainClass) *express {
	x := &express{walker: newWalker(n, cls), labels: map[labelKey][]label{}}
	x.chooser = newChooser(x.walker)
	x.scratch = [3]bitset{newBitset(len(n.stops)), newBitset(len(n.hexes)), newBitset(len(n.hexes))}
	r := &n.v.in.Rules
	x.sawmill = r.SawmillHex != ""
	// The sawmill, doubled on the run earning the destination bonus, makes
	// a run earning that bonus possibly worse than one that does not: an
	// E-train's bonus (double the destination's value) takes it from an
	// ordinary run, whose doubled sawmill is lost. That loss is at most the
	// sawmill bonus, so it only matters when the destination pays less.
	x.strictDest = x.sawmill && n.destValue < r.SawmillBonus
	x.tokenIdx = make([]int, len(n.stops))
	for i := range x.tokenIdx {
		x.tokenIdx[i] = -1
	}
	for i, t := range n.tokens {
		x.tokenIdx[t] = i
	}
	x.seen = make([]int32, len(n.stops))
	return x
}

// search walks from every tokened city.
func (x *express) search() {
	for _, t := range x.n.tokens {
		if !x.pushStop(t) {
			continue
		}
		x.visited = 1 << x.tokenIdx[t]
		x.extend()
		x.popStop()
	}
}

// express is the state of the E-train search.
type express struct {
	*walker
	chooser            // the choices of links for the run's legs (see bundle.go); avoid: front mode only
	legs       []int32 // the run's legs, by bundle (see seq)
	list       bool    // list every run reaching tau (as seqs), instead of the front
	tau, max   int     // list mode: the least upper bound listed, the list's limit
	sawmill    bool    // the sawmill pays
	strictDest bool    // the destination bonus compares by equality (see newExpress)
	arena      arena

	tokenIdx []int  // index of each stop in n.tokens, -1 if none
	visited  uint64 // tokened cities visited, by index in n.tokens
	front    []cand // single E-train: the runs found that no other beats

	labels  map[labelKey][]label
	nlabel  int
	scratch [3]bitset // a label's stops, hexes and portage hexes paid, being built

	seen  []int32 // reachability scratch: stamp per stop
	stamp int32
	queue []int32
}

// labelKey is a run's position in the search: the tokened city it has
// just reached and the tokened cities visited.
type labelKey struct {
	at      int32
	visited uint64
}

// label is what a run arriving at a labelKey has used and earned.
type label struct {
	keys, stops, hexes, paid []uint64
	portN, viol, dbl         int
	bonus                    [nBonus]int
	sawFixed                 bool
}

// maxLabels bounds the labels kept; past it, dominance prunes less.
const maxLabels = 1 << 16

// extend tries every way of going on from the run's last stop.
func (x *express) extend() {
	n := x.n
	cur := x.stops[len(x.stops)-1]
	if len(x.stops) > 1 {
		if !x.list && n.stops[cur].token && x.dominatedLabel(cur) {
			return
		}
		if x.hopeless(cur) {
			return
		}
	}
	for bi := range n.stops[cur].bundles {
		b := &n.stops[cur].bundles[bi]
		l := &n.links[b.links[0]]
		t := &n.stops[l.to]
		if !x.mayEnter(l) {
			continue
		}
		// A stop an E-train may not pass must be a tokened city ending the run.
		end := endsRun(l, len(x.links) == 0) || t.blocked
		if end && !t.token {
			continue
		}
		if !x.pushStop(l.to) {
			continue
		}
		if !x.pushBundle(b) {
			x.popStop()
			continue
		}
		x.legs = append(x.legs, cur<<16|int32(bi))
		x.cls.nodes++
		if t.token {
			x.visited |= 1 << x.tokenIdx[l.to]
		}
		if x.valid() {
			x.record()
		}
		if !end {
			x.extend()
		}
		if t.token {
			x.visited &^= 1 << x.tokenIdx[l.to]
		}
		x.legs = x.legs[:len(x.legs)-1]
		x.popBundle()
		x.popStop()
	}
}

// record notes the run built so far, which ends at a tokened city.
func (x *express) record() {
	base, bonus := x.components()
	c := cand{base: base, bonus: bonus, ub: upper(base, bonus)}
	if x.list {
		if c.ub < x.tau || x.stops[0] > x.stops[len(x.stops)-1] {
			return
		}
		if len(x.cls.seqs) >= 2*x.max {
			if x.tau = cutSeqs(x.cls, x.max); c.ub < x.tau {
				return
			}
		}
		x.cls.seqs = append(x.cls.seqs, seq{start: x.stops[0], legs: x.arena.int32s(x.legs), sure: x.arena.uint64s(x.sureKeys()),
			union: x.arena.uint64s(x.levels[len(x.links)].all), base: base, bonus: bonus, ub: c.ub})
		return
	}
	if x.frontBeats(&c) {
		return
	}
	x.front = slices.DeleteFunc(x.front, func(f cand) bool { return dominatesPay(&c, &f, x.strictDest) })
	links, keys := x.firstChoice()
	x.front = append(x.front, x.cand(base, bonus, links, keys))
}

// cand copies the run built so far, laid on links with keys, into a
// candidate.
func (x *express) cand(base int, bonus [nBonus]int, links []int32, keys []uint64) cand {
	return cand{
		start: x.stops[0],
		links: x.arena.int32s(links),
		keys:  x.arena.uint64s(keys),
		base:  base,
		bonus: bonus,
		ub:    upper(base, bonus),
	}
}

// dominatesPay reports whether run a pays at least what run b pays in every
// respect (the destination bonus by equality when the sawmill pays).
func dominatesPay(a, b *cand, sawmill bool) bool {
	if a.base < b.base || (sawmill && a.bonus[bDest] != b.bonus[bDest]) {
		return false
	}
	for k := range nBonus {
		if a.bonus[k] < b.bonus[k] {
			return false
		}
	}
	return true
}

// frontBeats reports whether a run on the front pays at least what c pays.
func (x *express) frontBeats(c *cand) bool {
	for i := range x.front {
		if dominatesPay(&x.front[i], c, x.strictDest) {
			return true
		}
	}
	return false
}

// hopeless reports whether every run going on from cur is useless: in
// front mode beaten by a run already on the front, in list mode below tau.
// It prices the run as if it reached every tokened city still reachable
// over free track, and gained every bonus it still can.
func (x *express) hopeless(cur int32) bool {
	if !x.list && len(x.front) == 0 {
		return false
	}
	n := x.n
	r := &n.v.in.Rules
	base, bonus := x.components()
	if x.list && upper(base, bonus) >= x.tau {
		return false // what it has reaches tau already; going on only adds
	}
	reach := x.reachable(cur)
	for _, t := range n.tokens {
		if reach.has(t) && !x.onStop[t] {
			base += n.stops[t].evalue
		}
	}
	if r.MillHex != "" && n.millToken {
		bonus[bMill] = 2 * r.MillBonus
	}
	if d := r.Destination; d != nil && d.Home != d.Dest {
		hi, hok := n.stopAt[d.Home]
		di, dok := n.stopAt[d.Dest]
		if hok && dok && (x.onStop[hi] || reach.has(hi)) && (x.onStop[di] || reach.has(di)) {
			bonus[bDest] = 2 * n.destValue
		}
	}
	if x.sawmill && !x.sawFixed() {
		bonus[bSaw], bonus[bSawD] = 2*r.SawmillBonus, 4*r.SawmillBonus
	}
	opt := cand{base: base, bonus: bonus}
	if x.list {
		return upper(base, bonus) < x.tau
	}
	if !x.frontBeats(&opt) {
		return false
	}
	if x.strictDest && bonus[bDest] > 0 && x.home*x.dest == 0 {
		// Runs that miss the destination bonus (skipping home or the
		// destination, whichever is not visited yet) must be beaten too.
		opt.bonus[bDest] = 0
		d := r.Destination
		skip := 1 << 30
		for _, ref := range []graph.NodeRef{d.Home, d.Dest} {
			if si := n.stopAt[ref]; !x.onStop[si] {
				skip = min(skip, n.stops[si].evalue)
			}
		}
		opt.base -= skip
		return x.frontBeats(&opt)
	}
	return true
}

// sawFixed reports whether the run has stopped in the sawmill hex, which
// fixes its sawmill bonus.
func (x *express) sawFixed() bool {
	for _, s := range x.stops {
		if x.n.hexes[x.n.stops[s].hex].saw {
			return true
		}
	}
	return false
}

// reachable marks (in x.seen, with a new stamp) the stops reachable from cur
// over links whose track is free (used by no choice of the run's links; an
// optimistic test), through stops the run has not used and may pass; it
// returns a view of the marks.
func (x *express) reachable(cur int32) stampSet {
	n := x.n
	sure := x.sureKeys()
	x.stamp++
	x.seen[cur] = x.stamp
	x.queue = append(x.queue[:0], cur)
	for len(x.queue) > 0 {
		s := x.queue[len(x.queue)-1]
		x.queue = x.queue[:len(x.queue)-1]
		if s != cur {
			if st := &n.stops[s]; st.blocked || st.kind == offboardStop {
				continue
			}
		}
		for _, li := range n.stops[s].links {
			l := &n.links[li]
			t := l.to
			if x.seen[t] == x.stamp || x.onStop[t] || n.stops[t].forbidden || sure.meets(n.keyBits(li)) {
				continue
			}
			x.seen[t] = x.stamp
			x.queue = append(x.queue, t)
		}
	}
	return stampSet{x.seen, x.stamp}
}

// stampSet is a set of stops marked with one stamp.
type stampSet struct {
	seen  []int32
	stamp int32
}

// has reports whether stop i is in the set.
func (s stampSet) has(i int32) bool { return s.seen[i] == s.stamp }

// dominatedLabel reports whether an earlier run reached the tokened city cur
// having visited the same tokened cities with no more used and no less
// earned; if not, it records the run's label.
func (x *express) dominatedLabel(cur int32) bool {
	n := x.n
	if len(n.tokens) > 64 {
		return false // visited tokens do not fit the label key
	}
	key := labelKey{cur, x.visited}
	_, bonus := x.components()
	l := label{portN: x.portN, viol: min(x.viol, 1), dbl: min(x.dbl, 1), bonus: bonus, sawFixed: x.sawFixed()}
	stops, hexes, paid := x.scratch[0], x.scratch[1], x.scratch[2]
	clear(stops)
	clear(hexes)
	clear(paid)
	for _, s := range x.stops {
		stops.set(s)
		hexes.set(n.stops[s].hex)
	}
	if x.portN > 0 {
		for hi := range n.hexes {
			if n.hexes[hi].portage && x.hexTrack[hi] > 0 {
				paid.set(int32(hi))
			}
		}
	}
	// The old run may replace this one if its track is within the track
	// every choice of this run's links uses.
	sure := x.sureKeys()
	for _, old := range x.labels[key] {
		if old.viol <= l.viol && old.dbl >= l.dbl && old.sawFixed == l.sawFixed && old.portN <= l.portN &&
			payNoLess(old.bonus, l.bonus) && bitset(old.keys).subsetOf(sure) && bitset(old.stops).subsetOf(stops) &&
			bitset(old.hexes).subsetOf(hexes) && bitset(old.paid).subsetOf(paid) {
			return true
		}
	}
	if x.nlabel < maxLabels {
		x.nlabel++
		_, keys := x.firstChoice()
		l.keys = x.arena.uint64s(keys)
		l.stops, l.hexes, l.paid = x.arena.uint64s(stops), x.arena.uint64s(hexes), x.arena.uint64s(paid)
		x.labels[key] = append(x.labels[key], l)
	}
	return false
}

// payNoLess reports whether every bonus in a is at least the one in b.
func payNoLess(a, b [nBonus]int) bool {
	for k := range nBonus {
		if a[k] < b[k] {
			return false
		}
	}
	return true
}

// sortCands orders candidates best first (by what they can add at most).
func sortCands(cs []cand) {
	slices.SortStableFunc(cs, func(a, b cand) int { return b.ub - a.ub })
}
