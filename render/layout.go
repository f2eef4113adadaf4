package render

import (
	"math"
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
)

var elemNames = [...]string{"token slot", "phase-revenue band", "revenue", "label", "name", "terrain cost",
	"icon", "badge", "rondel", "water-crossing cost"}

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

// addBorderCosts marks where the hex's water-crossing costs may sit.
func (hc *hexCtx) addBorderCosts() {
	for e, cost := range edgeCosts(hc.md.g.Board, hc.def.ID) {
		if cost == 0 {
			continue
		}
		a, b := hc.gm.edgeEnds(hc.c, e)
		hc.placed = append(hc.placed, elem{kind: elBorderCost, b: hc.p.borderCostBox("$"+strconv.Itoa(cost), a.lerp(b, 0.5))})
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
const placedPenalty = 12

// clash is the weighed clash of a w×h box at q with slots and placed
// elements.
func (hc *hexCtx) clash(q pt, w, h float64) float64 {
	return slotPenalty*hc.slotHit(q, w, h) + placedPenalty*hc.placedHit(q, w, h)
}
