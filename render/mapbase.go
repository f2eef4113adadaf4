package render

import (
	"encoding/binary"
	"hash/fnv"
	"image"
	"image/color"
	"math"
	"slices"
	"sync"

	"github.com/golang/freetype/raster"
	"golang.org/x/image/math/fixed"
)

// mapBase is what a board looks like before any state is drawn on it: paper,
// every hex filled in its printed colour, and the hex outlines over them. It
// is the same for every state of a title, scenario, crop and scale, so it is
// made once (about a third of the drawing time of a map) and each Map copies
// it, fills the hexes that hold a tile and paints the outlines again over
// those fills only, which gives the very pixels drawing it all would.
type mapBase struct {
	img *image.RGBA
	// grid is the outlines' coverage as gg's stroke paints it, sorted by
	// row, painting order kept within a row; rows[y] indexes row y's spans.
	grid []gridSpan
	rows []int32
}

// gridSpan is a raster.Span kept in half the memory: a base keeps hundreds
// of thousands.
type gridSpan struct {
	y, x0, x1 int32
	alpha     uint32
}

// bases caches mapBases by a fingerprint of the board's geometry. A base is
// an image as large as the map, so only a few are kept.
var bases = struct {
	sync.Mutex
	m    map[uint64]*mapBase
	keys []uint64 // oldest first
}{m: map[uint64]*mapBase{}}

const maxBases = 4

// baseKey fingerprints what a base depends on: the canvas width, the hex
// size and every drawn hex's centre and printed colour.
func (md *mapDrawing) baseKey(width int) uint64 {
	h := fnv.New64a()
	var b [8]byte
	put := func(v uint64) {
		binary.LittleEndian.PutUint64(b[:], v)
		h.Write(b[:])
	}
	put(uint64(width))
	put(uint64(md.gm.layout))
	put(math.Float64bits(md.gm.R))
	put(math.Float64bits(md.p.scale))
	for _, c := range md.cells {
		put(math.Float64bits(c.c.X))
		put(math.Float64bits(c.c.Y))
		col := printedColor(c.def)
		put(uint64(col.R)<<16 | uint64(col.G)<<8 | uint64(col.B))
	}
	return h.Sum64()
}

// baseFor returns the cached base of the drawing, making it if needed.
func (md *mapDrawing) baseFor(width, height int) *mapBase {
	if md.hasLocator() {
		// A move's crop is seldom drawn twice: kept, it would push out
		// the bases of whole boards, which are.
		return md.makeBase(width, height)
	}
	key := md.baseKey(width)
	bases.Lock()
	b := bases.m[key]
	bases.Unlock()
	if b != nil {
		return b
	}
	b = md.makeBase(width, height)
	bases.Lock()
	defer bases.Unlock()
	if old := bases.m[key]; old != nil {
		return old
	}
	if len(bases.keys) >= maxBases {
		delete(bases.m, bases.keys[0])
		bases.keys = bases.keys[1:]
	}
	bases.m[key] = b
	bases.keys = append(bases.keys, key)
	return b
}

// makeBase draws a base: the printed fills, and the outlines a few hexes per
// stroke (one path per hex costs a rasteriser pass each, one path for all
// makes the rasteriser's cell search slow), recorded as spans.
func (md *mapDrawing) makeBase(width, height int) *mapBase {
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = colPaper.R, colPaper.G, colPaper.B, 0xFF
	}
	for _, c := range md.cells {
		cs := md.gm.corners(c.c)
		fillConvex(img, cs[:], printedColor(c.def))
	}
	r := raster.NewRasterizer(width, height)
	r.UseNonZeroWinding = true
	var rec spanRecorder
	var path raster.Path
	lw := fixed.Int26_6(1 * md.p.scale * 64)
	for i, c := range md.cells {
		cs := md.gm.corners(c.c)
		path.Start(fixedPt(cs[0]))
		for _, q := range cs[1:] {
			path.Add1(fixedPt(q))
		}
		path.Add1(fixedPt(cs[0]))
		if i%12 == 11 || i == len(md.cells)-1 {
			r.Clear()
			r.AddStroke(path, lw, raster.RoundCapper, raster.RoundJoiner)
			r.Rasterize(&rec)
			path = path[:0]
		}
	}
	b := &mapBase{img: img, grid: make([]gridSpan, len(rec))}
	for i, sp := range rec {
		b.grid[i] = gridSpan{int32(sp.Y), int32(sp.X0), int32(sp.X1), sp.Alpha}
		paintSpan(img, b.grid[i], sp.X0, sp.X1, colGrid)
	}
	slices.SortStableFunc(b.grid, func(x, y gridSpan) int { return int(x.y - y.y) })
	b.rows = make([]int32, height+1)
	k := 0
	for y := range b.rows {
		for k < len(b.grid) && int(b.grid[k].y) < y {
			k++
		}
		b.rows[y] = int32(k)
	}
	return b
}

