package board

import (
	"sync"
	"testing"
)

func TestWalkable(t *testing.T) {
	stub := Tile{Nodes: []Node{junction(), city(20, 1)}}
	tests := []struct {
		name string
		p    Path
		want bool
	}{
		{"plain edge to edge", ee(0, 3), true},
		{"edge to city", ep(0, 1), true},
		{"thin sea lane", ee(0, 3).thin(), false},
		{"terminal stub into a junction", ep(2, 0).term(2), false},
		{"off-board taper into a junction", ep(2, 0).term(1), false},
		{"terminal path into a city", ep(2, 1).term(1), true},
		{"junction, not terminal", ep(2, 0), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Walkable(&stub, &tc.p); got != tc.want {
				t.Errorf("Walkable(%+v) = %v; want %v", tc.p, got, tc.want)
			}
		})
	}
}

func TestLaneAt(t *testing.T) {
	tests := []struct {
		name string
		p    Path
		end  int
		want Lane
	}{
		{"single lane", ee(0, 3), 0, Lane{1, 0}},
		{"single lane, far end", ee(0, 3), 1, Lane{1, 0}},
		{"two lanes, lane 1 at A", ee(0, 3).lanes(2, 1, 2, 0), 0, Lane{2, 1}},
		{"two lanes, lane 0 at B", ee(0, 3).lanes(2, 1, 2, 0), 1, Lane{2, 0}},
		{"merge: one lane at A", ee(1, 2).lanes(1, 0, 2, 1), 0, Lane{1, 0}},
		{"merge: two lanes at B", ee(1, 2).lanes(1, 0, 2, 1), 1, Lane{2, 1}},
		{"width unset falls back to the lane count", Path{Lanes: 2, Lane: [2]int{1, 0}}, 0, Lane{2, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.p.LaneAt(tc.end); got != tc.want {
				t.Errorf("LaneAt(%d) = %+v; want %+v", tc.end, got, tc.want)
			}
		})
	}
}

func TestLaneJoins(t *testing.T) {
	tests := []struct {
		name string
		a, b Lane
		want bool
	}{
		{"single lanes", Lane{1, 0}, Lane{1, 0}, true},
		{"two lanes count from opposite sides", Lane{2, 0}, Lane{2, 1}, true},
		{"same index on two lanes misses", Lane{2, 0}, Lane{2, 0}, false},
		{"one lane meets the middle of three", Lane{1, 0}, Lane{3, 1}, true},
		{"one lane misses the side of three", Lane{1, 0}, Lane{3, 0}, false},
		{"one lane against two: lane 1", Lane{1, 0}, Lane{2, 1}, true},
		{"one lane against two: lane 0", Lane{1, 0}, Lane{2, 0}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.a.Joins(tc.b); got != tc.want {
				t.Errorf("%+v.Joins(%+v) = %v; want %v", tc.a, tc.b, got, tc.want)
			}
			if got := tc.b.Joins(tc.a); got != tc.want {
				t.Errorf("%+v.Joins(%+v) = %v; want %v (joining is symmetric)", tc.b, tc.a, got, tc.want)
			}
		})
	}
}

func TestNeighbors(t *testing.T) {
	tests := []struct {
		l  Layout
		id string
	}{
		{Pointy, "H11"},
		{Pointy, "A8"},
		{Flat, "AG13"},
		{Flat, "a6"},
		{Flat, "bad"},
		{Layout(7), "H11"}, // not a known layout: computed, not cached
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			got := Neighbors(tc.l, tc.id)
			for e := range 6 {
				if want := Neighbor(tc.l, tc.id, e); got[e] != want {
					t.Errorf("Neighbors(%v, %s)[%d] = %q; want %q", tc.l, tc.id, e, got[e], want)
				}
			}
			if again := Neighbors(tc.l, tc.id); *again != *got {
				t.Errorf("Neighbors(%v, %s) changed between calls: %v then %v", tc.l, tc.id, got, again)
			}
		})
	}
}

func TestNeighborsConcurrent(t *testing.T) {
	const workers = 8
	got := make([]*[6]string, workers)
	var wg sync.WaitGroup
	for i := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = Neighbors(Flat, "Q19")
		}()
	}
	wg.Wait()
	for i, n := range got {
		if n != got[0] {
			t.Errorf("worker %d got its own array %p; want the shared %p", i, n, got[0])
		}
	}
}

func TestTileName(t *testing.T) {
	tests := []struct{ id, want string }{
		{"57-3", "57"},
		{"57", "57"},
		{"X20-0", "X20"},
		{"DD-Q19-0", "DD-Q19"},
		{"DD-Q19", "DD-Q19"},
		{"B23-0", "B23"},
		{"57-", "57-"},
		{"-3", "-3"},
		{"57-a", "57-a"},
		{"", ""},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			if got := TileName(tc.id); got != tc.want {
				t.Errorf("TileName(%q) = %q; want %q", tc.id, got, tc.want)
			}
		})
	}
}
