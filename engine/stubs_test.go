package engine

import "testing"

// TestStubsBindTheFirstTile: the first tile next to London reaches its
// stub (N37's edge 1, toward London), whoever holds track rights there,
// as 18xx.games refused the self-play lay of tile 8 at N37 with exits 2
// and 4.
func TestStubsBindTheFirstTile(t *testing.T) {
	base, err := TitleByName("1822")
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(base, []Seat{{ID: 1, Name: "a"}, {ID: 2, Name: "b"}}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	lc := &layCheck{g: g, h: g.Board.Hex("N37")}
	if why := lc.stubsProblem([]int{2, 4}); why == "" {
		t.Error("track 2-4 at N37 misses its stub and was let through")
	}
	if why := lc.stubsProblem([]int{1, 4}); why != "" {
		t.Errorf("track 1-4 at N37 reaches its stub but: %s", why)
	}
	g.Company("M15").Owner = g.Players[0] // track rights do not lift it (see stubsProblem)
	if why := lc.stubsProblem([]int{2, 4}); why == "" {
		t.Error("with M15's track rights held the stub was let go")
	}
}
