package render

import (
	"image"
	"slices"
	"strconv"
	"testing"
)

const (
	fixtureCA2 = "../../shared/fixtures/1822CA/2.json"
	fixtureCA4 = "../../shared/fixtures/1822CA/4.json"
	// fixturePNWBank ends with a token beside Seattle's full station.
	fixturePNWBank = "../../shared/fixtures/1822PNW/1822PNW_game_end_bank.json"
)

// drawnMarks draws the map of the first n actions of a fixture (all if n
// <= 0) and returns its markers and pixels.
func drawnMarks(t *testing.T, fixture string, n int) ([]mark, *image.RGBA) {
	t.Helper()
	g := replayN(t, fixture, n)
	md, err := newMapDrawing(g, MapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer md.p.release()
	md.draw()
	return md.marks, md.p.rgba()
}

// findMark returns the first mark of kind on hex.
func findMark(marks []mark, kind, hex string) (mark, bool) {
	for _, m := range marks {
		if m.kind == kind && m.hex == hex {
			return m, true
		}
	}
	return mark{}, false
}

// countColor counts the pixels of exactly colour c.
func countColor(img *image.RGBA, c [3]uint8) int {
	n := 0
	for i := 0; i < len(img.Pix); i += 4 {
		if img.Pix[i] == c[0] && img.Pix[i+1] == c[1] && img.Pix[i+2] == c[2] {
			n++
		}
	}
	return n
}

var rondelRGB = [3]uint8{colRondel.R, colRondel.G, colRondel.B}

// TestRondels checks the tokens sharing a station beside its slots (CA P10
// in Winnipeg, minor 13 on the Toronto rondel, a destination token in a full
// station) and the empty CA rondels.
func TestRondels(t *testing.T) {
	for _, tc := range []struct {
		fixture   string
		n         int
		kind, hex string
		ids       []string
	}{
		{fixtureCA2, 0, "rondel", "N16", []string{"GNWR", "NTR", "GWR"}},
		{fixtureCA4, 0, "rondel", "AC21", []string{"13"}},
		{fixturePNWBank, 0, "rondel", "H11", []string{"CMPS"}},
		{fixtureCA, 60, "empty rondel", "N16", []string{"P10"}},
		{fixtureCA, 60, "empty rondel", "AC21", []string{"13"}},
	} {
		marks, img := drawnMarks(t, tc.fixture, tc.n)
		m, ok := findMark(marks, tc.kind, tc.hex)
		if !ok {
			t.Errorf("%s at %d: no %s on %s (marks %v)", tc.fixture, tc.n, tc.kind, tc.hex, marks)
			continue
		}
		if !slices.Equal(m.ids, tc.ids) {
			t.Errorf("%s at %d: %s on %s holds %v, want %v", tc.fixture, tc.n, tc.kind, tc.hex, m.ids, tc.ids)
		}
		if n := countColor(img, rondelRGB); n < 20 {
			t.Errorf("%s at %d: %d pixels of the rondel's colour", tc.fixture, tc.n, n)
		}
	}
	marks, img := drawnMarks(t, fixturePNW, 40)
	for _, m := range marks {
		if m.kind == "rondel" || m.kind == "empty rondel" {
			t.Errorf("early 1822PNW: unexpected %s on %s", m.kind, m.hex)
		}
	}
	if n := countColor(img, rondelRGB); n != 0 {
		t.Errorf("early 1822PNW: %d pixels of the rondel's colour, want none", n)
	}
	if marks, _ := drawnMarks(t, fixtureCA4, 0); len(marks) > 0 {
		if m, ok := findMark(marks, "empty rondel", "AC21"); ok {
			t.Errorf("minor 13 is on the Toronto rondel, yet it is drawn empty: %v", m)
		}
	}
}

// TestRevenueTokens checks the dueling cities' revenue tokens of 1822PNW:
// none while Seattle and Portland show their printed $20, a token with the
// tile's revenue, ringed in black, once upgraded.
func TestRevenueTokens(t *testing.T) {
	marks, _ := drawnMarks(t, fixturePNW, 40)
	for _, m := range marks {
		if m.kind == "revenue token" {
			t.Errorf("early 1822PNW: revenue token on %s", m.hex)
		}
	}
	g := replayN(t, fixturePNWBank, 0)
	marks, img := drawnMarks(t, fixturePNWBank, 0)
	for _, hex := range []string{"H11", "O8"} {
		m, ok := findMark(marks, "revenue token", hex)
		if !ok {
			t.Errorf("no revenue token on %s", hex)
			continue
		}
		if want := g.Board.Hexes[hex].Tile.Nodes[0].Revenue.Flat; m.ids[0] != strconv.Itoa(want) {
			t.Errorf("%s: revenue token %s, tile pays %d", hex, m.ids[0], want)
		}
		// The black rim below the value.
		q := img.RGBAAt(int(m.at.X), int(m.at.Y+14-1))
		if luminance(q) > 0.3 {
			t.Errorf("%s: no dark rim at the token's edge: %v", hex, q)
		}
	}
}

// TestTimberCubes checks that every 1822PNW forest holding track shows a
// timber cube (1.5), and that no other hex does.
func TestTimberCubes(t *testing.T) {
	g := replayN(t, fixturePNWBank, 0)
	marks, img := drawnMarks(t, fixturePNWBank, 0)
	want := 0
	for id, h := range g.Board.Hexes {
		if !h.Markers["forest"] {
			continue
		}
		want++
		m, ok := findMark(marks, "timber cube", id)
		if !ok {
			t.Errorf("%s holds timber track but shows no timber cube", id)
			continue
		}
		if q := img.RGBAAt(int(m.at.X), int(m.at.Y)); q != colTimber {
			t.Errorf("%s: the timber cube's middle is %v", id, q)
		}
	}
	got := 0
	for _, m := range marks {
		if m.kind == "timber cube" {
			got++
		}
	}
	if want == 0 || got != want {
		t.Errorf("%d timber cubes drawn, %d forests hold track", got, want)
	}
	if marks, _ := drawnMarks(t, fixturePNW, 40); len(marks) > 0 {
		for _, m := range marks {
			if m.kind == "timber cube" {
				t.Errorf("early 1822PNW: timber cube on %s", m.hex)
			}
		}
	}
}

// TestCoalMine checks that 1822PNW P19's coal mine token is named on its hex.
func TestCoalMine(t *testing.T) {
	const fixture = "../../shared/fixtures/1822PNW/mill_ski_coal.json"
	marks, _ := drawnMarks(t, fixture, 0)
	if _, ok := findMark(marks, "coal mine", "J17"); !ok {
		t.Errorf("no coal mine badge on J17: marks %v", marks)
	}
	for _, m := range marks {
		if m.kind == "coal mine" && m.hex != "J17" {
			t.Errorf("coal mine badge on %s", m.hex)
		}
	}
}
