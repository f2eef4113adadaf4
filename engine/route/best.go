package route

import (
	"encoding/binary"
	"fmt"
	"slices"

	"pbc/engine/graph"
)

// The auto-router: Best finds the runs of the operating corporation's trains
// that earn the most under every rule Evaluate applies. It works in three
// steps, each exact:
//
//  1. the network: every stop a run may visit, reached from the
//     corporation's counting stations, and every link (chain of tile paths
//     through hex edges and junctions) joining two stops; links joining
//     the same stops and paying alike are bundled (bundle.go);
//  2. candidate runs per class of alike trains: a depth-first search over
//     the bundles, pruned by the train's distance (monotone: a run too long
//     stays too long) and by the distance to the nearest station; each run
//     is priced once (base revenue, and the bonuses paid to one run only)
//     and kept with the ways of laying its legs on track (seqs.go). E-trains,
//     whose runs are unbounded, get the search of express.go instead. The
//     bound follows the run: only the stops it can still reach count
//     (reach.go); a run that leaves no room for a partner among another
//     train's runs earning enough with it is dropped (pairUp, partnerList);
//  3. branch and bound over the trains for the set of runs, sharing no
//     track within a type and no city among local trains, with the largest
//     total as Evaluate computes it (combine.go), searched with falling
//     targets from the sum of the trains' best runs (descend): a high
//     target needs few candidates. The incumbent, a greedy set bettered by
//     the best pair of a class of two trains (pairs.go), sets the lowest.
//
// The answer is checked with Evaluate before it is returned.

// Default limits of Best. They bound memory (a candidate run costs about
// 200 bytes, a run found by the search, of which a class keeps up to twice
// the limit while it searches, less) and time on any board; the fixtures'
// largest positions stay far below them (6,000 candidates, 2,000 nodes),
// the hardest invented late-1822CA positions of TestRouteStress below
// 80,000 candidates.
const (
	DefaultMaxCandidates = 100000   // candidate runs (and runs found by the search) kept per train class
	DefaultMaxNodes      = 20000000 // branch-and-bound nodes
)

// Options tune Best; the zero value uses the defaults.
type Options struct {
	// MaxCandidates bounds the candidate runs kept per class of alike
	// trains. Past it a class keeps its best candidates, which can still
	// prove an answer optimal if it earns enough; if none does, Best returns
	// the best answer it knows and Plan.Exact is false.
	MaxCandidates int
	// MaxNodes bounds the branch-and-bound nodes visited; past it the best
	// total found is returned and Plan.Exact is false.
	MaxNodes int
}

// Plan is the auto-router's answer.
type Plan struct {
	// Runs are the runs chosen, in the order of Input.Trains; trains that
	// earn nothing are left out.
	Runs []Run
	// Revenue is the runs' total as Evaluate computes it; PerRun each run's share.
	Revenue int
	PerRun  []int
	// Subsidy is the mail-contract subsidy the runs earn (not optimised: it
	// is paid beside the revenue).
	Subsidy int
	// Exact is true when the search ran to the end: Revenue is the optimum.
	Exact bool
	// Candidates is the number of candidate runs kept over all classes;
	// Searched the partial runs the run searches looked at; Nodes the
	// branch-and-bound nodes visited.
	Candidates int
	Searched   int
	Nodes      int
}

// Best returns the runs of in's trains that earn the largest total revenue.
// An error means the router built a set of runs Evaluate refuses or prices
// differently, which is a bug.
func Best(in *Input, opts Options) (*Plan, error) {
	return bestBanning(in, opts, nil)
}

