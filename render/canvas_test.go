package render

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"os"
	"strings"
	"sync"
	"testing"

	"pbc/engine"
	"pbc/engine/action"
)

// position is a state of a game along its log, with what the bot shows
// with it: the hexes the last move changed and the routes it ran.
type position struct {
	n         int // effective actions applied
	highlight []string
	routes    []action.Route
}

// walkLog replays a fixture and calls at for each n of want (ascending
// effective action counts) with the game after n actions, the hexes the
// n-th action changed and the routes it ran.
func walkLog(tb testing.TB, path string, want []int, at func(g *engine.Game, pos position)) {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Skipf("fixture not available: %v", err)
	}
	defer f.Close()
	log, err := action.ReadGameLog(f)
	if err != nil {
		tb.Fatal(err)
	}
	next := 0
	k := 0
	var before map[string]string
	_, err = engine.Replay(log, engine.ReplayOptions{After: func(g *engine.Game, a action.Action) bool {
		k++
		if next < len(want) && want[next] == k {
			pos := position{n: k}
			if before != nil {
				pos.highlight = Changed(before, BoardDigest(g))
			}
			if rr, ok := a.(*action.RunRoutes); ok {
				pos.routes = rr.Routes
			}
			at(g, pos)
			next++
		}
		before = nil
		if next < len(want) && want[next] == k+1 {
			before = BoardDigest(g)
		}
		return next < len(want)
	}})
	if next < len(want) {
		tb.Fatalf("%s: replay stopped after %d actions, before %d (%v)", path, k, want[next], err)
	}
}

// span lists from, from+step, ... up to to.
func span(from, to, step int) []int {
	var out []int
	for n := from; n <= to; n += step {
		out = append(out, n)
	}
	return out
}

// decode decodes a PNG into NRGBA pixels.
func decode(tb testing.TB, b []byte) *image.NRGBA {
	tb.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		tb.Fatal(err)
	}
	return toNRGBA(img)
}

// toNRGBA converts opaque pictures to NRGBA.
func toNRGBA(img image.Image) *image.NRGBA {
	switch m := img.(type) {
	case *image.NRGBA:
		return m
	case *image.RGBA:
		// Opaque: the premultiplied pixels are the same.
		return &image.NRGBA{Pix: m.Pix, Stride: m.Stride, Rect: m.Rect}
	}
	out := image.NewNRGBA(img.Bounds())
	draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
	return out
}

// firstDiff returns the first pixel where a and b differ.
func firstDiff(a, b *image.NRGBA) (image.Point, int, bool) {
	if a.Bounds() != b.Bounds() {
		return image.Point{}, -1, true
	}
	n := 0
	var first image.Point
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		ra := a.Pix[a.PixOffset(a.Rect.Min.X, y):a.PixOffset(a.Rect.Max.X, y)]
		rb := b.Pix[b.PixOffset(b.Rect.Min.X, y):b.PixOffset(b.Rect.Max.X, y)]
		if bytes.Equal(ra, rb) {
			continue
		}
		for x := 0; 4*x < len(ra); x++ {
			if !bytes.Equal(ra[4*x:4*x+4], rb[4*x:4*x+4]) {
				if n == 0 {
					first = image.Pt(a.Rect.Min.X+x, y)
				}
				n++
			}
		}
	}
	return first, n, n > 0
}

// nearestHex names the hex whose centre is nearest to q on the map of g.
func nearestHex(g *engine.Game, opts MapOptions, q image.Point) string {
	md, err := newMapLayout(g, opts)
	if err != nil {
		return "?"
	}
	defer md.p.release()
	best, bestD := "none", math.Inf(1)
	for _, c := range md.cells {
		if d := math.Hypot(c.c.X-float64(q.X), c.c.Y-float64(q.Y)); d < bestD {
			best, bestD = c.def.ID, d
		}
	}
	return best
}

// lastPNG is the last PNG a canvas gave checkCanvas and its pixels.
type lastPNG struct {
	b   []byte
	img *image.NRGBA
}

// decoded holds each canvas's lastPNG (*MapCanvas → lastPNG), so that
// a drawing whose bytes equal the previous one's is not decoded again:
// the same bytes decode to the same pixels, which are still compared
// with Map's.
var decoded sync.Map

