package render

import (
	"math"
	"strconv"

	"pbc/engine/board"
)

// cubic is a cubic Bézier curve; straight track is a cubic with its control
// points on the line, so every piece of track has one shape.
type cubic struct{ p0, c1, c2, p3 pt }

func line(a, b pt) cubic { return cubic{a, a.lerp(b, 1.0/3), a.lerp(b, 2.0/3), b} }

// at returns the point at parameter t in 0..1.
func (c cubic) at(t float64) pt {
	u := 1 - t
	return c.p0.mul(u * u * u).add(c.c1.mul(3 * u * u * t)).add(c.c2.mul(3 * u * t * t)).add(c.p3.mul(t * t * t))
}

// tangent returns the unit direction of the curve at t.
func (c cubic) tangent(t float64) pt {
	u := 1 - t
	d := c.c1.sub(c.p0).mul(3 * u * u).add(c.c2.sub(c.c1).mul(6 * u * t)).add(c.p3.sub(c.c2).mul(3 * t * t))
	if l := d.len(); l > 0 {
		return d.mul(1 / l)
	}
	return c.p3.sub(c.p0).mul(1 / math.Max(c.p3.sub(c.p0).len(), 1e-9))
}

func (p *painter) curve(c cubic) {
	p.MoveTo(c.p0.X, c.p0.Y)
	p.CubicTo(c.c1.X, c.c1.Y, c.c2.X, c.c2.Y, c.p3.X, c.p3.Y)
}

// nodePlace says where a node of a laid tile is drawn.
type nodePlace struct {
	pos     pt    // centre of the node
	onCurve bool  // a town drawn as a bar on the track between its two edges
	curve   cubic // that track
	t       float64
	exits   []int // map edges the node's paths reach
}

// tileLayout is a tile's drawing plan on one hex: node positions and the
// curves of its track.
type tileLayout struct {
	hc     *hexCtx
	nodes  []nodePlace
	slotR  float64 // token slot radius for this tile
	tracks []trackPiece
}

// trackPiece is one drawable piece of track.
type trackPiece struct {
	c        cubic
	terminal int // 0 normal, 1 off-board taper, 2 short stub
	thin     bool
	halfW    float64 // taper half width at the edge
}

// edgeLoc parses a node Loc edge position ("3", "2.5").
func edgeLoc(loc string) (float64, bool) {
	if loc == "" || loc == "center" {
		return 0, false
	}
	f, err := strconv.ParseFloat(loc, 64)
	return f, err == nil
}

// layoutTile plans the tile of hc.
func layoutTile(hc *hexCtx) *tileLayout {
	t, rot, gm := hc.tile, hc.rot, hc.gm
	a := gm.apothem()
	lay := &tileLayout{hc: hc, nodes: make([]nodePlace, len(t.Nodes)), slotR: hc.slotR}
	linked := make([]bool, len(t.Nodes))
	for _, p := range t.Paths {
		for _, e := range [2]board.End{p.A, p.B} {
			if !e.IsEdge() {
				continue
			}
			o := p.B
			if e == p.B {
				o = p.A
			}
			if !o.IsEdge() && o.Node < len(t.Nodes) {
				lay.nodes[o.Node].exits = append(lay.nodes[o.Node].exits, mod6(e.Edge+rot))
			}
		}
		if !p.A.IsEdge() && !p.B.IsEdge() {
			linked[p.A.Node], linked[p.B.Node] = true, true
		}
	}
	// Count the nodes that need a place of their own.
	free := 0
	for i, n := range t.Nodes {
		if n.Kind == board.Junction {
			continue
		}
		if n.Kind == board.Town && len(lay.nodes[i].exits) == 2 && !linked[i] && n.Loc == "" {
			continue
		}
		free++
	}
	var placed []float64 // angles of off-centre nodes
	var pending []int
	for i, n := range t.Nodes {
		np := &lay.nodes[i]
		np.pos = hc.c
		switch {
		case n.Kind == board.Junction:
		case n.Kind == board.Town && len(np.exits) == 2 && !linked[i] && n.Loc == "":
			np.onCurve = true
			np.curve = edgeCurve(hc, np.exits[0], np.exits[1], 0, 1, 0, 1)
			np.t = 0.5
		case n.Loc == "center":
		default:
			if f, ok := edgeLoc(n.Loc); ok {
				ang := gm.edgeAngle(f + float64(rot))
				d := 0.55 * a
				if n.Kind == board.Town {
					d = 0.6 * a
				}
				if f != math.Trunc(f) {
					d = 0.5 * gm.R
				}
				np.pos = hc.c.add(unit(ang).mul(d))
				placed = append(placed, ang)
			} else if free > 1 {
				if len(np.exits) == 0 {
					pending = append(pending, i)
					continue
				}
				v := pt{}
				for _, e := range np.exits {
					v = v.add(unit(gm.edgeAngle(float64(e))))
				}
				ang := math.Atan2(v.Y, v.X)
				if v.len() < 1e-6 {
					ang = gm.edgeAngle(float64(np.exits[0]) + 1.5)
				}
				d := 0.5 * a
				if free > 2 {
					d = 0.58 * a
				}
				np.pos = hc.c.add(unit(ang).mul(d))
				placed = append(placed, ang)
			}
		}
	}
	for k, i := range pending {
		var ang float64
		if len(placed) == 0 {
			// Nodes without track side by side.
			off := (float64(k) - float64(len(pending)-1)/2) * 0.85 * a
			lay.nodes[i].pos = hc.c.add(pt{off, 0})
			continue
		}
		ang = farthestAngle(gm, placed)
		lay.nodes[i].pos = hc.c.add(unit(ang).mul(0.5 * a))
		placed = append(placed, ang)
	}
	// Towns on crossing curves: spread them along their track.
	for i := range lay.nodes {
		if !lay.nodes[i].onCurve {
			continue
		}
		for j := 0; j < i; j++ {
			if lay.nodes[j].onCurve && lay.nodes[i].curve.at(0.5).sub(lay.nodes[j].curve.at(0.5)).len() < 0.3*a {
				lay.nodes[j].t, lay.nodes[i].t = 0.3, 0.7
			}
		}
	}
	lay.fitSlots()
	lay.planTrack()
	return lay
}

