package route

import (
	"math/bits"
	"slices"
)

// Bonuses paid to one run only, as Evaluate awards them: the Lumber Baron's
// second timber payment, the Paper Mill, the destination bonus, and the
// sawmill (sawD is the sawmill bonus if the run also earns the destination).
const (
	bTimber = iota
	bMill
	bDest
	bSaw
	bSawD
	nBonus
)

// cand is one run a train class may make: either laid on track (links,
// keys), or (legs not nil) a run found by the search whose legs are
// bundles, any choice of links of which it may use (see bundle.go): keys
// is then the track every choice uses, union the track of all of them,
// and the combination search picks the links when it has picked the runs.
type cand struct {
	start  int32   // first stop
	links  []int32 // the legs, in order; none for a local run in one city
	keys   []uint64
	legs   []int32  // the legs as bundles (see seq), nil for a run laid on track
	union  []uint64 // the track any choice of links may use, nil for a run laid on track
	cities []int32  // the cities a local train runs from, none for other trains
	base   int      // revenue paid whatever the other runs do
	bonus  [nBonus]int
	ub     int // base plus every bonus: what the run can add at most
}

// anyKeys is the track the run may use.
func (c *cand) anyKeys() []uint64 {
	if c.union != nil {
		return c.union
	}
	return c.keys
}

// multi reports whether the run has several choices of links: it might run
// twice, on different track.
func (c *cand) multi() bool {
	return c.union != nil && !slices.Equal(c.union, c.keys) && len(c.cities) == 0
}

// noKeys reports whether the run uses no hex edge at all.
func (c *cand) noKeys() bool {
	for _, w := range c.keys {
		if w != 0 {
			return false
		}
	}
	return true
}

// bitset is a set of small integers.
type bitset []uint64

// newBitset returns an empty set of the integers below n.
func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

// has and set test and add element i.
func (b bitset) has(i int32) bool { return b[i>>6]&(1<<(i&63)) != 0 }
func (b bitset) set(i int32)      { b[i>>6] |= 1 << (i & 63) }

// subsetOf reports whether every element of b is in c.
func (b bitset) subsetOf(c bitset) bool {
	for i, w := range b {
		if w&^c[i] != 0 {
			return false
		}
	}
	return true
}

// or adds the elements of c to b.
func (b bitset) or(c []uint64) {
	for i, w := range c {
		b[i] |= w
	}
}

// meets reports whether b and c have an element in common.
func (b bitset) meets(c []uint64) bool {
	for i, w := range c {
		if b[i]&w != 0 {
			return true
		}
	}
	return false
}

// anyAfter reports whether b holds an element above i.
func (b bitset) anyAfter(i int32) bool {
	w := int(i+1) >> 6
	if w >= len(b) {
		return false
	}
	if b[w]&(^uint64(0)<<((i+1)&63)) != 0 {
		return true
	}
	for _, x := range b[w+1:] {
		if x != 0 {
			return true
		}
	}
	return false
}

// count is the number of elements.
func (b bitset) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// walker holds the state of a run being built stop by stop. The same state
// serves the enumeration of ordinary runs and the E-train search.
type walker struct {
	n   *network
	cls *trainClass

	onStop   []bool
	groupOn  []bool
	hexStops []int16 // entries of each hex in the run's list of stop hexes
	hexTrack []int16 // links of the run using track in each hex

	stops   []int32
	links   []int32
	counts  [4]int // distance used, by stop kind bit
	present [4]int // stops, by stop kind bit
	free    int    // stops that cost no distance
	left    []int  // scratch for fits

	tokens, viol, dbl          int
	value                      int // printed value of the stops (E: of the tokened cities, doubled)
	timberN, skiN, portN       int // hexes with the run's track of each mark
	millN, elevN, eastN, westN int // stops in mill, elevator and port hexes
	home, dest                 int // stops at the destination's home and destination cities
}

// newWalker returns an empty run of class cls on network n.
func newWalker(n *network, cls *trainClass) *walker {
	w := &walker{
		n:        n,
		cls:      cls,
		onStop:   make([]bool, len(n.stops)),
		groupOn:  make([]bool, len(n.groups)),
		hexStops: make([]int16, len(n.hexes)),
		hexTrack: make([]int16, len(n.hexes)),
		left:     make([]int, len(cls.rows)),
	}
	return w
}

// kindBit is the index of how stop s counts against the class's distance.
func (w *walker) kindBit(s *netStop) int {
	if w.cls.carrier && w.n.hexes[s.hex].elevator {
		return 3 // grainStop
	}
	return bits.TrailingZeros8(uint8(s.kind))
}

