package render

import (
	"image"
	"image/png"
	"io"

	"pbc/engine/board"
)

// encodePNG writes img as a PNG, favouring speed: the images are mostly flat
// colour and compress well anyway.
func encodePNG(w io.Writer, img image.Image) error {
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	return enc.Encode(w, img)
}

// legendItem is one entry of the map legend: a sample drawn in a box of
// height h at (x, y) and its explanation.
type legendItem struct {
	text   string
	sample func(x, y, h float64)
}

// legend lays out (and, if draw is set, draws) the legend under the map,
// wrapping its entries over as many rows as the width needs; it returns the
// height used.
func (md *mapDrawing) legend(draw bool) float64 {
	p, s := md.p, md.p.scale
	sw, h := 30*s, 22*s
	hc := &hexCtx{p: p, gm: md.gm, md: md, corps: md.corps, trackW: 0.15 * md.gm.R}
	items := []legendItem{
		{"station token", func(x, y, h float64) {
			hc.drawToken(pt{x + sw/2, y}, h/2, "SWW", parseColor("#0189d1"), colPaper)
		}},
		{"home (reserved)", func(x, y, h float64) { hc.drawReserved(pt{x + sw/2, y}, h/2, "NP") }},
		{"revenue by phase (current boxed)", func(x, y, h float64) {
			for i, c := range []board.Color{board.Yellow, board.Green} {
				p.SetColor(tileColor(c))
				p.DrawRectangle(x+float64(i)*sw/2, y-h/2, sw/2, h)
				p.Fill()
			}
			p.SetColor(colInk)
			p.SetLineWidth(2.5 * s)
			p.DrawRectangle(x+sw/2, y-h/2, sw/2, h)
			p.Stroke()
		}},
		{"$ water crossing", func(x, y, h float64) {
			p.SetColor(colWater)
			p.SetLineWidth(6 * s)
			p.DrawLine(x, y, x+sw, y)
			p.Stroke()
		}},
		{"impassable", func(x, y, h float64) {
			p.SetColor(colBarrier)
			p.SetLineWidth(6 * s)
			p.DrawLine(x, y, x+sw, y)
			p.Stroke()
		}},
		{"mountain / hill", func(x, y, h float64) { hc.drawTerrainIcon(board.Mountain, pt{x + sw/2, y}, 9*s) }},
		{"forest", func(x, y, h float64) { hc.drawTerrainIcon(board.Forest, pt{x + sw/2, y}, 9*s) }},
		{"water", func(x, y, h float64) { hc.drawTerrainIcon(board.Water, pt{x + sw/2, y}, 9*s) }},
	}
	if md.g.Board.Map.Layout == board.Flat {
		items = append(items, legendItem{"grain elevator", func(x, y, h float64) { hc.drawElevator(pt{x + sw/2, y}, 9*s) }})
	}
	items = append(items, legendItem{"port", func(x, y, h float64) { hc.drawAnchor(pt{x + sw/2, y}, 9*s) }})
	if len(md.opt.Highlight) > 0 {
		items = append(items, legendItem{"changed last turn", func(x, y, h float64) {
			p.SetColor(colHighlight)
			p.SetLineWidth(4 * s)
			p.DrawRectangle(x+2*s, y-h/2+2*s, sw-4*s, h-4*s)
			p.Stroke()
		}})
	}
	if len(md.opt.Routes) > 0 {
		items = append(items, legendItem{"last run, one colour per train", func(x, y, h float64) {
			for i := 0; i < 3; i++ {
				p.SetColor(routeColors[i])
				p.SetLineWidth(4 * s)
				p.DrawLine(x, y-5*s+float64(i)*5*s, x+sw, y-5*s+float64(i)*5*s)
				p.Stroke()
			}
		}})
	}
	width := float64(p.Width())
	x0 := 12 * s
	rowH := h + 10*s
	top := md.y1 + 26*s
	x, row := x0, 0
	for _, it := range items {
		tw := p.measure(it.text, 12, false)
		wItem := sw + 6*s + tw + 18*s
		if x+wItem > width-x0 && x > x0 {
			x, row = x0, row+1
		}
		if draw {
			y := top + float64(row)*rowH + h/2
			it.sample(x, y, h)
			p.text(it.text, x+sw+6*s, y, 0, 0.5, 12, false, colText)
		}
		x += wItem
	}
	return float64(row+1)*rowH + 14*s
}