// decodeOnce decodes the PNG b that c drew, reusing the previous decoding
// when b is byte for byte the previous PNG of c.
func decodeOnce(tb testing.TB, c *MapCanvas, b []byte) *image.NRGBA {
	tb.Helper()
	if v, ok := decoded.Load(c); ok && bytes.Equal(v.(lastPNG).b, b) {
		return v.(lastPNG).img
	}
	img := decode(tb, b)
	if _, had := decoded.Swap(c, lastPNG{b: bytes.Clone(b), img: img}); !had {
		tb.Cleanup(func() { decoded.Delete(c) })
	}
	return img
}

// checkCanvas draws g with the canvas and as Map draws it, and fails at
// the first pixel of the canvas's PNG that differs from Map's picture.
func checkCanvas(t *testing.T, c *MapCanvas, g *engine.Game, opts MapOptions, what string) {
	t.Helper()
	var got bytes.Buffer
	if err := c.Draw(&got, g, opts); err != nil {
		t.Fatalf("%s: Draw: %v", what, err)
	}
	md, err := newMapDrawing(g, opts)
	if err != nil {
		t.Fatalf("%s: Map: %v", what, err)
	}
	md.draw()
	want := toNRGBA(md.p.rgba())
	md.p.release()
	a := decodeOnce(t, c, got.Bytes())
	if q, n, bad := firstDiff(a, want); bad {
		if n < 0 {
			t.Fatalf("%s: canvas picture %v, Map's %v", what, a.Bounds(), want.Bounds())
		}
		t.Fatalf("%s: %d pixels differ from Map's, the first at %v (%v there, Map %v) near hex %s (last drawing: %+v)",
			what, n, q, a.At(q.X, q.Y), want.At(q.X, q.Y), nearestHex(g, opts, q), c.stats)
	}
	recycle(md.p.rgba())
}

// TestMapCanvasMatchesMap walks games through many positions (every action
// of stretches, big jumps, jumps back), drawing each with one canvas as the
// bot would (highlighting the hexes the last move changed, with the routes
// of a run) and checking every pixel against Map's.
func TestMapCanvasMatchesMap(t *testing.T) {
	type leg struct {
		want []int
		opts MapOptions
	}
	for _, tc := range []struct {
		name    string
		fixture string
		legs    []leg
	}{
		{"pnw586", fixturePNW, []leg{
			{span(30, 152, 1), MapOptions{}},
			{span(50, 54, 1), MapOptions{}}, // back
		}},
		{"pnwlate", fixturePNWLate, []leg{
			{span(900, 960, 1), MapOptions{}},
			{[]int{1150, 1151, 1193}, MapOptions{}},
			{[]int{600, 601}, MapOptions{}},
		}},
		{"pnwbank", fixturePNWBank, []leg{
			{span(200, 240, 1), MapOptions{Scale: 0.7}},
			{span(950, 969, 1), MapOptions{Scale: 0.7}},
		}},
		{"ca1", fixtureCA, []leg{
			{span(30, 390, 2), MapOptions{Scale: 0.5}},
			{[]int{40, 41}, MapOptions{Scale: 0.5}}, // back
		}},
		{"cabank", fixtureCABank, []leg{
			{span(1160, 1214, 1), MapOptions{}},
		}},
		{"ca2", fixtureCA2, []leg{
			{span(400, 636, 8), MapOptions{Scale: 0.5}},
		}},
		{"ca4toronto", fixtureCA4, []leg{
			{span(100, 989, 7), MapOptions{Crop: []string{"AB20", "AD22"}, NoLegend: true}},
		}},
		{"millskicoal", "../../shared/fixtures/1822PNW/mill_ski_coal.json", []leg{
			{span(300, 557, 4), MapOptions{Scale: 0.6}},
		}},
		{"pnwshort", "../../shared/fixtures/1822PNWShortScenario/1822PNWShortScenario_game_end_bank.json", []leg{
			{span(40, 878, 8), MapOptions{Scale: 0.6}},
		}},
		{"pnwsrs", "../../shared/fixtures/1822PNWSRS/1822PNWSRS_game_end_stock_market.json", []leg{
			{span(500, 842, 6), MapOptions{Scale: 0.6}},
		}},
		{"caers", "../../shared/fixtures/1822CAERS/1822CAERS_game_end_bank.json", []leg{
			{span(50, 944, 8), MapOptions{Scale: 0.6}},
		}},
		{"cawrs", "../../shared/fixtures/1822CAWRS/1822CAWRS_game_end_stock_market.json", []leg{
			{span(300, 657, 6), MapOptions{Scale: 0.6}},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := NewMapCanvas()
			for _, l := range tc.legs {
				if testing.Short() && len(l.want) > 12 {
					l.want = l.want[:12]
				}
				walkLog(t, tc.fixture, l.want, func(g *engine.Game, pos position) {
					opts := l.opts
					opts.Highlight, opts.Routes = pos.highlight, pos.routes
					checkCanvas(t, c, g, opts, fmt.Sprintf("after %d actions", pos.n))
				})
			}
		})
	}
}

