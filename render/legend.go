package render

import (
	"slices"

	"pbc/engine"
	"pbc/engine/board"
)

// legendItem is one entry of a legend: a sample drawn in a 30×22 px box
// (at scale 1) whose left middle is (x, y), and its explanation.
type legendItem struct {
	text   string
	sample func(p *painter, x, y, h float64)
}

// flow draws legend items left to right from (x0, top), wrapping at width.
func (p *painter) flow(items []legendItem, x0, top, width float64) {
	p.flowLayout(items, x0, top, width, true)
}

// flowHeight is the height flow needs for items within width.
func (p *painter) flowHeight(items []legendItem, width float64) float64 {
	return p.flowLayout(items, 0, 0, width, false)
}

func (p *painter) flowLayout(items []legendItem, x0, top, width float64, draw bool) float64 {
	if len(items) == 0 {
		return 0
	}
	s := p.scale
	sw, h := 30*s, 22*s
	rowH := h + 10*s
	x, row := x0, 0
	for _, it := range items {
		tw := p.measure(it.text, 12, false)
		wItem := sw + 6*s + tw + 18*s
		if x+wItem > x0+width && x > x0 {
			x, row = x0, row+1
		}
		if draw {
			y := top + float64(row)*rowH + h/2
			it.sample(p, x, y, h)
			p.text(it.text, x+sw+6*s, y, 0, 0.5, 12, false, colText)
		}
		x += wItem
	}
	return float64(row+1)*rowH + 4*s
}

// glyphs reports which legend-worthy glyphs the drawn hexes show:
// off-board tapers, short track stubs and marsh.
func (md *mapDrawing) glyphs() (taper, stub, marsh bool) {
	for _, c := range md.cells {
		tiles := []*board.Tile{&c.def.Tile}
		if c.hs != nil && c.hs.Tile != nil {
			tiles = append(tiles, c.hs.Tile)
		}
		for _, t := range tiles {
			for _, pa := range t.Paths {
				switch {
				case pa.TerminalKind == 2:
					stub = true
				case pa.Terminal:
					taper = true
				}
			}
			if slices.Contains(t.Terrain, board.Swamp) {
				marsh = true
			}
		}
		if slices.Contains(c.def.Terrain, board.Swamp) {
			marsh = true
		}
	}
	return taper, stub, marsh
}

