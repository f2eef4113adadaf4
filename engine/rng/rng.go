// Package rng reproduces the setup randomness of 18xx.games: a 31-bit linear
// congruential generator and "sort by random key" shuffles (sections 2.2 and
// 2.3 of docs/action-log-format.md).
package rng

import "slices"

// Generator constants: state' = (A*state + C) mod M.
const (
	M = 1 << 31    // modulus 2^31
	A = 1103515245 // multiplier
	C = 12345      // increment
)

// LCG is the 31-bit linear congruential generator used by 18xx.games at setup.
type LCG struct {
	state int64
}

// New returns a generator whose initial state is seed mod 2^31 (never negative).
func New(seed int64) *LCG {
	s := seed % M
	if s < 0 {
		s += M
	}
	return &LCG{state: s}
}

// Next advances the generator and returns the new state, in [0, 2^31).
func (r *LCG) Next() int64 {
	// state < 2^31 and A < 2^31, so A*state < 2^62 fits in an int64.
	r.state = (A*r.state + C) % M
	return r.state
}

// SortByKey draws one key per item, in list order, and returns a new slice of
// the items sorted by ascending key. items is not modified.
func SortByKey[T any](r *LCG, items []T) []T {
	type keyed struct {
		key  int64
		item T
	}
	ks := make([]keyed, len(items))
	for i, it := range items {
		ks[i] = keyed{r.Next(), it}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int {
		switch {
		case a.key < b.key:
			return -1
		case a.key > b.key:
			return 1
		}
		return 0
	})
	out := make([]T, len(items))
	for i, k := range ks {
		out[i] = k.item
	}
	return out
}

// MinByKey draws one key per item, in list order, and returns the item with the
// smallest key; for an empty list it draws nothing and returns the zero value.
func MinByKey[T any](r *LCG, items []T) T {
	var best T
	var bestKey int64 = -1
	for _, it := range items {
		if k := r.Next(); bestKey < 0 || k < bestKey {
			best, bestKey = it, k
		}
	}
	return best
}
