package route

import "slices"

// The bound of the run searches: the most a partial run can still be worth,
// from what each stop can add, how far away it is and what the train's
// distance still allows. It must never be below the truth (that would make
// the router miss runs); the tighter it is, the less the searches look at.

// reach is what a class's trains can gain from each stop, for the bound of
// the search: a stop adds its value (and grain) plus the timber of the best
// link into it; stops of kinds an unlimited row takes (towns with the PNW
// Pullman, elevators with the grain car) all count, of the others only as
// many as the limited rows still take, and only those close enough.
type reach struct {
	gain                        []int
	limited                     []int32    // stops of limited kinds, largest gain first
	byKind                      [4][]int32 // the same, by kind bit, when rows limit kinds apart
	capKind                     [4]int     // stops of each kind the limited rows take
	free                        []int32    // stops of kinds an unlimited row takes
	freeKinds                   stopKind
	finite                      int        // stops the limited rows take
	dist                        [][]uint16 // fewest limited stops a run from a to b adds, b included
	toToken                     []int      // fewest limited stops a run at a needs to reach a tokened city, a included
	split                       *townSplit // set when towns are limited and rows treat them apart
	ski, grain, mill, dest, saw bool       // bonuses the network offers
	home, destStop              int32      // the destination's home and destination stops, when dest
	millStops, sawStops         []int32    // the stops in the mill and sawmill hexes
	moves                       *moves     // which stops a run can go on to, for reachability
}

// far marks a stop no run reaches.
const far = 1<<16 - 1

// newReach works out what class cls's searches bound with.
func newReach(n *network, cls *trainClass) *reach {
	r := &n.v.in.Rules
	b := &reach{gain: make([]int, len(n.stops))}
	w := newWalker(n, cls)
	timber := r.TimberBonus
	if r.TimberDouble {
		timber *= 2
	}
	for li := range n.links {
		l := &n.links[li]
		if l.to < 0 {
			continue
		}
		g := 0
		for _, hi := range l.hexes {
			if n.hexes[hi].timber {
				g += timber
			}
		}
		b.gain[l.to] = max(b.gain[l.to], g)
	}
	for _, row := range cls.rows {
		if row.limit < 0 {
			b.freeKinds |= row.kinds
		} else {
			b.finite += row.limit
		}
	}
	isFree := make([]bool, len(n.stops))
	for si := range n.stops {
		s := &n.stops[si]
		h := &n.hexes[s.hex]
		b.gain[si] += s.value
		if r.Grain != nil && !cls.pullman && !cls.carrier && h.elevator {
			b.gain[si] += 10
		}
		// A stop that costs no distance (a crossing's far side) is free
		// whatever its kind.
		isFree[si] = cls.rows != nil && (b.freeKinds&(1<<w.kindBit(s)) != 0 || s.cost == 0)
		if isFree[si] {
			b.free = append(b.free, int32(si))
		} else {
			b.limited = append(b.limited, int32(si))
		}
		b.grain = b.grain || (h.elevator && r.Grain != nil && !cls.pullman)
		b.mill = b.mill || h.mill
		b.saw = b.saw || h.saw
		if h.mill {
			b.millStops = append(b.millStops, int32(si))
		}
		if h.saw {
			b.sawStops = append(b.sawStops, int32(si))
		}
	}
	for hi := range n.hexes {
		b.ski = b.ski || n.hexes[hi].ski // crossed, not stopped at
	}
	if cls.rows == nil {
		b.finite = len(n.stops)
	}
	if d := r.Destination; d != nil {
		home, hok := n.stopAt[d.Home]
		dest, dok := n.stopAt[d.Dest]
		b.dest = hok && dok
		b.home, b.destStop = home, dest
	}
	slices.SortStableFunc(b.limited, func(x, y int32) int { return b.gain[y] - b.gain[x] })
	limitedRows := 0
	for _, row := range cls.rows {
		if row.limit >= 0 {
			limitedRows++
		}
	}
	if limitedRows > 1 {
		for _, si := range b.limited {
			kb := w.kindBit(&n.stops[si])
			b.byKind[kb] = append(b.byKind[kb], si)
		}
		for kb := range b.capKind {
			for _, row := range cls.rows {
				if row.limit > 0 && row.kinds&(1<<kb) != 0 {
					b.capKind[kb] += row.limit
				}
			}
		}
	}
	if limitedRows > 1 && b.freeKinds&townStop == 0 {
		b.split = newTownSplit(n, cls, b, isFree)
		if nested(cls.rows, b.freeKinds) {
			// The split bound is then never above the kinds' own limits'
			// (a Pullman's rows): they need not be summed as well.
			b.byKind = [4][]int32{}
		}
	}
	b.moves = newMoves(n, w, isFree, b.split != nil)
	// A run goes on through no city filled with other corporations' tokens.
	b.dist = make([][]uint16, len(n.stops))
	for a := range n.stops {
		b.dist[a] = layeredDist(n, int32(a), isFree, func(x int32) bool { return !n.stops[x].blocked })
	}
	b.toToken = make([]int, len(n.stops))
	for a := range n.stops {
		best := far
		for _, t := range n.tokens {
			best = min(best, int(b.dist[a][t]))
		}
		if !isFree[a] {
			best += n.stops[a].cost
		}
		b.toToken[a] = best
	}
	return b
}

