package route

import "math/bits"

// The combination search: one candidate run (or none) per train, trains of
// one type sharing no track and local trains no city, for the largest total
// as Evaluate computes it. Branch and bound over the trains, each train's
// candidates tried best first: a partial choice stops as soon as what it has
// plus the most the remaining trains can add cannot beat the best total
// found. The most a remaining train can add is the upper bound of its best
// candidate still compatible with the runs chosen (their mutual conflicts
// ignored). Each train keeps a bitset of the candidates the runs chosen
// block, updated from per-lane bitsets, so that finding that candidate skips
// 64 blocked ones at a time.

// combiner is the state of the combination search.
type combiner struct {
	n     *network
	slots []slot  // trains in search order
	byIdx []int   // slot of each train of Input.Trains, -1 if it cannot run
	hint  [][]int // hint[i][j]: slot j has no candidate fitting before it, under the choices of slots < i

	sawmill bool
	timber  bool

	best       int
	found      bool // a set of runs beating the initial best was found
	bestChoice []int
	nodes      int
	maxNodes   int
	cut        bool // stopped at maxNodes: the answer may not be optimal
}

// slot is one train in the search.
type slot struct {
	train  int
	cls    *trainClass
	twin   bool // same class as the previous slot: its choice comes later in the list
	choice int  // index in cls.cands, len(cls.cands) for no run
	*lists
	// blocked marks the candidates that share track (or a local city) with
	// the runs chosen for the slots before; saved[i] is blocked as it was
	// before slot i chose, when that choice changed it.
	blocked bitset
	saved   []bitset
	changed []bool
	from    []int // first word of saved[i] in use
}

// lists is a class's candidates indexed for the search: their upper
// bounds, and for every edge lane (and, for local trains, city) the
// candidates using it.
type lists struct {
	ubs     []int
	byKey   []bitset // by key id, nil when no candidate uses it
	byCity  map[int32]bitset
	express bool
	local   bool
	nwords  int
}

// newLists indexes class cl's candidates.
func newLists(n *network, cl *trainClass) *lists {
	l := &lists{ubs: make([]int, len(cl.cands)), byKey: make([]bitset, n.nkeys), express: cl.express, local: cl.local}
	l.nwords = len(newBitset(len(cl.cands)))
	for k := range cl.cands {
		x := &cl.cands[k]
		l.ubs[k] = x.ub
		eachRepKey(n, x.keys, func(key int32) {
			if l.byKey[key] == nil {
				l.byKey[key] = newBitset(len(cl.cands))
			}
			l.byKey[key].set(int32(k))
		})
		for _, ci := range x.cities {
			if l.byCity == nil {
				l.byCity = map[int32]bitset{}
			}
			if l.byCity[ci] == nil {
				l.byCity[ci] = newBitset(len(cl.cands))
			}
			l.byCity[ci].set(int32(k))
		}
	}
	return l
}

// eachRepKey calls f with every representative key (network.repKeys) in
// the set words.
func eachRepKey(n *network, words []uint64, f func(int32)) {
	for wi, w := range words {
		w &= n.repKeys[wi]
		for w != 0 {
			f(int32(wi*64 + bits.TrailingZeros64(w)))
			w &= w - 1
		}
	}
}

// newCombiner prepares the search over the classes' trains, the most
// valuable classes first and a class's trains together.
func newCombiner(n *network, classes []*trainClass, ntrains int) *combiner {
	c := &combiner{
		n:       n,
		byIdx:   make([]int, ntrains),
		sawmill: n.v.in.Rules.SawmillHex != "",
		timber:  n.v.in.Rules.TimberDouble,
		best:    -1 << 60,
	}
	order := make([]*trainClass, 0, len(classes))
	for _, cl := range classes {
		if len(cl.cands) > 0 {
			order = append(order, cl)
		}
	}
	// Most valuable class first: its choice constrains the others most.
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && order[j].cands[0].ub > order[j-1].cands[0].ub; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for i := range c.byIdx {
		c.byIdx[i] = -1
	}
	for _, cl := range order {
		l := newLists(n, cl)
		for k, ti := range cl.trains {
			c.byIdx[ti] = len(c.slots)
			c.slots = append(c.slots, slot{train: ti, cls: cl, twin: k > 0, lists: l})
		}
	}
	for j := range c.slots {
		s := &c.slots[j]
		s.blocked = newBitset(len(s.ubs))
		s.saved = make([]bitset, j)
		s.changed = make([]bool, j)
		s.from = make([]int, j)
		for i := range j {
			s.saved[i] = newBitset(len(s.ubs))
		}
	}
	c.hint = make([][]int, len(c.slots)+1)
	for i := range c.hint {
		c.hint[i] = make([]int, len(c.slots))
	}
	c.bestChoice = make([]int, len(c.slots))
	for i := range c.bestChoice {
		c.bestChoice[i] = len(c.slots[i].cls.cands)
	}
	return c
}

