package board

import (
	"slices"
	"testing"
)

func TestCoord(t *testing.T) {
	tests := []struct {
		l    Layout
		id   string
		x, y int
	}{
		{Pointy, "F17", 16, 5},
		{Pointy, "A8", 7, 0},
		{Pointy, "Q18", 17, 16},
		{Flat, "AG13", 32, 12},
		{Flat, "A5", 0, 4},
		{Flat, "a6", -1, 5},
		{Flat, "AP10", 41, 9},
		{Flat, "Z28", 25, 27},
	}
	for _, tc := range tests {
		x, y, err := Coord(tc.l, tc.id)
		if err != nil || x != tc.x || y != tc.y {
			t.Errorf("Coord(%v, %q) = %d, %d, %v; want %d, %d", tc.l, tc.id, x, y, err, tc.x, tc.y)
		}
		if got := HexID(tc.l, tc.x, tc.y); got != tc.id {
			t.Errorf("HexID(%v, %d, %d) = %q; want %q", tc.l, tc.x, tc.y, got, tc.id)
		}
	}
	for _, bad := range []string{"", "17", "F", "F0", "F07", "f17x", "Ab3"} {
		if _, _, err := Coord(Flat, bad); err == nil {
			t.Errorf("Coord(Flat, %q): want an error", bad)
		}
	}
	if _, _, err := Coord(Pointy, "a6"); err == nil {
		t.Error("Coord(Pointy, a6): want an error")
	}
}

func TestNeighbor(t *testing.T) {
	tests := []struct {
		l    Layout
		id   string
		want [6]string
	}{
		// Pointy: 0 lower-left, 1 left, 2 upper-left, 3 upper-right, 4 right, 5 lower-right.
		{Pointy, "H11", [6]string{"I10", "H9", "G10", "G12", "H13", "I12"}},
		{Pointy, "M4", [6]string{"N3", "M2", "L3", "L5", "M6", "N5"}},
		// Flat: 0 south, 1 south-west, 2 north-west, 3 north, 4 north-east, 5 south-east.
		{Flat, "AG13", [6]string{"AG15", "AF14", "AF12", "AG11", "AH12", "AH14"}},
		{Flat, "A7", [6]string{"A9", "a8", "a6", "A5", "B6", "B8"}},
	}
	for _, tc := range tests {
		for e, want := range tc.want {
			if got := Neighbor(tc.l, tc.id, e); got != want {
				t.Errorf("Neighbor(%v, %s, %d) = %q; want %q", tc.l, tc.id, e, got, want)
			}
			if back := Neighbor(tc.l, want, (e+3)%6); back != tc.id {
				t.Errorf("Neighbor(%v, %s, %d) = %q; want %q", tc.l, want, (e+3)%6, back, tc.id)
			}
		}
	}
	if got := Neighbor(Pointy, "A8", 3); got != "" {
		t.Errorf("Neighbor above row A = %q; want empty", got)
	}
	if got := Neighbor(Pointy, "H11", 6); got != "" {
		t.Errorf("Neighbor with edge 6 = %q; want empty", got)
	}
}

func TestExits(t *testing.T) {
	tests := []struct {
		name string
		rot  int
		want []int
	}{
		{"57", 0, []int{0, 3}},
		{"57", 1, []int{1, 4}},
		{"7", 5, []int{0, 5}},
		{"8", 4, []int{0, 4}},
		{"15", 2, []int{2, 3, 4, 5}},
		{"X24", 0, []int{0, 2, 3, 4, 5}},
		{"PNW5", 1, []int{2, 5}},
		{"BC", 0, nil},
	}
	for _, tc := range tests {
		tile, ok := TileDef(tc.name)
		if !ok {
			t.Fatalf("TileDef(%q) missing", tc.name)
		}
		if got := tile.Exits(tc.rot); !slices.Equal(got, tc.want) {
			t.Errorf("%s.Exits(%d) = %v; want %v", tc.name, tc.rot, got, tc.want)
		}
	}
}
