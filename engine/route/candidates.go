package route

import (
	"fmt"
	"slices"
)

// trainClass is a set of the corporation's trains that run alike this turn
// (same distance, kind and attachments): they share one list of candidate
// runs.
type trainClass struct {
	train   *Train
	trains  []int // indices in Input.Trains
	rows    []row
	order   []int  // stop kind bits in the order checkStops fills them
	rowsFor [4]int // rows accepting each kind bit

	express, local, pullman, carrier bool
	half                             bool // its runs pay half (Train.Half)

	cands []cand
	// seqs are the runs the search listed, by bundles, best first, every one
	// whose upper bound reaches seqTau; expand lists their candidates.
	seqs     []seq
	seqTau   int
	seqAsked int  // the threshold the seqs were searched with
	searched bool // seqs holds a search's answer
	expanded int  // the seqs expanded into cands, in order
	// groups lists the candidates by stop set (a hash of it), for
	// dropDominated
	groups map[uint64][]int32
	arena  arena  // the candidates' links and keys
	lists  *lists // cands indexed for the combination search, nil when stale
	// partners holds, while the class lists its runs, the runs of other
	// classes of its type listed before, for the search to drop runs that
	// no partner can make up enough with (see partnerList).
	partners []*partnerList
	// twins, for a class of two trains, is its listed runs as partners of
	// its own, for expand to drop the choices of links no partner can
	// run beside.
	twins *partnerList
	reach *reach // what the search's bound needs, built on first use
	nodes int    // runs the searches have looked at
}

// classesOf groups the input's trains into classes, in the order of their
// first train.
func classesOf(v *view) []*trainClass {
	var out []*trainClass
	byKey := map[string]*trainClass{}
	for i := range v.in.Trains {
		t := &v.in.Trains[i]
		c := &trainClass{
			train:   t,
			rows:    v.rows(t),
			express: t.express(),
			local:   t.local(),
			pullman: v.in.Pullman != "" && v.in.Pullman == t.ID,
			half:    t.Half,
		}
		if g := v.in.Rules.Grain; g != nil && g.Carrier != "" && g.Carrier == t.ID {
			c.carrier = true
		}
		key := fmt.Sprint(c.rows, c.express, c.local, c.pullman, c.carrier, c.half)
		if prev, ok := byKey[key]; ok {
			prev.trains = append(prev.trains, i)
			continue
		}
		c.trains = []int{i}
		for ki := range 4 {
			for _, r := range c.rows {
				if r.kinds&(1<<ki) != 0 {
					c.rowsFor[ki]++
				}
			}
		}
		c.order = []int{0, 1, 2, 3}
		for i := 1; i < len(c.order); i++ {
			for j := i; j > 0 && c.rowsFor[c.order[j]] < c.rowsFor[c.order[j-1]]; j-- {
				c.order[j], c.order[j-1] = c.order[j-1], c.order[j]
			}
		}
		byKey[key] = c
		out = append(out, c)
	}
	return out
}

// enumerator searches the runs of an ordinary (not E) train class, depth
// first over the network's links. It either finds the single best run
// (avoiding some track and cities: single mode), or lists every run whose
// upper bound reaches tau. Both prune a partial run when what it has plus
// the most its remaining distance can add falls short.
type enumerator struct {
	*walker
	tau   int
	max   int
	arena arena

	chooser         // the choices of links for the run's legs (see bundle.go)
	legs    []int32 // the run's legs, by bundle (see seq)

	// ahead is scratch of the bound: the stops the run may still reach
	// (see reachable); excl, done, stack and next are reachable's own.
	ahead, excl, done bitset
	stack, next       []int32

	single    bool
	budget    int    // single mode: partial runs left to look at, -1 for no limit
	avoidCity []bool // single mode: cities a local run may not use
	best      cand
	found     bool
}

// newEnumerator prepares a search of class cls's runs.
func newEnumerator(n *network, cls *trainClass) *enumerator {
	if cls.reach == nil {
		cls.reach = newReach(n, cls)
	}
	e := &enumerator{walker: newWalker(n, cls), budget: -1}
	e.chooser = newChooser(e.walker)
	e.ahead, e.excl, e.done = newBitset(len(n.stops)), newBitset(len(n.stops)), newBitset(len(n.stops))
	return e
}

// enumerate fills cls.cands with every run of the class whose upper bound
// is at least tau, best first, and returns tau. If there are more than
// maxCands such runs, it keeps the best (those above a raised tau, which it
// returns instead).
func enumerate(n *network, cls *trainClass, tau, maxCands int) int {
	if !cls.searched || tau < cls.seqAsked {
		searchRuns(n, cls, tau, maxCands)
	}
	return expand(n, cls, max(tau, cls.seqTau), maxCands)
}

