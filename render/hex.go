package render

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"pbc/engine"
	"pbc/engine/board"
)

// hexCtx is the state of drawing one hex.
type hexCtx struct {
	p      *painter
	gm     *geom
	c      pt
	hs     *engine.HexState
	def    *board.Hex
	tile   *board.Tile
	rot    int
	laid   bool // a tile from the supply lies on the hex
	trackW float64
	slotR  float64
	phase  board.Color
	corps  map[string]*engine.Corp
	md     *mapDrawing
	occ    []disc
	// slots are the token slots of the hex, which nothing may cover;
	// placed is what the hex has placed so far, which later placements
	// keep clear of too.
	slots  []disc
	placed []elem
	// track is the track of the hex and of its neighbours, as discs,
	// which texts keep off (trackHit).
	track []disc
	// homes are printed homes shown as reservations in free slots, by node;
	// homeBadges those shown as badges.
	homes      map[int][]string
	homeBadges []string
	// zone holds every box placed against md.strips (zoned if any), the
	// only way the hexes drawn before this one bear on it.
	zone  fbox
	zoned bool
}

// consult records that r is weighed against the strips placed so far.
func (hc *hexCtx) consult(r rect) {
	b := fbox{r.x, r.y, r.x + r.w, r.y + r.h}
	if !hc.zoned {
		hc.zone, hc.zoned = b, true
		return
	}
	hc.zone = hc.zone.union(b)
}

// disc is an occupied round area of a hex.
type disc struct {
	c pt
	r float64
}

func (hc *hexCtx) occupy(c pt, r float64) { hc.occ = append(hc.occ, disc{c, r}) }

// occupyRect marks a rectangle as used (approximated by discs along it).
func (hc *hexCtx) occupyRect(x, y, w, h float64) {
	r := h / 2
	for cx := x + r; cx <= x+w-r+1e-6; cx += r {
		hc.occupy(pt{cx, y + r}, r)
	}
}

// overlap is how deeply a disc at c with radius r overlaps used areas.
func (hc *hexCtx) overlap(c pt, r float64) float64 {
	s := 0.0
	for _, d := range hc.occ {
		if o := d.r + r - c.sub(d.c).len(); o > 0 {
			s += o
		}
	}
	return s
}

// overlapRect is overlap for a rectangle.
func (hc *hexCtx) overlapRect(x, y, w, h float64) float64 {
	r := h / 2
	s := 0.0
	for cx := x + r; cx <= x+w-r+1e-6; cx += r {
		s += hc.overlap(pt{cx, y + r}, r)
	}
	return s
}

// inside is how far the point q lies outside the hex (0 if inside).
func (hc *hexCtx) outside(q pt) float64 {
	worst := 0.0
	for e := 0; e < 6; e++ {
		u := hc.gm.dir(2 * e)
		if d := q.sub(hc.c).X*u.X + q.sub(hc.c).Y*u.Y - hc.gm.apothem(); d > worst {
			worst = d
		}
	}
	return worst
}

// rectCost scores a w×h box centred at q: overlap with used areas plus how
// far its corners stick out of the hex.
func (hc *hexCtx) rectCost(q pt, w, h float64) float64 {
	s := hc.overlapRect(q.X-w/2, q.Y-h/2, math.Max(w, h), h) + hc.clash(q, w, h) + trackPenalty*hc.trackHit(q, w, h)
	if box := (rect{q.X - w/2, q.Y - h/2, w, h}); hc.md != nil {
		// Names and bands of the hexes drawn before, overhanging this one.
		hc.consult(box)
		s += placedPenalty * hc.md.strips.overlap(box)
	}
	for _, dx := range []float64{-w / 2, w / 2} {
		for _, dy := range []float64{-h / 2, h / 2} {
			s += 2 * hc.outside(pt{q.X + dx, q.Y + dy})
		}
	}
	return s
}

// place returns the centre for a w×h item: the free candidate place (toward
// the corners and edges, at three distances) that covers the least, ties going
// to the earlier directions of order (indices of half-edge steps 0..11) and to
// places nearer near, if given.
func (hc *hexCtx) place(w, h float64, order []int, near *pt) pt {
	best, bestS := hc.c, math.Inf(1)
	a := hc.gm.apothem()
	try := func(fs []float64) {
		for i, k := range order {
			u := hc.gm.dir(k)
			for _, f := range fs {
				q := hc.c.add(u.mul(f * a))
				s := hc.rectCost(q, w, h) + 0.02*float64(i)
				if near != nil {
					s += 0.5 * q.sub(*near).len() / hc.gm.R
				}
				if s < bestS-1e-9 {
					best, bestS = q, s
				}
			}
		}
	}
	try([]float64{0.68, 0.55, 0.42, 0.82})
	if hc.clash(best, w, h) > 0 {
		// No room clear of the stations and what is placed: at the rim,
		// overhanging the hex's edge, rather than over a slot or a name.
		try([]float64{0.95, 1.05, 1.2, 1.35})
	}
	return best
}

