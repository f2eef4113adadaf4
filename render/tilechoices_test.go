package render

import (
	"bytes"
	"fmt"
	"image/png"
	"slices"
	"strconv"
	"testing"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/board"
)

// lays are the options of the actor the game waits for on hex, each
// played on a copy of the game, as the command layer draws them.
func lays(t *testing.T, g *engine.Game, hex string) []TileOption {
	t.Helper()
	m := g.Moves()
	if len(m.Actors) == 0 || !m.Actors[0].Waiting {
		t.Fatal("nobody to lay track")
	}
	a := m.Actors[0]
	var tiles []engine.TileMove
	for _, tm := range a.Tiles {
		if tm.Hex == hex {
			tiles = append(tiles, tm)
		}
	}
	slices.SortStableFunc(tiles, func(x, y engine.TileMove) int {
		if x.Name != y.Name {
			return compare(x.Name, y.Name)
		}
		return x.Rotation - y.Rotation
	})
	var out []TileOption
	for _, tm := range tiles {
		c := g.Clone()
		act := &action.LayTile{Envelope: action.Envelope{Type: "lay_tile", Entity: a.Entity, EntityType: a.EntityType},
			Hex: tm.Hex, Tile: tm.Tile, Rotation: tm.Rotation}
		if err := c.Apply(act); err != nil {
			t.Fatalf("lay %s r%d on %s: %v", tm.Name, tm.Rotation, hex, err)
		}
		o := TileOption{Label: fmt.Sprintf("%s r%d", tm.Name, tm.Rotation), Hex: c.Board.Hexes[hex]}
		if tm.Cost > 0 {
			o.Note = fmt.Sprintf("$%d", tm.Cost)
		}
		out = append(out, o)
	}
	return out
}

// compare orders tile names as the command layer numbers them: numbers
// by value, before names.
func compare(a, b string) int {
	na, ea := strconv.Atoi(a)
	nb, eb := strconv.Atoi(b)
	if ea == nil && eb == nil {
		return na - nb
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// TestTileChoicesGolden draws the first lay of an 1822PNW game (minor 5 on
// D23, the hex beside its home) and compares it with the golden picture.
func TestTileChoicesGolden(t *testing.T) {
	g := replayN(t, fixturePNW, 9)
	opts := lays(t, g, "D23")
	if len(opts) < 2 {
		t.Fatalf("%d lays on D23, want several", len(opts))
	}
	var buf bytes.Buffer
	if err := TileChoices(&buf, g, "D23", opts); err != nil {
		t.Fatal(err)
	}
	golden(t, "pnw586_9_tiles_d23.png", buf.Bytes())
}

func TestTileChoicesRefuses(t *testing.T) {
	g := replayN(t, fixturePNW, 9)
	for _, tc := range []struct {
		name string
		hex  string
		opts []TileOption
	}{
		{"no options", "D23", nil},
		{"no such hex", "ZZ99", []TileOption{{Label: "57 r0"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := TileChoices(&bytes.Buffer{}, g, tc.hex, tc.opts); err == nil {
				t.Error("drawn, want an error")
			}
		})
	}
}

func TestTileChoicesSize(t *testing.T) {
	g := replayN(t, fixturePNW, 9)
	opts := lays(t, g, "D23")
	var buf bytes.Buffer
	if err := TileChoices(&buf, g, "D23", opts); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	// Three hexes a row, readable on a phone without zooming: neither wider
	// than a chat preview shows at full size nor too small to read.
	if w := img.Bounds().Dx(); w < 400 || w > 800 {
		t.Errorf("width %d, want 400-800", w)
	}
	if buf.Len() > 1<<20 {
		t.Errorf("%d bytes, want under 1 MB", buf.Len())
	}
}

// BenchmarkTileChoices draws the twelve lays of the golden picture (the
// copies of the game each lay is played on are made outside the timing).
func BenchmarkTileChoices(b *testing.B) {
	g := replayN(b, fixturePNW, 9)
	opts := lays(&testing.T{}, g, "D23")
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := TileChoices(&buf, g, "D23", opts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "png-bytes")
}

// TestTilePicturesShowTitleAndNamesWhole checks the tile pictures of
// named hexes, one option and three: the title fits the picture at a
// readable size, and the hex's name stands above the hex, off its track.
func TestTilePicturesShowTitleAndNamesWhole(t *testing.T) {
	for _, tc := range []struct{ title, hex string }{
		{"1822PNW", "O8"}, {"1822PNW", "B19"}, {"1822CA", "Y15"}, {"1822CA", "AF12"},
	} {
		tl, err := engine.TitleByName(tc.title)
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.New(tl, []engine.Seat{{ID: 1, Name: "A"}, {ID: 2, Name: "B"}, {ID: 3, Name: "C"}}, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{1, 3} {
			opts := make([]TileOption, n)
			for i := range opts {
				opts[i] = TileOption{Label: fmt.Sprintf("X r%d", i)}
			}
			var buf bytes.Buffer
			if err := TileChoices(&buf, g, tc.hex, opts); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatal(err)
			}
			p := newPainter(1, 1, tileScale)
			name := hexName(g.Board.Hexes[tc.hex].Def)
			title := fmt.Sprintf("Lay track on %s (%s): %d way", tc.hex, name, n)
			if n > 1 {
				title += "s"
			}
			if w := p.measure(title, 13, true) + 20*tileScale; float64(img.Bounds().Dx()) < w {
				t.Errorf("%s, %d options: picture %d px wide, its title needs %.0f", tc.hex, n, img.Bounds().Dx(), w)
			}
			p.release()
		}
		// The name's box lies above the hex.
		md := newDrawing(g, MapOptions{Scale: tileScale})
		md.namesAbove, md.record = true, true
		md.gm = &geom{layout: g.Board.Map.Layout, R: HexSizePointy * tileScale}
		if g.Board.Map.Layout == board.Flat {
			md.gm.R = HexSizeFlat * tileScale
		}
		md.p = newPainter(400, 400, tileScale)
		c := pt{200, 220}
		md.cells = []cell{{hs: g.Board.Hexes[tc.hex], def: g.Board.Hexes[tc.hex].Def, c: c}}
		md.paint(&paintPlan{hexes: md.allHexes()})
		top := c.Y - md.gm.R
		if g.Board.Map.Layout == board.Flat {
			top = c.Y - md.gm.apothem()
		}
		found := false
		for _, e := range md.elems {
			if e.kind == elName {
				found = true
				if e.b.y+e.b.h > top {
					t.Errorf("%s: name %q reaches %.1f px into the hex", tc.hex, e.text, e.b.y+e.b.h-top)
				}
			}
		}
		if !found {
			t.Errorf("%s: no name drawn", tc.hex)
		}
		md.p.release()
	}
}
