package main

import (
	"runtime/debug"
	"testing"
)

// TestOneShotGCRestores checks that a one-shot command stops collecting
// while it runs and leaves the collector as it found it.
func TestOneShotGCRestores(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	before := debug.SetGCPercent(150)
	defer debug.SetGCPercent(before)
	restore := oneShotGC()
	during := debug.SetGCPercent(-1)
	limit := debug.SetMemoryLimit(-1)
	restore()
	if during != -1 || limit != oneShotHeap {
		t.Errorf("while running: GC percent %d, limit %d; want -1 and %d", during, limit, oneShotHeap)
	}
	if after := debug.SetGCPercent(before); after != 150 {
		t.Errorf("after: GC percent %d, want 150 restored", after)
	}
}