// fits reports whether the stops counted so far fit the class's distance,
// filling its rows as checkStops does.
func (w *walker) fits() bool {
	cls := w.cls
	if cls.rows == nil {
		return true
	}
	for i, r := range cls.rows {
		w.left[i] = r.limit
	}
	for _, ki := range cls.order {
		num := w.counts[ki]
		if w.present[ki] == 0 {
			continue
		}
		if cls.rowsFor[ki] == 0 {
			return false
		}
		kind := stopKind(1 << ki)
		for j, r := range cls.rows {
			if r.kinds&kind == 0 || num == 0 {
				continue
			}
			if w.left[j] < 0 {
				num = 0
				break
			}
			use := min(num, w.left[j])
			w.left[j] -= use
			num -= use
		}
		if num > 0 {
			return false
		}
	}
	return true
}

// pushStop adds stop s to the run; it reports false (changing nothing) when
// the train's distance does not allow it.
func (w *walker) pushStop(si int32) bool {
	s := &w.n.stops[si]
	kb := w.kindBit(s)
	w.counts[kb] += s.cost
	w.present[kb]++
	if !w.fits() {
		w.counts[kb] -= s.cost
		w.present[kb]--
		return false
	}
	if s.cost == 0 {
		w.free++
	}
	h := &w.n.hexes[s.hex]
	if len(w.stops) == 0 || w.n.stops[w.stops[len(w.stops)-1]].hex != s.hex {
		if w.hexStops[s.hex] > 0 {
			w.viol++
		}
		w.hexStops[s.hex]++
	}
	w.stops = append(w.stops, si)
	w.onStop[si] = true
	if s.group >= 0 {
		w.groupOn[s.group] = true
	}
	if s.token {
		w.tokens++
	}
	if h.double {
		w.dbl++
	}
	w.value += w.stopValue(s)
	if h.mill {
		w.millN++
	}
	if h.elevator {
		w.elevN++
	}
	if h.east {
		w.eastN++
	}
	if h.west {
		w.westN++
	}
	if d := w.n.v.in.Rules.Destination; d != nil {
		if s.ref == d.Home {
			w.home++
		}
		if s.ref == d.Dest {
			w.dest++
		}
	}
	return true
}

// popStop takes the last stop back.
func (w *walker) popStop() {
	si := w.stops[len(w.stops)-1]
	w.stops = w.stops[:len(w.stops)-1]
	s := &w.n.stops[si]
	h := &w.n.hexes[s.hex]
	w.counts[w.kindBit(s)] -= s.cost
	w.present[w.kindBit(s)]--
	if s.cost == 0 {
		w.free--
	}
	if len(w.stops) == 0 || w.n.stops[w.stops[len(w.stops)-1]].hex != s.hex {
		w.hexStops[s.hex]--
		if w.hexStops[s.hex] > 0 {
			w.viol--
		}
	}
	w.onStop[si] = false
	if s.group >= 0 {
		w.groupOn[s.group] = false
	}
	if s.token {
		w.tokens--
	}
	if h.double {
		w.dbl--
	}
	w.value -= w.stopValue(s)
	if h.mill {
		w.millN--
	}
	if h.elevator {
		w.elevN--
	}
	if h.east {
		w.eastN--
	}
	if h.west {
		w.westN--
	}
	if d := w.n.v.in.Rules.Destination; d != nil {
		if s.ref == d.Home {
			w.home--
		}
		if s.ref == d.Dest {
			w.dest--
		}
	}
}

// stopValue is what stop s pays the class's trains.
func (w *walker) stopValue(s *netStop) int {
	if !w.cls.express {
		return s.value
	}
	return s.evalue
}

// pushTrack adds link li to the run's legs and its hexes to the run's, not
// its keys.
func (w *walker) pushTrack(li int32) {
	l := &w.n.links[li]
	for _, hi := range l.hexes {
		if w.hexTrack[hi] == 0 {
			h := &w.n.hexes[hi]
			if h.timber {
				w.timberN++
			}
			if h.ski {
				w.skiN++
			}
			if h.portage {
				w.portN++
			}
		}
		w.hexTrack[hi]++
	}
	w.links = append(w.links, li)
}

// popTrack takes back the last leg pushed by pushTrack.
func (w *walker) popTrack() {
	li := w.links[len(w.links)-1]
	w.links = w.links[:len(w.links)-1]
	l := &w.n.links[li]
	for _, hi := range l.hexes {
		w.hexTrack[hi]--
		if w.hexTrack[hi] == 0 {
			h := &w.n.hexes[hi]
			if h.timber {
				w.timberN--
			}
			if h.ski {
				w.skiN--
			}
			if h.portage {
				w.portN--
			}
		}
	}
}