// searchRuns fills cls.seqs with the runs of the class reaching tau: see
// searchSeqs and expressSeqs.
func searchRuns(n *network, cls *trainClass, tau, maxSeqs int) {
	if cls.express {
		expressSeqs(n, cls, tau, maxSeqs)
	} else {
		searchSeqs(n, cls, tau, maxSeqs)
	}
}

// searchSeqs fills cls.seqs with every run of the class whose upper bound
// is at least tau, best first; past maxSeqs runs it keeps the best, those
// reaching a raised cls.seqTau.
func searchSeqs(n *network, cls *trainClass, tau, maxSeqs int) {
	e := newEnumerator(n, cls)
	e.tau, e.max = tau, maxSeqs
	cls.seqs, cls.cands, cls.groups, cls.expanded = cls.seqs[:0], nil, nil, 0
	e.search()
	if len(cls.seqs) > maxSeqs {
		e.tau = cutSeqs(cls, maxSeqs)
	}
	sortSeqs(cls.seqs)
	cls.seqTau, cls.seqAsked, cls.searched = e.tau, tau, true
}

// bestRun returns the class's best run (by upper bound) using none of the
// track in avoid nor, for a local train, the cities in avoidCity; ok is
// false when it has none. With maxNodes > 0 it gives up after that many
// partial runs and returns the best found so far, a good run but not
// always the best.
func bestRun(n *network, cls *trainClass, avoid bitset, avoidCity []bool, maxNodes int) (c cand, ok bool) {
	e := newEnumerator(n, cls)
	e.single, e.avoid, e.avoidCity = true, avoid, avoidCity
	e.tau = -1 << 40
	if maxNodes > 0 {
		e.budget = maxNodes
	}
	e.search()
	return e.best, e.found
}

// search runs the depth-first search from every stop.
func (e *enumerator) search() {
	for si := range e.n.stops {
		if e.budget == 0 {
			break
		}
		s := int32(si)
		st := &e.n.stops[s]
		if st.forbidden || e.tooFar(s) || !e.pushStop(s) {
			continue
		}
		if e.cls.local && st.token && st.kind == cityStop {
			e.offer(true)
		}
		if e.bound() >= e.tau {
			e.extend()
		}
		e.popStop()
	}
}

// extend tries every way of going on from the run's last stop.
func (e *enumerator) extend() {
	cur := e.stops[len(e.stops)-1]
	if len(e.stops) > 1 && e.n.stops[cur].blocked {
		return
	}
	for bi := range e.n.stops[cur].bundles {
		b := &e.n.stops[cur].bundles[bi]
		l := &e.n.links[b.links[0]]
		if !e.mayEnter(l) || e.tooFar(l.to) || !e.pushStop(l.to) {
			continue
		}
		if !e.pushBundle(b) {
			e.popStop()
			continue
		}
		e.cls.nodes++
		if e.budget > 0 {
			e.budget--
		}
		e.legs = append(e.legs, int32(cur)<<16|int32(bi))
		e.offer(e.single || e.stops[0] < l.to)
		// A run is listed from its end of lower index only (see offer):
		// one that can reach no stop after its first (e.ahead, which
		// bound fills, holds those it can) lists nothing more. Late in
		// 1822CA a fifth of the partial runs went on in vain.
		if !e.mustEnd(l) && e.budget != 0 {
			if ub := e.bound(); ub >= e.tau && (e.single || e.ahead.anyAfter(e.stops[0])) && !e.lonely(ub) {
				e.extend()
			}
		}
		e.legs = e.legs[:len(e.legs)-1]
		e.popBundle()
		e.popStop()
	}
}

// lonely reports whether the runs going on from the run built so far,
// earning at most ub, lack a partner among those of a class listed before
// (cls.partners).
func (e *enumerator) lonely(ub int) bool {
	if e.single || len(e.cls.partners) == 0 {
		return false
	}
	sure := e.sureKeys()
	for _, p := range e.cls.partners {
		if p.lonely(sure, ub) {
			return true
		}
	}
	return false
}

