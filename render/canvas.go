package render

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"image"
	"io"
	"math"
	"slices"

	"github.com/fogleman/gg"

	"pbc/engine"
)

// MapCanvas keeps one game's last drawn map so that the next drawing redraws only what changed.
//
// It keeps the picture, where each piece of it painted (each hex with what
// it overhangs, each border, route, highlight, coordinate, the strip and
// the legend) and a digest of what each was drawn from. A drawing works out
// which pieces differ (a hex whose state or whose neighbours' name and
// rondel placements changed, pieces that came or went), puts the base back
// under the boxes they painted before and paint now, and paints again, in
// the map's order, every piece touching those boxes: each pixel there gets
// the very painting a whole drawing gives it, and the pixels outside are
// kept. Only the bands of the PNG holding changed rows are compressed again.
type MapCanvas struct {
	img    *image.RGBA
	layout uint64 // what the layout depends on: size, scale, hexes, base
	valid  bool   // img, the records and the bands agree
	hexes  []hexRecord
	pieces [nLayers]map[uint64]rectList
	enc    *segEncoder
	save   []byte // scratch: the pixels kept around a redrawn area
	stats  drawStats
}

// hexRecord is what a canvas keeps of a drawn hex.
type hexRecord struct {
	key uint64
	// zone is where the hex weighed its boxes against the strips placed
	// before it (if zoned), zoneSum a digest of those it found there.
	zone    fbox
	zoned   bool
	zoneSum uint64
	strips  rects // the strips it placed
	ext     rectList
}

// drawStats describe the last drawing of a canvas, for tests and benchmarks.
type drawStats struct {
	full          bool
	dirty         int // pixels put back to the base and painted again (about)
	hexes, pieces int // painted again
	bands         int // compressed again
	// rezoned counts the hexes drawn again only because strips placed
	// before them changed.
	rezoned int
}

// NewMapCanvas returns an empty canvas; its first drawing draws everything.
func NewMapCanvas() *MapCanvas { return &MapCanvas{} }

// Draw writes the PNG of g's map exactly as Map(w, g, opts) would, redrawing only the parts that differ from
// the canvas's previous drawing; the first call, and any call changing the picture's layout (size, scale,
// crop, a legend of another height), draws everything.
func (c *MapCanvas) Draw(w io.Writer, g *engine.Game, opts MapOptions) error {
	if g == nil || g.Board == nil || g.Board.Map == nil {
		return fmt.Errorf("render: no board to draw")
	}
	opts.Locator = false // drawn by Map only
	md, err := newMapLayout(g, opts)
	if err != nil {
		return err
	}
	defer md.p.release()
	in := &hexInputs{dests: md.dests, rondels: md.rondels, phase: md.phase, corps: md.corps, board: md.g.Board}
	sig := md.layoutSig()
	// A drawing cut short (a panic the caller recovers) leaves the canvas
	// to be drawn whole the next time.
	same := c.valid && sig == c.layout
	c.valid = false
	if same {
		c.redraw(md, in)
	} else {
		c.drawAll(md, in)
		c.layout = sig
	}
	c.valid = true
	b := c.img.Bounds()
	size := 0
	for _, bd := range c.enc.bands {
		size += len(bd.data)
	}
	write := func() error { return writePNG(w, b.Dx(), b.Dy(), c.enc.bands) }
	if size > canvasPNGMax {
		// Segments compress a little worse than whole rows: near the chat's
		// limit, the picture is compressed as Map does it.
		write = func() error { return encodePNG(w, c.img) }
	}
	if err := write(); err != nil {
		return fmt.Errorf("render: map: %w", err)
	}
	return nil
}

// canvasPNGMax is the size above which a canvas compresses its picture as
// Map does, which is slower but smaller, to stay well under a megabyte.
var canvasPNGMax = 900 << 10

// Bytes is the memory the canvas holds, for its owner's bound.
func (c *MapCanvas) Bytes() int {
	n := cap(c.save)
	if c.img != nil {
		n += cap(c.img.Pix) + c.enc.bytes()
	}
	for _, h := range c.hexes {
		n += 128 + 32*cap(h.strips) + 32*cap(h.ext)
	}
	for _, m := range c.pieces {
		for _, ext := range m {
			n += 64 + 32*cap(ext)
		}
	}
	return n
}

// layoutSig is a digest of what the places of things on the picture depend
// on: its size and scale, the title, the hexes drawn and the base.
func (md *mapDrawing) layoutSig() uint64 {
	h := fnv.New64a()
	var b [8]byte
	put := func(v uint64) {
		binary.LittleEndian.PutUint64(b[:], v)
		h.Write(b[:])
	}
	put(md.baseKey(md.w))
	put(uint64(md.h))
	put(math.Float64bits(md.p.scale))
	h.Write([]byte(md.g.T.Name))
	for _, c := range md.cells {
		h.Write([]byte(c.def.ID))
		h.Write([]byte{0})
	}
	if md.opt.NoLegend {
		put(1)
	}
	return h.Sum64()
}