// mayEnter reports whether the run may go on along link l to its far stop,
// its track aside (see chooser): the stop is new, its city group too, and
// the terminal rules hold.
func (w *walker) mayEnter(l *netLink) bool {
	t := &w.n.stops[l.to]
	if w.onStop[l.to] || t.forbidden || (t.group >= 0 && w.groupOn[t.group]) {
		return false
	}
	return len(w.links) == 0 || !l.termFirst || l.single()
}

// mustEnd reports whether the run, whose last link is l, must stop there:
// it arrived along a terminal path that may only end the run.
func (w *walker) mustEnd(l *netLink) bool { return endsRun(l, len(w.links) == 1) }

// endsRun reports whether a run taking link l (as its first link if first)
// must end at its far stop: a terminal path may only begin or end a run.
func endsRun(l *netLink, first bool) bool {
	return (l.termLast && !(first && l.single())) || (!first && l.termFirst)
}

// valid reports whether the run built so far may be submitted as it is.
func (w *walker) valid() bool {
	if w.viol > 0 && w.dbl == 0 {
		return false
	}
	n := w.n
	port := n.port >= 0 && w.onStop[n.port]
	if far := n.far >= 0 && w.onStop[n.far]; port != far {
		return false // one side of the crossing only
	}
	first, last := &n.stops[w.stops[0]], &n.stops[w.stops[len(w.stops)-1]]
	if !w.ignoredOK() {
		return false
	}
	if w.cls.express {
		if w.tokens < 2 || (!first.token && !last.token) {
			return false
		}
		return (first.token && last.token) || (port && n.portToken)
	}
	return w.tokens >= 1 && (len(w.stops)-w.free >= 2 || w.cls.local)
}

// ignoredOK reports whether the run may use the track no network leaves a
// node by at its ends: at one end at most, arriving from the other, which
// the network reaches as it reaches all its stops (see checkIgnored).
func (w *walker) ignoredOK() bool {
	if len(w.links) == 0 {
		return true
	}
	n := w.n
	return !n.links[w.links[0]].ignFirst || !n.links[w.links[len(w.links)-1]].ignLast
}

// components prices the run built so far: its own revenue and the bonuses
// Evaluate pays to one run only.
func (w *walker) components() (base int, bonus [nBonus]int) {
	in := w.n.v.in
	r := &in.Rules
	cls := w.cls
	base = w.value - w.portN*r.PortageFee
	if !cls.express {
		base += w.timberN * r.TimberBonus
		if w.skiN > 0 {
			base += r.SkiBonus
		}
		if r.TimberDouble {
			bonus[bTimber] = w.timberN * r.TimberBonus
		}
		if g := r.Grain; g != nil && !cls.pullman && w.elevN > 0 {
			east, west := min(w.eastN, 1), min(w.westN, 1)
			if cls.carrier {
				base += 20 * (east + west)
			} else {
				base += 10 * (w.elevN + east + west)
			}
		}
	}
	if w.millN > 0 {
		switch {
		case !cls.express:
			bonus[bMill] = r.MillBonus
		case w.n.millToken:
			bonus[bMill] = 2 * r.MillBonus
		}
	}
	if cls.half {
		// Halving never raises a run's worth, so the search's bounds,
		// taken on full values, still hold.
		base = halfRevenue(base)
	}
	d := r.Destination
	if d != nil && w.home > 0 && w.dest > 0 && d.Home != d.Dest {
		bonus[bDest] = w.n.destValue
		if cls.express {
			bonus[bDest] *= 2
		}
	}
	if r.SawmillHex != "" {
		for _, si := range w.stops {
			s := &w.n.stops[si]
			if !w.n.hexes[s.hex].saw {
				continue
			}
			if cls.express && !s.corpSlot {
				break
			}
			saw := r.SawmillBonus
			if cls.express {
				saw *= 2
			}
			bonus[bSaw], bonus[bSawD] = saw, saw
			if d != nil && d.Dest == s.ref {
				bonus[bSawD] = 2 * saw
			}
			break
		}
	}
	return base, bonus
}

// upper is the most a run with these components can add to a total.
func upper(base int, bonus [nBonus]int) int {
	return base + bonus[bTimber] + bonus[bMill] + bonus[bDest] + max(bonus[bSaw], bonus[bSawD])
}
