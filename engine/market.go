package engine

import (
	"cmp"
	"slices"

	"pbc/engine/title"
)

// Market is the stock market with the corporations stacked on each cell in
// arrival order (the order breaks ties in the operating order). Cells is the
// title's list of cells; a corporation's Price is an index into it. A market
// of one row moves left and right only; one of several rows (1822) moves a
// sale or an issue down a row per share, a withheld dividend left (down at
// the row's start), a dividend right (up at the row's end) and a sold-out
// company up.
type Market struct {
	Cells  []title.Cell
	Stacks [][]*Corp
	// grid is the title's cell index at each row and column, -1 where a row
	// has no cell; shared read-only by every copy of the game.
	grid *title.Grid
	// upDownRight: a company that cannot move up (the top row, or no cell
	// above) moves down-right instead (title.StockRules.UpElseDownRight).
	upDownRight bool
}

func newMarket(cells []title.Cell, rules title.StockRules) *Market {
	return &Market{Cells: cells, Stacks: make([][]*Corp, len(cells)), grid: title.NewGrid(cells),
		upDownRight: rules.UpElseDownRight}
}

// twoD says whether the market has several rows.
func (m *Market) twoD() bool { return m.grid.Rows() > 1 }

// at is the cell at row r and column c, or -1.
func (m *Market) at(r, c int) int { return m.grid.At(r, c) }

// or is to unless it is -1 (no cell there: the company stays on from).
func or(to, from int) int {
	if to < 0 {
		return from
	}
	return to
}

// right is where a company on cell i moves for one step right: on a grid,
// past the row's end it moves up.
func (m *Market) right(i int) int {
	c := m.Cells[i]
	if m.twoD() && c.Col+1 >= m.grid.RowLen(c.Row) {
		return m.up(i)
	}
	return or(m.at(c.Row, c.Col+1), i)
}

// left is one step left: on a grid, from a row's first cell it moves down.
func (m *Market) left(i int) int {
	c := m.Cells[i]
	if m.twoD() && m.at(c.Row, c.Col-1) < 0 {
		return m.down(i)
	}
	return or(m.at(c.Row, c.Col-1), i)
}

// down is one step down (a sale or an issue); on one row it is left.
func (m *Market) down(i int) int {
	if !m.twoD() {
		return m.left(i)
	}
	c := m.Cells[i]
	return or(m.at(c.Row+1, c.Col), i)
}

// up is one step up (a sold-out company); on one row it is right.
func (m *Market) up(i int) int {
	if !m.twoD() {
		return m.right(i)
	}
	c := m.Cells[i]
	if above := m.at(c.Row-1, c.Col); above >= 0 || !m.upDownRight {
		return or(above, i)
	}
	return or(m.at(c.Row+1, c.Col+1), i)
}

// after is the cell reached from i by n steps of move.
func (m *Market) after(i, n int, move func(int) int) int {
	for ; n > 0 && i >= 0; n-- {
		i = move(i)
	}
	return i
}

// price returns the share price at cell i.
func (m *Market) price(i int) int {
	if i < 0 {
		return 0
	}
	return m.Cells[i].Price
}

// parCells lists par cells usable by kind, highest price first (then further
// right, then higher up).
func (m *Market) parCells(majors bool) []int {
	var out []int
	for i, c := range m.Cells {
		if c.Kind == title.ParAll || (!majors && c.Kind == title.ParMinor) {
			out = append(out, i)
		}
	}
	slices.SortStableFunc(out, func(a, b int) int {
		ca, cb := m.Cells[a], m.Cells[b]
		return cmp.Or(cmp.Compare(cb.Price, ca.Price), cmp.Compare(cb.Col, ca.Col), cmp.Compare(cb.Row, ca.Row))
	})
	return out
}

// cellFor finds the cell with the given price: a par cell of that price if
// there is one (a grid repeats prices), else the first.
func (m *Market) cellFor(price int) int {
	for _, i := range m.parCells(false) {
		if m.Cells[i].Price == price {
			return i
		}
	}
	for i, c := range m.Cells {
		if c.Price == price {
			return i
		}
	}
	return -1
}

func (m *Market) remove(c *Corp) {
	if c.Price < 0 {
		return
	}
	s := m.Stacks[c.Price]
	for i, x := range s {
		if x == c {
			m.Stacks[c.Price] = append(s[:i:i], s[i+1:]...)
			return
		}
	}
}

// setPrice puts c on cell i, at the end of that cell's stack.
func (g *Game) setPrice(c *Corp, i int) {
	m := g.Market
	if c.Price == i {
		return
	}
	m.remove(c)
	c.Price = i
	if i >= 0 {
		m.Stacks[i] = append(m.Stacks[i], c)
		if m.Cells[i].Kind == title.EndGame {
			g.triggerEnd("stock_market")
		}
	}
}

// setPar sets a corporation's par and share price.
func (g *Game) setPar(c *Corp, i int) {
	c.Par = i
	g.Market.remove(c)
	c.Price = -1
	g.setPrice(c, i)
}

// move moves c steps times by move, one cell at a time.
func (g *Game) move(c *Corp, steps int, move func(int) int) {
	for ; steps > 0 && c.Price >= 0; steps-- {
		g.setPrice(c, move(c.Price))
	}
}

// moveRight moves c right (a dividend).
func (g *Game) moveRight(c *Corp, steps int) { g.move(c, steps, g.Market.right) }

// moveLeft moves c left (a withheld dividend).
func (g *Game) moveLeft(c *Corp, steps int) { g.move(c, steps, g.Market.left) }

// moveDown moves c down (a sale or an issue).
func (g *Game) moveDown(c *Corp, steps int) { g.move(c, steps, g.Market.down) }

// moveUp moves c up (sold out at the end of a stock round).
func (g *Game) moveUp(c *Corp, steps int) { g.move(c, steps, g.Market.up) }

// sharePrice is the current price of one 10% share.
func (g *Game) sharePrice(c *Corp) int { return g.Market.price(c.Price) }

// corpLess orders corporations as 18xx.games does: higher price first, then
// further right, then higher up, then earlier arrival on the cell, then name.
func (g *Game) corpLess(a, b *Corp) bool {
	if a.Price < 0 || b.Price < 0 {
		return a.Price >= 0 && b.Price < 0
	}
	pa, pb := g.sharePrice(a), g.sharePrice(b)
	if pa != pb {
		return pa > pb
	}
	ca, cb := g.Market.Cells[a.Price], g.Market.Cells[b.Price]
	if ca.Col != cb.Col {
		return ca.Col > cb.Col
	}
	if ca.Row != cb.Row {
		return ca.Row < cb.Row
	}
	ia, ib := stackIndex(g.Market.Stacks[a.Price], a), stackIndex(g.Market.Stacks[b.Price], b)
	if ia != ib {
		return ia < ib
	}
	return a.ID < b.ID
}

func stackIndex(s []*Corp, c *Corp) int {
	for i, x := range s {
		if x == c {
			return i
		}
	}
	return 0
}

// PriceAfterDrop is c's share price after n steps down, as a sale or an
// issue of n shares moves it (a row per share on a grid, left on one row).
func (g *Game) PriceAfterDrop(c *Corp, n int) int {
	if c.Price < 0 {
		return 0
	}
	return g.Market.price(g.Market.after(c.Price, n, g.Market.down))
}
