package route

import (
	"slices"
	"sort"

	"pbc/engine/board"
	"pbc/engine/graph"
)

// Evaluate checks the runs against the rules and returns their total revenue
// and each run's share. Bonuses paid to one train only (Lumber Baron, Paper
// Mill, destination) go to the run earning the most from them; among equal
// runs, to the last one, as 18xx.games attributes them.
func Evaluate(in *Input, runs []Run) (total int, perRoute []int, err error) {
	return newView(in).evaluate(runs)
}

// evaluate is Evaluate on the view v.
func (v *view) evaluate(runs []Run) (total int, perRoute []int, err error) {
	in := v.in
	for i := range runs {
		t := v.train(runs[i].Train)
		if t == nil {
			return 0, nil, routeErr(i, runs[i].Train, "%s has no train %s that can run", in.Corp, runs[i].Train)
		}
		if err := v.check(i, &runs[i], t); err != nil {
			return 0, nil, err
		}
	}
	if err := v.checkAll(runs); err != nil {
		return 0, nil, err
	}
	perRoute = make([]int, len(runs))
	var timber, mill, dest []int
	for i := range runs {
		r := &runs[i]
		t := v.train(r.Train)
		hexes := r.hexes()
		perRoute[i] = v.stopRevenue(r, t) + v.trackBonus(hexes, t) - v.portage(hexes) + v.grain(r, t)
		timber = append(timber, v.timber(hexes, t))
		mill = append(mill, v.mill(r, t))
		dest = append(dest, v.destination(r, t))
	}
	if in.Rules.TimberDouble {
		award(perRoute, timber)
	}
	award(perRoute, mill)
	destRun := award(perRoute, dest)
	if in.Rules.SawmillHex != "" {
		sawmill := make([]int, len(runs))
		for i := range runs {
			sawmill[i] = v.sawmill(&runs[i], v.train(runs[i].Train), i == destRun)
		}
		award(perRoute, sawmill)
	}
	for i, p := range perRoute {
		if v.train(runs[i].Train).Half {
			p = halfRevenue(p)
			perRoute[i] = p
		}
		total += p
	}
	return total, perRoute, nil
}

// award adds the largest of bonus (the last one among equals) to its run and
// returns that run's index, or -1 when no run earns the bonus.
func award(perRoute, bonus []int) int {
	best := -1
	for i, b := range bonus {
		if b > 0 && (best < 0 || b >= bonus[best]) {
			best = i
		}
	}
	if best >= 0 {
		perRoute[best] += bonus[best]
	}
	return best
}

// hexes lists the hexes whose track the run uses, once each, in order.
func (r *Run) hexes() []string {
	n := 0
	for _, leg := range r.Legs {
		n += len(leg)
	}
	out := make([]string, 0, n)
	for _, leg := range r.Legs {
		for _, s := range leg {
			if !slices.Contains(out, s.Hex) {
				out = append(out, s.Hex)
			}
		}
	}
	return out
}

// value is a stop's printed value in the current phase.
func (v *view) value(r graph.NodeRef) int {
	n := v.node(r)
	if n == nil {
		return 0
	}
	return n.Revenue.At(v.in.Phase)
}

// stopRevenue is what the run's stops pay: every stop for most trains; for an
// E-train, twice each city holding the corporation's tokens.
func (v *view) stopRevenue(r *Run, t *Train) int {
	sum := 0
	for _, s := range r.Stops {
		if !t.express() {
			sum += v.value(s)
		} else if n := v.node(s); n.Kind == board.City && v.countsToken(s) {
			sum += 2 * v.expressValue(s)
		}
	}
	return sum
}

// trackBonus is the timber and Ski Haus income of a non-E train using track in hexes.
func (v *view) trackBonus(hexes []string, t *Train) int {
	if t.express() {
		return 0
	}
	bonus := v.timber(hexes, t)
	if v.in.Rules.SkiHex != "" && slices.Contains(hexes, v.in.Rules.SkiHex) {
		bonus += v.in.Rules.SkiBonus
	}
	return bonus
}

// timber is the timber income of a non-E train using track in hexes.
func (v *view) timber(hexes []string, t *Train) int {
	if t.express() || len(v.in.Rules.Timber) == 0 {
		return 0
	}
	n := 0
	for _, h := range hexes {
		if v.in.Rules.Timber[h] {
			n++
		}
	}
	return n * v.in.Rules.TimberBonus
}

// portage is the toll of a run using track in hexes.
func (v *view) portage(hexes []string) int {
	n := 0
	for _, h := range hexes {
		if v.in.Rules.Portage[h] {
			n++
		}
	}
	return n * v.in.Rules.PortageFee
}