// fixedPt converts a point as gg does.
func fixedPt(q pt) fixed.Point26_6 {
	return fixed.Point26_6{X: fixed.Int26_6(q.X * 64), Y: fixed.Int26_6(q.Y * 64)}
}

// spanRecorder is a raster.Painter keeping the spans it is given.
type spanRecorder []raster.Span

func (s *spanRecorder) Paint(ss []raster.Span, done bool) { *s = append(*s, ss...) }

// canvases are reused pixel buffers for maps: a big map is tens of
// megabytes, whose allocation and clearing cost more than copying the base
// into them. A sync.Pool would drop them at every collection, which such
// allocations bring about often, so a short free list keeps them.
var canvases struct {
	sync.Mutex
	free [][]byte
}

const maxCanvases = 2

// canvas returns a width×height image holding the base (paper below it).
func (b *mapBase) canvas(width, height int) *image.RGBA {
	n := 4 * width * height
	var pix []byte
	canvases.Lock()
	for i, f := range canvases.free {
		if cap(f) >= n {
			pix = f[:n]
			canvases.free = append(canvases.free[:i], canvases.free[i+1:]...)
			break
		}
	}
	canvases.Unlock()
	if pix == nil {
		pix = make([]byte, n)
	}
	img := &image.RGBA{Pix: pix, Stride: 4 * width, Rect: image.Rect(0, 0, width, height)}
	k := copy(img.Pix, b.img.Pix[:min(len(b.img.Pix), n)])
	rest := img.Pix[k:]
	for i := 0; i < len(rest); i += 4 {
		rest[i], rest[i+1], rest[i+2], rest[i+3] = colPaper.R, colPaper.G, colPaper.B, 0xFF
	}
	return img
}

// recycle gives a canvas back for reuse, keeping the largest few.
func recycle(img *image.RGBA) {
	canvases.Lock()
	defer canvases.Unlock()
	canvases.free = append(canvases.free, img.Pix)
	if len(canvases.free) > maxCanvases {
		slices.SortFunc(canvases.free, func(a, b []byte) int { return cap(b) - cap(a) })
		canvases.free = canvases.free[:maxCanvases]
	}
}

// regrid paints the outlines again over pixels x0..x1 of row y, which a
// laid tile's fill has just covered.
func (b *mapBase) regrid(img *image.RGBA, y, x0, x1 int) {
	if y < 0 || y+1 >= len(b.rows) {
		return
	}
	for _, sp := range b.grid[b.rows[y]:b.rows[y+1]] {
		paintSpan(img, sp, max(int(sp.x0), x0), min(int(sp.x1), x1+1), colGrid)
	}
}

// paintSpan paints pixels x0..x1-1 of span s in colour c: what
// raster.RGBAPainter does, with the same arithmetic, but with the blend
// factors worked out once per span and fully covered spans simply set.
func paintSpan(img *image.RGBA, s gridSpan, x0, x1 int, c color.RGBA) {
	const m = 1<<16 - 1
	r := img.Bounds()
	x0, x1 = max(x0, r.Min.X), min(x1, r.Max.X)
	y := int(s.y)
	if y < r.Min.Y || y >= r.Max.Y || x0 >= x1 {
		return
	}
	cr, cg, cb, ca := c.RGBA()
	i0 := img.PixOffset(x0, y)
	pix := img.Pix[i0 : i0+4*(x1-x0)]
	ma := s.alpha
	if ma == m && ca == m {
		for i := 0; i < len(pix); i += 4 {
			pix[i], pix[i+1], pix[i+2], pix[i+3] = uint8(cr>>8), uint8(cg>>8), uint8(cb>>8), uint8(ca>>8)
		}
		return
	}
	a := (m - (ca * ma / m)) * 0x101
	tr, tg, tb, ta := cr*ma, cg*ma, cb*ma, ca*ma
	for i := 0; i < len(pix); i += 4 {
		p := pix[i : i+4 : i+4]
		p[0] = uint8((uint32(p[0])*a + tr) / m >> 8)
		p[1] = uint8((uint32(p[1])*a + tg) / m >> 8)
		p[2] = uint8((uint32(p[2])*a + tb) / m >> 8)
		p[3] = uint8((uint32(p[3])*a + ta) / m >> 8)
	}
}