// firstFit returns the first candidate of slot s from lo on that may join the
// runs chosen so far and can add something, or len(s.ubs).
func (c *combiner) firstFit(s *slot, lo int) int {
	for wi := lo / 64; wi < len(s.blocked); wi++ {
		free := ^s.blocked[wi]
		if wi == lo/64 {
			free &= ^uint64(0) << (lo % 64)
		}
		if free != 0 {
			k := wi*64 + bits.TrailingZeros64(free)
			if k >= len(s.ubs) || s.ubs[k] <= 0 {
				return len(s.ubs)
			}
			return k
		}
	}
	return len(s.ubs)
}

// take adds candidate x, chosen by slot i, to the runs chosen: the later
// slots of its type can no longer use its track (nor local trains its
// cities). The search below never looks before the hints, so neither does
// take.
func (c *combiner) take(i int, x *cand) {
	si := &c.slots[i]
	for j := i + 1; j < len(c.slots); j++ {
		s := &c.slots[j]
		keys := s.express == si.express
		cities := si.local && s.local && len(x.cities) > 0
		s.changed[i] = keys || cities
		if !s.changed[i] {
			continue
		}
		w0 := 0
		if i > 0 {
			w0 = c.hint[i][j] / 64
		}
		s.from[i] = w0
		copy(s.saved[i][w0:], s.blocked[w0:])
		block := func(b bitset) {
			for w := w0; w < len(b); w++ {
				s.blocked[w] |= b[w]
			}
		}
		if keys {
			eachRepKey(c.n, x.keys, func(key int32) {
				if b := s.byKey[key]; b != nil {
					block(b)
				}
			})
		}
		if cities {
			for _, ci := range x.cities {
				block(s.byCity[ci])
			}
		}
	}
}

// drop takes back the choice of slot i.
func (c *combiner) drop(i int) {
	for j := i + 1; j < len(c.slots); j++ {
		if s := &c.slots[j]; s.changed[i] {
			copy(s.blocked[s.from[i]:], s.saved[i][s.from[i]:])
		}
	}
}

// run searches from the first slot.
func (c *combiner) run(maxNodes int) {
	c.maxNodes = maxNodes
	var mx [nBonus]int
	c.search(0, 0, mx)
}

// first returns the first choice slot i may make: after its twin's.
func (c *combiner) first(i int) int {
	s := &c.slots[i]
	if !s.twin {
		return 0
	}
	prev := &c.slots[i-1]
	if prev.choice >= len(prev.cls.cands) {
		return prev.choice
	}
	if x := &prev.cls.cands[prev.choice]; x.noKeys() && len(x.cities) == 0 {
		return prev.choice // a run using no track may run twice
	}
	return prev.choice + 1
}

// bound returns the most the slots from i on can add: for each, the upper
// bound of its first (best) candidate fitting with the runs chosen so far,
// ignoring their mutual conflicts. It records where those candidates are:
// the choices below, which only add runs, need not look before them.
func (c *combiner) bound(i int) int {
	total := 0
	for j := i; j < len(c.slots); j++ {
		s := &c.slots[j]
		k := c.firstFit(s, max(c.firstFrom(j, i), c.hint[i-1][j]))
		c.hint[i][j] = k
		if k < len(s.ubs) {
			total += s.ubs[k]
		}
	}
	return total
}

// firstFrom is first(j) when slots i..j-1 are not chosen yet: twins of an
// unchosen slot are bounded from the start of the list.
func (c *combiner) firstFrom(j, i int) int {
	if j > i {
		return 0
	}
	return c.first(j)
}

// gain is what candidate x adds to a choice whose largest single-run
// bonuses are mx, at most (never more than x.ub).
func gain(x *cand, mx [nBonus]int) int {
	g := x.base
	for k := range bSaw {
		if x.bonus[k] > mx[k] {
			g += x.bonus[k] - mx[k]
		}
	}
	if s, m := max(x.bonus[bSaw], x.bonus[bSawD]), max(mx[bSaw], mx[bSawD]); s > m {
		g += s - m
	}
	return g
}