// allSpots is every direction, corners first.
var allSpots = []int{1, 3, 5, 7, 9, 11, 0, 2, 4, 6, 8, 10}

// defer_ queues f to run after every hex is drawn (texts that may overhang
// neighbouring hexes).
func (hc *hexCtx) defer_(f func()) { hc.md.late = append(hc.md.late, f) }

// hexColor is the fill of the hex as it is now.
func (hc *hexCtx) hexColor() color.RGBA {
	if hc.laid {
		return tileColor(hc.tile.Color)
	}
	return printedColor(hc.def)
}

// printedColor is the fill of a hex without a laid tile.
func printedColor(def *board.Hex) color.RGBA {
	switch {
	case def.Color == board.Blue:
		return colSea
	case def.Color == board.Brown && slices.Contains(def.Icons, "mountain"):
		return colRange
	}
	return tileColor(def.Color)
}

// drawBackground fills a hex holding a tile over the base, painting the
// base's outlines again where the fill covers them.
func (hc *hexCtx) drawBackground() {
	cs := hc.gm.corners(hc.c)
	if p := hc.p; p.sink != nil {
		b := pointBox(cs[0].X, cs[0].Y)
		for _, q := range cs[1:] {
			b = b.union(pointBox(q.X, q.Y))
		}
		p.sink.add(b.pixels())
	}
	if hc.p.dry {
		return
	}
	img, base := hc.p.rgba(), hc.md.base
	fillConvexRows(img, cs[:], hc.hexColor(), func(y, x0, x1 int) { base.regrid(img, y, x0, x1) })
}

// draw draws everything on the hex but borders and names.
func (hc *hexCtx) draw() {
	lay := layoutTile(hc)
	hc.slotR = lay.slotR
	hc.addBorderCosts()
	hc.addNeighbourSlots()
	hc.addTrack()
	hc.planHomes()
	if !hc.laid && slices.Contains(hc.def.Icons, "mountain") {
		hc.drawMountainRange()
	}
	lay.drawTrack()
	for _, tp := range lay.tracks {
		for t := 0.15; t < 0.9; t += 0.175 {
			hc.occupy(tp.c.at(t), hc.trackW)
		}
	}
	hc.recordTrack(lay)
	hc.drawNodes(lay)
	band := hc.revenueBand()
	hc.drawName()
	if !band {
		hc.drawRevenues(lay)
	}
	hc.drawLabel()
	hc.drawTerrain()
	hc.drawIcons()
	// Empty rondels last: they may go wherever the hex has room left.
	for _, f := range hc.planEmptyRondels() {
		hc.defer_(f)
	}
	if hc.md.opt.StopNumbers {
		hc.drawStopNumbers(lay)
	}
}

// drawLabel draws the tile's letter label (Y, T, Sea, Por, M, ...).
func (hc *hexCtx) drawLabel() {
	lbl, col := hc.tile.Label, colInk
	if !hc.laid {
		lbl = hc.def.Label
		if hc.def.FutureLabel != "" && lbl == "" {
			// A label the hex takes from a later colour on, shown faint.
			lbl, col = hc.def.FutureLabel, colMuted
		}
	}
	if lbl == "" {
		return
	}
	w := hc.p.measure(lbl, 15, true)
	r := math.Max(w/2, 7*hc.p.scale)
	order := []int{3, 5, 1, 7, 9, 11, 4, 2, 6, 8, 0, 10}
	if hc.gm.layout == board.Flat {
		order = []int{5, 3, 7, 1, 9, 11, 4, 6, 2, 8, 0, 10}
	}
	c := hc.place(2*r, 15*hc.p.scale, order, nil)
	hc.recordRect(elLabel, c, w, 0.72*15*hc.p.scale, lbl)
	if hc.overlap(c, r) > 0 || hc.outside(c) > -r {
		// No free room: a light backing keeps the label readable.
		hc.defer_(func() { hc.p.label(lbl, c.X, c.Y, 15, true, col, colLabelBack) })
	} else {
		hc.p.text(lbl, c.X, c.Y, 0.5, 0.5, 15, true, col)
	}
	hc.occupy(c, r)
}

