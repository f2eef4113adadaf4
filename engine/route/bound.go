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
	ski, grain, mill, dest, saw bool       // bonuses the network offers
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
		isFree[si] = cls.rows != nil && b.freeKinds&(1<<w.kindBit(s)) != 0
		if isFree[si] {
			b.free = append(b.free, int32(si))
		} else {
			b.limited = append(b.limited, int32(si))
		}
		b.grain = b.grain || (h.elevator && r.Grain != nil && !cls.pullman)
		b.mill = b.mill || h.mill
		b.saw = b.saw || h.saw
	}
	for hi := range n.hexes {
		b.ski = b.ski || n.hexes[hi].ski // crossed, not stopped at
	}
	if cls.rows == nil {
		b.finite = len(n.stops)
	}
	if d := r.Destination; d != nil {
		_, home := n.stopAt[d.Home]
		_, dest := n.stopAt[d.Dest]
		b.dest = home && dest
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
	// Breadth-first search by layers from every stop: free stops cost nothing.
	b.dist = make([][]uint16, len(n.stops))
	for a := range n.stops {
		d := make([]uint16, len(n.stops))
		for i := range d {
			d[i] = far
		}
		d[a] = 0
		layer := []int32{int32(a)}
		for depth := uint16(0); len(layer) > 0; depth++ {
			for i := 0; i < len(layer); i++ {
				for _, li := range n.stops[layer[i]].links {
					if t := n.links[li].to; isFree[t] && d[t] > depth {
						d[t] = depth
						layer = append(layer, t)
					}
				}
			}
			var next []int32
			for _, x := range layer {
				for _, li := range n.stops[x].links {
					if t := n.links[li].to; !isFree[t] && d[t] > depth+1 {
						d[t] = depth + 1
						next = append(next, t)
					}
				}
			}
			layer = next
		}
		b.dist[a] = d
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

// bound is the most any run going on from the run built so far can be
// worth: what it has, plus the largest gains of the stops its remaining
// distance can still reach, plus the bonuses it has not earned yet.
func (e *enumerator) bound() int {
	b := e.cls.reach
	base, bonus := e.components()
	left := b.finite
	for kb, units := range e.counts {
		if b.freeKinds&(1<<kb) == 0 {
			left -= units
		}
	}
	d := b.dist[e.stops[len(e.stops)-1]]
	add := e.topGains(b.limited, left, left, d)
	if b.byKind[0] != nil || b.byKind[1] != nil || b.byKind[2] != nil {
		// Each kind can only fill the rows taking it.
		byKind := 0
		for kb, list := range b.byKind {
			byKind += e.topGains(list, b.capKind[kb]-e.counts[kb], left, d)
		}
		add = min(add, byKind)
	}
	for _, si := range b.free {
		if !e.onStop[si] && int(d[si]) <= left {
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
	if b.mill && e.millN == 0 {
		add += r.MillBonus
	}
	if b.dest && bonus[bDest] == 0 {
		add += e.n.destValue
	}
	if b.saw && bonus[bSaw] == 0 {
		add += 2 * r.SawmillBonus
	}
	return upper(base, bonus) + add
}

// topGains sums the largest gains of up to k stops of list (sorted largest
// first) not in the run and at most left limited stops away (by d).
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
		if !e.onStop[si] && int(d[si]) <= left {
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
