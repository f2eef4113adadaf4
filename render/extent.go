package render

import (
	"math"
)

// A map canvas redraws only the pixels a move changed, and every piece of
// the map touching them. For that it must know where each piece paints:
// the painter can collect, for whatever it draws, a box sure to hold every
// pixel it touches (its sink), and can paint nothing at all while doing so
// (dry), which measures a piece without drawing it. Every way the map
// paints goes through the methods below, through painter.text, or through
// the fills and spans that call addBox themselves (drawBackground,
// cachedTrack).

// irect is a box of whole pixels, x0..x1-1 by y0..y1-1.
type irect struct{ x0, y0, x1, y1 int }

func (r irect) empty() bool { return r.x0 >= r.x1 || r.y0 >= r.y1 }

func (r irect) area() int { return (r.x1 - r.x0) * (r.y1 - r.y0) }

func (r irect) union(q irect) irect {
	return irect{min(r.x0, q.x0), min(r.y0, q.y0), max(r.x1, q.x1), max(r.y1, q.y1)}
}

func (r irect) intersect(q irect) irect {
	return irect{max(r.x0, q.x0), max(r.y0, q.y0), min(r.x1, q.x1), min(r.y1, q.y1)}
}

func (r irect) overlaps(q irect) bool {
	return r.x0 < q.x1 && q.x0 < r.x1 && r.y0 < q.y1 && q.y0 < r.y1
}

// rectList is a set of pixels as boxes, which may overlap.
type rectList []irect

// add adds r, merged into a box it overlaps if their union wastes little,
// so that a piece's boxes stay few while a long line's stay tight.
func (l *rectList) add(r irect) {
	if r.empty() {
		return
	}
	for i, q := range *l {
		u := q.union(r)
		if u.area() <= q.area()+r.area()+256 {
			(*l)[i] = u
			return
		}
	}
	*l = append(*l, r)
}

// addAll adds every box of m.
func (l *rectList) addAll(m rectList) {
	for _, r := range m {
		l.add(r)
	}
}

// hits reports whether some box of l overlaps some box of m.
func (l rectList) hits(m rectList) bool {
	for _, r := range l {
		for _, q := range m {
			if r.overlaps(q) {
				return true
			}
		}
	}
	return false
}

// area is the number of pixels of l within bounds, overlaps counted as
// often as they are covered (an estimate for reports).
func (l rectList) area(bounds irect) int {
	n := 0
	for _, r := range l {
		if c := r.intersect(bounds); !c.empty() {
			n += c.area()
		}
	}
	return n
}

// fbox is a box in device pixels.
type fbox struct{ x0, y0, x1, y1 float64 }

func (b fbox) union(c fbox) fbox {
	return fbox{math.Min(b.x0, c.x0), math.Min(b.y0, c.y0), math.Max(b.x1, c.x1), math.Max(b.y1, c.y1)}
}

func (b fbox) grow(d float64) fbox { return fbox{b.x0 - d, b.y0 - d, b.x1 + d, b.y1 + d} }

// pixels is the box of whole pixels b may touch, with two pixels to spare
// (antialiasing and rounding).
func (b fbox) pixels() irect {
	return irect{int(math.Floor(b.x0)) - 2, int(math.Floor(b.y0)) - 2, int(math.Ceil(b.x1)) + 2, int(math.Ceil(b.y1)) + 2}
}

func pointBox(x, y float64) fbox { return fbox{x, y, x, y} }

// track is what a painter keeps to tell where it paints.
type track struct {
	// sink, when set, receives the boxes painted.
	sink *rectList
	// dry paints nothing: paths are built (so that the context's state is
	// as when painting) but neither filled nor stroked.
	dry bool
	// segs are the boxes of the current path, a box per segment so that a
	// long stroke's boxes stay near it; sub is the box of the current
	// subpath (holding its closing segment).
	segs []fbox
	sub  fbox
	// lw mirrors the context's line width, which gg does not tell.
	lw      float64
	lwStack []float64
}

// addBox adds the device box of the user-space box x0,y0..x1,y1 grown by
// pad to the sink.
func (p *painter) addBox(x0, y0, x1, y1, pad float64) {
	if p.sink == nil {
		return
	}
	b := p.userBox(x0, y0, x1, y1)
	p.sink.add(b.grow(pad).pixels())
}

// userBox is the device box holding the user-space box x0,y0..x1,y1.
func (p *painter) userBox(x0, y0, x1, y1 float64) fbox {
	ax, ay := p.TransformPoint(x0, y0)
	b := pointBox(ax, ay)
	for _, q := range [3][2]float64{{x1, y0}, {x0, y1}, {x1, y1}} {
		qx, qy := p.TransformPoint(q[0], q[1])
		b = b.union(pointBox(qx, qy))
	}
	return b
}

// addSeg records a segment (or shape) box of the current path.
func (p *painter) addSeg(b fbox, newSub bool) {
	if newSub || len(p.segs) == 0 {
		p.sub = b
	} else {
		p.sub = p.sub.union(b)
	}
	p.segs = append(p.segs, b)
}

// current is the context's current point (device space) as a box, if any.
func (p *painter) current() (fbox, bool) {
	c, ok := p.GetCurrentPoint()
	return pointBox(c.X, c.Y), ok
}

func (p *painter) devPoint(x, y float64) fbox {
	tx, ty := p.TransformPoint(x, y)
	return pointBox(tx, ty)
}

