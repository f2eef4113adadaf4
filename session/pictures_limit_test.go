package session

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestRenderLimit(t *testing.T) {
	for _, c := range []struct {
		name   string
		cores  int
		memory int64
		want   int
	}{
		{"one a core", 2, DefaultRenderMemory, 2},
		{"bounded by memory", 64, DefaultRenderMemory, DefaultRenderMemory / RenderBytes},
		{"at least one", 8, 1, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := renderLimit(c.cores, c.memory); got != c.want {
				t.Errorf("renderLimit(%d, %d) = %d, want %d", c.cores, c.memory, got, c.want)
			}
		})
	}
}

// TestGateBounds runs many drawings at once through a gate of three slots:
// never more than three run together, and a wait cut short by its context
// is an error that takes no slot.
func TestGateBounds(t *testing.T) {
	g := newGate(3)
	var running, peak atomic.Int32
	var wg sync.WaitGroup
	for range 30 {
		wg.Go(func() {
			release, err := g.enter(context.Background())
			if err != nil {
				t.Error(err)
				return
			}
			defer release()
			n := running.Add(1)
			for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
			}
			time.Sleep(time.Millisecond)
			running.Add(-1)
		})
	}
	wg.Wait()
	if p := peak.Load(); p > 3 || p < 1 {
		t.Errorf("%d drawings ran at once through a gate of 3", p)
	}
	var held []func()
	for range 3 {
		r, err := g.enter(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, r)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.enter(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("a full gate with a cancelled context: %v, want context.Canceled", err)
	}
	for _, r := range held {
		r()
	}
	if n := len(g.slots); n != 0 {
		t.Errorf("%d slots still held after every release", n)
	}
}
