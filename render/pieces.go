package render

import (
	"strconv"

	"pbc/engine/board"
)

// A map is drawn as pieces, in a fixed order: the title strip, the fills of
// the hexes holding a tile, each hex's drawing, the borders, the routes,
// the highlights, what each hex left for last (names, revenue bands,
// rondels), the coordinates and the legend. Each piece starts from the same
// painter state (painter.reset), so a piece paints the same pixels whether
// the whole map is drawn or only the pieces touching a changed area, which
// is what lets a MapCanvas redraw a part of a map exactly.

// piece is a part of a map layer drawn on its own, known by a digest of
// everything it draws.
type piece struct {
	key  uint64
	draw func(p *painter)
}

// layer names the layers of pieces other than the hexes.
type layer int

const (
	layerStrip layer = iota
	layerBorders
	layerRoutes
	layerHighlights
	layerBorderCosts
	layerCoords
	layerLegend
	nLayers
)

// paintPlan says what of a map to paint. Map paints everything; a canvas
// paints the pieces touching what changed, and measures what it paints.
type paintPlan struct {
	pieces [nLayers][]piece
	// want tells, by layer, which pieces to paint; a nil slice paints all.
	want [nLayers][]bool
	// hexes are the indices of the cells to paint, in order.
	hexes []int
	// prefix, if set, gives the strips placed by the hexes before cell i
	// (when not every hex is painted).
	prefix func(i int) rects
	// hexSink and pieceSink, if set, receive the boxes each hex and each
	// piece paints.
	hexSink   func(i int) *rectList
	pieceSink func(l layer, k int) *rectList
	// drawn, if set, is told of each hex once its body is drawn, with the
	// number of strips placed before it.
	drawn func(i int, hc *hexCtx, from int)
}

// paint draws what pl asks for, in the map's order.
func (md *mapDrawing) paint(pl *paintPlan) {
	p := md.p
	defer func() { p.sink = nil }()
	layer := func(l layer) {
		for k, pc := range pl.pieces[l] {
			if w := pl.want[l]; w != nil && !w[k] {
				continue
			}
			p.sink = nil
			if pl.pieceSink != nil {
				p.sink = pl.pieceSink(l, k)
			}
			p.reset()
			pc.draw(p)
		}
	}
	hexSink := func(i int) {
		p.sink = nil
		if pl.hexSink != nil {
			p.sink = pl.hexSink(i)
		}
	}
	layer(layerStrip)
	hcs := make([]*hexCtx, len(pl.hexes))
	for k, i := range pl.hexes {
		hcs[k] = md.hexCtx(md.cells[i], p)
		if hcs[k].laid {
			hexSink(i)
			hcs[k].drawBackground()
		}
	}
	md.late = md.late[:0]
	lates := make([]int, len(hcs)+1)
	for k, hc := range hcs {
		i := pl.hexes[k]
		if pl.prefix != nil {
			md.strips = pl.prefix(i)
		}
		from := len(md.strips)
		hexSink(i)
		p.reset()
		lates[k] = len(md.late)
		hc.draw()
		if pl.drawn != nil {
			pl.drawn(i, hc, from)
		}
	}
	lates[len(hcs)] = len(md.late)
	layer(layerBorders)
	layer(layerRoutes)
	layer(layerHighlights)
	layer(layerBorderCosts) // over the outlines and routes, which would hide them
	for k := range hcs {
		hexSink(pl.hexes[k])
		for _, f := range md.late[lates[k]:lates[k+1]] {
			p.reset()
			f()
		}
	}
	layer(layerCoords)
	layer(layerLegend)
}

// trimEnds pulls the ends of a route's line back by d toward its inside,
// so that the line stops at the station tokens of its end stops instead of
// covering their numbers; a piece too short to trim is left whole.
func trimEnds(pts []pt, d float64) {
	if len(pts) < 2 {
		return
	}
	pull := func(end, toward pt) pt {
		v := toward.sub(end)
		l := v.len()
		if l <= 2.5*d {
			return end
		}
		return end.add(v.mul(d / l))
	}
	last := len(pts) - 1
	pts[0] = pull(pts[0], pts[1])
	pts[last] = pull(pts[last], pts[last-1])
}