// MoveTo starts a subpath at x, y.
func (p *painter) MoveTo(x, y float64) {
	p.Context.MoveTo(x, y)
	p.addSeg(p.devPoint(x, y), true)
}

// LineTo adds a line to x, y.
func (p *painter) LineTo(x, y float64) {
	c, ok := p.current()
	p.Context.LineTo(x, y)
	b := p.devPoint(x, y)
	if ok {
		b = b.union(c)
	}
	p.addSeg(b, !ok)
}

// CubicTo adds a cubic curve, which lies within its control points.
func (p *painter) CubicTo(x1, y1, x2, y2, x3, y3 float64) {
	c, ok := p.current()
	p.Context.CubicTo(x1, y1, x2, y2, x3, y3)
	b := p.devPoint(x1, y1).union(p.devPoint(x2, y2)).union(p.devPoint(x3, y3))
	if ok {
		b = b.union(c)
	}
	p.addSeg(b, !ok)
}

// ClosePath closes the subpath, whose closing segment lies in its box.
func (p *painter) ClosePath() {
	p.Context.ClosePath()
	if len(p.segs) > 0 {
		p.segs = append(p.segs, p.sub)
	}
}

// NewSubPath ends the current subpath.
func (p *painter) NewSubPath() { p.Context.NewSubPath() }

// ClearPath forgets the current path.
func (p *painter) ClearPath() {
	p.Context.ClearPath()
	p.segs = p.segs[:0]
}

// DrawLine adds a line from x1, y1 to x2, y2.
func (p *painter) DrawLine(x1, y1, x2, y2 float64) {
	p.Context.DrawLine(x1, y1, x2, y2)
	p.addSeg(p.devPoint(x1, y1).union(p.devPoint(x2, y2)), true)
}

// DrawRectangle adds a rectangle.
func (p *painter) DrawRectangle(x, y, w, h float64) {
	p.Context.DrawRectangle(x, y, w, h)
	p.addSeg(p.userBox(x, y, x+w, y+h), true)
}

// DrawRoundedRectangle adds a rectangle with rounded corners.
func (p *painter) DrawRoundedRectangle(x, y, w, h, r float64) {
	p.Context.DrawRoundedRectangle(x, y, w, h, r)
	p.addSeg(p.userBox(x, y, x+w, y+h).grow(0.03*r), true)
}

// DrawCircle adds a circle; gg's quadratic arcs bulge out of it by well
// under 3% of the radius.
func (p *painter) DrawCircle(x, y, r float64) {
	p.Context.DrawCircle(x, y, r)
	p.addSeg(p.userBox(x-r, y-r, x+r, y+r).grow(0.03*r), true)
}

// DrawArc adds an arc, joined by a line to the current point if any.
func (p *painter) DrawArc(x, y, r, a1, a2 float64) {
	c, ok := p.current()
	p.Context.DrawArc(x, y, r, a1, a2)
	b := p.userBox(x-r, y-r, x+r, y+r).grow(0.03 * r)
	if ok {
		b = b.union(c)
	}
	p.addSeg(b, !ok)
}

// SetLineWidth sets the width of strokes.
func (p *painter) SetLineWidth(w float64) {
	p.Context.SetLineWidth(w)
	p.lw = w
}

// Push saves the context's state.
func (p *painter) Push() {
	p.Context.Push()
	p.lwStack = append(p.lwStack, p.lw)
}

// Pop restores the state saved by Push.
func (p *painter) Pop() {
	p.Context.Pop()
	if n := len(p.lwStack); n > 0 {
		p.lw, p.lwStack = p.lwStack[n-1], p.lwStack[:n-1]
	}
}

// fillBox adds the fill of the current path to the sink.
func (p *painter) fillBox() {
	if p.sink == nil || len(p.segs) == 0 {
		return
	}
	b := p.segs[0]
	for _, s := range p.segs[1:] {
		b = b.union(s)
	}
	p.sink.add(b.grow(1).pixels())
}

// strokeBox adds the stroke of the current path to the sink: half the line
// width around each segment, a square cap's corner included.
func (p *painter) strokeBox() {
	if p.sink == nil {
		return
	}
	d := p.lw/2*math.Sqrt2 + 1
	for _, s := range p.segs {
		p.sink.add(s.grow(d).pixels())
	}
}

// FillPreserve fills the current path, keeping it.
func (p *painter) FillPreserve() {
	p.fillBox()
	if !p.dry {
		p.Context.FillPreserve()
	}
}

// Fill fills the current path.
func (p *painter) Fill() {
	p.FillPreserve()
	p.ClearPath()
}

// StrokePreserve strokes the current path, keeping it.
func (p *painter) StrokePreserve() {
	p.strokeBox()
	if !p.dry {
		p.Context.StrokePreserve()
	}
}

// Stroke strokes the current path.
func (p *painter) Stroke() {
	p.StrokePreserve()
	p.ClearPath()
}

// reset puts the context in the state every piece of a map starts from,
// so that a piece draws the same pixels whichever pieces were drawn before
// it.
func (p *painter) reset() {
	p.ClearPath()
	p.SetLineCapRound()
	p.SetLineJoinRound()
	p.SetDash()
	p.SetDashOffset(0)
	p.SetLineWidth(1)
	p.SetFillRuleWinding()
	p.SetColor(colInk)
}