// mill is the Paper Mill bonus the run would earn: for stopping in the mill
// hex; an E-train earns double, but only with a token in the hex's first city.
func (v *view) mill(r *Run, t *Train) int {
	rules := &v.in.Rules
	if rules.MillHex == "" || !slices.ContainsFunc(r.Stops, func(s graph.NodeRef) bool { return s.Hex == rules.MillHex }) {
		return 0
	}
	if !t.express() {
		return rules.MillBonus
	}
	h := v.hex(rules.MillHex)
	if cities := h.t.Cities(); len(cities) > 0 &&
		slices.Contains(v.in.Board.Tokens(h.id, cities[0]), v.in.Corp) {
		return 2 * rules.MillBonus
	}
	return 0
}

// destination is the destination bonus the run would earn: the destination
// city's value again (doubled for an E-train) when it visits both the home and
// the destination city.
func (v *view) destination(r *Run, t *Train) int {
	d := v.in.Rules.Destination
	if d == nil || !slices.Contains(r.Stops, d.Home) || !slices.Contains(r.Stops, d.Dest) || d.Home == d.Dest {
		return 0
	}
	if t.express() {
		return 2 * v.value(d.Dest)
	}
	return v.value(d.Dest)
}

// grain is the CA grain and port bonus of a run.
func (v *view) grain(r *Run, t *Train) int {
	g := v.in.Rules.Grain
	if g == nil || t.express() || (v.in.Pullman != "" && v.in.Pullman == t.ID) {
		return 0
	}
	elevators, east, west := 0, 0, 0
	for _, s := range r.Stops {
		if g.Elevators[s.Hex] {
			elevators++
		}
		if g.EastPorts[s.Hex] {
			east = 1
		}
		if g.WestPorts[s.Hex] {
			west = 1
		}
	}
	if elevators == 0 {
		return 0
	}
	if g.Carrier != "" && g.Carrier == t.ID {
		return 20 * (east + west)
	}
	return 10 * (elevators + east + west)
}

// sawmill is the CA sawmill bonus the run would earn; destRun says whether
// the run earns the destination bonus.
func (v *view) sawmill(r *Run, t *Train, destRun bool) int {
	rules := &v.in.Rules
	k := slices.IndexFunc(r.Stops, func(s graph.NodeRef) bool { return s.Hex == rules.SawmillHex })
	if k < 0 {
		return 0
	}
	s := r.Stops[k]
	if t.express() && !slices.Contains(v.in.Board.Tokens(s.Hex, s.Node), v.in.Corp) {
		return 0
	}
	bonus := rules.SawmillBonus
	if d := rules.Destination; destRun && d != nil && d.Dest == s {
		bonus *= 2
	}
	if t.express() {
		bonus *= 2
	}
	return bonus
}

// MailSubsidy is what the corporation's mail contracts pay for the runs: each
// (large) mail contract pays, for a different run, half the printed value of
// its first and last stops, the best runs first; without Rules.LocalMail,
// L-type trains and one-stop runs carry none. Each CA regional (small) mail
// contract pays SmallMailAmount for a run; with fewer runs than contracts
// each run takes the better of the next contract of either kind. The runs
// are not checked.
func MailSubsidy(in *Input, runs []Run) int {
	large := largeMail(in, runs)
	small := in.Rules.SmallMail
	if len(large)+small == 0 {
		return 0
	}
	var smalls []int
	for range min(small, len(runs)) {
		smalls = append(smalls, in.Rules.SmallMailAmount)
	}
	total := 0
	if len(runs) >= len(large)+small || len(large) == 0 || len(smalls) == 0 {
		for _, p := range large {
			total += p
		}
		for _, p := range smalls {
			total += p
		}
		return total
	}
	// Fewer runs than contracts: each run takes the better of the next
	// contract of either kind.
	li, si := 0, 0
	for range runs {
		l, s := 0, 0
		if li < len(large) {
			l = large[li]
		}
		if si < len(smalls) {
			s = smalls[si]
		}
		if s > l {
			total, si = total+s, si+1
		} else {
			total, li = total+l, li+1
		}
	}
	return total
}

// largeMail lists what each mail contract pays, best first: half the
// printed value of the first and last stops of a different run each.
func largeMail(in *Input, runs []Run) []int {
	n := in.Rules.MailContracts
	if n <= 0 {
		return nil
	}
	v := newView(in)
	var pay []int
	for i := range runs {
		r := &runs[i]
		if r.Bare || len(r.Stops) == 0 {
			continue
		}
		if !in.Rules.LocalMail {
			t := v.train(r.Train)
			if len(r.Stops) < 2 || t == nil || t.local() || (len(t.Name) > 0 && t.Name[0] == 'L') {
				continue
			}
		}
		first, last := v.value(r.Stops[0]), 0
		if len(r.Stops) > 1 {
			last = v.value(r.Stops[len(r.Stops)-1])
		}
		pay = append(pay, (first+last)/2)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(pay)))
	return pay[:min(n, len(pay))]
}