// offer considers the run built so far, listed only when canonical (the
// same run is found from both of its ends).
func (e *enumerator) offer(canonical bool) {
	if !canonical || !e.valid() {
		return
	}
	base, bonus := e.components()
	ub := upper(base, bonus)
	if ub < e.tau {
		return
	}
	var cities []int32
	if e.cls.local {
		for _, s := range e.stops {
			if e.n.stops[s].kind == cityStop {
				if e.single && e.avoidCity[s] {
					return
				}
				cities = append(cities, s)
			}
		}
	}
	c := cand{start: e.stops[0], cities: cities, base: base, bonus: bonus, ub: ub}
	if e.single {
		if e.found && ub <= e.best.ub {
			return
		}
		links, keys := e.firstChoice()
		c.links, c.keys = slices.Clone(links), slices.Clone(keys)
		e.best, e.found, e.tau = c, true, ub+1
		return
	}
	if len(e.cls.seqs) >= 2*e.max {
		if e.tau = cutSeqs(e.cls, e.max); ub < e.tau {
			return
		}
	}
	if cities != nil {
		cities = e.arena.int32s(cities)
	}
	e.cls.seqs = append(e.cls.seqs, seq{start: e.stops[0], legs: e.arena.int32s(e.legs), sure: e.arena.uint64s(e.sureKeys()),
		union: e.arena.uint64s(e.levels[len(e.links)].all), cities: cities, base: base, bonus: bonus, ub: ub})
}

// arena hands out small slices from larger blocks, so that candidate runs
// cost few allocations. Blocks start small and double, up to maxBlock
// elements: most searches list few runs.
type arena struct {
	ints  []int32
	words []uint64
}

// maxBlock is the largest block of an arena, in elements.
const maxBlock = 1 << 14

// int32s and uint64s return a copy of src.
func (a *arena) int32s(src []int32) []int32 {
	if cap(a.ints)-len(a.ints) < len(src) {
		a.ints = make([]int32, 0, max(min(2*cap(a.ints), maxBlock), 256, len(src)))
	}
	n := len(a.ints)
	a.ints = append(a.ints, src...)
	return a.ints[n:len(a.ints):len(a.ints)]
}

func (a *arena) uint64s(src []uint64) []uint64 {
	if cap(a.words)-len(a.words) < len(src) {
		a.words = make([]uint64, 0, max(min(2*cap(a.words), maxBlock), 256, len(src)))
	}
	n := len(a.words)
	a.words = append(a.words, src...)
	return a.words[n:len(a.words):len(a.words)]
}

// dropDominated removes the candidates from index from on that another
// run with the same stops beats on every count while using no track (and,
// for local trains, no city) that it does not: such a run can replace it in
// any set of runs. The sawmill's dependence on which run earns the
// destination bonus makes the destination bonus compare by equality when
// the sawmill pays. Candidates come best first, so no candidate beats one
// before it by much: each is compared with the first maxGroup kept with
// the same stops (comparing fewer is only slower, never wrong). The groups
// are kept in cls.groups for the next call.
func dropDominated(n *network, cls *trainClass, from int) {
	sawmill := n.v.in.Rules.SawmillHex != ""
	if cls.groups == nil {
		cls.groups = map[uint64][]int32{}
	}
	k := from
	for i := from; i < len(cls.cands); i++ {
		c := &cls.cands[i]
		h := mix(uint64(c.start) + 1)
		for _, li := range c.links {
			h += mix(uint64(n.links[li].to) + 1)
		}
		for _, ref := range c.legs {
			h += mix(uint64(n.bundleAt(ref).to) + 1)
		}
		g := cls.groups[h]
		if slices.ContainsFunc(g[:min(len(g), maxGroup)], func(a int32) bool { return dominates(&cls.cands[a], c, sawmill) }) {
			continue
		}
		cls.groups[h] = append(g, int32(k))
		cls.cands[k] = *c
		k++
	}
	clear(cls.cands[k:])
	cls.cands = cls.cands[:k]
}

// dominates reports whether run a may replace run b in any set of runs: it
// uses no track or local city b does not, and pays at least as much in
// every respect.
func dominates(a, b *cand, sawmill bool) bool {
	if a.base < b.base || (sawmill && a.bonus[bDest] != b.bonus[bDest]) {
		return false
	}
	for _, ci := range a.cities {
		if !slices.Contains(b.cities, ci) {
			return false
		}
	}
	for k := range nBonus {
		if a.bonus[k] < b.bonus[k] {
			return false
		}
	}
	return bitset(a.anyKeys()).subsetOf(b.keys) // b.keys: the track b uses whatever its links
}

// maxGroup bounds the runs of a group dropDominated compares a run with.
const maxGroup = 64

// mix is a 64-bit finaliser (splitmix64), used to hash sets of stops.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}