// pieces returns the pieces of every layer but the hexes.
func (md *mapDrawing) pieces() [nLayers][]piece {
	var out [nLayers][]piece
	out[layerStrip] = []piece{md.stripPiece()}
	out[layerBorders], out[layerBorderCosts] = md.borderPieces()
	out[layerRoutes] = md.routePieces()
	out[layerHighlights] = md.highlightPieces()
	out[layerCoords] = md.coordPieces()
	if !md.opt.NoLegend {
		out[layerLegend] = []piece{md.legendPiece()}
	}
	return out
}

// stripPiece is the title strip: the title, round, phase and who acts.
func (md *mapDrawing) stripPiece() piece {
	g := md.g
	var d digest
	d.str(g.T.Name)
	d.str(statusLine(g, g.Snapshot(false), md.opt.Acting))
	d.int(g.Phase)
	if ph := g.CurrentPhase(); ph != nil {
		d.str(ph.Name)
		d.int(int(ph.Tiles))
	}
	return piece{d.sum(), func(p *painter) { p.strip(g, "", md.opt.Acting) }}
}

// borderPieces are the water crossings (blue) and the impassable edges
// (red), and the water crossings' cost labels.
func (md *mapDrawing) borderPieces() (lines, labels []piece) {
	s := md.p.scale
	var placed []pt
	for _, c := range md.cells {
		list := c.def.Borders
		if c.hs != nil {
			list = c.hs.Borders
		}
		for _, b := range list {
			a, e := md.gm.edgeEnds(c.c, b.Edge)
			var d digest
			d.int(int(layerBorders))
			d.pt(a)
			d.pt(e)
			d.int(int(b.Kind))
			kind := b.Kind
			lines = append(lines, piece{d.sum(), func(p *painter) {
				switch kind {
				case board.WaterBorder:
					p.SetColor(colWater)
					p.SetLineWidth(6 * s)
				case board.Impassable:
					p.SetColor(colBarrier)
					p.SetLineWidth(6 * s)
				default:
					p.SetColor(colMuted)
					p.SetLineWidth(2 * s)
					p.SetDash(5*s, 4*s)
				}
				p.SetLineCapRound()
				p.DrawLine(a.X, a.Y, e.X, e.Y)
				p.Stroke()
				p.SetDash()
			}})
			if b.Kind != board.WaterBorder || b.Cost == 0 {
				continue
			}
			// Along a river, label every other edge at most; on the edge,
			// clear of the stations either side.
			txt := "$" + strconv.Itoa(b.Cost)
			mid := md.costSpot(txt, a, e, md.edgeSlots(c, b.Edge), md.edgeTrack(c.def.ID, b.Edge))
			near := false
			for _, q := range placed {
				if q.sub(mid).len() < 1.2*md.gm.R {
					near = true
				}
			}
			if near {
				continue
			}
			placed = append(placed, mid)
			if md.record {
				w, h := md.p.measure(txt, 12, true)+4*s, 12*s+4*s
				md.elems = append(md.elems, elem{kind: elBorderCost, hex: c.def.ID, b: rect{mid.X - w/2, mid.Y - h/2, w, h}, text: txt})
			}
			var dl digest
			dl.int(int(layerBorderCosts))
			dl.pt(mid)
			dl.str(txt)
			labels = append(labels, piece{dl.sum(), func(p *painter) { p.label(txt, mid.X, mid.Y, 12, true, colPaper, colWater) }})
		}
	}
	return lines, labels
}

// highlightPieces outline the hexes listed in the options.
func (md *mapDrawing) highlightPieces() []piece {
	want := map[string]bool{}
	for _, id := range md.opt.Highlight {
		want[id] = true
	}
	var out []piece
	for _, c := range md.cells {
		if !want[c.def.ID] {
			continue
		}
		cs := md.gm.corners(c.c)
		inner := make([]pt, 6)
		for i, q := range cs {
			inner[i] = c.c.lerp(q, 0.93)
		}
		var d digest
		d.int(int(layerHighlights))
		d.pt(c.c)
		out = append(out, piece{d.sum(), func(p *painter) {
			p.poly(inner)
			p.SetColor(colHighlight)
			p.SetLineWidth(4.5 * p.scale)
			p.SetLineJoinRound()
			p.Stroke()
		}})
	}
	return out
}

