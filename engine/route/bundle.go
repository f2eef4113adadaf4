package route

import "slices"

// Bundles of links. Late in a game two stops are often joined by several
// links (different ways through the same hexes, or around them) that earn
// the same: they differ only in the track they use. Searched link by link,
// every run would be walked once per choice of each leg's link, most of the
// work of the run search on such boards. The enumerator walks bundles
// instead and keeps beside the run the ways of choosing its legs' links so
// that they share no track. It keeps them factored: legs whose bundles'
// track meets are chosen together (a factor), others apart, so that a run
// whose legs lie far from each other costs one factor a leg, not the
// product of the bundles' sizes; the product is only taken when a run is
// listed. Within a factor, a choice using all the track of another is
// dropped: it can do nothing the other cannot, and pays the same.

// bundle is the links leaving one stop for the same stop that a run may use
// alike and that pay alike: same terminal paths, same one-path-ness and the
// same hexes whose track pays (timber, ski, portage). links[0] stands for
// all of them in the run's accounting. A link using all the track of
// another is left out: the other can always replace it.
type bundle struct {
	to    int32
	links []int32
	keys  []uint64 // the track of each link, words words each
	union bitset   // the track of its links
}

// bundleLinks groups the links leaving each stop into bundles, keeping the
// order of the stop's links (by first member), and fills the links' key
// bitsets.
func (n *network) bundleLinks() {
	words := (n.nkeys + 63) / 64
	n.linkBits = make([]uint64, len(n.links)*words)
	for li := range n.links {
		b := bitset(n.linkBits[li*words : (li+1)*words])
		for _, k := range n.links[li].keys {
			b.set(k)
		}
	}
	n.findRepKeys()
	for si := range n.stops {
		s := &n.stops[si]
		for _, li := range s.links {
			l := &n.links[li]
			k := slices.IndexFunc(s.bundles, func(b bundle) bool { return n.alike(&n.links[b.links[0]], l) })
			if k < 0 {
				s.bundles = append(s.bundles, bundle{to: l.to})
				k = len(s.bundles) - 1
			}
			s.bundles[k].links = append(s.bundles[k].links, li)
		}
		for k := range s.bundles {
			b := &s.bundles[k]
			b.links = slices.DeleteFunc(b.links, func(li int32) bool {
				for _, lj := range b.links {
					if lj != li && n.keyBits(lj).subsetOf(n.keyBits(li)) && (lj < li || !n.keyBits(li).subsetOf(n.keyBits(lj))) {
						return true
					}
				}
				return false
			})
			b.union = newBitset(n.nkeys)
			for _, li := range b.links {
				b.union.or(n.keyBits(li))
				b.keys = append(b.keys, n.keyBits(li)...)
			}
		}
	}
}

// findRepKeys picks one key of each set of keys used by the same links.
func (n *network) findRepKeys() {
	sig := make([]uint64, n.nkeys) // hash of the links using each key
	for li := range n.links {
		h := mix(uint64(li) + 1)
		for _, k := range n.links[li].keys {
			sig[k] += h
		}
	}
	seen := make(map[uint64][]int32, n.nkeys)
	n.repKeys = newBitset(n.nkeys)
	for k := range int32(n.nkeys) {
		same := slices.IndexFunc(seen[sig[k]], func(r int32) bool { return n.sameLinks(r, k) })
		if same < 0 {
			seen[sig[k]] = append(seen[sig[k]], k)
			n.repKeys.set(k)
		}
	}
}

// sameLinks reports whether keys a and b are used by the same links.
func (n *network) sameLinks(a, b int32) bool {
	w := (n.nkeys + 63) / 64
	for li := range n.links {
		bits := bitset(n.linkBits[li*w : (li+1)*w])
		if bits.has(a) != bits.has(b) {
			return false
		}
	}
	return true
}

// alike reports whether links a and b (from the same stop) lead to the same
// stop and differ in nothing a run's validity or revenue depends on but
// their track.
func (n *network) alike(a, b *netLink) bool {
	if a.to != b.to || a.termFirst != b.termFirst || a.termLast != b.termLast || a.single() != b.single() ||
		a.ignFirst != b.ignFirst || a.ignLast != b.ignLast {
		return false
	}
	return slices.Equal(n.marked(a), n.marked(b))
}

// marked lists the hexes of link l whose track pays, in order (nil, not
// allocated, for none: the usual case).
func (n *network) marked(l *netLink) []int32 {
	var out []int32
	for _, hi := range l.hexes {
		if h := &n.hexes[hi]; h.timber || h.ski || h.portage {
			out = append(out, hi)
		}
	}
	slices.Sort(out)
	return out
}

