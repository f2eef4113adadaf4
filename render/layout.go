package render

import (
	"math"
	"slices"
	"strconv"

	"pbc/engine"
	"pbc/engine/board"
)

// A map must never hide what a player reads off it: a token slot is never
// covered by anything else drawn (a revenue band, a terrain cost, a label, a
// name, a reservation, another city's slot), and the text in a token stays
// inside it. The placements keep clear of slots (hexCtx.slotHit); a drawing
// asked to (mapDrawing.record) lists what it placed, for the layout check.

// elemKind is the kind of a placed element.
type elemKind uint8

const (
	elSlot elemKind = iota
	elBand
	elRevenue
	elLabel
	elName
	elTerrain
	elIcon
	elBadge
	elRondel
	elBorderCost
	elTrack
	elStopNumber
)

var elemNames = [...]string{"token slot", "phase-revenue band", "revenue", "label", "name", "terrain cost",
	"icon", "badge", "rondel", "water-crossing cost", "track", "stop number"}

func (k elemKind) String() string { return elemNames[k] }

// elem is an element placed on the map: a disc (c, r) or a box.
type elem struct {
	kind   elemKind
	hex    string
	node   int // the city of a slot
	circle bool
	c      pt
	r      float64
	b      rect
	text   string
}

// textFit is a text drawn inside a disc of radius room: it fits when the
// corners of its w×h box lie in the disc.
type textFit struct {
	hex, text string
	w, h      float64
	room      float64
}

// record adds e to the drawing's list, if it keeps one.
func (hc *hexCtx) record(e elem) {
	if e.kind != elSlot {
		hc.placed = append(hc.placed, e)
		if hc.md != nil && e.kind != elName && e.kind != elBand && e.kind != elRondel && e.kind != elBorderCost {
			// Later hexes' names and rondels keep clear of it too.
			b := e.b
			if e.circle {
				b = rect{e.c.X - e.r, e.c.Y - e.r, 2 * e.r, 2 * e.r}
			}
			hc.md.strips = append(hc.md.strips, b)
		}
	}
	if hc.md == nil || !hc.md.record || hc.def == nil {
		return
	}
	e.hex = hc.def.ID
	hc.md.elems = append(hc.md.elems, e)
}

// recordRect records a box centred at c.
func (hc *hexCtx) recordRect(k elemKind, c pt, w, h float64, text string) {
	hc.record(elem{kind: k, b: rect{c.X - w/2, c.Y - h/2, w, h}, text: text})
}

// recordDisc records a disc.
func (hc *hexCtx) recordDisc(k elemKind, c pt, r float64, text string) {
	hc.record(elem{kind: k, circle: true, c: c, r: r, text: text})
}

// depth is how far the disc (c, r) reaches into the box b (0 if apart).
func depthDiscRect(c pt, r float64, b rect) float64 {
	dx := math.Max(math.Max(b.x-c.X, 0), c.X-(b.x+b.w))
	dy := math.Max(math.Max(b.y-c.Y, 0), c.Y-(b.y+b.h))
	if dx == 0 && dy == 0 {
		// The centre is inside: as deep as the nearest side plus the radius.
		in := math.Min(math.Min(c.X-b.x, b.x+b.w-c.X), math.Min(c.Y-b.y, b.y+b.h-c.Y))
		return r + in
	}
	return math.Max(0, r-math.Hypot(dx, dy))
}

// depth is how far e reaches into the slot disc (c, r).
func (e elem) depth(c pt, r float64) float64 {
	if e.circle {
		return math.Max(0, e.r+r-e.c.sub(c).len())
	}
	return depthDiscRect(c, r, e.b)
}

// slotHit is how deep a w×h box centred at q reaches into the hex's token
// slots: placements weigh it far above any other clash.
func (hc *hexCtx) slotHit(q pt, w, h float64) float64 {
	b := rect{q.X - w/2, q.Y - h/2, w, h}
	s := 0.0
	for _, d := range hc.slots {
		s += depthDiscRect(d.c, d.r, b)
	}
	return s
}

// slotHitDisc is slotHit for a disc.
func (hc *hexCtx) slotHitDisc(q pt, r float64) float64 {
	s := 0.0
	for _, d := range hc.slots {
		s += math.Max(0, d.r+r-d.c.sub(q).len())
	}
	return s
}

// slotPenalty weighs a clash with a slot against other clashes.
const slotPenalty = 40

// slotCentres returns the slot centres of an n-slot city at c with slot
// radius r, and the tilt of a two-slot city lying along a hex side.
func (hc *hexCtx) slotCentres(c pt, n int, r float64) ([]pt, float64) {
	if n < 1 {
		n = 1
	}
	offs := slotOffsets(n, r)
	tilt := 0.0
	if d := c.sub(hc.c); n == 2 && d.len() > 1 {
		tilt = math.Atan2(d.Y, d.X) + math.Pi/2
		for tilt > math.Pi/2+1e-9 {
			tilt -= math.Pi
		}
		for tilt <= -math.Pi/2+1e-9 {
			tilt += math.Pi
		}
		for i, o := range offs {
			offs[i] = pt{o.X*math.Cos(tilt) - o.Y*math.Sin(tilt), o.X*math.Sin(tilt) + o.Y*math.Cos(tilt)}
		}
	}
	out := make([]pt, len(offs))
	for i, o := range offs {
		out[i] = c.add(o)
	}
	return out, tilt
}

