package render

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"

	"pbc/engine"
	"pbc/engine/title"
)

// MarketOptions control Market.
type MarketOptions struct {
	// Scale multiplies every size; 0 means 1.
	Scale float64
	// PerRow is how many cells a row of the picture holds before the market
	// row wraps; 0 chooses about 12 so that the picture fits a phone, and the
	// number of cells draws the market as the single row it is.
	PerRow int
	// Acting is who the header names as acting; nil reads it from the game.
	Acting *Acting
}

// Market cell colours by kind.
var (
	colCell      = rgb(0xF7, 0xF5, 0xEF)
	colParAll    = rgb(0xB9, 0xE3, 0xB0)
	colParMinor  = rgb(0xD9, 0xC8, 0xF0)
	colEndGame   = rgb(0xF2, 0x9C, 0x9C)
	colYellowZn  = rgb(0xFC, 0xF1, 0x9A)
	colCellPrice = rgb(0x11, 0x11, 0x11)
)

func cellColor(k title.CellKind) color.RGBA {
	switch k {
	case title.ParAll:
		return colParAll
	case title.ParMinor:
		return colParMinor
	case title.EndGame:
		return colEndGame
	case title.YellowZone:
		return colYellowZn
	}
	return colCell
}

// Market draws the stock market of g as a PNG: the market row (wrapped to
// fit a phone) with each cell's price and kind, and the company tokens in
// each cell in stacking order, the first to operate on top.
func Market(w io.Writer, g *engine.Game, opts MarketOptions) error {
	if g == nil || g.Market == nil || len(g.Market.Cells) == 0 {
		return fmt.Errorf("render: no stock market to draw")
	}
	if rows, cols := gridRows(g.Market.Cells); rows > 0 {
		return gridMarket(w, g, opts, rows, cols)
	}
	s := opts.Scale
	if s <= 0 {
		s = 1
	}
	cells := g.Market.Cells
	per := opts.PerRow
	if per <= 0 {
		rows := (len(cells) + 11) / 12
		per = (len(cells) + rows - 1) / rows
	}
	nrows := (len(cells) + per - 1) / per
	cw, headH, tokR := 64*s, 26*s, 15*s
	tokStep := 2*tokR + 4*s
	margin := 14 * s
	// Row heights follow the tallest stack in each row.
	rowH := make([]float64, nrows)
	for r := range rowH {
		most := 1
		for i := r * per; i < min(len(cells), (r+1)*per); i++ {
			if i < len(g.Market.Stacks) {
				most = max(most, len(g.Market.Stacks[i]))
			}
		}
		rowH[r] = headH + float64(most)*tokStep + 6*s
	}
	width := 2*margin + float64(per)*cw
	height := stripHeight*s + margin
	for _, h := range rowH {
		height += h + 10*s
	}
	p := newPainter(int(math.Ceil(width)), 1, s)
	defer p.release()
	legend := marketLegend(g)
	legendH := p.flowHeight(legend, width-2*margin)
	p.resize(int(math.Ceil(width)), int(math.Ceil(height+legendH+margin)))
	p.SetColor(colPaper)
	p.Clear()
	p.strip(g, "Stock market", opts.Acting)
	y := stripHeight*s + margin
	for r := 0; r < nrows; r++ {
		for i := r * per; i < min(len(cells), (r+1)*per); i++ {
			x := margin + float64(i-r*per)*cw
			c := cells[i]
			p.SetColor(cellColor(c.Kind))
			p.DrawRectangle(x, y, cw, rowH[r])
			p.FillPreserve()
			p.SetColor(colGrid)
			p.SetLineWidth(1 * s)
			p.Stroke()
			p.text(strconv.Itoa(c.Price), x+cw/2, y+headH/2+1*s, 0.5, 0.5, 15, true, colCellPrice)
			if i >= len(g.Market.Stacks) {
				continue
			}
			for k, corp := range g.Market.Stacks[i] {
				cy := y + headH + tokR + float64(k)*tokStep
				bg, fg := corpColors(corp)
				drawTokenAt(p, pt{x + cw/2, cy}, tokR, corp.ID, bg, fg)
			}
		}
		y += rowH[r] + 10*s
	}
	p.flow(legend, margin, y, width-2*margin)
	return encodePNG(w, p.rgba())
}

// marketLegend explains the cell colours of g's market.
func marketLegend(g *engine.Game) []legendItem {
	kinds := map[title.CellKind]bool{}
	for _, c := range g.Market.Cells {
		kinds[c.Kind] = true
	}
	var items []legendItem
	for _, k := range []struct {
		kind title.CellKind
		text string
	}{
		{title.ParAll, "par: majors and minors"},
		{title.ParMinor, "par: minors"},
		{title.YellowZone, "not counted against the certificate limit"},
		{title.EndGame, "reaching it ends the game"},
	} {
		if !kinds[k.kind] {
			continue
		}
		col := cellColor(k.kind)
		items = append(items, legendItem{k.text, func(p *painter, x, y, h float64) {
			p.SetColor(col)
			p.DrawRectangle(x, y-h/2, 30*p.scale, h)
			p.FillPreserve()
			p.SetColor(colGrid)
			p.SetLineWidth(1 * p.scale)
			p.Stroke()
		}})
	}
	return items
}

// strip draws the dark title strip: the title and what the picture shows at
// the left, the phase at the right.
func (p *painter) strip(g *engine.Game, what string, acting *Acting) {
	s := p.scale
	w := float64(p.cw)
	p.SetColor(colStrip)
	p.DrawRectangle(0, 0, w, stripHeight*s)
	p.Fill()
	p.text(g.T.Name, 12*s, 18*s, 0, 0.5, 20, true, colPaper)
	status := statusLine(g, g.Snapshot(false), acting)
	if what != "" {
		status = what + "  ·  " + status
	}
	size := p.fitSize(status, w-24*s, 15, 12, false)
	p.text(status, 12*s, 40*s, 0, 0.5, size, false, rgb(0xEE, 0xEE, 0xEE))
	ph := g.CurrentPhase()
	if ph == nil {
		return
	}
	lbl := "Phase " + ph.Name
	tw := p.measure(lbl, 14, true) + 16*s
	x := w - tw - 12*s
	if x > 12*s+p.measure(g.T.Name, 20, true)+10*s {
		p.SetColor(tileColor(ph.Tiles))
		p.DrawRoundedRectangle(x, 7*s, tw, 22*s, 5*s)
		p.Fill()
		p.text(lbl, x+tw/2, 18*s, 0.5, 0.5, 14, true, colInk)
	}
}
