package engine

import (
	"os"
	"path/filepath"
	"testing"

	"pbc/engine/action"
)

// TestRouteMarksFollowTheBoard checks that the kept route markers are found
// again once a marker is set or a tile laid, and kept otherwise.
func TestRouteMarksFollowTheBoard(t *testing.T) {
	kept, _ := filepath.Glob(filepath.Join("testdata", "selfplay", "*.json"))
	if len(kept) == 0 {
		t.Fatal("no kept self-play games")
	}
	f, err := os.Open(kept[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := action.ReadGameLog(f)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Replay(l, ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var plain *HexState // a hex without the forest marker
	for _, id := range g.Board.order {
		if h := g.Board.Hexes[id]; !h.Markers["forest"] {
			plain = h
			break
		}
	}
	tests := []struct {
		name   string
		change func()
		same   bool // the kept set is returned again
	}{
		{"nothing changed", func() {}, true},
		{"a marker set", func() { plain.mark("forest") }, false},
		{"a hex touched", func() { plain.touch() }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := g.routeMarks("", "")
			tt.change()
			after := g.routeMarks("", "")
			if (before == after) != tt.same {
				t.Errorf("kept the set: %v, want %v", before == after, tt.same)
			}
			if want := plain.Markers["forest"]; after.timber[plain.Def.ID] != want {
				t.Errorf("timber at %s: %v, want %v", plain.Def.ID, after.timber[plain.Def.ID], want)
			}
		})
	}
}