// drawAll draws the whole map, measuring every piece.
func (c *MapCanvas) drawAll(md *mapDrawing, in *hexInputs) {
	if c.img == nil || c.img.Bounds() != image.Rect(0, 0, md.w, md.h) {
		c.img = image.NewRGBA(image.Rect(0, 0, md.w, md.h))
	}
	putBase(c.img, md.base, c.img.Bounds())
	md.p.setCanvas(c.img)
	pieces := md.pieces()
	recs := make([]hexRecord, len(md.cells))
	var exts [nLayers][]rectList
	for l := range exts {
		exts[l] = make([]rectList, len(pieces[l]))
	}
	md.paint(&paintPlan{
		pieces:    pieces,
		hexes:     md.allHexes(),
		hexSink:   func(i int) *rectList { return &recs[i].ext },
		pieceSink: func(l layer, k int) *rectList { return &exts[l][k] },
		drawn: func(i int, hc *hexCtx, from int) {
			recs[i].record(hc, md.strips, from)
		},
	})
	for i := range recs {
		recs[i].key = in.hexKey(&md.cells[i])
	}
	c.hexes = recs
	for l := range pieces {
		c.pieces[l] = map[uint64]rectList{}
		for k, key := range uniqueKeys(pieces[l]) {
			c.pieces[l][key] = exts[l][k]
		}
	}
	if c.enc == nil || c.enc.width != md.w || c.enc.height != md.h {
		c.enc = newSegEncoder(md.w, md.h)
	}
	bands := c.enc.encode(c.img, nil)
	c.stats = drawStats{full: true, dirty: md.w * md.h, hexes: len(recs), bands: bands}
	for _, ps := range pieces {
		c.stats.pieces += len(ps)
	}
}

// record keeps what hc placed: the strips after the first from, and where
// it looked at the strips before them.
func (r *hexRecord) record(hc *hexCtx, strips rects, from int) {
	r.zone, r.zoned = hc.zone, hc.zoned
	r.zoneSum = 0
	if hc.zoned {
		r.zoneSum = stripsSum(strips[:from], hc.zone)
	}
	r.strips = slices.Clone(strips[from:])
}

// uniqueKeys returns the keys of pieces, made distinct where pieces repeat.
func uniqueKeys(pieces []piece) []uint64 {
	out := make([]uint64, len(pieces))
	seen := map[uint64]int{}
	for k, pc := range pieces {
		n := seen[pc.key]
		seen[pc.key] = n + 1
		out[k] = pc.key ^ uint64(n)*0x9E3779B97F4A7C15
	}
	return out
}

// dryPainter is a painter measuring what md would paint, painting nothing.
func (md *mapDrawing) dryPainter() *painter {
	return &painter{Context: gg.NewContext(1, 1), scale: md.p.scale, faces: md.p.faces, cw: md.w, ch: md.h,
		track: track{dry: true, lw: 1}}
}

// measureHex plans hex i after the strips prefix, painting nothing, and
// returns its record.
func (md *mapDrawing) measureHex(i int, dry *painter, prefix rects) hexRecord {
	var rec hexRecord
	hc := md.hexCtx(md.cells[i], dry)
	dry.sink = &rec.ext
	defer func() { dry.sink = nil }()
	if hc.laid {
		hc.drawBackground()
	}
	md.strips = prefix[:len(prefix):len(prefix)]
	n0 := len(md.late)
	dry.reset()
	hc.draw()
	rec.record(hc, md.strips, len(prefix))
	for _, f := range md.late[n0:] {
		dry.reset()
		f()
	}
	md.late = md.late[:n0]
	return rec
}

