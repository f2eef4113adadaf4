package route

import (
	"slices"
	"sort"
)

// The run search lists runs by their stops and bundles (seqs), one for all
// the ways of choosing the links of its legs; expand turns those good
// enough into candidates, one per choice of links. The searches of the
// combination step ask for candidates at falling thresholds: the seqs are
// searched once, at the lowest, and expanded again each time.

// seq is a run found by the search: its first stop and its legs, each a
// bundle as stop<<16 | index in the stop's bundles, priced.
type seq struct {
	start  int32
	legs   []int32
	sure   []uint64 // the track every choice of links uses
	union  []uint64 // the track of all of them
	cities []int32
	base   int
	bonus  [nBonus]int
	ub     int
}

// bundleAt is the bundle of a seq's leg.
func (n *network) bundleAt(ref int32) *bundle {
	return &n.stops[ref>>16].bundles[ref&0xffff]
}

// cutSeqs keeps the best seqs of cls, at most max of them, and returns the
// least upper bound kept: one above that of the first left out.
func cutSeqs(cls *trainClass, max int) int {
	ss := cls.seqs
	sortSeqs(ss)
	tau := ss[max].ub + 1
	k := max
	for k > 0 && ss[k-1].ub < tau {
		k--
	}
	clear(ss[k:])
	cls.seqs = ss[:k]
	return tau
}

// sortSeqs orders seqs best first, keeping the order of equal ones. A seq
// is large and the lists long: a counting sort by upper bound (whose range
// is the revenue's) moves each once.
func sortSeqs(ss []seq) {
	if len(ss) < 2 {
		return
	}
	lo, hi := ss[0].ub, ss[0].ub
	for i := range ss {
		lo, hi = min(lo, ss[i].ub), max(hi, ss[i].ub)
	}
	if hi-lo > 4*len(ss)+1024 {
		slices.SortStableFunc(ss, func(a, b seq) int { return b.ub - a.ub })
		return
	}
	at := make([]int, hi-lo+2) // where the seqs of each bound go, best first
	for i := range ss {
		at[hi-ss[i].ub+1]++
	}
	for k := 1; k < len(at); k++ {
		at[k] += at[k-1]
	}
	sorted := make([]seq, len(ss))
	for i := range ss {
		k := hi - ss[i].ub
		sorted[at[k]] = ss[i]
		at[k]++
	}
	copy(ss, sorted)
}

// expander lays seqs' legs on track.
type expander struct {
	*walker
	chooser
}

// newExpander prepares to lay class cls's seqs on track.
func newExpander(n *network, cls *trainClass) *expander {
	e := &expander{walker: newWalker(n, cls)}
	e.chooser = newChooser(e.walker)
	return e
}

// choices lists the ways of laying candidate x's legs on track (one for a
// run laid on track already): links (per leg) and keys of each.
func (e *expander) choices(x *cand) *choiceList {
	l := &choiceList{legs: len(x.links)}
	if x.legs == nil {
		l.links, l.keys, l.n = x.links, x.keys, 1
		return l
	}
	l.legs = len(x.legs)
	pushed := 0
	for _, ref := range x.legs {
		if !e.pushBundle(e.n.bundleAt(ref)) {
			break // cannot happen: the search found the legs fitting
		}
		pushed++
	}
	if pushed == len(x.legs) {
		e.eachChoice(func(links []int32, keys []uint64) bool {
			l.links = append(l.links, links...)
			l.keys = append(l.keys, keys...)
			l.n++
			return true
		})
	}
	for range pushed {
		e.popBundle()
	}
	return l
}

// choiceList is the choices of links of a candidate: n of them, legs links
// and (network) words keys each.
type choiceList struct {
	links []int32
	keys  []uint64
	legs  int
	n     int
}

// expand extends cls.cands with the seqs whose upper bound reaches tau,
// best first (for a class of several trains, one candidate per choice of
// links of each), and returns tau; past maxCands candidates it stops after
// the seqs of one upper bound and returns one above it. The seqs are
// listed in order, each once: targets only fall, and the candidates of a
// lower target extend the list of a higher one.
func expand(n *network, cls *trainClass, tau, maxCands int) int {
	from := len(cls.cands)
	var e *expander
	for ; cls.expanded < len(cls.seqs); cls.expanded++ {
		s := &cls.seqs[cls.expanded]
		if s.ub < tau {
			break
		}
		if len(cls.cands) >= maxCands && s.ub < cls.cands[len(cls.cands)-1].ub {
			break
		}
		c := cand{start: s.start, keys: s.sure, legs: s.legs, union: s.union, cities: s.cities, base: s.base, bonus: s.bonus, ub: s.ub}
		if len(cls.trains) == 1 {
			cls.cands = append(cls.cands, c)
			continue
		}
		// Trains of one class mind each other's track most: the
		// combination search bounds them best with each choice of links
		// a candidate of its own.
		if e == nil {
			e = newExpander(n, cls)
		}
		l := e.choices(&c)
		w := len(c.keys)
		c.legs, c.union = nil, nil
		for k := range l.n {
			keys := l.keys[k*w : (k+1)*w]
			if cls.twins != nil && cls.twins.lonely(keys, c.ub) {
				continue // no partner can run beside it so laid
			}
			c.links, c.keys = cls.arena.int32s(l.links[k*l.legs:(k+1)*l.legs]), cls.arena.uint64s(keys)
			cls.cands = append(cls.cands, c)
		}
	}
	dropDominated(n, cls, from)
	if cls.expanded < len(cls.seqs) && cls.seqs[cls.expanded].ub >= tau {
		tau = cls.seqs[cls.expanded].ub + 1 // stopped at maxCands
	}
	return tau
}

