package render

import (
	"bytes"
	"hash/maphash"
	"image"
	"math"
	"reflect"
	"strings"
	"testing"

	"pbc/engine"
	"pbc/engine/board"
)

// belowStrip returns the rows of a picture under its title strip.
func belowStrip(img *image.NRGBA, scale float64) []byte {
	y := int(math.Ceil(stripHeight * scale))
	return img.Pix[img.PixOffset(0, y):]
}

// TestPictureDigests walks games move by move and checks that MapDigest
// and MarketDigest change exactly when their pictures do, the title strip
// aside: moves that change neither (bids, passes) must be found, and moves
// that change each.
func TestPictureDigests(t *testing.T) {
	type kind struct {
		name   string
		digest func(*engine.Game) string
		draw   func(*bytes.Buffer, *engine.Game) error
		scale  float64
	}
	kinds := []kind{
		{"map", MapDigest, func(b *bytes.Buffer, g *engine.Game) error { return Map(b, g, MapOptions{Scale: 0.4}) }, 0.4},
		{"market", MarketDigest, func(b *bytes.Buffer, g *engine.Game) error { return Market(b, g, MarketOptions{}) }, 1},
	}
	for _, fx := range []struct {
		path string
		want []int
	}{
		{fixturePNW, span(1, 110, 1)},
		{fixtureCA, span(1, 100, 1)},
	} {
		for _, k := range kinds {
			t.Run(k.name+" "+fx.path, func(t *testing.T) {
				var prevDigest string
				var prevPix []byte
				same, changed := 0, 0
				walkLog(t, fx.path, fx.want, func(g *engine.Game, pos position) {
					var b bytes.Buffer
					if err := k.draw(&b, g); err != nil {
						t.Fatal(err)
					}
					pix := bytes.Clone(belowStrip(decode(t, b.Bytes()), k.scale))
					d := k.digest(g)
					if prevPix != nil {
						switch eq := bytes.Equal(pix, prevPix); {
						case eq && d != prevDigest:
							t.Errorf("after %d actions: the %s is as before but its digest changed", pos.n, k.name)
						case !eq && d == prevDigest:
							t.Errorf("after %d actions: the %s changed but its digest did not", pos.n, k.name)
						case eq:
							same++
						default:
							changed++
						}
					}
					prevDigest, prevPix = d, pix
				})
				if same == 0 || changed == 0 {
					t.Errorf("%d moves left the %s as it was and %d changed it; want some of each", same, k.name, changed)
				}
			})
		}
	}
}

// TestPictureDigestsStable checks that the exported digests do not depend
// on the process (the seed of in-process hashing) nor on the game object.
func TestPictureDigestsStable(t *testing.T) {
	g1, g2 := replayN(t, fixtureCA, 80), replayN(t, fixtureCA, 80)
	m, k := MapDigest(g1), MarketDigest(g1)
	old := digestSeed
	digestSeed = maphash.MakeSeed()
	defer func() { digestSeed = old }()
	if MapDigest(g2) != m || MarketDigest(g2) != k {
		t.Errorf("digests differ between two replays of one log or with another hash seed")
	}
	if MapDigest(replayN(t, fixtureCA, 200)) == m {
		t.Errorf("MapDigest the same after 80 and 200 actions")
	}
}

// TestTileDigestFields fails when the tile types gain a field, which
// tileDigest must then take in (a tile drawn from it would otherwise look
// unchanged to a canvas).
func TestTileDigestFields(t *testing.T) {
	for _, tc := range []struct {
		typ  reflect.Type
		want string
	}{
		{reflect.TypeOf(board.Tile{}), "Name Color Count Nodes Paths Label Cost Hidden Terrain Icons"},
		{reflect.TypeOf(board.Node{}), "Kind Revenue Slots Loc Hidden Group VisitCost FreeVisit"},
		{reflect.TypeOf(board.Revenue{}), "Flat ByColor"},
		{reflect.TypeOf(board.Path{}), "A B Terminal TerminalKind Lanes Lane Width Thin Ignored"},
		{reflect.TypeOf(board.End{}), "Edge Node"},
	} {
		var got []string
		for i := 0; i < tc.typ.NumField(); i++ {
			got = append(got, tc.typ.Field(i).Name)
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%v has fields %s; tileDigest knows %s", tc.typ, g, tc.want)
		}
	}
}