// layeredDist is the fewest limited stops a run from a adds to reach each
// stop, that stop included (far for none): a breadth-first search by layers
// in which free stops cost nothing, going on only through the stops pass
// allows (and a).
func layeredDist(n *network, a int32, isFree []bool, pass func(int32) bool) []uint16 {
	d := make([]uint16, len(n.stops))
	for i := range d {
		d[i] = far
	}
	d[a] = 0
	layer := []int32{a}
	for depth := uint16(0); len(layer) > 0; depth++ {
		for i := 0; i < len(layer); i++ {
			if x := layer[i]; x != a && !pass(x) {
				continue
			}
			for _, li := range n.stops[layer[i]].links {
				if t := n.links[li].to; isFree[t] && d[t] > depth {
					d[t] = depth
					layer = append(layer, t)
				}
			}
		}
		var next []int32
		for _, x := range layer {
			if x != a && !pass(x) {
				continue
			}
			for _, li := range n.stops[x].links {
				if t := n.links[li].to; !isFree[t] && d[t] > depth+1 {
					d[t] = depth + 1
					next = append(next, t)
				}
			}
		}
		layer = next
	}
	return d
}

// bound is the most any run going on from the run built so far can be
// worth: what it has, plus the largest gains of the stops its remaining
// distance can still reach, plus the bonuses it has not earned yet and
// still can (see reach.go).
func (e *enumerator) bound() int {
	b := e.cls.reach
	base, bonus := e.components()
	left := b.finite
	for kb, units := range e.counts {
		if b.freeKinds&(1<<kb) == 0 {
			left -= units
		}
	}
	cur := e.stops[len(e.stops)-1]
	d := b.dist[cur]
	var add int
	if b.split != nil {
		var capTown, capOther int
		capTown, capOther, d = e.splitCaps(cur, left)
		e.reachable(capOther)
		add = e.splitGains(capTown, capOther, left, d)
	} else {
		e.reachable(left)
		add = e.topGains(b.limited, left, left, d)
	}
	if b.byKind[0] != nil || b.byKind[1] != nil || b.byKind[2] != nil {
		// Each kind can only fill the rows taking it.
		byKind := 0
		for kb, list := range b.byKind {
			byKind += e.topGains(list, b.capKind[kb]-e.counts[kb], left, d)
		}
		add = min(add, byKind)
	}
	for _, si := range b.free {
		if e.ahead.has(si) && int(d[si]) <= left {
			add += max(b.gain[si], 0)
		}
	}
	r := &e.n.v.in.Rules
	if b.ski && e.skiN == 0 {
		add += r.SkiBonus
	}
	if b.grain {
		add += 40
	}
	// The bonuses for stopping somewhere are only still to be earned when
	// the run has or may still reach the stops: ahead holds every stop it
	// may add.
	if b.mill && e.millN == 0 && e.anyAhead(b.millStops) {
		add += r.MillBonus
	}
	if b.dest && bonus[bDest] == 0 && (e.onStop[b.home] || e.ahead.has(b.home)) && (e.onStop[b.destStop] || e.ahead.has(b.destStop)) {
		add += e.n.destValue
	}
	if b.saw && bonus[bSaw] == 0 {
		saw := 0
		for _, si := range b.sawStops {
			if e.ahead.has(si) {
				// Doubled in the run earning the destination bonus when
				// the sawmill is the destination (see components).
				pay := r.SawmillBonus
				if d := r.Destination; d != nil && d.Dest == e.n.stops[si].ref {
					pay *= 2
				}
				saw = max(saw, pay)
			}
		}
		add += saw
	}
	return upper(base, bonus) + add
}

// anyAhead reports whether a stop of list is in e.ahead.
func (e *enumerator) anyAhead(list []int32) bool {
	for _, si := range list {
		if e.ahead.has(si) {
			return true
		}
	}
	return false
}

// topGains sums the largest gains of up to k stops of list (sorted largest
// first) the run may still reach (e.ahead) at most left limited stops away
// (by d).
func (e *enumerator) topGains(list []int32, k, left int, d []uint16) int {
	sum := 0
	if k <= 0 {
		return 0
	}
	for _, si := range list {
		g := e.cls.reach.gain[si]
		if g <= 0 {
			break
		}
		if e.ahead.has(si) && int(d[si]) <= left {
			sum += g
			if k--; k == 0 {
				break
			}
		}
	}
	return sum
}