// drawTerrain draws the printed terrain and its cost while no tile covers it.
func (hc *hexCtx) drawTerrain() {
	terrain, cost := hc.def.Terrain, hc.def.Cost
	if hc.laid {
		terrain, cost = hc.tile.Terrain, 0
	}
	if hc.hs != nil && !hc.laid {
		cost = hc.hs.Cost
	}
	if len(terrain) == 0 && cost == 0 {
		return
	}
	kind := board.Water
	if len(terrain) > 0 {
		kind = terrain[0]
	}
	txt := ""
	if cost > 0 {
		txt = fmt.Sprintf("$%d", cost)
	}
	p := hc.p
	tw := p.measure(txt, 12, false)
	icon := 9 * p.scale
	order := []int{0, 10, 2, 11, 1, 6, 9, 3, 5, 7, 8, 4}
	r := math.Max(icon, tw/2+1)
	hh := 2 * icon
	if txt != "" {
		hh += 14 * p.scale
	}
	stacked := true
	var c pt
	if hc.busy() {
		// Icon and cost on one line, to fit beside stations, unless
		// stacked they find a clearer place (beside a square of four
		// slots, say).
		ltw := tw
		if txt == "" {
			ltw = -3 * p.scale
		}
		w, h := 2*icon+3*p.scale+ltw, 2*icon
		c = hc.place(w, h, order, nil)
		// Beside a square of four slots a line finds no room; stacked,
		// icon over cost, they fit in a corner.
		if cs := hc.place(2*r, hh, order, nil); !hc.squareCity() || hc.rectCost(cs, 2*r, hh) >= hc.rectCost(c, w, h) {
			stacked = false
		} else {
			c = cs
		}
	}
	if !stacked {
		w, h := 2*icon+3*p.scale+tw, 2*icon
		if txt == "" {
			w = 2 * icon
		}
		hc.occupyRect(c.X-w/2, c.Y-h/2, w, h)
		hc.recordRect(elTerrain, c, w, h, txt)
		hc.drawTerrainIcon(kind, pt{c.X - w/2 + icon, c.Y}, icon*0.85)
		if txt != "" {
			p.text(txt, c.X+w/2, c.Y, 1, 0.5, 12, false, colInk)
		}
		return
	}
	if !hc.busy() {
		c = hc.place(2*r, hh, order, nil)
	}
	hc.occupyRect(c.X-r, c.Y-hh/2, 2*r, hh)
	hc.recordRect(elTerrain, c, 2*r, hh, txt)
	ic := c
	if txt != "" {
		ic = c.add(pt{0, -6 * p.scale})
	}
	hc.drawTerrainIcon(kind, ic, icon)
	if txt != "" {
		p.text(txt, c.X, c.Y+8*p.scale, 0.5, 0.5, 12, false, colInk)
	}
}

// squareCity reports whether the tile has a city of four slots (drawn as
// a square filling most of the hex: Portland, Seattle).
func (hc *hexCtx) squareCity() bool {
	for _, n := range hc.tile.Nodes {
		if n.Kind == board.City && n.Slots >= 4 {
			return true
		}
	}
	return false
}

// busy reports whether the hex shows stations, stops or a label, so that
// small items should be compact.
func (hc *hexCtx) busy() bool {
	if hc.def.Label != "" || hc.tile.Label != "" || hc.def.Name != "" {
		return true
	}
	for _, n := range hc.tile.Nodes {
		if n.Kind != board.Junction {
			return true
		}
	}
	return false
}