// farthestAngle returns, of the twelve edge and corner directions, the one
// farthest from every angle in used.
func farthestAngle(gm *geom, used []float64) float64 {
	best, bestD := 0.0, -1.0
	for k := 0; k < 12; k++ {
		ang := gm.edgeAngle(float64(k) / 2)
		d := math.Pi
		for _, u := range used {
			d = math.Min(d, angDist(ang, u))
		}
		if d > bestD+1e-9 {
			best, bestD = ang, d
		}
	}
	return best
}

// angDist is the absolute difference of two angles in 0..π.
func angDist(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 2*math.Pi)
	if d > math.Pi {
		d = 2*math.Pi - d
	}
	return d
}

// cityExtent is how many slot radii a city of n slots reaches from its centre.
func cityExtent(n int) float64 {
	switch {
	case n <= 1:
		return 1
	case n == 2:
		return 2
	case n == 3:
		return 2.16
	case n == 4:
		return 2.2
	}
	return 1/math.Sin(math.Pi/float64(n)) + 1
}

// fitSlots shrinks the slot radius until the tile's stations neither overlap
// nor leave the hex.
func (lay *tileLayout) fitSlots() {
	t, a := lay.hc.tile, lay.hc.gm.apothem()
	type disc struct {
		c    pt
		k    float64
		kRad float64 // extent toward the hex side (two-slot cities lie along it)
	}
	var ds []disc
	for i, n := range t.Nodes {
		if n.Kind == board.City || (n.Kind == board.Offboard && n.Slots > 0) {
			k := cityExtent(n.Slots)
			kr := k
			if n.Slots == 2 {
				kr = 1
			}
			ds = append(ds, disc{lay.nodes[i].pos, k, kr})
		}
	}
	r := lay.slotR
	for i, d := range ds {
		off := d.c.sub(lay.hc.c).len()
		if off > 1 {
			r = math.Min(r, (0.97*a-off)/d.kRad)
		} else {
			r = math.Min(r, 0.9*a/d.k)
		}
		for _, e := range ds[:i] {
			r = math.Min(r, 0.98*d.c.sub(e.c).len()/(d.k+e.k))
		}
	}
	lay.slotR = math.Max(r, 0.45*lay.slotR)
}

// edgePoint returns where lane `lane` of `width` lanes meets map edge e, and
// the inward direction there.
func edgePoint(hc *hexCtx, e, lane, width int) (pt, pt) {
	ang := hc.gm.edgeAngle(float64(e))
	u := unit(ang)
	p := hc.c.add(u.mul(hc.gm.apothem()))
	if width > 1 {
		tan := pt{-u.Y, u.X}
		p = p.add(tan.mul((float64(lane) - float64(width-1)/2) * hc.trackW * 1.9))
	}
	return p, u.mul(-1)
}

// edgeCurve returns the track between map edges ea and eb: a straight line,
// a gentle curve or a sharp curve (circular arcs of radius 1.5R and R/2).
func edgeCurve(hc *hexCtx, ea, eb, la, wa, lb, wb int) cubic {
	p0, d0 := edgePoint(hc, ea, la, wa)
	p3, d3 := edgePoint(hc, eb, lb, wb)
	var k float64
	switch mod6(eb - ea) {
	case 3:
		return line(p0, p3)
	case 1, 5:
		k = 4.0 / 3 * math.Tan(math.Pi/6) * hc.gm.R / 2
	default:
		k = 4.0 / 3 * math.Tan(math.Pi/12) * hc.gm.R * 1.5
	}
	return cubic{p0, p0.add(d0.mul(k)), p3.add(d3.mul(k)), p3}
}