// keyBits is the set of link li's keys.
func (n *network) keyBits(li int32) bitset {
	w := (n.nkeys + 63) / 64
	return bitset(n.linkBits[int(li)*w : (int(li)+1)*w])
}

// factor is the ways of choosing the links of some of the run's legs (legs,
// by position in the run), n of them: each with len(legs) links and words
// keys. No other factor's legs use any track in union.
type factor struct {
	legs  []int32
	links []int32
	keys  []uint64
	union bitset
	n     int
}

// choices is the factors of the run when it has some number of legs; own
// is the factor the last leg made, the others are shared with the level
// below; all is the track of all of them. The buffers are the level's own;
// factors may instead extend the level below's, in place (a level's
// factors are never longer than the run's legs: appending to the deepest
// live level overwrites no live one).
type choices struct {
	factors []*factor
	own     factor
	all     bitset
	// buffers of own and factors
	buf   []*factor
	legs  []int32
	links []int32
	keys  []uint64
	union bitset
	one   [1]int32
	// sure is the track every choice uses, once sureKeys has worked it
	// out (sureOK) for these choices.
	sure   bitset
	sureOK bool
}

// maxMinimize bounds the choices of a factor compared pairwise to drop
// those using all the track of another (comparing fewer is only slower).
const maxMinimize = 512

// chooser keeps the choices of links of the legs of a walker's run.
type chooser struct {
	wk *walker
	// avoid is track no choice may use, nil for none.
	avoid bitset
	// levels[d] is the choices when the run has d legs; words is the
	// length of a key set.
	levels []*choices
	words  int
	// scratch
	merge  []*factor
	idx    []int
	keyBuf []uint64
	dead   []bool
	path   []int32
}

// newChooser starts the choices of w's run: none for a run without legs.
func newChooser(w *walker) chooser {
	c := chooser{wk: w, words: (w.n.nkeys + 63) / 64}
	c.level(0).factors = c.levels[0].buf
	return c
}

// level returns level d, made on first use. A run has fewer legs than the
// network has stops, and a level no more factors than legs: factors never
// outgrow buf.
func (e *chooser) level(d int) *choices {
	for len(e.levels) <= d {
		n := e.wk.n
		e.levels = append(e.levels, &choices{buf: make([]*factor, 0, len(n.stops)+1), all: newBitset(n.nkeys)})
	}
	return e.levels[d]
}

// pushBundle adds a leg along bundle b: it reports false (changing nothing)
// when no link of b fits with any choice of the legs so far.
func (e *chooser) pushBundle(b *bundle) bool {
	d := len(e.wk.links)
	prev, next := e.levels[d], e.level(d+1)
	next.sureOK = false
	f := &next.own
	if !prev.all.meets(b.union) && (e.avoid == nil || !e.avoid.meets(b.union)) {
		// The usual case: b's track meets none of the legs' so far; its
		// links are a factor of their own.
		next.one[0] = int32(d)
		f.legs, f.links, f.keys, f.union, f.n = next.one[:], b.links, b.keys, b.union, len(b.links)
		next.factors = append(prev.factors, f)
		copy(next.all, prev.all)
		next.all.or(b.union)
		e.wk.pushTrack(b.links[0])
		return true
	}
	next.factors = next.buf[:0]
	e.merge = e.merge[:0]
	for _, g := range prev.factors {
		if g.union.meets(b.union) {
			e.merge = append(e.merge, g)
		} else {
			next.factors = append(next.factors, g)
		}
	}
	if next.union == nil {
		next.union = newBitset(e.wk.n.nkeys)
	}
	f.legs, f.links, f.keys, f.union, f.n = next.legs[:0], next.links[:0], next.keys[:0], next.union, 0
	for _, g := range e.merge {
		f.legs = append(f.legs, g.legs...)
	}
	f.legs = append(f.legs, int32(d))
	// Every combination of the merged factors' choices (their track is
	// apart), with every link of b that fits.
	w := e.words
	idx := slices.Grow(e.idx[:0], len(e.merge))[:len(e.merge)]
	clear(idx)
	e.idx = idx
	keys := slices.Grow(e.keyBuf[:0], w)[:w]
	e.keyBuf = keys
	for {
		clear(keys)
		for gi, g := range e.merge {
			bitset(keys).or(g.keys[idx[gi]*w : (idx[gi]+1)*w])
		}
		for _, li := range b.links {
			lk := e.wk.n.keyBits(li)
			if bitset(keys).meets(lk) || (e.avoid != nil && e.avoid.meets(lk)) {
				continue
			}
			for gi, g := range e.merge {
				k := len(g.legs)
				f.links = append(f.links, g.links[idx[gi]*k:(idx[gi]+1)*k]...)
			}
			f.links = append(f.links, li)
			for i := range w {
				f.keys = append(f.keys, keys[i]|lk[i])
			}
			f.n++
		}
		gi := len(idx) - 1
		for ; gi >= 0; gi-- {
			if idx[gi]++; idx[gi] < e.merge[gi].n {
				break
			}
			idx[gi] = 0
		}
		if gi < 0 {
			break
		}
	}
	next.buf, next.legs, next.links, next.keys = next.factors, f.legs, f.links, f.keys
	if f.n == 0 {
		return false
	}
	if f.n > 1 && f.n <= maxMinimize {
		e.dead = f.minimize(w, e.dead)
	}
	clear(f.union)
	for k := range f.n {
		f.union.or(f.keys[k*w : (k+1)*w])
	}
	next.factors = append(next.factors, f)
	next.buf = next.factors
	clear(next.all)
	for _, g := range next.factors {
		next.all.or(g.union)
	}
	e.wk.pushTrack(b.links[0])
	return true
}

