package render

import (
	"bytes"
	"sync"
	"testing"
)

// resetBases empties the cache of map bases.
func resetBases() {
	bases.Lock()
	defer bases.Unlock()
	bases.m, bases.keys = map[uint64]*mapBase{}, nil
}

// TestMapBaseCache checks that a map drawn on a cached base (made for
// another state, with a legend of another height) is the one drawn from
// scratch, also when drawn concurrently.
func TestMapBaseCache(t *testing.T) {
	early := replayN(t, fixturePNW, 40)
	late := replayN(t, fixturePNW, 150)
	draw := func(opts MapOptions) []byte {
		var b bytes.Buffer
		if err := Map(&b, late, opts); err != nil {
			t.Error(err)
		}
		return b.Bytes()
	}
	for _, opts := range []MapOptions{{Scale: 0.5}, {Scale: 0.5, Highlight: []string{"O10"}}, {Scale: 0.5, NoLegend: true}} {
		resetBases()
		fresh := draw(opts)
		resetBases()
		// A base made for a picture of another height: with a legend if
		// this one has none, and without one if it has.
		prime := MapOptions{Scale: 0.5, NoLegend: !opts.NoLegend}
		if err := Map(&bytes.Buffer{}, early, prime); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		outs := make([][]byte, 3)
		for i := range outs {
			wg.Go(func() { outs[i] = draw(opts) })
		}
		wg.Wait()
		for _, got := range outs {
			if !bytes.Equal(got, fresh) {
				t.Errorf("%+v: the map drawn on a cached base differs from one drawn afresh", opts)
			}
		}
	}
}
