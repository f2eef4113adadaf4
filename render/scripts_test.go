package render

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"sync"
	"testing"

	"pbc/engine"
)

// scriptNames are players' names in the scripts the pictures must draw.
var scriptNames = []struct{ script, name string }{
	{"Latin", "Zoë"},
	{"Han", "李雷"},
	{"Japanese kana", "さくら"},
	{"Hangul", "김민준"},
	{"Cyrillic", "Дмитрий"},
	{"Greek", "Ελένη"},
	{"Arabic", "محمد"},
	{"Hebrew", "דוד"},
	{"Devanagari", "अमित"},
	{"Thai", "สมชาย"},
}

// tofu counts the runes drawn as the empty box of a missing glyph.
var tofu struct {
	sync.Mutex
	runes map[rune]int
}

func init() {
	missingGlyph = func(r rune) {
		tofu.Lock()
		if tofu.runes == nil {
			tofu.runes = map[rune]int{}
		}
		tofu.runes[r]++
		tofu.Unlock()
	}
}

// takeTofu returns (and forgets) the runes drawn as boxes since last asked.
func takeTofu() map[rune]int {
	tofu.Lock()
	defer tofu.Unlock()
	out := tofu.runes
	tofu.runes = nil
	return out
}

// inkOf draws s at 20 px on a white canvas and returns the picture.
func inkOf(s string) *image.RGBA {
	p := newPainter(240, 40, 1)
	defer p.release()
	p.SetColor(colPaper)
	p.Clear()
	p.text(s, 4, 20, 0, 0.5, 20, false, colInk)
	return p.rgba()
}

// TestNamesInAnyScriptAreDrawn checks that a name in each script players
// write in is drawn with glyphs, not the empty boxes of missing ones: in the
// table's player rows and in the map's header ("to act: 李雷").
func TestNamesInAnyScriptAreDrawn(t *testing.T) {
	// A rune no font has, to know what a box looks like.
	const missing = '\U0010FFFD'
	if covered(missing) {
		t.Fatal("U+10FFFD has a glyph: pick another missing rune")
	}
	for _, sn := range scriptNames {
		t.Run(sn.script, func(t *testing.T) {
			for _, r := range sn.name {
				if !covered(r) {
					t.Errorf("%q (U+%04X) of %s has no glyph in any font", r, r, sn.name)
				}
			}
			takeTofu()
			got := inkOf(sn.name)
			if m := takeTofu(); len(m) > 0 {
				t.Errorf("%s drawn with boxes for %v", sn.name, m)
			}
			boxes := inkOf(strings.Repeat(string(missing), len([]rune(sn.name))))
			if n, _ := diffPixels(got, boxes, 24); n < 40 {
				t.Errorf("%s draws as boxes would (%d pixels differ)", sn.name, n)
			}
			if n, _ := diffPixels(got, inkOf(""), 24); n < 40 {
				t.Errorf("%s draws nothing (%d pixels of ink)", sn.name, n)
			}
		})
	}

	// The pictures players see: a table and a map header with such names.
	tl, err := engine.TitleByName("1822PNW")
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(scriptNames); i += 3 {
		var seats []engine.Seat
		for k := range 3 {
			seats = append(seats, engine.Seat{ID: k + 1, Name: scriptNames[(i+k)%len(scriptNames)].name})
		}
		g, err := engine.New(tl, seats, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		takeTofu()
		var tb, mb bytes.Buffer
		if err := Table(&tb, g, TableOptions{}); err != nil {
			t.Fatal(err)
		}
		if err := Map(&mb, g, MapOptions{Crop: []string{g.Board.Map.Hexes[0].ID}, NoLegend: true}); err != nil {
			t.Fatal(err)
		}
		if m := takeTofu(); len(m) > 0 {
			t.Errorf("table and map of %s, %s, %s: drawn with boxes for %v", seats[0].Name, seats[1].Name, seats[2].Name, m)
		}
		if _, err := png.Decode(&tb); err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkTableCJK draws the table of a new game of players named in
// Han, kana and Hangul: the first drawing loads the fallback font, the
// others measure what drawing such names costs.
func BenchmarkTableCJK(b *testing.B) {
	tl, err := engine.TitleByName("1822PNW")
	if err != nil {
		b.Fatal(err)
	}
	g, err := engine.New(tl, []engine.Seat{{ID: 1, Name: "李雷"}, {ID: 2, Name: "さくら"}, {ID: 3, Name: "김민준"}}, 1, nil)
	if err != nil {
		b.Fatal(err)
	}
	benchDraw(b, func(buf *bytes.Buffer) error { return Table(buf, g, TableOptions{}) })
}

// BenchmarkTableLatin is BenchmarkTableCJK with Latin names.
func BenchmarkTableLatin(b *testing.B) {
	tl, err := engine.TitleByName("1822PNW")
	if err != nil {
		b.Fatal(err)
	}
	g, err := engine.New(tl, []engine.Seat{{ID: 1, Name: "Li Lei"}, {ID: 2, Name: "Sakura"}, {ID: 3, Name: "Minjun"}}, 1, nil)
	if err != nil {
		b.Fatal(err)
	}
	benchDraw(b, func(buf *bytes.Buffer) error { return Table(buf, g, TableOptions{}) })
}

// TestNamesTableGolden draws the table of a new 1822PNW game of players
// named in Han, Arabic, Cyrillic and Devanagari.
func TestNamesTableGolden(t *testing.T) {
	tl, err := engine.TitleByName("1822PNW")
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(tl, []engine.Seat{{ID: 1, Name: "李雷"}, {ID: 2, Name: "محمد علي"}, {ID: 3, Name: "Дмитрий"}, {ID: 4, Name: "अमित शर्मा"}}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Table(&b, g, TableOptions{}); err != nil {
		t.Fatal(err)
	}
	golden(t, "names_table.png", b.Bytes())
}

// BenchmarkFallbackFontLoad measures what the first name in Han, kana or
// Hangul costs a process once: decompressing and parsing the CJK font.
func BenchmarkFallbackFontLoad(b *testing.B) {
	for b.Loop() {
		ff := &fallbackFont{file: fallbacks[fbCJK].file}
		if ff.font() == nil {
			b.Fatal(ff.err)
		}
	}
}