// minimize drops the choices whose track includes all of another's (of
// two with the same track, the later); dead is scratch.
func (f *factor) minimize(w int, dead []bool) []bool {
	dead = slices.Grow(dead[:0], f.n)[:f.n]
	clear(dead)
	for i := range f.n {
		ki := bitset(f.keys[i*w : (i+1)*w])
		for j := range f.n {
			if j == i || dead[j] {
				continue
			}
			kj := bitset(f.keys[j*w : (j+1)*w])
			if kj.subsetOf(ki) && (j < i || !ki.subsetOf(kj)) {
				dead[i] = true
				break
			}
		}
	}
	k, keep := len(f.legs), 0
	for i := range f.n {
		if !dead[i] {
			copy(f.links[keep*k:(keep+1)*k], f.links[i*k:(i+1)*k])
			copy(f.keys[keep*w:(keep+1)*w], f.keys[i*w:(i+1)*w])
			keep++
		}
	}
	f.n, f.links, f.keys = keep, f.links[:keep*k], f.keys[:keep*w]
	return dead
}

// eachChoice calls yield with the links and keys of every choice of links
// for the current run's legs (the slices are reused), until it returns
// false.
func (e *chooser) eachChoice(yield func(links []int32, keys []uint64) bool) {
	d := len(e.wk.links)
	lv := e.levels[d]
	w := e.words
	idx := slices.Grow(e.idx[:0], len(lv.factors))[:len(lv.factors)]
	clear(idx)
	e.idx = idx
	e.path = slices.Grow(e.path[:0], d)[:d]
	keys := slices.Grow(e.keyBuf[:0], w)[:w]
	e.keyBuf = keys
	for {
		clear(keys)
		for fi, f := range lv.factors {
			k := idx[fi]
			bitset(keys).or(f.keys[k*w : (k+1)*w])
			for j, pos := range f.legs {
				e.path[pos] = f.links[k*len(f.legs)+j]
			}
		}
		if !yield(e.path, keys) {
			return
		}
		fi := len(idx) - 1
		for ; fi >= 0; fi-- {
			if idx[fi]++; idx[fi] < lv.factors[fi].n {
				break
			}
			idx[fi] = 0
		}
		if fi < 0 {
			return
		}
	}
}

// popBundle takes the last leg back.
func (e *chooser) popBundle() { e.wk.popTrack() }

// sureKeys is the track every choice of the current run uses.
func (e *chooser) sureKeys() bitset {
	lv := e.levels[len(e.wk.links)]
	if lv.sureOK {
		return lv.sure // the searches ask more than once a run
	}
	if lv.sure == nil {
		lv.sure = newBitset(e.wk.n.nkeys)
	}
	clear(lv.sure)
	w := e.words
	for _, f := range lv.factors {
		for i := range w {
			all := ^uint64(0)
			for k := range f.n {
				all &= f.keys[k*w+i]
			}
			lv.sure[i] |= all
		}
	}
	lv.sureOK = true
	return lv.sure
}

// firstChoice returns the links and keys of one choice of the current run
// (the slices are reused).
func (e *chooser) firstChoice() (links []int32, keys []uint64) {
	e.eachChoice(func(l []int32, k []uint64) bool {
		links, keys = l, k
		return false
	})
	return links, keys
}
