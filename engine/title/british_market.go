package title

// The stock markets of 1822 and its scenarios NRS and MRS: fifteen rows in
// 1822 (the game ends when a company reaches $700), fourteen in the
// scenarios (it ends when one reaches $500). x marks the majors' par cells
// ($60-$100, phases 2-7, minors too), p the minors' ($50), y the cells whose
// shares do not count against the certificate limit, e the end-game cells.

// market1822 is 1822's market.
func market1822() []Cell {
	return GridMarket(
		". . . . . . . . . . . . . . . . . 550 600 650 700e",
		". . . . . . . . . . . . . 330 360 400 450 500 550 600 650",
		". . . . . . . . . 200 220 245 270 300 330 360 400 450 500 550 600",
		"70 80 90 100 110 120 135 150 165 180 200 220 245 270 300 330 360 400 450 500 550",
		"60 70 80 90 100xp 110 120 135 150 165 180 200 220 245 270 300 330 360 400 450 500",
		"50 60 70 80 90xp 100 110 120 135 150 165 180 200 220 245 270 300 330",
		"45y 50 60 70 80xp 90 100 110 120 135 150 165 180 200 220 245",
		"40y 45y 50 60 70xp 80 90 100 110 120 135 150 165 180",
		"35y 40y 45y 50 60xp 70 80 90 100 110 120 135",
		"30y 35y 40y 45y 50p 60 70 80 90 100",
		"25y 30y 35y 40y 45y 50 60 70 80",
		"20y 25y 30y 35y 40y 45y 50y 60y",
		"15y 20y 25y 30y 35y 40y 45y",
		"10y 15y 20y 25y 30y 35y",
		"5y 10y 15y 20y 25y",
	)
}

// marketScenario is the market of 1822NRS and 1822MRS.
func marketScenario() []Cell {
	return GridMarket(
		". . . . . . . . . . . . . 330 360 400 450 500e 550e 600e",
		". . . . . . . . . 200 220 245 270 300 330 360 400 450 500e 550e",
		"70 80 90 100 110 120 135 150 165 180 200 220 245 270 300 330 360 400 450 500e",
		"60 70 80 90 100xp 110 120 135 150 165 180 200 220 245 270 300 330 360 400 450",
		"50 60 70 80 90xp 100 110 120 135 150 165 180 200 220 245 270 300 330",
		"45y 50 60 70 80xp 90 100 110 120 135 150 165 180 200 220 245",
		"40y 45y 50 60 70xp 80 90 100 110 120 135 150 165 180",
		"35y 40y 45y 50 60xp 70 80 90 100 110 120 135",
		"30y 35y 40y 45y 50p 60 70 80 90 100",
		"25y 30y 35y 40y 45y 50 60 70 80",
		"20y 25y 30y 35y 40y 45y 50y 60y",
		"15y 20y 25y 30y 35y 40y 45y",
		"10y 15y 20y 25y 30y 35y",
		"5y 10y 15y 20y 25y",
	)
}

// Grid places a market's cells by row and column; read-only once made.
type Grid struct{ rows [][]int }

// NewGrid indexes cells (by their Row and Col) by position.
func NewGrid(cells []Cell) *Grid {
	g := &Grid{}
	for i, c := range cells {
		for len(g.rows) <= c.Row {
			g.rows = append(g.rows, nil)
		}
		for len(g.rows[c.Row]) <= c.Col {
			g.rows[c.Row] = append(g.rows[c.Row], -1)
		}
		g.rows[c.Row][c.Col] = i
	}
	return g
}

// At is the index of the cell at row r and column c, or -1 if there is none.
func (g *Grid) At(r, c int) int {
	if r < 0 || r >= len(g.rows) || c < 0 || c >= len(g.rows[r]) {
		return -1
	}
	return g.rows[r][c]
}

// Rows is the number of rows.
func (g *Grid) Rows() int { return len(g.rows) }

// RowLen is the number of columns of row r, its gaps included.
func (g *Grid) RowLen(r int) int { return len(g.rows[r]) }