// search chooses for slot i on; sum is the base revenue of the runs chosen,
// mx their largest single-run bonuses.
func (c *combiner) search(i int, sum int, mx [nBonus]int) {
	c.nodes++
	if c.nodes > c.maxNodes && c.maxNodes > 0 {
		c.cut = true
		return
	}
	if i == len(c.slots) {
		if t := c.total(); t > c.best {
			c.best, c.found = t, true
			for k := range c.slots {
				c.bestChoice[k] = c.slots[k].choice
			}
		}
		return
	}
	have := sum + bonusSum(mx)
	if i > 0 && have+c.bound(i) <= c.best {
		return
	}
	s := &c.slots[i]
	restAfter := 0
	for j := i + 1; j < len(c.slots); j++ {
		if i == 0 {
			restAfter += max(c.slots[j].ubs[0], 0)
		} else if k := c.hint[i][j]; k < len(c.slots[j].ubs) {
			restAfter += c.slots[j].ubs[k]
		}
	}
	lo := c.first(i)
	if i > 0 {
		lo = max(lo, c.hint[i][i])
	}
	for k := c.firstFit(s, lo); k < len(s.ubs); k = c.firstFit(s, k+1) {
		if have+s.ubs[k]+restAfter <= c.best {
			break
		}
		x := &s.cls.cands[k]
		if have+gain(x, mx)+restAfter <= c.best {
			continue
		}
		s.choice = k
		c.take(i, x)
		nmx := mx
		for b := range nBonus {
			nmx[b] = max(nmx[b], x.bonus[b])
		}
		c.search(i+1, sum+x.base, nmx)
		c.drop(i)
		if c.cut {
			return
		}
	}
	s.choice = len(s.cls.cands)
	if have+restAfter > c.best {
		c.search(i+1, sum, mx)
	}
}

// bonusSum is the sum of the largest single-run bonuses, the sawmill once.
func bonusSum(mx [nBonus]int) int {
	return mx[bTimber] + mx[bMill] + mx[bDest] + max(mx[bSaw], mx[bSawD])
}

// total is the revenue of the chosen runs as Evaluate computes it.
func (c *combiner) total() int {
	var sel [16]*cand
	runs := sel[:0]
	for ti := range c.byIdx {
		runs = append(runs, c.current(ti))
	}
	return totalOf(runs, c.timber, c.sawmill)
}

// current is the run slot of train ti has chosen, nil for none.
func (c *combiner) current(ti int) *cand {
	si := c.byIdx[ti]
	if si < 0 {
		return nil
	}
	s := &c.slots[si]
	if s.choice >= len(s.cls.cands) {
		return nil
	}
	return &s.cls.cands[s.choice]
}

// chosen is the run of train ti in the best set found, nil for none.
func (c *combiner) chosen(ti int) *cand {
	si := c.byIdx[ti]
	if si < 0 {
		return nil
	}
	s := &c.slots[si]
	if k := c.bestChoice[si]; k < len(s.cls.cands) {
		return &s.cls.cands[k]
	}
	return nil
}

// totalOf is the revenue of runs (by train, in train order, nil for none)
// as Evaluate computes it: each run's base, then the single-run bonuses
// awarded, the last of equal runs winning, the sawmill after the
// destination bonus.
func totalOf(runs []*cand, timber, sawmill bool) int {
	t := 0
	var best [nBonus]int
	destRun := -1
	for k, x := range runs {
		if x == nil {
			continue
		}
		t += x.base
		best[bTimber] = max(best[bTimber], x.bonus[bTimber])
		best[bMill] = max(best[bMill], x.bonus[bMill])
		if d := x.bonus[bDest]; d > 0 && d >= best[bDest] {
			best[bDest], destRun = d, k
		}
	}
	if timber {
		t += best[bTimber]
	}
	t += best[bMill] + best[bDest]
	if sawmill {
		saw := 0
		for k, x := range runs {
			if x == nil {
				continue
			}
			if k == destRun {
				saw = max(saw, x.bonus[bSawD])
			} else {
				saw = max(saw, x.bonus[bSaw])
			}
		}
		t += saw
	}
	return t
}