// bestBanning is Best with the track at the map edges banned unused. When
// the best runs use two of the tracks of a OneTrackOf hex, the best runs
// keeping to one of them are the best of those found with all but one
// banned, each in turn.
func bestBanning(in *Input, opts Options, banned []hexEdge) (*Plan, error) {
	maxCands := opts.MaxCandidates
	if maxCands <= 0 {
		maxCands = DefaultMaxCandidates
	}
	maxNodes := opts.MaxNodes
	if maxNodes <= 0 {
		maxNodes = DefaultMaxNodes
	}
	v := newView(in)
	n := buildNetwork(v, banned...)
	r := &router{n: n, classes: classesOf(v), maxCands: maxCands, ntrains: len(in.Trains)}
	plan := &Plan{Exact: true}
	r.tops()
	best := r.greedy()
	if best.total < r.sum {
		// A better set of runs may exist: search the candidates good enough
		// to be part of one.
		best, plan.Nodes, plan.Exact = r.descend(best, maxNodes)
	}
	for _, cl := range r.classes {
		plan.Candidates += len(cl.cands)
		plan.Searched += cl.nodes
	}
	for ti, x := range best.runs {
		if x != nil {
			plan.Runs = append(plan.Runs, n.run(in.Trains[ti].ID, x))
		}
	}
	if len(plan.Runs) == 0 {
		return plan, nil
	}
	if g := v.oneTrackClash(plan.Runs); g != nil {
		var best *Plan
		for _, keep := range g.Edges {
			ban := slices.Clone(banned)
			for _, e := range g.Edges {
				if e != keep {
					ban = append(ban, hexEdge{g.Hex, e})
				}
			}
			p, err := bestBanning(in, opts, ban)
			if err != nil {
				return nil, err
			}
			exact := p.Exact && (best == nil || best.Exact)
			if best == nil || p.Revenue > best.Revenue {
				best = p
			}
			best.Exact = exact
		}
		return best, nil
	}
	total, per, err := v.evaluate(plan.Runs)
	if err != nil {
		return nil, fmt.Errorf("auto-router: Evaluate refuses the runs found: %w", err)
	}
	if total != best.total {
		return nil, fmt.Errorf("auto-router: Evaluate prices the runs found at %d, the search at %d", total, best.total)
	}
	plan.Revenue, plan.PerRun = total, per
	plan.Subsidy = MailSubsidy(in, plan.Runs)
	return plan, nil
}

// router is the state of one Best call.
type router struct {
	n        *network
	classes  []*trainClass
	maxCands int
	ntrains  int

	top   map[*trainClass]*cand  // each class's best run, nil for none
	sum   int                    // the trains' best runs' upper bounds added: no total is larger
	allE  map[*trainClass][]cand // the E-train classes' fronts
	order []*trainClass          // classes by their best run, largest first
	memo  map[memoKey]*cand      // bestAvoiding's answers
}

// run turns candidate x into the Run of train id.
func (n *network) run(id string, x *cand) Run {
	r := Run{Train: id, Stops: []graph.NodeRef{n.stops[x.start].ref}}
	for _, li := range x.links {
		l := &n.links[li]
		r.Stops = append(r.Stops, n.stops[l.to].ref)
		r.Legs = append(r.Legs, slices.Clone(l.steps))
	}
	return r
}

// quick is a set of runs (by index in Input.Trains, nil for no run) and its total.
type quick struct {
	runs  []*cand
	total int
}

// tops finds each class's best run (listing every good E-train run).
func (r *router) tops() {
	n := r.n
	r.top = make(map[*trainClass]*cand, len(r.classes))
	r.allE = map[*trainClass][]cand{}
	for _, cl := range r.classes {
		var x *cand
		if cl.express {
			r.allE[cl] = expressFront(n, cl, nil)
			if len(r.allE[cl]) > 0 {
				x = &r.allE[cl][0]
			}
		} else if c, ok := bestRun(n, cl, newBitset(n.nkeys), make([]bool, len(n.stops)), 0); ok {
			x = &c
		}
		if x != nil && x.ub > 0 {
			r.top[cl] = x
			r.sum += x.ub * len(cl.trains)
		}
	}
	r.order = slices.Clone(r.classes)
	slices.SortStableFunc(r.order, func(a, b *trainClass) int { return r.topUB(b) - r.topUB(a) })
}

// topUB is the upper bound of class cl's best run, 0 for none.
func (r *router) topUB(cl *trainClass) int {
	if x := r.top[cl]; x != nil {
		return x.ub
	}
	return 0
}

// greedy lets each train in turn take its best run compatible with the runs
// taken, trying each class first in turn, and returns the best such set: a
// lower bound on the best total.
func (r *router) greedy() quick {
	best := quick{runs: make([]*cand, r.ntrains)}
	for k := range r.order {
		if k > 0 && r.top[r.order[k]] == nil {
			break
		}
		order := append([]*trainClass{r.order[k]}, slices.Delete(slices.Clone(r.order), k, k+1)...)
		if q := r.greedyIn(order); q.total > best.total {
			best = q
		}
	}
	return best
}

