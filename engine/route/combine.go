package route

// The combination search: one candidate run (or none) per train, trains of
// one type sharing no track and local trains no city, for the largest total
// as Evaluate computes it. Branch and bound over the trains, each train's
// candidates tried best first: a partial choice stops as soon as what it has
// plus the most the remaining trains can add cannot beat the best total
// found. The bound on the remaining trains is the sum of their best
// candidates still compatible with the choice so far (their own conflicts
// ignored), and every bonus paid to a single run counted once, at its
// largest.

// combiner is the state of the combination search.
type combiner struct {
	n      *network
	slots  []slot // trains in search order
	byIdx  []int  // slot of each train of Input.Trains, -1 if it cannot run
	usedN  bitset // track of ordinary trains
	usedE  bitset // track of E-trains
	cities []bool // cities used by local trains
	scan   []int  // per slot: scratch index of its best compatible candidate

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
}

// newCombiner prepares the search over the classes' trains, the most
// valuable classes first and a class's trains together.
func newCombiner(n *network, classes []*trainClass, ntrains int) *combiner {
	c := &combiner{
		n:       n,
		byIdx:   make([]int, ntrains),
		usedN:   newBitset(n.nkeys),
		usedE:   newBitset(n.nkeys),
		cities:  make([]bool, len(n.stops)),
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
		for k, ti := range cl.trains {
			c.byIdx[ti] = len(c.slots)
			c.slots = append(c.slots, slot{train: ti, cls: cl, twin: k > 0})
		}
	}
	c.scan = make([]int, len(c.slots))
	c.bestChoice = make([]int, len(c.slots))
	for i := range c.bestChoice {
		c.bestChoice[i] = len(c.slots[i].cls.cands)
	}
	return c
}

// used returns the track set of class cl's type.
func (c *combiner) used(cl *trainClass) bitset {
	if cl.express {
		return c.usedE
	}
	return c.usedN
}

// fits reports whether candidate x may join the runs chosen so far.
func (c *combiner) fits(cl *trainClass, x *cand) bool {
	for _, ci := range x.cities {
		if c.cities[ci] {
			return false
		}
	}
	return !c.used(cl).meets(x.keys)
}

// take adds candidate x of class cl to the chosen runs.
func (c *combiner) take(cl *trainClass, x *cand) {
	u := c.used(cl)
	for i, w := range x.keys {
		u[i] |= w
	}
	for _, ci := range x.cities {
		c.cities[ci] = true
	}
}

// drop takes candidate x back (its track was free before take).
func (c *combiner) drop(cl *trainClass, x *cand) {
	u := c.used(cl)
	for i, w := range x.keys {
		u[i] &^= w
	}
	for _, ci := range x.cities {
		c.cities[ci] = false
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

// bound returns the most the slots from i on can add to a choice whose
// largest single-run bonuses are mx: the best compatible candidate of each
// (its own base plus any bonus beyond mx), ignoring their mutual conflicts.
func (c *combiner) bound(i int, mx [nBonus]int) int {
	total := 0
	for j := i; j < len(c.slots); j++ {
		s := &c.slots[j]
		lo := c.firstFrom(j, i)
		best := 0 // running no train adds 0
		for k := lo; k < len(s.cls.cands); k++ {
			x := &s.cls.cands[k]
			if x.ub <= best {
				break
			}
			if c.fits(s.cls, x) {
				best = max(best, gain(x, mx))
			}
		}
		total += best
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
	if i > 0 {
		rest := c.bound(i, mx)
		if have+rest <= c.best {
			return
		}
	}
	s := &c.slots[i]
	restAfter := 0
	if i+1 < len(c.slots) {
		restAfter = c.staticRest(i + 1)
	}
	for k := c.first(i); k < len(s.cls.cands); k++ {
		x := &s.cls.cands[k]
		if have+x.ub+restAfter <= c.best {
			break
		}
		if !c.fits(s.cls, x) {
			continue
		}
		if have+gain(x, mx)+restAfter <= c.best {
			continue
		}
		s.choice = k
		c.take(s.cls, x)
		nmx := mx
		for b := range nBonus {
			nmx[b] = max(nmx[b], x.bonus[b])
		}
		c.search(i+1, sum+x.base, nmx)
		c.drop(s.cls, x)
		if c.cut {
			return
		}
	}
	s.choice = len(s.cls.cands)
	if have+restAfter > c.best {
		c.search(i+1, sum, mx)
	}
}

// staticRest is the most slots i on can add, ignoring every conflict: the
// sum of their best candidates' upper bounds (0 when a slot runs nothing).
func (c *combiner) staticRest(i int) int {
	total := 0
	for j := i; j < len(c.slots); j++ {
		if cs := c.slots[j].cls.cands; len(cs) > 0 && cs[0].ub > 0 {
			total += cs[0].ub
		}
	}
	return total
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
