package render

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"pbc/engine"
)

// TestPhoneTableFitsAPhone: the phone table of a 3-player and of a
// 4-player game, in a stock round and mid-game, is PhoneWidth CSS pixels
// wide at a phone's density (so a 390 px phone shows it at its own size,
// and its smallest text, 12, reads as 12 px), and nothing is drawn in its
// right margin under the title strip: no card, table or text runs past
// the width.
func TestPhoneTableFitsAPhone(t *testing.T) {
	for _, tc := range []struct {
		name    string
		fixture string
		actions int
	}{
		{"1822PNW stock round 1", fixturePNW, 17},
		{"1822PNW mid-game", fixturePNW, 150},
		{"1822CA mid-game", fixtureCA, 60},
		{"1822PNW game end", fixturePNWLate, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := replayN(t, tc.fixture, tc.actions)
			checkPhoneTable(t, g)
		})
	}
	t.Run("names in other scripts", func(t *testing.T) { checkPhoneTable(t, namesGame(t)) })
}

func checkPhoneTable(t *testing.T, g *engine.Game) {
	t.Helper()
	var b bytes.Buffer
	if err := PhoneTable(&b, g, TableOptions{}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	bd := img.Bounds()
	if bd.Dx() != PhoneWidth*PhoneScale {
		t.Fatalf("the phone table is %d px wide, want %d (%d CSS px at density %d)", bd.Dx(), PhoneWidth*PhoneScale, PhoneWidth, PhoneScale)
	}
	// The right margin (8 CSS px) under the strip is blank.
	top := int(stripHeight*PhoneScale) + 60*PhoneScale
	for y := top; y < bd.Max.Y; y++ {
		for x := bd.Max.X - 6*PhoneScale; x < bd.Max.X; x++ {
			if !blank(img, x, y) {
				t.Fatalf("the phone table draws at (%d, %d), in its right margin: something runs past its width", x, y)
			}
		}
	}
	// Cards rather than tables wider than the phone: the wide table of
	// the same game is wider than the phone table's width.
	var wide bytes.Buffer
	if err := Table(&wide, g, TableOptions{}); err != nil {
		t.Fatal(err)
	}
	wc, err := png.DecodeConfig(bytes.NewReader(wide.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d players: phone table %d×%d (shown at 360 px: text 12–16 px); wide table %d px (its 13 px text shown at 360 px: %.1f px)",
		len(g.Players), bd.Dx(), bd.Dy(), wc.Width, 13*360/float64(wc.Width))
}

// blank reports whether the pixel is the paper's white.
func blank(img image.Image, x, y int) bool {
	r, g, b, _ := img.At(x, y).RGBA()
	return r>>8 >= 0xF8 && g>>8 >= 0xF8 && b>>8 >= 0xF8
}

// namesGame is a new 1822PNW game of players named in Han, Arabic,
// Cyrillic and Devanagari.
func namesGame(t *testing.T) *engine.Game {
	t.Helper()
	tl, err := engine.TitleByName("1822PNW")
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(tl, []engine.Seat{{ID: 1, Name: "李雷"}, {ID: 2, Name: "محمد علي"}, {ID: 3, Name: "Дмитрий"}, {ID: 4, Name: "अमित शर्मा"}}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestPhoneTableGoldens: the phone tables looked at (a 4-player 1822PNW
// game mid-way, and a table of names in other scripts).
func TestPhoneTableGoldens(t *testing.T) {
	t.Run("pnw586_150_table_phone.png", func(t *testing.T) {
		g := replayN(t, fixturePNW, 150)
		var b bytes.Buffer
		if err := PhoneTable(&b, g, TableOptions{}); err != nil {
			t.Fatal(err)
		}
		golden(t, "pnw586_150_table_phone.png", b.Bytes())
	})
	t.Run("names_table_phone.png", func(t *testing.T) {
		var b bytes.Buffer
		if err := PhoneTable(&b, namesGame(t), TableOptions{}); err != nil {
			t.Fatal(err)
		}
		golden(t, "names_table_phone.png", b.Bytes())
	})
}

// BenchmarkPhoneTableLate draws the phone table of a finished 1822PNW game
// (BenchmarkTableLate draws its wide table).
func BenchmarkPhoneTableLate(b *testing.B) {
	g := replayN(b, fixturePNWLate, 0)
	benchDraw(b, func(buf *bytes.Buffer) error { return PhoneTable(buf, g, TableOptions{}) })
}
