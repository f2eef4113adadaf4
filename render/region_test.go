package render

import (
	"bytes"
	"image/png"
	"slices"
	"strings"
	"testing"

	"pbc/engine/board"
)

func TestHexDistance(t *testing.T) {
	tests := []struct {
		layout board.Layout
		dx, dy int
		want   int
	}{
		{board.Pointy, 2, 0, 1}, {board.Pointy, 1, 1, 1}, {board.Pointy, 4, 0, 2}, {board.Pointy, 3, 1, 2}, {board.Pointy, 0, 2, 2},
		{board.Flat, 0, 2, 1}, {board.Flat, 1, 1, 1}, {board.Flat, 0, 4, 2}, {board.Flat, 2, 0, 2}, {board.Flat, 1, 3, 2},
	}
	for _, tc := range tests {
		if got := hexDistance(tc.layout, tc.dx, tc.dy); got != tc.want {
			t.Errorf("hexDistance(%v, %d, %d) = %d, want %d", tc.layout, tc.dx, tc.dy, got, tc.want)
		}
	}
}

func TestPlaceAndAround(t *testing.T) {
	g := replayN(t, fixtureCA, 1)
	m := g.Board.Map
	tests := []struct {
		typed, want, err string
	}{
		{"Toronto", "AC21", ""}, {"toronto", "AC21", ""}, {"ac21", "AC21", ""}, {"AH8", "AH8", ""},
		{"Nowhere", "", "there is no hex or place"}, {"", "", "say which place"},
	}
	for _, tc := range tests {
		t.Run(tc.typed, func(t *testing.T) {
			got, err := Place(m, tc.typed)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("Place(%q) = %q, %v; want an error saying %q", tc.typed, got, err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("Place(%q) = %q, %v; want %q", tc.typed, got, err, tc.want)
			}
		})
	}
	near := Around(m, "AC21", 1)
	if want := []string{"AB20", "AB22", "AC19", "AC21", "AC23", "AD20"}; !slices.Equal(near, want) {
		t.Errorf("Around(AC21, 1) = %v, want %v (AD22 is the lake)", near, want)
	}
	if got := Around(m, "ZZ99", 1); got != nil {
		t.Errorf("Around of no hex = %v", got)
	}
}

// TestMoveCrop: on the wide 1822CA board a move is shown by a crop at most
// MaxCropWidth wide with a locator; PNW's board is narrow enough whole.
func TestMoveCrop(t *testing.T) {
	ca := replayN(t, fixtureCA, 60)
	pnw := replayN(t, fixturePNW, 40)
	if !WideMap(ca) || WideMap(pnw) {
		t.Fatalf("WideMap: CA %v, PNW %v; want true, false", WideMap(ca), WideMap(pnw))
	}
	if _, ok := MoveCrop(ca, MapOptions{}); ok {
		t.Error("a move that changed no hex gave a crop")
	}
	for _, hexes := range [][]string{{"AE13"}, {"A9", "AH8"}} { // one hex; both ends of the board
		opts, ok := MoveCrop(ca, MapOptions{Highlight: hexes})
		if !ok || !opts.Locator {
			t.Fatalf("MoveCrop(%v): %+v %v", hexes, opts, ok)
		}
		var b bytes.Buffer
		if err := Map(&b, ca, opts); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&b)
		if err != nil {
			t.Fatal(err)
		}
		if w := img.Bounds().Dx(); w > MaxCropWidth {
			t.Errorf("crop of %v is %d px wide, want at most %d", hexes, w, MaxCropWidth)
		}
	}
}