// TestMapCanvasOptions draws one game, and then another, with one canvas
// through changes of every option, each drawing checked against Map's.
func TestMapCanvasOptions(t *testing.T) {
	run := []action.Route{{Connections: [][]string{{"H11", "H13", "I14"}, {"local", "O8"}}},
		{Connections: [][]string{{"O8", "N9", "M10"}}}}
	c := NewMapCanvas()
	for _, tc := range []struct {
		fixture string
		n       int
		opts    []MapOptions
	}{
		{fixturePNWBank, 700, []MapOptions{
			{}, {Highlight: []string{"H11", "O8"}}, {Highlight: []string{"O8"}, Routes: run}, {Routes: run[:1]},
			{NoLegend: true}, {Scale: 0.8}, {Crop: []string{"M7", "P13"}}, {Crop: []string{"M7", "P13"}, Highlight: []string{"O10"}},
			{Scale: 1}, {},
		}},
		// Another game of another title on the same canvas.
		{fixtureCA4, 900, []MapOptions{{Scale: 0.5}, {Scale: 0.5, Highlight: []string{"AC21"}}, {Scale: 0.5}}},
		{fixturePNWBank, 701, []MapOptions{{}}},
	} {
		g := replayN(t, tc.fixture, tc.n)
		for i, opts := range tc.opts {
			checkCanvas(t, c, g, opts, fmt.Sprintf("%s after %d actions, options %d %+v", tc.fixture, tc.n, i, opts))
		}
	}
}

// TestMapCanvasLargePNG checks the canvas's fallback for pictures near
// the chat's size limit: compressed as Map does it, still the same pixels.
func TestMapCanvasLargePNG(t *testing.T) {
	old := canvasPNGMax
	canvasPNGMax = 0
	defer func() { canvasPNGMax = old }()
	c := NewMapCanvas()
	walkLog(t, fixturePNW, []int{100, 101, 102}, func(g *engine.Game, pos position) {
		checkCanvas(t, c, g, MapOptions{Scale: 0.5, Highlight: pos.highlight}, fmt.Sprintf("after %d actions", pos.n))
	})
}

// TestPieceExtents checks what the canvas rests on: each hex and each
// piece paints only within the boxes measured for it. Each is painted
// alone on a blank picture, and any pixel it changes outside its boxes
// fails.
func TestPieceExtents(t *testing.T) {
	for _, tc := range []struct {
		fixture string
		opts    MapOptions
	}{
		{fixturePNWBank, MapOptions{Scale: 0.6, Highlight: []string{"H11", "O8"}, Routes: []action.Route{
			{Connections: [][]string{{"H11", "H13", "I14"}, {"local", "O8"}}}}}},
		{fixtureCA4, MapOptions{Scale: 0.5, Highlight: []string{"AC21"}}},
		{fixtureCA2, MapOptions{Scale: 0.5}},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			g := replayN(t, tc.fixture, 0)
			c := NewMapCanvas()
			if err := c.Draw(&bytes.Buffer{}, g, tc.opts); err != nil {
				t.Fatal(err)
			}
			md, err := newMapLayout(g, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			defer md.p.release()
			blank := image.NewRGBA(image.Rect(0, 0, md.w, md.h))
			for i := range blank.Pix {
				blank.Pix[i] = 0x7F
			}
			img := image.NewRGBA(blank.Rect)
			md.p.setCanvas(img)
			pieces := md.pieces()
			// The strips every hex placed, as the canvas recorded them.
			var strips rects
			off := make([]int, len(c.hexes))
			for i, r := range c.hexes {
				off[i] = len(strips)
				strips = append(strips, r.strips...)
			}
			check := func(what string, ext rectList, paint func()) {
				copy(img.Pix, blank.Pix)
				paint()
				for y := 0; y < md.h; y++ {
					row := img.Pix[img.PixOffset(0, y):img.PixOffset(md.w, y)]
					if bytes.Equal(row, blank.Pix[blank.PixOffset(0, y):blank.PixOffset(md.w, y)]) {
						continue
					}
					for x := 0; x < md.w; x++ {
						if bytes.Equal(row[4*x:4*x+4], []byte{0x7F, 0x7F, 0x7F, 0x7F}) {
							continue
						}
						if !ext.hits(rectList{{x, y, x + 1, y + 1}}) {
							t.Fatalf("%s paints (%d,%d), outside its boxes %v", what, x, y, ext)
						}
					}
				}
			}
			for i := range md.cells {
				check("hex "+md.cells[i].def.ID, c.hexes[i].ext, func() {
					md.paint(&paintPlan{pieces: [nLayers][]piece{}, hexes: []int{i},
						prefix: func(i int) rects { return strips[:off[i]:off[i]] }})
				})
			}
			for l := range pieces {
				keys := uniqueKeys(pieces[l])
				for k, pc := range pieces[l] {
					ext, ok := c.pieces[l][keys[k]]
					if !ok {
						t.Fatalf("layer %d piece %d: not recorded", l, k)
					}
					check(fmt.Sprintf("layer %d piece %d", l, k), ext, func() {
						md.p.reset()
						pc.draw(md.p)
					})
				}
			}
		})
	}
}