// drawTerrainIcon draws a small terrain glyph centred at c.
func (hc *hexCtx) drawTerrainIcon(kind board.Terrain, c pt, s float64) {
	p := hc.p
	switch kind {
	case board.Mountain, board.Hill:
		h := s
		if kind == board.Hill {
			h = s * 0.6
		}
		p.poly([]pt{{c.X - s, c.Y + h*0.5}, {c.X, c.Y - h*0.7}, {c.X + s, c.Y + h*0.5}})
		p.SetColor(colMountain)
		p.Fill()
		if kind == board.Mountain {
			p.poly([]pt{{c.X - s*0.32, c.Y - h*0.25}, {c.X, c.Y - h*0.7}, {c.X + s*0.32, c.Y - h*0.25}})
			p.SetColor(colPaper)
			p.Fill()
		}
	case board.Forest:
		p.poly([]pt{{c.X - s*0.7, c.Y + s*0.35}, {c.X, c.Y - s*0.8}, {c.X + s*0.7, c.Y + s*0.35}})
		p.SetColor(colForest)
		p.Fill()
		p.DrawRectangle(c.X-s*0.12, c.Y+s*0.35, s*0.24, s*0.3)
		p.SetRGB255(0x6B, 0x42, 0x26)
		p.Fill()
	case board.Swamp:
		p.SetColor(colForest)
		p.SetLineWidth(1.5 * p.scale)
		for _, dx := range []float64{-0.5, 0, 0.5} {
			p.DrawLine(c.X+dx*s, c.Y+s*0.3, c.X+dx*s*1.3, c.Y-s*0.4)
		}
		p.Stroke()
		p.SetColor(colWater)
		p.DrawLine(c.X-s, c.Y+s*0.35, c.X+s, c.Y+s*0.35)
		p.Stroke()
	default: // water, river, lake
		p.SetColor(colWater)
		p.SetLineWidth(2 * p.scale)
		for _, dy := range []float64{-0.25, 0.3} {
			y := c.Y + dy*s
			p.MoveTo(c.X-s, y)
			p.CubicTo(c.X-s/2, y-s*0.35, c.X-s/2+0.01, y+s*0.35, c.X, y)
			p.CubicTo(c.X+s/2, y-s*0.35, c.X+s/2, y+s*0.35, c.X+s, y)
			p.Stroke()
		}
	}
}

// drawMountainRange draws the big mountain of a PNW range hex.
func (hc *hexCtx) drawMountainRange() {
	p, c, s := hc.p, hc.c, hc.gm.R*0.42
	p.poly([]pt{{c.X - s, c.Y + s*0.55}, {c.X - s*0.25, c.Y - s*0.6}, {c.X + s*0.15, c.Y}, {c.X + s*0.45, c.Y - s*0.35}, {c.X + s, c.Y + s*0.55}})
	p.SetRGB255(0x6E, 0x5B, 0x45)
	p.Fill()
	p.poly([]pt{{c.X - s*0.47, c.Y - s*0.27}, {c.X - s*0.25, c.Y - s*0.6}, {c.X - s*0.04, c.Y - s*0.28}})
	p.SetColor(colPaper)
	p.Fill()
}

// drawName queues the location name above or below the centre, wherever it
// covers less track.
func (hc *hexCtx) drawName() {
	name := hc.def.Name
	if name == "" {
		return
	}
	p := hc.p
	lines := splitName(name)
	// At full size where there is room; smaller where a full-size name
	// would cover a station or what is placed.
	var size, w, h, lh float64
	var at pt
	bestS := math.Inf(1)
	if hc.md != nil && hc.md.namesAbove {
		size, lh = 12, 14*p.scale
		for _, l := range lines {
			w = math.Max(w, p.measure(l, size, false))
		}
		h = lh * float64(len(lines))
		top := hc.gm.R // pointy: the top corner
		if hc.gm.layout == board.Flat {
			top = hc.gm.apothem()
		}
		at, bestS = pt{hc.c.X, hc.c.Y - top - 2*p.scale - h/2}, 0
	}
	for _, sz := range []float64{12, 10.5, 9} {
		if bestS == 0 {
			break
		}
		sw := 0.0
		for _, l := range lines {
			sw = math.Max(sw, p.measure(l, sz, false))
		}
		slh := (sz + 2) * p.scale
		sh := slh * float64(len(lines))
		q := hc.stripAt(sw, sh, true)
		s := hc.clash(q, sw, sh) + placedPenalty*hc.md.strips.overlap(rect{q.X - sw/2, q.Y - sh/2, sw, sh}) +
			trackPenalty*hc.trackHit(q, sw, sh)
		if s < bestS-1e-9 {
			size, w, h, lh, at, bestS = sz, sw, sh, slh, q, s
		}
		if s == 0 {
			break
		}
	}
	x, y0 := at.X, at.Y-h/2
	hc.occupyRect(x-w/2, y0, w, h)
	hc.recordRect(elName, pt{x, y0 + h/2}, w, h, name)
	hc.md.strips = append(hc.md.strips, rect{x - w/2, y0, w, h})
	hc.defer_(func() {
		pad := 2 * p.scale
		p.SetColor(colLabelBack)
		p.DrawRoundedRectangle(x-w/2-pad, y0-pad/2, w+2*pad, h+pad, 3*p.scale)
		p.Fill()
		for i, l := range lines {
			p.text(l, x, y0+lh*(float64(i)+0.5), 0.5, 0.5, size, false, colText)
		}
	})
}

// stripY returns the vertical centre for a w×h box centred horizontally on
// the hex, below (or above) the centre, moved outward until it is clear of
// what is drawn; the side with the fewer clashes wins, down first if down.
func (hc *hexCtx) stripY(w, h float64, down bool) float64 { return hc.strip(w, h, down, false).Y }