// mapLegend lists the legend entries of the map.
func (md *mapDrawing) mapLegend() []legendItem {
	hc := &hexCtx{p: md.p, gm: md.gm, md: md, corps: md.corps, trackW: 0.15 * md.gm.R}
	line := func(col interface{ RGBA() (r, g, b, a uint32) }) func(p *painter, x, y, h float64) {
		return func(p *painter, x, y, h float64) {
			p.SetColor(col)
			p.SetLineWidth(6 * p.scale)
			p.DrawLine(x, y, x+30*p.scale, y)
			p.Stroke()
		}
	}
	icon := func(f func(c pt, r float64)) func(p *painter, x, y, h float64) {
		return func(p *painter, x, y, h float64) { hc.p = p; f(pt{x + 15*p.scale, y}, 9*p.scale) }
	}
	tokenSample, homeSample := legendSamples(md.g)
	items := []legendItem{
		{"station token", func(p *painter, x, y, h float64) {
			bg, fg := corpColors(tokenSample)
			drawTokenAt(p, pt{x + 15*p.scale, y}, h/2, tokenSample.ID, bg, fg)
		}},
		{"home (reserved)", func(p *painter, x, y, h float64) {
			hc.p = p
			hc.drawReserved(pt{x + 15*p.scale, y}, h/2, homeSample.ID)
		}},
		{"revenue by phase (current boxed)", func(p *painter, x, y, h float64) {
			sw := 30 * p.scale
			for i, c := range []board.Color{board.Yellow, board.Green} {
				p.SetColor(tileColor(c))
				p.DrawRectangle(x+float64(i)*sw/2, y-h/2, sw/2, h)
				p.Fill()
			}
			p.SetColor(colInk)
			p.SetLineWidth(2.5 * p.scale)
			p.DrawRectangle(x+sw/2, y-h/2, sw/2, h)
			p.Stroke()
		}},
		{"water crossing (cost)", line(colWater)},
		{"impassable", line(colBarrier)},
		{"mountain / hill", icon(func(c pt, r float64) { hc.drawTerrainIcon(board.Mountain, c, r) })},
		{"forest", icon(func(c pt, r float64) { hc.drawTerrainIcon(board.Forest, c, r) })},
		{"water", icon(func(c pt, r float64) { hc.drawTerrainIcon(board.Water, c, r) })},
	}
	if md.g.Board.Map.Layout == board.Flat {
		items = append(items, legendItem{"grain elevator", icon(hc.drawElevator)})
	}
	taper, stub, marsh := md.glyphs()
	if marsh {
		items = append(items, legendItem{"marsh", icon(func(c pt, r float64) { hc.drawTerrainIcon(board.Swamp, c, r) })})
	}
	wedge := func(kind float64) func(p *painter, x, y, h float64) {
		return func(p *painter, x, y, h float64) {
			w := 0.15 * md.gm.R * kind
			base, tip := pt{x + 4*p.scale, y}, pt{x + 28*p.scale, y}
			mid := base.lerp(tip, 0.55)
			p.poly([]pt{{base.X, y - w}, {mid.X, y - w}, tip, {mid.X, y + w}, {base.X, y + w}})
			p.SetColor(colInk)
			p.Fill()
		}
	}
	if taper {
		items = append(items, legendItem{"off-board link (a route ends there)", wedge(0.9)})
	}
	if stub {
		items = append(items, legendItem{"track stub (a route ends at the edge)", wedge(0.5)})
	}
	items = append(items, legendItem{"port", icon(hc.drawAnchor)})
	if md.timber {
		items = append(items, legendItem{"timber track (+$10)", func(p *painter, x, y, h float64) {
			drawTimberCube(p, pt{x + 15*p.scale, y}, 6*p.scale)
		}})
	}
	if md.dueling {
		items = append(items, legendItem{"dueling-city revenue token", func(p *painter, x, y, h float64) {
			drawRevenueToken(p, pt{x + 15*p.scale, y}, h/2+p.scale, 60, colGreen)
		}})
	}
	if len(md.dests) > 0 {
		items = append(items, legendItem{"destination", func(p *painter, x, y, h float64) {
			drawBadge(p, pt{x + 15*p.scale, y}, "→", colPaper, colInk, colInk)
		}})
	}
	if md.coloc || len(md.rondels) > 0 {
		items = append(items, legendItem{"token beside the station (rondel)", func(p *painter, x, y, h float64) {
			drawRondelAt(p, pt{x + 15*p.scale, y}, h/2-2*p.scale, 2*p.scale, []string{"13"}, md.corps, false)
		}})
	}
	if len(md.opt.Highlight) > 0 {
		items = append(items, legendItem{"changed last turn", func(p *painter, x, y, h float64) {
			p.SetColor(colHighlight)
			p.SetLineWidth(4 * p.scale)
			p.DrawRectangle(x+2*p.scale, y-h/2+2*p.scale, 30*p.scale-4*p.scale, h-4*p.scale)
			p.Stroke()
		}})
	}
	if len(md.opt.Routes) > 0 {
		items = append(items, legendItem{"last run, one colour per train", func(p *painter, x, y, h float64) {
			for i := 0; i < 3; i++ {
				p.SetColor(routeColors[i])
				p.SetLineWidth(4 * p.scale)
				yy := y - 5*p.scale + float64(i)*5*p.scale
				p.DrawLine(x, yy, x+30*p.scale, yy)
				p.Stroke()
			}
		}})
	}
	return items
}

// legendSamples are the companies the legend's sample token and home
// reservation show: the title's own first two majors.
func legendSamples(g *engine.Game) (token, home *engine.Corp) {
	token, home = &engine.Corp{ID: "A"}, &engine.Corp{ID: "B"}
	var majors []*engine.Corp
	for _, c := range g.Corps {
		if c.IsMajor() && c.Def != nil {
			majors = append(majors, c)
		}
	}
	if len(majors) > 0 {
		token, home = majors[0], majors[0]
	}
	if len(majors) > 1 {
		home = majors[1]
	}
	return token, home
}