// pairUp drops the seqs of class a that cannot be part of a set of runs
// earning at least pair from a train of class a and another of class b
// (of the same type; a itself for a class of two trains): those earning
// less than pair whose every partner among b's seqs able to make up the
// rest (when a is b, the same seq too, laid on other links) shares track
// with them. Two runs sharing track that every choice of their links uses
// cannot run together, so a seq dropped has no partner in any set earning
// enough; a run earns no more than its upper bound, so the runs b did not
// list (below its threshold, pair less a's best run's bound) make up too
// little anyway.
func pairUp(n *network, a, b *trainClass, pair int) {
	ss, ps := a.seqs, b.seqs // best first
	first := slices.IndexFunc(ss, func(x seq) bool { return x.ub < pair })
	if first < 0 {
		return
	}
	// partners(x) is the number of b's seqs (a prefix) that may make up the
	// rest for x: it falls as x's bound does.
	partners := func(x *seq) int {
		return sort.Search(len(ps), func(j int) bool { return ps[j].ub < pair-x.ub })
	}
	// The seqs of the longest prefix, indexed by the track they surely use.
	most := partners(&ss[first])
	byKey := make([]bitset, n.nkeys)
	for j := range most {
		eachRepKey(n, ps[j].sure, func(key int32) {
			if byKey[key] == nil {
				byKey[key] = newBitset(most)
			}
			byKey[key].set(int32(j))
		})
	}
	// The track most partners use first (two of them; sorting all costs
	// more than it saves): it blocks whole words soonest.
	uses := make([]int, n.nkeys)
	for key, on := range byKey {
		if on != nil {
			uses[key] = on.count()
		}
	}
	var keys []int32
	var keep []int
	for i := first; i < len(ss); i++ {
		m := partners(&ss[i])
		keys = keys[:0]
		eachRepKey(n, ss[i].sure, func(key int32) {
			if byKey[key] != nil {
				keys = append(keys, key)
			}
		})
		for k := range min(2, len(keys)) {
			top := k
			for j := k + 1; j < len(keys); j++ {
				if uses[keys[j]] > uses[keys[top]] {
					top = j
				}
			}
			keys[k], keys[top] = keys[top], keys[k]
		}
		// Word by word, until one holds a partner sharing no sure track.
		for wi := range (m + 63) / 64 {
			blocked := uint64(0)
			if end := m - wi*64; end < 64 {
				blocked = ^uint64(0) << end
			}
			for _, key := range keys {
				if blocked |= byKey[key][wi]; blocked == ^uint64(0) {
					break
				}
			}
			if blocked != ^uint64(0) {
				keep = append(keep, i)
				break
			}
		}
	}
	k := first
	for _, i := range keep {
		ss[k] = ss[i]
		k++
	}
	clear(ss[k:])
	a.seqs = ss[:k]
}

// partnerList is the seqs of a class b that listed its runs, indexed for
// the run search of another class a of the same type (see lonely): a run of
// a set earning at least pair from a train of each needs a partner among
// them.
type partnerList struct {
	n       *network
	ubs     []int    // the partners' bounds, best first
	byKey   []bitset // by representative key, the partners surely using it
	pair    int
	blocked bitset // scratch
}

// maxPartnerCheck bounds the partners lonely looks at: a partial run that
// leaves more room than that for a partner rarely finds none, and the
// test would cost more than the search saves.
const maxPartnerCheck = 2048

// newPartnerList indexes class b's seqs as partners for the search of
// another class, of sets earning pair from a train of each.
func newPartnerList(n *network, b *trainClass, pair int) *partnerList {
	p := &partnerList{n: n, pair: pair, byKey: make([]bitset, n.nkeys)}
	for i := range b.seqs {
		p.ubs = append(p.ubs, b.seqs[i].ub)
	}
	most := min(len(b.seqs), maxPartnerCheck)
	for j := range most {
		eachRepKey(n, b.seqs[j].sure, func(key int32) {
			if p.byKey[key] == nil {
				p.byKey[key] = newBitset(most)
			}
			p.byKey[key].set(int32(j))
		})
	}
	p.blocked = newBitset(most)
	return p
}

// lonely reports whether no run going on from a partial run whose runs
// earn at most ub and surely use the track sure can find a partner: it
// earns less than pair alone, and each partner earning enough to make up
// the rest shares track with it (a partial run's sure track only grows as
// it goes on). Too many partners (past maxPartnerCheck) are not looked at:
// the answer is then false.
func (p *partnerList) lonely(sure []uint64, ub int) bool {
	if ub >= p.pair {
		return false
	}
	m := sort.Search(len(p.ubs), func(j int) bool { return p.ubs[j] < p.pair-ub })
	if m > maxPartnerCheck {
		return false
	}
	if m == 0 {
		return true
	}
	w := (m + 63) / 64
	blocked := p.blocked[:w]
	clear(blocked)
	if m%64 != 0 {
		blocked[w-1] = ^uint64(0) << (m % 64)
	}
	eachRepKey(p.n, sure, func(key int32) {
		if on := p.byKey[key]; on != nil {
			for i := range blocked {
				blocked[i] |= on[i]
			}
		}
	})
	for _, x := range blocked {
		if x != ^uint64(0) {
			return false
		}
	}
	return true
}