// fitWidth is the widest a text of the given size may be to stay inside a
// disc of radius ri, its box's corners on the circle.
func (p *painter) fitWidth(ri, size float64) float64 {
	h := 0.72 * size * p.scale
	return 2 * math.Sqrt(math.Max(0, ri*ri-h*h/4))
}

// edgeCosts is the water-crossing cost on each edge of hex id, from its own
// borders or from its neighbour's across the edge: where a cost label may
// sit, which the hex's placements keep clear of.
func edgeCosts(b *engine.BoardState, id string) (out [6]int) {
	if b == nil || b.Map == nil {
		return out
	}
	add := func(list []board.Border, edge, k int) {
		for _, bd := range list {
			if bd.Edge == edge && bd.Kind == board.WaterBorder && bd.Cost > 0 {
				out[k] = max(out[k], bd.Cost)
			}
		}
	}
	nb := board.Neighbors(b.Map.Layout, id)
	for e := range 6 {
		if hs := b.Hexes[id]; hs != nil {
			add(hs.Borders, e, e)
		}
		if hs := b.Hexes[nb[e]]; hs != nil {
			add(hs.Borders, (e+3)%6, e)
		}
	}
	return out
}

// borderCostBox is the box of a water-crossing cost label centred at mid.
func (p *painter) borderCostBox(txt string, mid pt) rect {
	s := p.scale
	w, h := p.measure(txt, 12, true)+4*s, 12*s+4*s
	return rect{mid.X - w/2, mid.Y - h/2, w, h}
}

// addBorderCosts marks where the hex's water-crossing costs may sit, and
// the lines of its borders (water, impassable), drawn over the hexes.
func (hc *hexCtx) addBorderCosts() {
	lines := borderEdges(hc.md.g.Board, hc.def.ID)
	for e, cost := range edgeCosts(hc.md.g.Board, hc.def.ID) {
		if lines[e] {
			a, b := hc.gm.edgeEnds(hc.c, e)
			r := 3 * hc.p.scale
			for t := 0.0; t <= 1.0001; t += 0.125 {
				hc.placed = append(hc.placed, elem{kind: elBorderCost, circle: true, c: a.lerp(b, t), r: r})
			}
		}
		if cost == 0 {
			continue
		}
		a, b := hc.gm.edgeEnds(hc.c, e)
		txt := "$" + strconv.Itoa(cost)
		slots := append(slices.Clone(hc.md.slotsOf(hc.def.ID)), hc.md.slotsOf(board.Neighbor(hc.gm.layout, hc.def.ID, e))...)
		spot := hc.md.costSpot(txt, a, b, slots, hc.md.edgeTrack(hc.def.ID, e))
		hc.placed = append(hc.placed, elem{kind: elBorderCost, b: hc.p.borderCostBox(txt, spot)})
	}
}

// placedHit is how deep a w×h box centred at q reaches into what the hex
// has placed so far (names, labels, revenues, costs, badges, icons).
func (hc *hexCtx) placedHit(q pt, w, h float64) float64 {
	b := rect{q.X - w/2, q.Y - h/2, w, h}
	s := 0.0
	for _, e := range hc.placed {
		if e.circle {
			s += depthDiscRect(e.c, e.r, b)
			continue
		}
		dx := math.Min(b.x+b.w, e.b.x+e.b.w) - math.Max(b.x, e.b.x)
		dy := math.Min(b.y+b.h, e.b.y+e.b.h) - math.Max(b.y, e.b.y)
		if dx > 0 && dy > 0 {
			s += math.Min(dx, dy)
		}
	}
	return s
}

// placedPenalty weighs a clash with a placed element.
const placedPenalty = 25

// clash is the weighed clash of a w×h box at q with slots and placed
// elements.
func (hc *hexCtx) clash(q pt, w, h float64) float64 {
	s := slotPenalty*hc.slotHit(q, w, h) + placedPenalty*hc.placedHit(q, w, h)
	if hc.slotHit(q, w, h) > 0 {
		// Any reach into a slot weighs more than any track covered.
		s += slotStep
	}
	return s
}

// slotStep puts every place over a slot behind every place clear of them.
const slotStep = 400

// cellSlots are the token slot discs of a drawn cell.
func (md *mapDrawing) cellSlots(c cell) []disc {
	hc := md.hexCtx(c, md.p)
	lay := layoutTile(hc)
	var out []disc
	for i, n := range hc.tile.Nodes {
		if !(n.Kind == board.City || (n.Kind == board.Offboard && n.Slots > 0)) || (n.Slots == 0 && hc.tile.Color == board.Blue) {
			continue
		}
		centres, _ := hc.slotCentres(lay.nodes[i].pos, n.Slots, lay.slotR)
		for _, q := range centres {
			out = append(out, disc{q, lay.slotR})
		}
	}
	return out
}