// planTrack turns the tile's paths into drawable pieces.
func (lay *tileLayout) planTrack() {
	hc := lay.hc
	t, rot := hc.tile, hc.rot
	for _, p := range t.Paths {
		a, b := p.A, p.B
		lnA, lnB := p.LaneAt(0), p.LaneAt(1)
		la, wa := lnA.Index, lnA.Width
		lb, wb := lnB.Index, lnB.Width
		if !a.IsEdge() && b.IsEdge() {
			a, b = b, a
			la, wa, lb, wb = lb, wb, la, wa
		}
		switch {
		case a.IsEdge() && b.IsEdge():
			lay.tracks = append(lay.tracks, trackPiece{c: edgeCurve(hc, mod6(a.Edge+rot), mod6(b.Edge+rot), la, wa, lb, wb), thin: p.Thin})
		case a.IsEdge():
			e := mod6(a.Edge + rot)
			if b.Node >= len(t.Nodes) {
				continue
			}
			np := lay.nodes[b.Node]
			if np.onCurve {
				continue // drawn with the town's curve
			}
			p0, d0 := edgePoint(hc, e, la, wa)
			if p.Terminal {
				depth := 0.55
				if p.TerminalKind == 2 {
					depth = 0.3
				}
				tip := p0.add(d0.mul(depth * hc.gm.apothem()))
				lay.tracks = append(lay.tracks, trackPiece{c: line(p0, tip), terminal: max(p.TerminalKind, 1), thin: p.Thin})
				continue
			}
			end := np.pos
			if wb > 1 {
				tan := pt{d0.Y, -d0.X}
				end = end.add(tan.mul((float64(lb) - float64(wb-1)/2) * hc.trackW * 1.9))
			}
			dist := end.sub(p0).len()
			c := cubic{p0, p0.add(d0.mul(dist * 0.45)), end, end}
			if end.sub(hc.c).len() < 1 {
				c = line(p0, end)
			}
			lay.tracks = append(lay.tracks, trackPiece{c: c, thin: p.Thin})
		default:
			if a.Node < len(t.Nodes) && b.Node < len(t.Nodes) {
				lay.tracks = append(lay.tracks, trackPiece{c: line(lay.nodes[a.Node].pos, lay.nodes[b.Node].pos)})
			}
		}
	}
	for _, np := range lay.nodes {
		if np.onCurve {
			lay.tracks = append(lay.tracks, trackPiece{c: np.curve})
		}
	}
}

// drawTrack strokes the tile's track: a pale casing first so that crossing
// lines stay readable, then the black rail.
func (lay *tileLayout) drawTrack() {
	lay.hc.p.SetLineCapButt()
	if !lay.cachedTrack() {
		lay.strokeTrack()
	}
}

// strokeTrack strokes the track through gg.
func (lay *tileLayout) strokeTrack() {
	p, hc := lay.hc.p, lay.hc
	p.SetLineCapButt()
	for pass := 0; pass < 2; pass++ {
		for _, tp := range lay.tracks {
			switch {
			case tp.thin:
				if pass == 1 {
					p.SetDash(4*p.scale, 3*p.scale)
					p.SetLineWidth(2 * p.scale)
					p.SetColor(colWater)
					p.curve(tp.c)
					p.Stroke()
					p.SetDash()
				}
			case tp.terminal > 0:
				if pass == 1 {
					lay.drawTaper(tp)
				}
			default:
				if pass == 0 {
					p.SetLineWidth(hc.trackW + 3*p.scale)
					p.SetColor(colPaper)
				} else {
					p.SetLineWidth(hc.trackW)
					p.SetColor(colInk)
				}
				p.curve(tp.c)
				p.Stroke()
			}
		}
	}
}

// drawTaper fills an off-board arrow (terminal 1) or a short stub (terminal 2).
func (lay *tileLayout) drawTaper(tp trackPiece) {
	p, hc := lay.hc.p, lay.hc
	base, tip := tp.c.p0, tp.c.p3
	d := tip.sub(base)
	n := pt{-d.Y, d.X}.mul(1 / d.len())
	w := hc.trackW * 0.9
	if tp.terminal == 2 {
		w = hc.trackW * 0.5
	}
	mid := base.lerp(tip, 0.55)
	p.poly([]pt{base.add(n.mul(w)), mid.add(n.mul(w)), tip, mid.sub(n.mul(w)), base.sub(n.mul(w))})
	p.SetColor(colInk)
	p.Fill()
}
