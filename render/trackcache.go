package render

import (
	"hash/maphash"
	"image/color"
	"math"
	"sync"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/raster"
	"golang.org/x/image/math/fixed"
)

// Stroking the track of a map's tiles through gg was its costliest drawing
// (gg turns each curve into a point per pixel and strokes that). A tile's
// track is the same on the same hex from one drawing to the next, so its
// strokes are rasterised once, as gg would, and their spans kept; later
// drawings paint the spans with raster.RGBAPainter's arithmetic, which gives
// the very pixels.

// trackStroke is one stroke of a tile's track: its spans and colour.
type trackStroke struct {
	spans []gridSpan
	col   color.RGBA
}

// trackEntry is the track of a hex as drawn: the pieces and sizes it was
// drawn from (to check a cache hit), and its strokes.
type trackEntry struct {
	pieces        []trackPiece
	trackW, scale float64
	w, h          int
	strokes       []trackStroke
	size          int   // spans
	box           irect // the pixels the spans cover
}

var trackSeed = maphash.MakeSeed()

// tracks caches the track of hexes by a hash of what it is drawn from,
// bounded by the spans it holds.
var tracks = struct {
	sync.Mutex
	m     map[uint64]*trackEntry
	spans int
}{m: map[uint64]*trackEntry{}}

const maxTrackSpans = 1 << 20

// trackKey hashes what a tile's track drawing depends on.
func trackKey(pieces []trackPiece, trackW, scale float64, w, h int) uint64 {
	var mh maphash.Hash
	mh.SetSeed(trackSeed)
	var b [8]byte
	put := func(f float64) {
		v := math.Float64bits(f)
		for i := range b {
			b[i] = byte(v >> (8 * i))
		}
		mh.Write(b[:])
	}
	put(trackW)
	put(scale)
	put(float64(w))
	put(float64(h))
	for _, tp := range pieces {
		for _, q := range [4]pt{tp.c.p0, tp.c.c1, tp.c.c2, tp.c.p3} {
			put(q.X)
			put(q.Y)
		}
		put(float64(tp.terminal))
		put(tp.halfW)
		if tp.thin {
			put(1)
		}
	}
	return mh.Sum64()
}

// same reports whether e was drawn from these pieces and sizes.
func (e *trackEntry) same(pieces []trackPiece, trackW, scale float64, w, h int) bool {
	if len(e.pieces) != len(pieces) || e.trackW != trackW || e.scale != scale || e.w != w || e.h != h {
		return false
	}
	for i := range pieces {
		if e.pieces[i] != pieces[i] {
			return false
		}
	}
	return true
}

// cachedTrack draws the track of lay from the cache, or rasterises it and
// keeps it; it returns false, drawing nothing, for track it does not cache
// (tapers and thin track, drawn by gg as before).
func (lay *tileLayout) cachedTrack() bool {
	for _, tp := range lay.tracks {
		if tp.thin || tp.terminal > 0 {
			return false
		}
	}
	p, hc := lay.hc.p, lay.hc
	w, h := p.cw, p.ch
	key := trackKey(lay.tracks, hc.trackW, p.scale, w, h)
	tracks.Lock()
	e := tracks.m[key]
	tracks.Unlock()
	if e == nil || !e.same(lay.tracks, hc.trackW, p.scale, w, h) {
		e = lay.rasterTrack(w, h)
		tracks.Lock()
		if tracks.spans+e.size > maxTrackSpans {
			for k, v := range tracks.m {
				if tracks.spans <= maxTrackSpans/2 {
					break
				}
				delete(tracks.m, k)
				tracks.spans -= v.size
			}
		}
		if old := tracks.m[key]; old != nil {
			tracks.spans -= old.size
		}
		tracks.m[key] = e
		tracks.spans += e.size
		tracks.Unlock()
	}
	if p.sink != nil {
		p.sink.add(e.box)
	}
	if p.dry {
		return true
	}
	img := p.rgba()
	for _, st := range e.strokes {
		for _, s := range st.spans {
			paintSpan(img, s, int(s.x0), int(s.x1), st.col)
		}
	}
	return true
}

// rasterTrack rasterises the track of lay as drawTrack's gg strokes would:
// a pale casing under every piece, then the black rail.
func (lay *tileLayout) rasterTrack(w, h int) *trackEntry {
	p, hc := lay.hc.p, lay.hc
	e := &trackEntry{pieces: append([]trackPiece(nil), lay.tracks...), trackW: hc.trackW, scale: p.scale, w: w, h: h,
		box: irect{w, h, 0, 0}}
	r := raster.NewRasterizer(w, h)
	r.UseNonZeroWinding = true
	var rec spanRecorder
	for pass := 0; pass < 2; pass++ {
		lw, col := hc.trackW+3*p.scale, colPaper
		if pass == 1 {
			lw, col = hc.trackW, colInk
		}
		for _, tp := range lay.tracks {
			rec = rec[:0]
			r.Clear()
			r.AddStroke(ggCurvePath(tp.c), fixed.Int26_6(lw*64), raster.ButtCapper, raster.RoundJoiner)
			r.Rasterize(&rec)
			st := trackStroke{spans: make([]gridSpan, len(rec)), col: col}
			for i, s := range rec {
				st.spans[i] = gridSpan{int32(s.Y), int32(s.X0), int32(s.X1), s.Alpha}
				if s.X0 < s.X1 {
					e.box = e.box.union(irect{s.X0, s.Y, s.X1, s.Y + 1})
				}
			}
			e.strokes = append(e.strokes, st)
			e.size += len(rec)
		}
	}
	return e
}

// ggCurvePath is the path gg strokes for MoveTo(p0) and CubicTo(c1, c2, p3):
// the curve as a point per pixel, repeated fixed points dropped, then
// points nearer than 1/8 px to the one before left out, as gg's stroke does.
func ggCurvePath(c cubic) raster.Path {
	start := gg.Point{X: c.p0.X, Y: c.p0.Y}
	pts := []fixed.Point26_6{start.Fixed()}
	prev := pts[0]
	for _, q := range gg.CubicBezier(c.p0.X, c.p0.Y, c.c1.X, c.c1.Y, c.c2.X, c.c2.Y, c.p3.X, c.p3.Y)[1:] {
		f := q.Fixed()
		if f == prev {
			continue
		}
		prev = f
		pts = append(pts, f)
	}
	var path raster.Path
	path.Start(pts[0])
	prev = pts[0]
	for _, f := range pts[1:] {
		dx, dy := f.X-prev.X, f.Y-prev.Y
		if dx < 0 {
			dx = -dx
		}
		if dy < 0 {
			dy = -dy
		}
		if dx+dy > 8 {
			path.Add1(f)
		}
		prev = f
	}
	return path
}
