package route

import "math/bits"

// The combination search: one candidate run (or none) per train, trains of
// one type sharing no track and local trains no city, for the largest total
// as Evaluate computes it. Branch and bound over the trains, each train's
// candidates tried best first: a partial choice stops as soon as what it has
// plus the most the remaining trains can add cannot beat the best total
// found. The most a remaining train can add is the upper bound of its best
// candidate still compatible with the runs chosen (their mutual conflicts
// ignored). A bitset of the candidates the runs chosen block, worked out a
// word at a time from per-lane bitsets when the search reaches that word,
// lets finding that candidate skip 64 blocked ones at a time; the lists are
// long late in a game, and the candidates a search looks at few. A
// candidate whose links are not chosen yet (see cand) blocks and is
// blocked by the track all its choices use: at the leaves, layOut chooses
// the links of the runs chosen so that they share no track, or rejects
// the set.

// combiner is the state of the combination search.
type combiner struct {
	n     *network
	slots []slot  // trains in search order
	byIdx []int   // slot of each train of Input.Trains, -1 if it cannot run
	hint  [][]int // hint[i][j]: slot j has no candidate fitting before it, under the choices of slots < i

	sawmill bool
	timber  bool

	best     int
	found    bool    // a set of runs beating the initial best was found
	bestRuns []*cand // its runs laid on track, by train
	// low is the best total found not beating the initial best (-1 for
	// none), lowRuns its runs.
	low     int
	lowRuns []*cand
	// choices caches the choices of links of the candidates at the leaves;
	// assign is the choice of each slot that lays the runs on track.
	choices  map[*cand]*choiceList
	exp      map[*trainClass]*expander
	assign   []int
	layKeys  [2]bitset
	nodes    int
	maxNodes int
	cut      bool  // stopped at maxNodes: the answer may not be optimal
	los      []int // scratch of bound

	// usedKeys is the representative keys (network.repKeys) of the runs
	// chosen, by type (ordinary, E); usedCities the cities of the local
	// runs chosen. state names the current choices: a word of a blocked
	// bitset is valid while its stamp is the state. saved[i] is what they
	// were before slot i chose.
	usedKeys   [2][]int32
	usedSet    [2]bitset // the same, all keys
	usedCities []int32
	state      uint32
	lastState  uint32
	saved      []savedUse
}

// savedUse is the lengths of the used lists, the used set and the state
// before a slot chose.
type savedUse struct {
	keys, cities int
	set          bitset
	state        uint32
}

// slot is one train in the search.
type slot struct {
	train  int
	cls    *trainClass
	twin   bool // same class as the previous slot: its choice comes later in the list
	choice int  // index in cls.cands, len(cls.cands) for no run
	*lists
	// restTwin is scratch of search: the bounds of the later twins.
	restTwin []int
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
	// blocked marks the candidates sharing track (or a local city) with the
	// runs chosen; a word is valid while its stamp is the combiner's state.
	// The twins of a class share it: they mind the same runs.
	blocked bitset
	stamp   []uint32
	// common holds, for each word of candidates, the track all of them
	// use (words words each): once the runs chosen use any of it, the
	// whole word is blocked.
	common []uint64
	words  int
	// first and count identify the candidates indexed.
	first *cand
	count int
	// after[k], once set, is a candidate after k such that every one in
	// between shares track with k (see partner); the searches of all
	// targets use the same index, and what they learn.
	after []int32
	n     *network
	cands []cand
	keys  []int32 // scratch of partner
}

// partner returns an upper bound on what the first candidate after k that
// shares no track with candidate k can add: the upper bound of that
// candidate, or of one before it once the bounds fall below floor (the
// caller needs no more). Local cities are ignored: the bound may only be
// too high.
func (l *lists) partner(k, floor int) int {
	if l.after == nil {
		l.after = make([]int32, len(l.ubs))
	}
	j := max(int(l.after[k]), k+1)
	if j < len(l.ubs) && l.ubs[j] >= floor {
		l.keys = l.keys[:0]
		eachRepKey(l.n, l.cands[k].keys, func(key int32) { l.keys = append(l.keys, key) })
		ks := bitset(l.cands[k].keys)
		for j < len(l.ubs) && l.ubs[j] >= floor {
			wi := j / 64
			w := ^uint64(0)
			if !ks.meets(l.common[wi*l.words : (wi+1)*l.words]) {
				w = 0
				for _, key := range l.keys {
					w |= l.byKey[key][wi]
				}
			}
			if free := ^w &^ (1<<(j%64) - 1); free != 0 {
				j = wi*64 + bits.TrailingZeros64(free)
				break
			}
			j = (wi + 1) * 64
		}
		j = min(j, len(l.ubs))
	}
	l.after[k] = int32(j)
	return l.ubAt(j)
}