// routePieces draw the last run's routes through the hex centres, one
// colour and a small offset per train: a piece per connection.
func (md *mapDrawing) routePieces() []piece {
	s := md.p.scale
	pos := map[string]pt{}
	for _, c := range md.cells {
		pos[c.def.ID] = c.c
	}
	var out []piece
	n := len(md.opt.Routes)
	for i, r := range md.opt.Routes {
		col := routeColors[i%len(routeColors)]
		off := (float64(i) - float64(n-1)/2) * 5 * s
		add := func(kind int, pts []pt, draw func(p *painter)) {
			var d digest
			d.int(int(layerRoutes))
			d.int(i)
			d.int(n)
			d.int(kind)
			for _, q := range pts {
				d.pt(q)
			}
			out = append(out, piece{d.sum(), func(p *painter) {
				p.SetColor(col)
				p.SetLineWidth(5 * s)
				p.SetLineCapRound()
				p.SetLineJoinRound()
				draw(p)
			}})
		}
		circle := func(c pt) {
			add(1, []pt{c}, func(p *painter) {
				p.DrawCircle(c.X, c.Y, md.gm.apothem()*0.8)
				p.Stroke()
			})
		}
		for _, seg := range r.Connections {
			if len(seg) == 2 && seg[0] == "local" {
				if c, ok := pos[seg[1]]; ok {
					circle(c)
				}
				continue
			}
			var pts []pt
			for _, h := range seg {
				if c, ok := pos[h]; ok {
					pts = append(pts, pt{c.X + off, c.Y + off})
				}
			}
			if len(pts) == 0 {
				continue
			}
			trimEnds(pts, md.gm.R*0.34)
			add(0, pts, func(p *painter) {
				for k, q := range pts {
					if k == 0 {
						p.MoveTo(q.X, q.Y)
					} else {
						p.LineTo(q.X, q.Y)
					}
				}
				p.Stroke()
			})
		}
		if len(r.Connections) == 0 && len(r.Hexes) == 1 {
			if c, ok := pos[r.Hexes[0]]; ok {
				circle(c)
			}
		}
	}
	return out
}

// coordPieces label the rows and columns on the margins of the grid.
func (md *mapDrawing) coordPieces() []piece {
	s := md.p.scale
	m := md.g.Board.Map
	xs, ys := map[int]float64{}, map[int]float64{}
	for _, c := range md.cells {
		xs[c.x] = c.c.X
		ys[c.y] = c.c.Y
	}
	col := rgb(0x44, 0x44, 0x44)
	var out []piece
	label := func(lbl string, x, y float64) {
		var d digest
		d.int(int(layerCoords))
		d.str(lbl)
		d.pt(pt{x, y})
		out = append(out, piece{d.sum(), func(p *painter) { p.text(lbl, x, y, 0.5, 0.5, 13, true, col) }})
	}
	for _, x := range sortedKeys(xs) {
		var lbl string
		if m.Layout == board.Pointy {
			lbl = strconv.Itoa(x + 1)
		} else {
			lbl = letterName(x)
		}
		label(lbl, xs[x], md.y0-12*s)
		label(lbl, xs[x], md.y1+12*s)
	}
	for _, y := range sortedKeys(ys) {
		var lbl string
		if m.Layout == board.Pointy {
			lbl = letterName(y)
		} else {
			lbl = strconv.Itoa(y + 1)
		}
		label(lbl, md.x0-12*s, ys[y])
		label(lbl, md.x1+12*s, ys[y])
	}
	return out
}

// legendPiece is the legend under the map.
func (md *mapDrawing) legendPiece() piece {
	items := md.mapLegend()
	var d digest
	d.int(int(layerLegend))
	d.f(md.y1)
	for _, it := range items {
		d.str(it.text)
	}
	return piece{d.sum(), func(p *painter) {
		p.flow(items, 12*p.scale, md.y1+26*p.scale, float64(p.cw)-24*p.scale)
	}}
}
