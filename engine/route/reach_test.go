package route

import (
	"math/rand/v2"
	"testing"
)

// TestFillWords checks the one-word fill of the bound's reachability (the
// boards of the other tests are small: they only run that one) against the
// fill over any number of words.
func TestFillWords(t *testing.T) {
	checked := 0
	for seed := range 100 {
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		in, _ := randomInput(t, rng, []string{"3", "LP", "5"})
		n := buildNetwork(newView(in))
		if len(n.stops) == 0 || len(n.stops) > 64 {
			continue
		}
		for _, cls := range classesOf(n.v) {
			if cls.express {
				continue
			}
			m := newReach(n, cls).moves
			ahead, excl, done := newBitset(len(n.stops)), newBitset(len(n.stops)), newBitset(len(n.stops))
			var stack, next []int32
			for range 20 {
				cur := int32(rng.IntN(len(n.stops)))
				excl[0] = rng.Uint64() & rng.Uint64() &^ (1 << cur)
				budget := rng.IntN(4)
				clear(ahead)
				stack, next = m.fillWide(cur, excl, ahead, done, stack, next, budget)
				if got := m.fill(cur, excl[0], budget); got != ahead[0] {
					t.Fatalf("seed %d, from %d within %d avoiding %x: fill %x, fillWide %x", seed, cur, budget, excl[0], got, ahead[0])
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("no board checked")
	}
}