// listsOf returns class cl's candidates indexed, reusing the index of the
// last search when they have not changed since.
func listsOf(n *network, cl *trainClass) *lists {
	if l := cl.lists; l != nil && l.count == len(cl.cands) && &cl.cands[0] == l.first {
		clear(l.stamp)
		return l
	}
	cl.lists = newLists(n, cl)
	return cl.lists
}

// newLists indexes class cl's candidates.
func newLists(n *network, cl *trainClass) *lists {
	l := &lists{ubs: make([]int, len(cl.cands)), byKey: make([]bitset, n.nkeys), express: cl.express, local: cl.local}
	l.nwords = len(newBitset(len(cl.cands)))
	l.first, l.count = &cl.cands[0], len(cl.cands)
	l.n, l.cands = n, cl.cands
	l.blocked, l.stamp = newBitset(len(cl.cands)), make([]uint32, l.nwords)
	l.words = (n.nkeys + 63) / 64
	l.common = make([]uint64, l.nwords*l.words)
	for wi := range l.nwords {
		com := l.common[wi*l.words : (wi+1)*l.words]
		for i := range com {
			com[i] = ^uint64(0)
		}
		for k := wi * 64; k < min(len(cl.cands), (wi+1)*64); k++ {
			for i, w := range cl.cands[k].keys {
				com[i] &= w
			}
		}
	}
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
		l := listsOf(n, cl)
		for k, ti := range cl.trains {
			c.byIdx[ti] = len(c.slots)
			c.slots = append(c.slots, slot{train: ti, cls: cl, twin: k > 0, lists: l})
		}
	}
	c.saved = make([]savedUse, len(c.slots))
	for i := range c.saved {
		c.saved[i].set = newBitset(n.nkeys)
	}
	c.usedSet = [2]bitset{newBitset(n.nkeys), newBitset(n.nkeys)}
	c.state, c.lastState = 1, 1
	c.hint = make([][]int, len(c.slots)+1)
	for i := range c.hint {
		c.hint[i] = make([]int, len(c.slots))
	}
	c.low = -1
	c.assign = make([]int, len(c.slots))
	return c
}

