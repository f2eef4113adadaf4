package route

import "math/bits"

// Reachability for the bound of the run searches. The distances of reach
// ignore the run built so far; but a run goes on from its last stop along
// a simple path, never through a stop it has visited (nor another city of
// a visited group), through no blocked city and past no stop a terminal
// path ends it at. Late in a game long runs, a Pullman's above all, cut
// the network: the stops beyond their own track can no longer be reached,
// yet the distances count them. The bound counts only the stops a flood
// fill over the stop graph, minus the run, reaches within the units the
// train has left, and the bonuses for stopping somewhere (destination,
// sawmill, paper mill) only when their stops are visited or among those.
// Every stop a continuation of the run can add is among them (the fill
// ignores the track the run uses, and what a stop costs beyond one unit:
// it may count too many, never too few), so the bound stays above the
// truth. Counting the bonuses everywhere was the loosest part of the
// bound late in 1822CA, whose majors have destinations and the sawmill.

// moves is the stop graph the fill walks, as bitsets of stops (words
// words each): enter[s] the stops a link from s leads to that a run
// already under way may take; pass[s] those of them it may also go on
// from.
type moves struct {
	words       int
	enter, pass []uint64
	blocked     bitset
	group       [][]uint64 // the stops of each city group
	// costly marks the stops the fill counts against its budget: the
	// limited ones, or when the rows take towns apart (townSplit) the
	// limited ones that are not towns.
	costly bitset
}

// newMoves builds the stop graph of network n for class walker w's
// searches; isFree marks the stops its unlimited rows take, split says
// the rows take towns apart.
func newMoves(n *network, w *walker, isFree []bool, split bool) *moves {
	words := (len(n.stops) + 63) / 64
	m := &moves{words: words, enter: make([]uint64, len(n.stops)*words), pass: make([]uint64, len(n.stops)*words),
		blocked: newBitset(len(n.stops)), costly: newBitset(len(n.stops))}
	m.group = make([][]uint64, len(n.groups))
	for g := range m.group {
		m.group[g] = newBitset(len(n.stops))
	}
	for si := range n.stops {
		s := &n.stops[si]
		if s.blocked {
			m.blocked.set(int32(si))
		}
		if s.group >= 0 {
			bitset(m.group[s.group]).set(int32(si))
		}
		if !isFree[si] && !(split && w.kindBit(s) == townBit) {
			m.costly.set(int32(si))
		}
		enter, pass := m.at(m.enter, int32(si)), m.at(m.pass, int32(si))
		for _, li := range s.links {
			l := &n.links[li]
			t := &n.stops[l.to]
			// As mayEnter and mustEnd: past the first leg, a terminal
			// path only ends a run, at its far stop.
			if t.forbidden || (l.termFirst && !l.single()) {
				continue
			}
			enter.set(l.to)
			if !t.blocked && !endsRun(l, false) {
				pass.set(l.to)
			}
		}
	}
	return m
}

// at is stop s's row of table.
func (m *moves) at(table []uint64, s int32) bitset {
	return bitset(table[int(s)*m.words : int(s+1)*m.words])
}

// reachable fills e.ahead with the stops the run built so far may still
// add: when it has just started (its first leg obeys other rules) all but
// its own, else those a fill from its last stop reaches entering at most
// budget costly stops (the units its rows have left for them: each costs
// at least one).
func (e *enumerator) reachable(budget int) {
	budget = max(budget, 0)
	m := e.cls.reach.moves
	ahead, excl, done := e.ahead, e.excl, e.done
	if len(e.stops) < 2 {
		for i := range ahead {
			ahead[i] = ^uint64(0)
		}
		for _, si := range e.stops {
			ahead[si>>6] &^= 1 << (si & 63)
		}
		return
	}
	clear(ahead)
	cur := e.stops[len(e.stops)-1]
	if m.blocked.has(cur) {
		return // the run ends here
	}
	clear(excl)
	for _, si := range e.stops {
		excl.set(si)
		if g := e.n.stops[si].group; g >= 0 {
			excl.or(m.group[g])
		}
	}
	if m.words == 1 {
		ahead[0] = m.fill(cur, excl[0], budget)
		return
	}
	e.stack, e.next = m.fillWide(cur, excl, ahead, done, e.stack, e.next, budget)
}

// fillWide is reachable's fill from cur, never entering excl, into ahead
// (cleared); done, stack and next are its scratch, returned for reuse.
func (m *moves) fillWide(cur int32, excl, ahead, done bitset, stack, next []int32, budget int) ([]int32, []int32) {
	// Layer by layer: the stops reached entering so many costly stops, the
	// free ones at once (stack), the costly ones next layer (next).
	clear(done)
	done.set(cur)
	stack, next = append(stack[:0], cur), next[:0]
	for layer := 0; ; layer++ {
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			enter, pass := m.at(m.enter, s), m.at(m.pass, s)
			for i, x := range excl {
				reach := enter[i] &^ x
				if layer == budget {
					reach &^= m.costly[i] // one more would be too many
				}
				ahead[i] |= reach
				fresh := pass[i] & reach &^ done[i]
				done[i] |= fresh
				for fresh != 0 {
					t := int32(i*64 + bits.TrailingZeros64(fresh))
					if m.costly.has(t) {
						next = append(next, t)
					} else {
						stack = append(stack, t)
					}
					fresh &= fresh - 1
				}
			}
		}
		if len(next) == 0 || layer >= budget {
			return stack, next
		}
		stack, next = next, stack[:0]
	}
}

// fill is fillWide on a network of 64 stops at most (one word a set, the
// usual case): the same fill, a word at a time.
func (m *moves) fill(cur int32, excl uint64, budget int) (ahead uint64) {
	costly := m.costly[0]
	done := uint64(1) << cur
	expand, next := done, uint64(0) // the stops to go on from, this layer and next
	for layer := 0; ; layer++ {
		for expand != 0 {
			s := bits.TrailingZeros64(expand)
			expand &= expand - 1
			reach := m.enter[s] &^ excl
			if layer == budget {
				reach &^= costly // one more would be too many
			}
			ahead |= reach
			fresh := m.pass[s] & reach &^ done
			done |= fresh
			expand |= fresh &^ costly
			next |= fresh & costly
		}
		if next == 0 || layer >= budget {
			return ahead
		}
		expand, next = next, 0
	}
}