// lateMove replays a fixture and returns the games just before and after
// the last action in its final fifth that changes a hex, with the hexes it
// changes.
func lateMove(tb testing.TB, path string) (before, after *engine.Game, changed []string) {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Skipf("fixture not available: %v", err)
	}
	log, err := action.ReadGameLog(f)
	f.Close()
	if err != nil {
		tb.Fatal(err)
	}
	var moves []int
	k := 0
	prev := map[string]string{}
	if _, err := engine.Replay(log, engine.ReplayOptions{After: func(g *engine.Game, a action.Action) bool {
		k++
		d := BoardDigest(g)
		if len(Changed(prev, d)) > 0 && len(Changed(prev, d)) < 4 {
			moves = append(moves, k)
		}
		prev = d
		return true
	}}); err != nil {
		tb.Fatal(err)
	}
	n := moves[len(moves)-1]
	for i := len(moves) - 1; i >= 0 && moves[i] > k*4/5; i-- {
		n = moves[i]
	}
	before, after = replayN(tb, path, n-1), replayN(tb, path, n)
	return before, after, Changed(BoardDigest(before), BoardDigest(after))
}

// BenchmarkMapCanvas redraws the map of a late game after a move: each op
// draws the other of two consecutive positions (so each has a real change,
// a tile laid or taken back) with the changed hexes highlighted, as the bot
// posts it, and reports the CPU per drawing, the pixels painted again and
// the PNG bands and the hexes drawn again; CALateFirst draws on a new
// canvas each time (a first drawing, or one after a change of layout).
func BenchmarkMapCanvas(b *testing.B) {
	for _, bc := range []struct {
		name, fixture string
		first         bool // each op draws on a new canvas
	}{
		{"PNWLate", fixturePNWLate, false},
		{"CALate", fixtureCABank, false},
		{"CALateFirst", fixtureCABank, true},
	} {
		b.Run(bc.name, func(b *testing.B) {
			g0, g1, changed := lateMove(b, bc.fixture)
			games := []*engine.Game{g0, g1}
			c := NewMapCanvas()
			if err := c.Draw(&bytes.Buffer{}, g0, MapOptions{}); err != nil {
				b.Fatal(err)
			}
			i := 0
			dirty, bands, hexes := 0, 0, 0
			benchDraw(b, func(buf *bytes.Buffer) error {
				i++
				if bc.first {
					c = NewMapCanvas()
				}
				err := c.Draw(buf, games[i%2], MapOptions{Highlight: changed})
				dirty += c.stats.dirty
				bands += c.stats.bands
				hexes += c.stats.hexes
				return err
			})
			b.ReportMetric(float64(dirty)/float64(i), "dirty-px/op")
			b.ReportMetric(float64(bands)/float64(i), "bands/op")
			b.ReportMetric(float64(hexes)/float64(i), "hexes/op")
			b.ReportMetric(float64(c.Bytes()), "canvas-bytes")
		})
	}
}