// costSpot is where a water-crossing cost label goes on the edge a–e: its
// middle, or the nearest point along it clear of the slots of the hexes
// either side.
func (md *mapDrawing) costSpot(txt string, a, e pt, slots, track []disc) pt {
	// The same spot seen from either side: the edge taken one way.
	ra, re := pt{math.Round(a.X), math.Round(a.Y)}, pt{math.Round(e.X), math.Round(e.Y)}
	if re.X < ra.X || (re.X == ra.X && re.Y < ra.Y) {
		a, e = e, a
	}
	d := e.sub(a)
	n := pt{-d.Y, d.X}.mul(md.p.scale / d.len())
	// Clear of the slots and the track if it can be, else of the slots.
	if track != nil {
		both := append(slices.Clone(slots), track...)
		for _, off := range []float64{0, 8, -8, 14, -14} {
			for _, t := range []float64{0.5, 0.38, 0.62, 0.26, 0.74} {
				if q, ok := md.clearOf(txt, a.lerp(e, t).add(n.mul(off)), both); ok {
					return q
				}
			}
		}
	}
	for _, off := range []float64{0, 8, -8, 14, -14} {
		for _, t := range []float64{0.5, 0.38, 0.62, 0.26, 0.74} {
			if q, ok := md.clearOf(txt, a.lerp(e, t).add(n.mul(off)), slots); ok {
				return q
			}
		}
	}
	return a.lerp(e, 0.5)
}

// clearOf reports whether a cost label at q is clear of the discs (slots,
// track).
func (md *mapDrawing) clearOf(txt string, q pt, discs []disc) (pt, bool) {
	b := md.p.borderCostBox(txt, q)
	for _, d := range discs {
		if depthDiscRect(d.c, d.r, b) > 0 {
			return q, false
		}
	}
	return q, true
}

// edgeSlots are the slots of cell c and of the drawn cell across its edge.
func (md *mapDrawing) edgeSlots(c cell, edge int) []disc {
	out := md.cellSlots(c)
	id := board.Neighbor(md.g.Board.Map.Layout, c.def.ID, edge)
	for _, o := range md.cells {
		if o.def.ID == id {
			out = append(out, md.cellSlots(o)...)
		}
	}
	return out
}

// slotsOf are the token slots of the drawn hex id (none if not drawn),
// worked out once per drawing.
func (md *mapDrawing) slotsOf(id string) []disc {
	if md.slotMemo == nil {
		md.slotMemo = map[string][]disc{}
		for _, c := range md.cells {
			md.slotMemo[c.def.ID] = nil
		}
	}
	s, ok := md.slotMemo[id]
	if !ok || s != nil {
		return s
	}
	for _, c := range md.cells {
		if c.def.ID == id {
			s = md.cellSlots(c)
			if s == nil {
				s = []disc{}
			}
			md.slotMemo[id] = s
		}
	}
	return s
}

// addNeighbourSlots adds the slots of the hexes around to those the hex's
// placements keep clear of: a name or a rondel may overhang its hex.
func (hc *hexCtx) addNeighbourSlots() {
	for _, id := range board.Neighbors(hc.gm.layout, hc.def.ID) {
		if id != "" {
			hc.slots = append(hc.slots, hc.md.slotsOf(id)...)
		}
	}
}

// borderEdges tells which edges of hex id have a border line drawn (from
// its own borders or its neighbour's).
func borderEdges(b *engine.BoardState, id string) (out [6]bool) {
	if b == nil || b.Map == nil {
		return out
	}
	nb := board.Neighbors(b.Map.Layout, id)
	for e := range 6 {
		if hs := b.Hexes[id]; hs != nil {
			for _, bd := range hs.Borders {
				out[e] = out[e] || bd.Edge == e
			}
		}
		if hs := b.Hexes[nb[e]]; hs != nil {
			for _, bd := range hs.Borders {
				out[e] = out[e] || bd.Edge == (e+3)%6
			}
		}
	}
	return out
}

// recordTrack lists the hex's track, as discs along each piece, for the
// layout check (texts must not lie over it).
func (hc *hexCtx) recordTrack(lay *tileLayout) {
	if hc.md == nil || !hc.md.record || hc.def == nil {
		return
	}
	for _, tp := range lay.tracks {
		if tp.thin {
			continue
		}
		n := max(4, int(tp.c.p0.sub(tp.c.p3).len()/(hc.trackW/2)))
		for i := 0; i <= n; i++ {
			hc.md.elems = append(hc.md.elems, elem{kind: elTrack, hex: hc.def.ID, circle: true,
				c: tp.c.at(float64(i) / float64(n)), r: hc.trackW / 2})
		}
	}
}