// stripAt is stripY for a box that may also move sideways off the centre
// line, to clear a station.
func (hc *hexCtx) stripAt(w, h float64, down bool) pt { return hc.strip(w, h, down, true) }

func (hc *hexCtx) strip(w, h float64, down, sideways bool) pt {
	ext := hc.gm.apothem()
	if hc.gm.layout == board.Pointy {
		ext = hc.gm.R
	}
	dirs := []float64{1, -1}
	if !down {
		dirs = []float64{-1, 1}
	}
	shifts := []float64{0}
	if sideways {
		shifts = []float64{0, -0.22, 0.22, -0.4, 0.4}
	}
	best, bestS := hc.c, math.Inf(1)
	for j, dx := range shifts {
		x := hc.c.X + dx*ext
		for i, dir := range dirs {
			for k, f := range []float64{0.6, 0.68, 0.76, 0.84, 0.92, 1.0, 0.52, 0.44} {
				y := hc.c.Y + dir*f*ext
				box := rect{x - w/2, y - h/2, w, h}
				hc.consult(box)
				s := hc.overlapRect(box.x, box.y, w, h) + 2*float64(k)*hc.p.scale + 3*float64(i)*hc.p.scale + 5*float64(j)*hc.p.scale
				s += hc.clash(pt{x, y}, w, h) + trackPenalty*hc.trackHit(pt{x, y}, w, h)
				s += placedPenalty * hc.md.strips.overlap(box)
				if s < bestS {
					best, bestS = pt{x, y}, s
				}
			}
		}
	}
	return best
}

// stripYInside is stripY for a box that must stay inside the hex: among the
// offsets that keep its corners in, the one with the fewest clashes; stripY's
// answer when none does.
func (hc *hexCtx) stripYInside(w, h float64, down bool) pt {
	ext := hc.gm.apothem()
	if hc.gm.layout == board.Pointy {
		ext = hc.gm.R
	}
	dirs := []float64{1, -1}
	if !down {
		dirs = []float64{-1, 1}
	}
	best, bestS := 0.0, math.Inf(1)
	for i, dir := range dirs {
		for k, f := range []float64{0.6, 0.68, 0.76, 0.84, 0.52, 0.44, 0.36} {
			y := hc.c.Y + dir*f*ext
			r := rect{hc.c.X - w/2, y - h/2, w, h}
			if hc.outside(pt{r.x, r.y}) > 0 || hc.outside(pt{r.x + w, r.y}) > 0 ||
				hc.outside(pt{r.x, r.y + h}) > 0 || hc.outside(pt{r.x + w, r.y + h}) > 0 {
				continue
			}
			hc.consult(r)
			s := hc.overlapRect(r.x, r.y, w, h) + 2*float64(k)*hc.p.scale + 3*float64(i)*hc.p.scale
			s += hc.clash(pt{hc.c.X, y}, w, h) + trackPenalty*hc.trackHit(pt{hc.c.X, y}, w, h)
			s += placedPenalty * hc.md.strips.overlap(r)
			if s < bestS {
				best, bestS = y, s
			}
		}
	}
	if math.IsInf(bestS, 1) || hc.slotHit(pt{hc.c.X, best}, w, h) > 0 {
		// Nowhere inside clear of the slots: overhanging the hex rather
		// than over a token.
		return hc.stripAt(w, h, down)
	}
	return pt{hc.c.X, best}
}

// splitName breaks long names into two lines at the space nearest the middle.
func splitName(s string) []string {
	if len(s) <= 13 {
		return []string{s}
	}
	best := -1
	for i, r := range s {
		if r == ' ' && (best < 0 || abs(i-len(s)/2) < abs(best-len(s)/2)) {
			best = i
		}
	}
	if best < 0 {
		return []string{s}
	}
	return []string{s[:best], strings.TrimSpace(s[best:])}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// rect is an axis-aligned box.
type rect struct{ x, y, w, h float64 }

// rects are boxes already placed on the map (names and revenue bands, which
// may overhang their hex).
type rects []rect

// overlap is the total overlapping area of r with the boxes, in pixels.
func (rs rects) overlap(r rect) float64 {
	s := 0.0
	for _, q := range rs {
		dx := math.Min(r.x+r.w, q.x+q.w) - math.Max(r.x, q.x)
		dy := math.Min(r.y+r.h, q.y+q.h) - math.Max(r.y, q.y)
		if dx > 0 && dy > 0 {
			s += math.Sqrt(dx * dy)
		}
	}
	return s
}
