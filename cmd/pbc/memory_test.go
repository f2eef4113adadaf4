package main

import (
	"testing"
)

// TestMemoryBudget: the one setting reads as a size, refuses nonsense and
// too little, and its shares leave room for what runs.
func TestMemoryBudget(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"", defaultMemory, true}, {"448MiB", 448 << 20, true}, {"1GiB", 1 << 30, true}, {"1g", 1 << 30, true},
		{"600MB", 600 << 20, true}, {"536870912", 512 << 20, true}, {" 2GiB ", 2 << 30, true},
		{"64MiB", 0, false}, {"lots", 0, false}, {"-1GiB", 0, false}, {"12XB", 0, false}, {"99999999999GiB", 0, false},
	} {
		got, err := parseBytes(c.in)
		if (err == nil) != c.ok || (c.ok && got != c.want) {
			t.Errorf("parseBytes(%q) = %d, %v; want %d (ok %v)", c.in, got, err, c.want, c.ok)
		}
	}
	b := split(defaultMemory)
	parts := b.Sessions + b.Canvases + b.Drawings + b.Images + b.History
	if parts <= 0 || parts > b.Total*3/4 {
		t.Errorf("the shares add up to %d MB of %d MB: want at most three quarters", parts>>20, b.Total>>20)
	}
	if b.Drawings < 2*64<<20 {
		t.Errorf("drawings get %d MB: two maps (a small server's two cores) do not fit", b.Drawings>>20)
	}
}
