package route

import "slices"

// A better incumbent for a class of two trains. The greedy sets give the
// first train of a class its best run, laid on some choice of links, and
// the second the best run left: late in a game that first run often takes
// the track the best pair needs (two E-trains: the best run and a poor
// one, where two good ones share no track). Every target of the
// combination search then sits lower than it need, and lists more. Once
// the class has listed its runs, twinPair looks for the best pair among
// them directly, best first, and lays it out on track.

// pairChecks bounds the pairs of runs twinPair tries to lay out: it only
// looks for a good incumbent.
const pairChecks = 2000

// twinPair returns inc with the two trains of class cl given the pair of
// the class's listed runs that raises its total the most, if one does; the
// other runs of inc stay. Local classes are left alone (their cities
// matter too).
func (r *router) twinPair(cl *trainClass, inc quick) quick {
	if len(cl.trains) != 2 || !cl.searched || cl.local {
		return inc
	}
	n := r.n
	rules := &n.v.in.Rules
	runs := slices.Clone(inc.runs)
	t0, t1 := cl.trains[0], cl.trains[1]
	runs[t0], runs[t1] = nil, nil
	// The other runs add at most their bounds; those of the class's type
	// keep their track.
	used := newBitset(n.nkeys)
	rest := 0
	for _, other := range r.classes {
		for _, ti := range other.trains {
			if x := runs[ti]; x != nil {
				rest += x.ub
				if other.express == cl.express {
					used.or(x.keys)
				}
			}
		}
	}
	ss := cl.seqs // best first
	e := newExpander(n, cl)
	lists := map[int]*choiceList{}
	choices := func(i int) *choiceList {
		if l, ok := lists[i]; ok {
			return l
		}
		s := &ss[i]
		l := e.choices(&cand{start: s.start, keys: s.sure, legs: s.legs, union: s.union})
		lists[i] = l
		return l
	}
	best, checks := inc, 0
	for i := range ss {
		if 2*ss[i].ub+rest <= best.total {
			break // no pair left can do better
		}
		if used.meets(ss[i].sure) {
			continue
		}
		for j := i; j < len(ss) && ss[i].ub+ss[j].ub+rest > best.total; j++ {
			if bitset(ss[i].sure).meets(ss[j].sure) || used.meets(ss[j].sure) {
				continue
			}
			if checks++; checks > pairChecks {
				return best
			}
			x, y, ok := layPair(choices(i), choices(j), i == j, used)
			if !ok {
				continue
			}
			a, b := pairCand(&ss[i], choices(i), x), pairCand(&ss[j], choices(j), y)
			runs[t0], runs[t1] = &a, &b
			if t := totalOf(runs, rules.TimberDouble, rules.SawmillHex != ""); t > best.total {
				best = quick{runs: slices.Clone(runs), total: t}
				break // the later partners of i earn less
			}
		}
	}
	return best
}

// layPair returns a choice of links of each of two runs (the same run when
// same, then two different choices) such that they share no track with
// each other nor with used; ok is false when there is none.
func layPair(a, b *choiceList, same bool, used bitset) (x, y int, ok bool) {
	w := len(used)
	for x = range a.n {
		kx := bitset(a.keys[x*w : (x+1)*w])
		if used.meets(kx) {
			continue
		}
		for y = range b.n {
			if same && y == x {
				continue
			}
			if ky := b.keys[y*w : (y+1)*w]; !used.meets(ky) && !kx.meets(ky) {
				return x, y, true
			}
		}
	}
	return 0, 0, false
}

// pairCand is seq s laid on its k-th choice of links in l.
func pairCand(s *seq, l *choiceList, k int) cand {
	w := len(l.keys) / max(l.n, 1)
	return cand{start: s.start, links: l.links[k*l.legs : (k+1)*l.legs], keys: l.keys[k*w : (k+1)*w],
		cities: s.cities, base: s.base, bonus: s.bonus, ub: s.ub}
}