// tooFar reports whether a run without a tokened city so far can no longer
// reach one if it goes on to stop s: the limited rows cannot take the
// stops on the way.
func (e *enumerator) tooFar(s int32) bool {
	if e.tokens > 0 {
		return false
	}
	b := e.cls.reach
	left := b.finite
	for kb, units := range e.counts {
		if b.freeKinds&(1<<kb) == 0 {
			left -= units
		}
	}
	return b.toToken[s] > left
}

// townSplit bounds what the limited rows can still take when towns count
// apart from the other stops, as the 1822CA Pullman's rows (2N towns, then
// N of any kind) or a local train's (cities, towns) do: the limits of each
// kind alone (byKind) let a Pullman 7-train count seven cities and seven
// off-board areas beside its towns, and the total alone (topGains) 21
// cities. The rows take at most so many non-town stops and so many towns,
// and no more than the units left in all: the bound is the best split of
// those units between the two lists.
type townSplit struct {
	towns, others []int32    // the limited stops, towns and the rest, largest gain first
	townOnly      int        // units of the limited rows taking towns only
	townRows      int        // units of the limited rows taking towns
	otherRows     int        // units of the limited rows taking other kinds
	townDist      [][]uint16 // as reach.dist, going on through towns and free stops only
	pt, po        []int      // scratch of the bound: prefix sums of the gains taken
}

// nested reports whether every limited row takes towns only or every
// limited kind (free: the kinds unlimited rows take), as the 1822CA
// Pullman's do: then no kind's own limit is below what the split between
// towns and other stops allows it.
func nested(rows []row, free stopKind) bool {
	var all stopKind
	for _, r := range rows {
		if r.limit >= 0 {
			all |= r.kinds &^ free
		}
	}
	for _, r := range rows {
		if k := r.kinds &^ free; r.limit >= 0 && k != townStop && k != all {
			return false
		}
	}
	return true
}

// townBit is the kind bit of towns.
const townBit = 1

func newTownSplit(n *network, cls *trainClass, b *reach, isFree []bool) *townSplit {
	s := &townSplit{}
	for _, row := range cls.rows {
		if row.limit < 0 {
			continue
		}
		if row.kinds&townStop != 0 {
			s.townRows += row.limit
			if row.kinds == townStop {
				s.townOnly += row.limit
			}
		}
		if row.kinds&^townStop != 0 {
			s.otherRows += row.limit
		}
	}
	w := newWalker(n, cls)
	townOrFree := func(x int32) bool {
		return !n.stops[x].blocked && (isFree[x] || w.kindBit(&n.stops[x]) == townBit)
	}
	s.townDist = make([][]uint16, len(n.stops))
	for a := range n.stops {
		s.townDist[a] = layeredDist(n, int32(a), isFree, townOrFree)
	}
	for _, si := range b.limited { // sorted largest gain first
		if w.kindBit(&n.stops[si]) == townBit {
			s.towns = append(s.towns, si)
		} else {
			s.others = append(s.others, si)
		}
	}
	return s
}

// splitCaps returns how many units of towns and of other stops the
// limited rows can still take, and the distances to bound with: once the
// rows take no more cities, a Pullman's run goes on through towns only.
func (e *enumerator) splitCaps(cur int32, left int) (capTown, capOther int, d []uint16) {
	b := e.cls.reach
	s := b.split
	used := b.finite - left
	townsUsed := e.counts[townBit]
	// Every town sits in a row taking towns, every other stop in a row
	// taking other kinds, as do the towns past the rows taking towns only.
	capTown = min(s.townRows-townsUsed, left)
	capOther = min(s.otherRows-(used-min(townsUsed, s.townOnly)), left)
	if capOther <= 0 {
		return capTown, capOther, s.townDist[cur]
	}
	return capTown, capOther, b.dist[cur]
}

// splitGains is the most the limited stops still reachable within left
// units (by d) can add, at most capTown towns and capOther other stops.
func (e *enumerator) splitGains(capTown, capOther, left int, d []uint16) int {
	s := e.cls.reach.split
	s.pt = e.prefixGains(s.pt[:0], s.towns, capTown, left, d)
	s.po = e.prefixGains(s.po[:0], s.others, capOther, left, d)
	best := 0
	for c, g := range s.po {
		best = max(best, g+s.pt[min(left-c, len(s.pt)-1)])
	}
	return best
}

// prefixGains appends to dst the sums of the largest 0, 1, ... k gains of
// the stops of list (sorted largest first) the run may still reach
// (e.ahead) at most left units away (by d).
func (e *enumerator) prefixGains(dst []int, list []int32, k, left int, d []uint16) []int {
	sum := 0
	dst = append(dst, 0)
	for _, si := range list {
		if k <= 0 {
			break
		}
		g := e.cls.reach.gain[si]
		if g <= 0 {
			break
		}
		if e.ahead.has(si) && int(d[si]) <= left {
			sum += g
			dst = append(dst, sum)
			k--
		}
	}
	return dst
}
