package engine

import "pbc/engine/title"

// Market is the one-row stock market with the corporations stacked on each cell
// in arrival order (the order breaks ties in the operating order).
type Market struct {
	Cells  []title.Cell
	Stacks [][]*Corp
}

func newMarket(cells []title.Cell) *Market {
	return &Market{Cells: cells, Stacks: make([][]*Corp, len(cells))}
}

// price returns the share price at cell i.
func (m *Market) price(i int) int {
	if i < 0 {
		return 0
	}
	return m.Cells[i].Price
}

// parCells lists par cells (highest first) usable by kind.
func (m *Market) parCells(majors bool) []int {
	var out []int
	for i := len(m.Cells) - 1; i >= 0; i-- {
		k := m.Cells[i].Kind
		if k == title.ParAll || (!majors && k == title.ParMinor) {
			out = append(out, i)
		}
	}
	return out
}

// cellFor finds the cell index with the given price.
func (m *Market) cellFor(price int) int {
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

// place puts c on cell i, at the end of that cell's stack.
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

func (g *Game) moveRight(c *Corp, steps int) {
	for ; steps > 0; steps-- {
		if c.Price+1 < len(g.Market.Cells) {
			g.setPrice(c, c.Price+1)
		}
	}
}

func (g *Game) moveLeft(c *Corp, steps int) {
	for ; steps > 0; steps-- {
		if c.Price > 0 {
			g.setPrice(c, c.Price-1)
		}
	}
}

// sharePrice is the current price of one 10% share.
func (g *Game) sharePrice(c *Corp) int { return g.Market.price(c.Price) }

// sortKeyLess orders corporations as 18xx.games does: higher price first, then
// further right, then earlier arrival on the cell, then name.
func (g *Game) corpLess(a, b *Corp) bool {
	if a.Price < 0 || b.Price < 0 {
		return a.Price >= 0 && b.Price < 0
	}
	pa, pb := g.sharePrice(a), g.sharePrice(b)
	if pa != pb {
		return pa > pb
	}
	if a.Price != b.Price {
		return a.Price > b.Price
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