// TestMapCanvasCrossHex changes what a hex shows through state beyond it,
// or through its neighbours' placements, which no fixture move happens to
// do, and checks the canvas against Map: a company closing (its printed
// home goes), a private closing (its rondel goes), a company floating (its
// destination shows), and tiles laid next to named hexes until one moves a
// name or band that decides where a later hex puts its own.
func TestMapCanvasCrossHex(t *testing.T) {
	opts := MapOptions{Scale: 0.5}
	t.Run("closed home", func(t *testing.T) {
		g := replayN(t, fixturePNW, 20)
		var corp *engine.Corp
		for _, h := range g.Board.Hexes {
			for m, on := range h.Markers {
				if id, ok := strings.CutSuffix(m, "_home"); ok && on && g.Corp(id) != nil && !g.Corp(id).Closed {
					corp = g.Corp(id)
				}
			}
		}
		if corp == nil {
			t.Fatal("no printed home of an open company")
		}
		c := NewMapCanvas()
		checkCanvas(t, c, g, opts, "before")
		corp.Closed = true
		defer func() { corp.Closed = false }()
		checkCanvas(t, c, g, opts, corp.ID+" closed")
	})
	t.Run("rondel owner", func(t *testing.T) {
		g := replayN(t, fixtureCA, 20)
		rondels := rondelOwners(g)
		var comp *engine.Company
		for _, cp := range g.Companies {
			if cp.Def != nil && cp.Def.Ability == "winnipeg_token" && len(rondels[cp.Def.Hexes[0]]) > 0 {
				comp = cp
			}
		}
		if comp == nil {
			t.Fatal("no open private with a rondel")
		}
		c := NewMapCanvas()
		checkCanvas(t, c, g, opts, "before")
		comp.Closed = true
		defer func() { comp.Closed = false }()
		checkCanvas(t, c, g, opts, comp.ID+" closed")
	})
	t.Run("destination", func(t *testing.T) {
		g := replayN(t, fixtureCA, 20)
		var corp *engine.Corp
		for _, cp := range g.Corps {
			if cp.Dest != "" && !cp.IPOed && !cp.Closed && g.Board.Hexes[cp.Dest] != nil {
				corp = cp
			}
		}
		if corp == nil {
			t.Fatal("no major with a destination still to float")
		}
		c := NewMapCanvas()
		checkCanvas(t, c, g, opts, "before")
		corp.IPOed = true
		defer func() { corp.IPOed = false }()
		checkCanvas(t, c, g, opts, corp.ID+" floated")
	})
	t.Run("strips", func(t *testing.T) {
		for _, fx := range []string{fixturePNW, fixtureCA} {
			g := replayN(t, fx, 30)
			c := NewMapCanvas()
			checkCanvas(t, c, g, opts, "before")
			md, err := newMapLayout(g, opts)
			if err != nil {
				t.Fatal(err)
			}
			md.p.release()
			// Named hexes whose strips lie where a later hex weighs its own.
			var cand []int
			for i := range md.cells {
				if md.cells[i].def.Name == "" || len(c.hexes[i].strips) == 0 {
					continue
				}
				for j := i + 1; j < len(md.cells); j++ {
					if c.hexes[j].zoned && stripsSum(c.hexes[i].strips, c.hexes[j].zone) != stripsSum(nil, c.hexes[j].zone) {
						cand = append(cand, i)
						break
					}
				}
			}
			rezoned := 0
			tiles := g.Board.Map.Tiles
			for _, i := range cand {
				hs := md.cells[i].hs
				tile, id, rot := hs.Tile, hs.TileID, hs.Rotation
				for k := 0; k < len(tiles) && rezoned < 3; k += 7 {
					for r := 0; r < 6 && rezoned < 3; r += 2 {
						hs.Tile, hs.TileID, hs.Rotation = &tiles[k], tiles[k].Name, r
						checkCanvas(t, c, g, opts, fmt.Sprintf("%s with tile %s/%d", md.cells[i].def.ID, tiles[k].Name, r))
						rezoned += c.stats.rezoned
					}
				}
				hs.Tile, hs.TileID, hs.Rotation = tile, id, rot
				checkCanvas(t, c, g, opts, md.cells[i].def.ID+" as it was")
			}
			if rezoned == 0 {
				t.Errorf("%s: no tile laid moved a strip another hex weighs (%d candidates)", fx, len(cand))
			}
		}
	})
}
