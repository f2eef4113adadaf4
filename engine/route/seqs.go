package route

import "slices"

// The run search lists runs by their stops and bundles (seqs), one for all
// the ways of choosing the links of its legs; expand turns those good
// enough into candidates, one per choice of links. The searches of the
// combination step ask for candidates at falling thresholds: the seqs are
// searched once, at the lowest, and expanded again each time.

// seq is a run found by the search: its first stop and its legs, each a
// bundle as stop<<16 | index in the stop's bundles, priced.
type seq struct {
	start  int32
	legs   []int32
	cities []int32
	base   int
	bonus  [nBonus]int
	ub     int
}

// bundleAt is the bundle of a seq's leg.
func (n *network) bundleAt(ref int32) *bundle {
	return &n.stops[ref>>16].bundles[ref&0xffff]
}

// cutSeqs keeps the best seqs of cls, at most max of them, and returns the
// least upper bound kept: one above that of the first left out.
func cutSeqs(cls *trainClass, max int) int {
	ss := cls.seqs
	sortSeqs(ss)
	tau := ss[max].ub + 1
	k := max
	for k > 0 && ss[k-1].ub < tau {
		k--
	}
	clear(ss[k:])
	cls.seqs = ss[:k]
	return tau
}

// sortSeqs orders seqs best first.
func sortSeqs(ss []seq) {
	slices.SortStableFunc(ss, func(a, b seq) int { return b.ub - a.ub })
}

// expander lays seqs' legs on track.
type expander struct {
	*walker
	chooser
	kept []uint64 // the relevant track of the choices of a seq listed
}

// keptBetter reports whether a choice of the seq listed uses no relevant
// track that keys does not (the choice with keys is then not needed), and
// if not notes keys' relevant track.
func (e *expander) keptBetter(keys []uint64, relevant bitset) bool {
	w := len(keys)
	for k := 0; k < len(e.kept); k += w {
		better := true
		for i := range w {
			if e.kept[k+i]&^keys[i] != 0 {
				better = false
				break
			}
		}
		if better {
			return true
		}
	}
	for i, x := range keys {
		e.kept = append(e.kept, x&relevant[i])
	}
	return false
}

// setRelevant works out, for each class with one train, the track the
// other classes' runs of its type may use: the choices of links of its own
// runs differing only elsewhere are alike in any set of runs, and expand
// lists one of them. Two trains of a class mind each other's track: such a
// class lists every choice. Every class of the type must have its seqs.
func setRelevant(n *network, classes []*trainClass) {
	union := make(map[*trainClass]bitset, len(classes))
	for _, cl := range classes {
		u := newBitset(n.nkeys)
		for i := range cl.seqs {
			for _, ref := range cl.seqs[i].legs {
				u.or(n.bundleAt(ref).union)
			}
		}
		union[cl] = u
	}
	for _, cl := range classes {
		cl.relevant = nil
		if len(cl.trains) > 1 || cl.expanded > 0 {
			continue
		}
		r := newBitset(n.nkeys)
		for _, o := range classes {
			if o != cl && o.express == cl.express {
				r.or(union[o])
			}
		}
		cl.relevant = r
	}
}

// expand extends cls.cands with the candidates of the seqs whose upper
// bound reaches tau, best first, and returns tau; past maxCands candidates
// it stops after the seqs of one upper bound and returns one above it. The
// seqs are expanded in order, each once: targets only fall, and the
// candidates of a lower target extend the list of a higher one.
func expand(n *network, cls *trainClass, tau, maxCands int) int {
	var e *expander
	from := len(cls.cands)
	for ; cls.expanded < len(cls.seqs); cls.expanded++ {
		s := &cls.seqs[cls.expanded]
		if s.ub < tau {
			break
		}
		if len(cls.cands) >= maxCands && s.ub < cls.cands[len(cls.cands)-1].ub {
			break
		}
		if e == nil {
			e = &expander{walker: newWalker(n, cls)}
			e.chooser = newChooser(e.walker)
		}
		pushed := 0
		for _, ref := range s.legs {
			if !e.pushBundle(n.bundleAt(ref)) {
				break // cannot happen: the search found the legs fitting
			}
			pushed++
		}
		if pushed == len(s.legs) {
			c := cand{start: s.start, cities: s.cities, base: s.base, bonus: s.bonus, ub: s.ub}
			e.kept = e.kept[:0]
			e.eachChoice(func(links []int32, keys []uint64) bool {
				if cls.relevant != nil && e.keptBetter(keys, cls.relevant) {
					return true
				}
				c.links, c.keys = cls.arena.int32s(links), cls.arena.uint64s(keys)
				cls.cands = append(cls.cands, c)
				return true
			})
		}
		for range pushed {
			e.popBundle()
		}
	}
	dropDominated(n, cls, from)
	if cls.expanded < len(cls.seqs) && cls.seqs[cls.expanded].ub >= tau {
		tau = cls.seqs[cls.expanded].ub + 1 // stopped at maxCands
	}
	return tau
}