// greedyIn is the greedy set of runs taking the classes in order.
func (r *router) greedyIn(order []*trainClass) quick {
	n := r.n
	usedN, usedE, cities := newBitset(n.nkeys), newBitset(n.nkeys), make([]bool, len(n.stops))
	q := quick{runs: make([]*cand, r.ntrains)}
	first := true
	for _, cl := range order {
		for _, ti := range cl.trains {
			var x *cand
			u := usedN
			if cl.express {
				u = usedE
			}
			if first || (u.count() == 0 && !slices.Contains(cities, true)) {
				x = r.top[cl] // nothing taken yet that it minds
			} else {
				x = r.bestAvoiding(cl, u, cities)
			}
			first = false
			if x == nil || x.ub <= 0 {
				continue
			}
			for i, w := range x.keys {
				u[i] |= w
			}
			for _, ci := range x.cities {
				cities[ci] = true
			}
			q.runs[ti] = x
		}
	}
	rules := &n.v.in.Rules
	q.total = totalOf(q.runs, rules.TimberDouble, rules.SawmillHex != "")
	return q
}

// descend searches for a set of runs earning more than the incumbent with
// falling targets: first the sets earning close to r.sum, which no set
// beats, then lower, down to the incumbent's total. A set found earning at
// least a target is the best: every candidate of a better set is among
// those searched. High targets need few candidates, so the positions whose
// best set earns close to r.sum never list the many candidates a low
// threshold admits; a search that fails still finds sets earning less than
// its target, which raise the incumbent. It returns the best set found,
// the branch-and-bound nodes visited and whether that set is proven best.
func (r *router) descend(incumbent quick, maxNodes int) (best quick, nodes int, exact bool) {
	// The run searches of the ordinary classes are done once, for the
	// lowest target; each target expands the runs it needs.
	r.searchAll(incumbent.total)
	for _, cl := range r.classes {
		incumbent = r.twinPair(cl, incumbent)
	}
	r.pairAll(incumbent.total)
	for _, cl := range r.classes {
		// A list cut short (see cutSeqs) may lack partners.
		if len(cl.trains) == 2 && cl.searched && cl.seqTau <= cl.seqAsked {
			cl.twins = newPartnerList(r.n, cl, incumbent.total-(r.sum-2*r.topUB(cl)))
		}
	}
	best = incumbent
	for gap := max(1, (r.sum-best.total)/8); r.sum-gap > best.total; gap *= 2 {
		c, exact := r.combineFor(r.sum-gap, maxNodes-nodes)
		nodes += c.nodes
		switch {
		case c.found:
			return r.chosen(c.best, c.bestRuns), nodes, exact
		case nodes >= maxNodes:
			return best, nodes, false
		case !exact:
			// Too many candidates even for this target: the lowest one
			// keeps the best and says the answer is not proven.
			gap = r.sum - best.total
		}
		if c.low > best.total {
			best = r.chosen(c.low, c.lowRuns)
		}
		// The best set among this target's candidates, a good incumbent
		// (not proven best: better sets may use candidates left out).
		if budget := min(maxNodes-nodes, incumbentNodes); budget > 0 {
			c := r.combine(best.total+1, budget)
			nodes += c.nodes
			if c.found {
				best = r.chosen(c.best, c.bestRuns)
			}
		}
	}
	c, exact := r.combineFor(best.total, maxNodes-nodes)
	nodes += c.nodes
	if c.found {
		best = r.chosen(c.best, c.bestRuns)
	}
	return best, nodes, exact
}

// searchAll lists the runs of the classes that list theirs (all but a
// single E-train's) for sets earning target or more, the trains with the
// shortest runs first: the later ones' searches drop the partial runs
// whose track leaves no partner among theirs (see partnerList).
func (r *router) searchAll(target int) {
	var order []*trainClass
	for _, cl := range r.classes {
		if !cl.express || len(cl.trains) > 1 {
			order = append(order, cl)
		}
	}
	slices.SortStableFunc(order, func(a, b *trainClass) int { return runLength(r.n, a) - runLength(r.n, b) })
	for i, cl := range order {
		for _, b := range order[:i] {
			// A list cut short (see cutSeqs) may lack partners.
			if b.express == cl.express && b.seqTau <= b.seqAsked {
				pair := target - (r.sum - r.topUB(cl) - r.topUB(b))
				cl.partners = append(cl.partners, newPartnerList(r.n, b, pair))
			}
		}
		searchRuns(r.n, cl, target-(r.sum-r.topUB(cl)), r.maxCands)
		cl.partners = nil
	}
}

// runLength is how many stops a run of class cl may have at most, for the
// order of the searches: an E-train's any number.
func runLength(n *network, cl *trainClass) int {
	if cl.express {
		return len(n.stops)
	}
	if cl.reach == nil {
		cl.reach = newReach(n, cl)
	}
	return min(cl.reach.finite, len(cl.reach.limited)) + len(cl.reach.free)
}

