package render

import (
	"io"
	"math"
	"strconv"

	"pbc/engine"
	"pbc/engine/title"
)

// A market of several rows (1822's fifteen, the scenarios' fourteen) is
// drawn as the grid it is: each cell at its row and column, the companies
// on a cell listed top of the stack first. The top company operates first;
// a company arriving on a taken cell goes under those already there.

// gridRows reports the rows and columns of a market of several rows, or
// 0, 0 when the market is one row.
func gridRows(cells []title.Cell) (rows, cols int) {
	for _, c := range cells {
		rows, cols = max(rows, c.Row+1), max(cols, c.Col+1)
	}
	if rows < 2 {
		return 0, 0
	}
	return rows, cols
}

// gridLayout places the cells and tokens of a grid market.
type gridLayout struct {
	cw, headH, tokR, tokStep, margin float64
	rowY, rowH                       []float64
	width, height                    float64 // of the grid, strip included
}

// layoutGrid sizes a grid of rows×cols cells for g's stacks at scale s: a
// row is as tall as its tallest stack (at least one token).
func layoutGrid(g *engine.Game, rows, cols int, s float64) gridLayout {
	l := gridLayout{cw: 58 * s, headH: 20 * s, tokR: 14 * s, margin: 14 * s}
	l.tokStep = 2*l.tokR + 3*s
	l.rowH, l.rowY = make([]float64, rows), make([]float64, rows)
	for r := range l.rowH {
		most := 1
		for i, c := range g.Market.Cells {
			if c.Row == r && i < len(g.Market.Stacks) {
				most = max(most, len(g.Market.Stacks[i]))
			}
		}
		l.rowH[r] = l.headH + float64(most)*l.tokStep + 3*s
	}
	l.width = 2*l.margin + float64(cols)*l.cw
	l.height = stripHeight*s + l.margin
	for r, h := range l.rowH {
		l.rowY[r] = l.height
		l.height += h
	}
	return l
}

// cellAt is the top-left corner of cell c.
func (l gridLayout) cellAt(c title.Cell) pt {
	return pt{l.margin + float64(c.Col)*l.cw, l.rowY[c.Row]}
}

// tokenAt is the centre of the k-th token (0: top of the stack) on cell c.
func (l gridLayout) tokenAt(c title.Cell, k int, s float64) pt {
	at := l.cellAt(c)
	return pt{at.X + l.cw/2 + 4*s, at.Y + l.headH + l.tokR + float64(k)*l.tokStep}
}

// gridMarket draws a market of rows×cols cells.
func gridMarket(w io.Writer, g *engine.Game, opts MarketOptions, rows, cols int) error {
	s := opts.Scale
	if s <= 0 {
		s = 1
	}
	l := layoutGrid(g, rows, cols, s)
	p := newPainter(int(math.Ceil(l.width)), 1, s)
	defer p.release()
	legend := append(marketLegend(g), stackLegend())
	legendH := p.flowHeight(legend, l.width-2*l.margin)
	p.resize(int(math.Ceil(l.width)), int(math.Ceil(l.height+l.margin+legendH+l.margin)))
	p.SetColor(colPaper)
	p.Clear()
	p.strip(g, "Stock market", opts.Acting)
	for i, c := range g.Market.Cells {
		at := l.cellAt(c)
		p.SetColor(cellColor(c.Kind))
		p.DrawRectangle(at.X, at.Y, l.cw, l.rowH[c.Row])
		p.FillPreserve()
		p.SetColor(colGrid)
		p.SetLineWidth(1 * s)
		p.Stroke()
		p.text(strconv.Itoa(c.Price), at.X+l.cw/2, at.Y+l.headH/2+1*s, 0.5, 0.5, 13, true, colCellPrice)
		if i >= len(g.Market.Stacks) {
			continue
		}
		stack := g.Market.Stacks[i]
		for k, corp := range stack {
			tok := l.tokenAt(c, k, s)
			bg, fg := corpColors(corp)
			drawTokenAt(p, tok, l.tokR, corp.ID, bg, fg)
			if len(stack) > 1 {
				// The place in the stack, 1 on top, left of the token.
				p.text(strconv.Itoa(k+1), at.X+6*s, tok.Y, 0.5, 0.5, 10, true, colCellPrice)
			}
		}
	}
	p.flow(legend, l.margin, l.height+l.margin, l.width-2*l.margin)
	return encodePNG(w, p.rgba())
}

// stackLegend explains the order of companies sharing a cell.
func stackLegend() legendItem {
	return legendItem{"sharing a cell: 1 is on top and operates first", func(p *painter, x, y, h float64) {
		s := p.scale
		p.SetColor(colCell)
		p.DrawRectangle(x, y-h/2, 30*s, h)
		p.FillPreserve()
		p.SetColor(colGrid)
		p.SetLineWidth(1 * s)
		p.Stroke()
		p.text("1", x+15*s, y, 0.5, 0.5, 10, true, colCellPrice)
	}}
}