// fitFrom returns the first candidate of slot s from lo on that may join
// the runs chosen so far and can add something, or len(s.ubs); but once
// the upper bounds fall below floor, it may return the first candidate
// there, fitting or not. Either way no candidate before its answer fits,
// and none after it can add more than the answer's upper bound.
func (c *combiner) fitFrom(s *slot, lo, floor int) int {
	for wi := lo / 64; wi < s.nwords; wi++ {
		if k := max(lo, wi*64); k < len(s.ubs) && s.ubs[k] < floor {
			return k
		}
		if s.stamp[wi] != c.state {
			if c.usedSet[typeOf(s.express)].meets(s.common[wi*s.words : (wi+1)*s.words]) {
				s.blocked[wi] = ^uint64(0)
			} else {
				s.blocked[wi] = c.blockedWord(s, wi)
			}
			s.stamp[wi] = c.state
		}
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

// blockedWord is word wi of the bitset of slot s's candidates the runs
// chosen block.
func (c *combiner) blockedWord(s *slot, wi int) uint64 {
	w := uint64(0)
	for _, key := range c.usedKeys[typeOf(s.express)] {
		if b := s.byKey[key]; b != nil {
			w |= b[wi]
		}
	}
	if s.local {
		for _, ci := range c.usedCities {
			if b := s.byCity[ci]; b != nil {
				w |= b[wi]
			}
		}
	}
	return w
}

// typeOf is the index in combiner.usedKeys of the track of a train type.
func typeOf(express bool) int {
	if express {
		return 1
	}
	return 0
}

// take adds candidate x, chosen by slot i, to the runs chosen: the later
// slots of its type can no longer use its track (nor local trains its
// cities).
func (c *combiner) take(i int, x *cand) {
	si := &c.slots[i]
	t := typeOf(si.express)
	sv := &c.saved[i]
	sv.keys, sv.cities, sv.state = len(c.usedKeys[t]), len(c.usedCities), c.state
	copy(sv.set, c.usedSet[t])
	c.usedSet[t].or(x.keys)
	eachRepKey(c.n, x.keys, func(key int32) { c.usedKeys[t] = append(c.usedKeys[t], key) })
	if si.local {
		c.usedCities = append(c.usedCities, x.cities...)
	}
	c.lastState++
	c.state = c.lastState
}

// drop takes back the choice of slot i.
func (c *combiner) drop(i int) {
	sv := &c.saved[i]
	t := typeOf(c.slots[i].express)
	c.usedKeys[t] = c.usedKeys[t][:sv.keys]
	copy(c.usedSet[t], sv.set)
	c.usedCities = c.usedCities[:sv.cities]
	c.state = sv.state
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
	if x := &prev.cls.cands[prev.choice]; (x.noKeys() && len(x.cities) == 0) || x.multi() {
		return prev.choice // a run using no track, or laid on other track, may run twice
	}
	return prev.choice + 1
}

// bound returns the most the slots from i on can add: for each, the upper
// bound of its first (best) candidate fitting with the runs chosen so far,
// ignoring their mutual conflicts. It records where those candidates are:
// the choices below, which only add runs, need not look before them.
func (c *combiner) bound(i, need int) int {
	// Start from where the candidates fitting lie at the least (upper
	// bounds of candidates, no smaller than those of the fits), and stop
	// as soon as the total cannot exceed need: the caller gives up.
	c.los = c.los[:0]
	total := 0
	for j := i; j < len(c.slots); j++ {
		lo := max(c.firstFrom(j, i), c.hint[i-1][j])
		c.los = append(c.los, lo)
		total += c.slots[j].ubAt(lo)
	}
	for j := i; j < len(c.slots); j++ {
		s := &c.slots[j]
		lo := c.los[j-i]
		u := s.ubAt(lo)
		k := c.fitFrom(s, lo, need-(total-u)+1)
		c.hint[i][j] = k
		if total += s.ubAt(k) - u; total <= need {
			return total
		}
	}
	return total
}

// ubAt is the upper bound of candidate k of the list, 0 past its end or
// when negative.
func (l *lists) ubAt(k int) int {
	if k < len(l.ubs) {
		return max(l.ubs[k], 0)
	}
	return 0
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
		switch t := c.total(); {
		case t > c.best && c.layOut():
			c.best, c.found, c.bestRuns = t, true, c.laidRuns()
		case t > c.low && !c.found && t <= c.best && c.layOut():
			c.low, c.lowRuns = t, c.laidRuns()
		}
		return
	}
	have := sum + bonusSum(mx)
	if i > 0 && c.bound(i, c.best-have) <= c.best-have {
		return
	}
	s := &c.slots[i]
	// What the later slots can add: twins of this slot (same list) choose
	// after its choice, so at most what the next candidate can (restTwin
	// holds their bounds); the others at most their first fitting
	// candidate.
	restAfter, restOther := 0, 0
	s.restTwin = s.restTwin[:0]
	for j := i + 1; j < len(c.slots); j++ {
		r := 0
		if i == 0 {
			r = max(c.slots[j].ubs[0], 0)
		} else if k := c.hint[i][j]; k < len(c.slots[j].ubs) {
			r = c.slots[j].ubs[k]
		}
		restAfter += r
		if c.slots[j].lists == s.lists {
			s.restTwin = append(s.restTwin, r)
		} else {
			restOther += r
		}
	}
	lo := c.first(i)
	if i > 0 {
		lo = max(lo, c.hint[i][i])
	}
	// Candidates below floor cannot beat the best even with the most the
	// others can add: fitFrom may stop at them.
	floor := c.best + 1 - have - restAfter
	for k := c.fitFrom(s, lo, floor); k < len(s.ubs); k = c.fitFrom(s, k+1, floor) {
		x := &s.cls.cands[k]
		next := 0 // the most a twin's candidate after k can add
		switch {
		case (x.noKeys() && len(x.cities) == 0) || x.multi():
			next = s.ubs[k] // a run using no track, or laid on other track, may run twice
		case k+1 < len(s.ubs):
			next = max(s.ubs[k+1], 0)
		}
		rest := restOther
		for _, r := range s.restTwin {
			rest += min(r, next)
		}
		// Valid for every later candidate too: their twins' bounds are no
		// larger.
		if have+s.ubs[k]+rest <= c.best {
			break
		}
		if have+gain(x, mx)+rest <= c.best {
			continue
		}
		if len(s.restTwin) == 1 && !x.noKeys() && !x.multi() {
			// The one twin left must take a run after x sharing no
			// track with it: at most what the first such run can add.
			floor := c.best + 1 - have - gain(x, mx) - restOther
			if have+gain(x, mx)+min(s.restTwin[0], s.partner(k, floor))+restOther <= c.best {
				continue
			}
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

// layOut chooses links for the runs chosen so that no two of a type share
// track (c.assign), and reports whether it can.
func (c *combiner) layOut() bool {
	for t := range 2 {
		used := c.scratchKeys(t)
		if !c.layFrom(0, t, used) {
			return false
		}
	}
	return true
}

// scratchKeys is an empty key set, one for each train type.
func (c *combiner) scratchKeys(t int) bitset {
	if c.layKeys[t] == nil {
		c.layKeys[t] = newBitset(c.n.nkeys)
	}
	clear(c.layKeys[t])
	return c.layKeys[t]
}

// layFrom chooses links for the runs of type t chosen by slots from i on,
// sharing no track with used nor each other.
func (c *combiner) layFrom(i, t int, used bitset) bool {
	for ; i < len(c.slots); i++ {
		if s := &c.slots[i]; typeOf(s.express) == t && s.choice < len(s.cls.cands) {
			break
		}
	}
	if i == len(c.slots) {
		return true
	}
	s := &c.slots[i]
	l := c.choicesOf(s.cls, &s.cls.cands[s.choice])
	w := len(used)
	for k := range l.n {
		// Each choice tried is a node: a board whose runs have many
		// choices of links stops at maxNodes, not proven optimal.
		if c.nodes++; c.nodes > c.maxNodes && c.maxNodes > 0 {
			c.cut = true
			return false
		}
		keys := l.keys[k*w : (k+1)*w]
		if used.meets(keys) {
			continue
		}
		used.or(keys)
		ok := c.layFrom(i+1, t, used)
		for j, x := range keys {
			used[j] &^= x
		}
		if ok {
			c.assign[i] = k
			return true
		}
	}
	return false
}

// choicesOf is the choices of links of candidate x of class cl.
func (c *combiner) choicesOf(cl *trainClass, x *cand) *choiceList {
	if l, ok := c.choices[x]; ok {
		return l
	}
	if c.choices == nil {
		c.choices, c.exp = map[*cand]*choiceList{}, map[*trainClass]*expander{}
	}
	e := c.exp[cl]
	if e == nil {
		e = newExpander(c.n, cl)
		c.exp[cl] = e
	}
	l := e.choices(x)
	c.choices[x] = l
	c.nodes += l.n // listing them costs as much as trying them
	return l
}

// laidRuns is the runs chosen, laid on track as layOut chose, by train.
func (c *combiner) laidRuns() []*cand {
	runs := make([]*cand, len(c.byIdx))
	for ti, si := range c.byIdx {
		if si < 0 {
			continue
		}
		s := &c.slots[si]
		if s.choice >= len(s.cls.cands) {
			continue
		}
		x := s.cls.cands[s.choice]
		l := c.choicesOf(s.cls, &s.cls.cands[s.choice])
		k, w := c.assign[si], len(x.keys)
		x.links = l.links[k*l.legs : (k+1)*l.legs]
		x.keys = l.keys[k*w : (k+1)*w]
		x.legs, x.union = nil, nil
		runs[ti] = &x
	}
	return runs
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