// pairAll drops the listed runs that no set of runs earning target or more
// can use for lack of a partner (see pairUp), trying every two trains of
// one type whose classes listed their runs. Late in 1822CA the two big
// trains' lists, whose thresholds assume the other train earns its best
// run, shrink tenfold: most runs leave no room for a partner earning
// enough.
func (r *router) pairAll(target int) {
	var listed []*trainClass
	for _, cl := range r.classes {
		if cl.searched {
			listed = append(listed, cl)
		}
	}
	for _, a := range listed {
		for _, b := range listed {
			// A list cut short (see cutSeqs) may lack partners.
			if a.express != b.express || (a == b && len(a.trains) != 2) || b.seqTau > b.seqAsked {
				continue
			}
			// The rest of the trains earn at most their best runs.
			pair := target - (r.sum - r.topUB(a) - r.topUB(b))
			pairUp(r.n, a, b, pair)
		}
	}
}

// incumbentNodes bounds the nodes of each search for a better incumbent.
const incumbentNodes = 200000

// chosen is the set of runs (by train, nil for none) earning total.
func (r *router) chosen(total int, runs []*cand) quick {
	return quick{runs: runs, total: total}
}

// bestAvoiding is a good run of class cl (the best an ordinary class's
// search finds in greedyNodes steps) using none of the track in avoid nor,
// for a local train, the cities in cities; nil for none. The greedy sets
// ask for the same often: the answers are kept.
func (r *router) bestAvoiding(cl *trainClass, avoid bitset, cities []bool) *cand {
	key := make([]byte, 0, 8*len(avoid)+len(cities)/8+1)
	for _, w := range avoid {
		key = binary.LittleEndian.AppendUint64(key, w)
	}
	if cl.local {
		var b byte
		for i, on := range cities {
			if on {
				b |= 1 << (i % 8)
			}
			if i%8 == 7 || i == len(cities)-1 {
				key, b = append(key, b), 0
			}
		}
	}
	mk := memoKey{cl, string(key)}
	if x, ok := r.memo[mk]; ok {
		return x
	}
	var x *cand
	if cl.express {
		if front := expressFront(r.n, cl, avoid); len(front) > 0 {
			x = &front[0]
		}
	} else if c, ok := bestRun(r.n, cl, avoid, cities, greedyNodes); ok {
		x = &c
	}
	if r.memo == nil {
		r.memo = map[memoKey]*cand{}
	}
	r.memo[mk] = x
	return x
}

// greedyNodes bounds the partial runs each search for a greedy set's run
// looks at: the greedy sets only need to be good. Late in a game ten times
// as many found hardly better sets, for a quarter of all the run searches'
// work.
const greedyNodes = 2000

// memoKey names a question to bestAvoiding.
type memoKey struct {
	cl  *trainClass
	key string
}

// combineFor lists, for each class, the candidates a set of runs earning
// target or more may use (a candidate's upper bound plus the best runs of
// the other trains must reach it), and searches them for the best set
// earning at least target; exact says the answer is then known optimal.
// When a class has too many such candidates, it keeps the best ones, which
// can only prove a raised target: if no set reaches it, the answer is the
// best set among the candidates kept, not known optimal.
func (r *router) combineFor(target, maxNodes int) (c *combiner, exact bool) {
	raised := target
	for _, cl := range r.classes {
		tau := target - (r.sum - r.topUB(cl))
		got := tau
		switch {
		case cl.express && len(cl.trains) == 1:
			cl.cands = nil
			for _, x := range r.allE[cl] {
				if x.ub >= tau {
					cl.cands = append(cl.cands, x)
				}
			}
		default:
			got = enumerate(r.n, cl, tau, r.maxCands)
		}
		if got > tau {
			raised = max(raised, got+(r.sum-r.topUB(cl)))
		}
	}
	if raised == target {
		c = r.combine(target, maxNodes)
		return c, !c.cut
	}
	kept := make([][]cand, len(r.classes))
	for i, cl := range r.classes {
		kept[i] = cl.cands
		tau := raised - (r.sum - r.topUB(cl))
		cl.cands = slices.DeleteFunc(slices.Clone(cl.cands), func(x cand) bool { return x.ub < tau })
	}
	if c = r.combine(raised, maxNodes); c.found {
		return c, !c.cut
	}
	nodes := c.nodes
	for i, cl := range r.classes {
		cl.cands = kept[i]
	}
	c = r.combine(target, maxNodes)
	c.nodes += nodes
	return c, false
}

// combine searches the classes' candidates for the best set of runs
// earning at least target.
func (r *router) combine(target, maxNodes int) *combiner {
	c := newCombiner(r.n, r.classes, r.ntrains)
	c.best = target - 1
	c.run(maxNodes)
	return c
}