// redraw draws the map on the previous picture of the same layout,
// painting again only what touches the pieces that changed.
func (c *MapCanvas) redraw(md *mapDrawing, in *hexInputs) {
	dry := md.dryPainter()
	var dirty rectList
	// Hexes, in order: a hex is as before if its inputs are and the
	// strips placed before it are where it looked.
	recs := make([]hexRecord, len(md.cells))
	off := make([]int, len(md.cells)+1)
	var strips rects
	rezoned := 0
	for i := range md.cells {
		off[i] = len(strips)
		old := &c.hexes[i]
		key := in.hexKey(&md.cells[i])
		if key == old.key && (!old.zoned || stripsSum(strips, old.zone) == old.zoneSum) {
			recs[i] = *old
		} else {
			if key == old.key {
				rezoned++
			}
			recs[i] = md.measureHex(i, dry, strips)
			recs[i].key = key
			dirty.addAll(old.ext)
			dirty.addAll(recs[i].ext)
		}
		strips = append(strips, recs[i].strips...)
	}
	// Other pieces: those that came are measured, those that went leave
	// their boxes to redraw.
	pieces := md.pieces()
	var exts [nLayers][]rectList
	var layers [nLayers]map[uint64]rectList
	for l := range pieces {
		layers[l] = make(map[uint64]rectList, len(pieces[l]))
		exts[l] = make([]rectList, len(pieces[l]))
		for k, key := range uniqueKeys(pieces[l]) {
			ext, ok := c.pieces[l][key]
			if !ok {
				dry.sink = &ext
				dry.reset()
				pieces[l][k].draw(dry)
				dry.sink = nil
				dirty.addAll(ext)
			}
			exts[l][k], layers[l][key] = ext, ext
		}
		for key, ext := range c.pieces[l] {
			if _, ok := layers[l][key]; !ok {
				dirty.addAll(ext)
			}
		}
	}
	c.hexes, c.pieces = recs, layers
	bounds := c.img.Bounds()
	clipped := dirty[:0]
	for _, r := range dirty {
		if r = r.intersect(irect{0, 0, bounds.Dx(), bounds.Dy()}); !r.empty() {
			clipped = append(clipped, r)
		}
	}
	dirty = clipped
	c.stats = drawStats{dirty: dirty.area(irect{0, 0, bounds.Dx(), bounds.Dy()}), rezoned: rezoned}
	if len(dirty) == 0 {
		return
	}
	// Everything touching the dirty boxes is painted again, over the base
	// there; what it paints beyond them is put back as it was.
	pl := &paintPlan{pieces: pieces, prefix: func(i int) rects { return strips[:off[i]:off[i]] }}
	var keep rectList
	for i := range recs {
		if recs[i].ext.hits(dirty) {
			pl.hexes = append(pl.hexes, i)
			keep.addAll(recs[i].ext)
		}
	}
	for l := range pieces {
		pl.want[l] = make([]bool, len(pieces[l]))
		for k := range pieces[l] {
			if exts[l][k].hits(dirty) {
				pl.want[l][k] = true
				keep.addAll(exts[l][k])
				c.stats.pieces++
			}
		}
	}
	c.stats.hexes = len(pl.hexes)
	keep = clipList(keep, bounds)
	c.keep(keep)
	putBaseList(c.img, md.base, dirty)
	md.p.setCanvas(c.img)
	md.paint(pl)
	c.restore(keep, dirty)
	c.stats.bands = c.enc.encode(c.img, c.enc.markDirty(dirty))
}

// clipList clips the boxes of l to bounds, dropping empty ones.
func clipList(l rectList, bounds image.Rectangle) rectList {
	b := irect{bounds.Min.X, bounds.Min.Y, bounds.Max.X, bounds.Max.Y}
	out := l[:0]
	for _, r := range l {
		if r = r.intersect(b); !r.empty() {
			out = append(out, r)
		}
	}
	return out
}

// keep copies the pixels of the boxes of l to the scratch buffer, box
// after box.
func (c *MapCanvas) keep(l rectList) {
	n := 0
	for _, r := range l {
		n += 4 * r.area()
	}
	if cap(c.save) < n {
		c.save = make([]byte, n)
	}
	c.save = c.save[:n]
	at := 0
	for _, r := range l {
		for y := r.y0; y < r.y1; y++ {
			at += copy(c.save[at:], c.img.Pix[c.img.PixOffset(r.x0, y):c.img.PixOffset(r.x1, y)])
		}
	}
}

// restore puts back the kept pixels of the boxes of l but those in dirty,
// which hold the new picture: the new pixels are first copied over the
// kept ones, then every kept box is copied back.
func (c *MapCanvas) restore(l, dirty rectList) {
	at := 0
	for _, r := range l {
		w := r.x1 - r.x0
		for _, d := range dirty {
			q := r.intersect(d)
			if q.empty() {
				continue
			}
			for y := q.y0; y < q.y1; y++ {
				o := at + 4*((y-r.y0)*w+(q.x0-r.x0))
				copy(c.save[o:o+4*(q.x1-q.x0)], c.img.Pix[c.img.PixOffset(q.x0, y):c.img.PixOffset(q.x1, y)])
			}
		}
		at += 4 * r.area()
	}
	at = 0
	for _, r := range l {
		for y := r.y0; y < r.y1; y++ {
			at += copy(c.img.Pix[c.img.PixOffset(r.x0, y):c.img.PixOffset(r.x1, y)], c.save[at:])
		}
	}
}

// putBase copies the base into box r of img: what Map starts from there.
func putBase(img *image.RGBA, base *mapBase, r image.Rectangle) {
	putBaseList(img, base, rectList{{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y}})
}

// putBaseList copies the base into the boxes of l (within img), paper
// below the base as mapBase.canvas has it.
func putBaseList(img *image.RGBA, base *mapBase, l rectList) {
	bh := base.img.Bounds().Dy()
	for _, r := range l {
		for y := r.y0; y < r.y1; y++ {
			dst := img.Pix[img.PixOffset(r.x0, y):img.PixOffset(r.x1, y)]
			if y < bh && base.img.Stride == img.Stride {
				copy(dst, base.img.Pix[base.img.PixOffset(r.x0, y):])
				continue
			}
			for i := 0; i < len(dst); i += 4 {
				dst[i], dst[i+1], dst[i+2], dst[i+3] = colPaper.R, colPaper.G, colPaper.B, 0xFF
			}
		}
	}
}
