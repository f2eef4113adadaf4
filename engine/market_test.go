package engine

import (
	"slices"
	"testing"

	"pbc/engine/title"
)

// gridMarket is a small market of three rows shaped like 1822's: a short
// top row on the right, rows that shorten going down.
func gridMarket(downRight bool) *Market {
	cells := title.GridMarket(
		". . 90 100 110e",
		"50 60 70 80 90",
		"40y 50p 60",
	)
	return newMarket(cells, title.StockRules{UpElseDownRight: downRight})
}

// cellAt names cell i as "price@row,col" for the test messages.
func cellAt(m *Market, i int) [3]int {
	c := m.Cells[i]
	return [3]int{c.Price, c.Row, c.Col}
}

func TestMarketGridMoves(t *testing.T) {
	tests := []struct {
		name      string
		downRight bool
		from      [2]int // row, col
		move      string
		n         int
		want      [3]int // price, row, col
	}{
		{"a sale drops a row", false, [2]int{0, 3}, "down", 1, [3]int{80, 1, 3}},
		{"two shares drop two rows", false, [2]int{0, 2}, "down", 2, [3]int{60, 2, 2}},
		{"no cell below: stays", false, [2]int{1, 4}, "down", 1, [3]int{90, 1, 4}},
		{"withhold moves left", false, [2]int{1, 2}, "left", 1, [3]int{60, 1, 1}},
		{"left from a row's first cell drops a row", false, [2]int{1, 0}, "left", 1, [3]int{40, 2, 0}},
		{"left past the top row's gap drops a row", false, [2]int{0, 2}, "left", 1, [3]int{70, 1, 2}},
		{"dividend moves right", false, [2]int{1, 1}, "right", 2, [3]int{80, 1, 3}},
		{"right past a row's end moves up", false, [2]int{1, 4}, "right", 1, [3]int{110, 0, 4}},
		{"top row's end stays", false, [2]int{0, 4}, "right", 1, [3]int{110, 0, 4}},
		{"sold out moves up", false, [2]int{1, 3}, "up", 1, [3]int{100, 0, 3}},
		{"no cell above: stays", false, [2]int{1, 1}, "up", 1, [3]int{60, 1, 1}},
		{"no cell above: down-right with the switch", true, [2]int{1, 1}, "up", 1, [3]int{60, 2, 2}},
		{"top row: down-right with the switch", true, [2]int{0, 3}, "up", 1, [3]int{90, 1, 4}},
		{"a cell above: up even with the switch", true, [2]int{2, 2}, "up", 1, [3]int{70, 1, 2}},
		{"top row, no cell down-right: stays", true, [2]int{0, 4}, "up", 1, [3]int{110, 0, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := gridMarket(tt.downRight)
			i := m.at(tt.from[0], tt.from[1])
			move := map[string]func(int) int{"down": m.down, "up": m.up, "left": m.left, "right": m.right}[tt.move]
			if got := cellAt(m, m.after(i, tt.n, move)); got != tt.want {
				t.Errorf("%s %d from %v: got %v, want %v", tt.move, tt.n, tt.from, got, tt.want)
			}
		})
	}
}

func TestMarketOneRow(t *testing.T) {
	m := newMarket(title.GridMarket("40 50p 60x 70x 80"), title.StockRules{UpElseDownRight: true})
	if m.twoD() {
		t.Fatal("one row read as a grid")
	}
	for _, tt := range []struct {
		move     func(int) int
		from, to int
	}{{m.down, 2, 1}, {m.down, 0, 0}, {m.up, 2, 3}, {m.up, 4, 4}, {m.left, 1, 0}, {m.right, 3, 4}} {
		if got := tt.move(tt.from); got != tt.to {
			t.Errorf("from %d: got %d, want %d", tt.from, got, tt.to)
		}
	}
}

func TestMarketParCells(t *testing.T) {
	m := newMarket(title.GridMarket(
		". 100 110",
		"70 80xp 90",
		"50p 60xp 70",
		"50 60",
	), title.StockRules{})
	var got []int
	for _, i := range m.parCells(false) {
		got = append(got, m.price(i))
	}
	if want := []int{80, 60, 50}; !slices.Equal(got, want) {
		t.Errorf("par cells %v, want %v", got, want)
	}
	if c := m.cellFor(50); m.Cells[c].Kind != title.ParMinor {
		t.Errorf("cellFor(50) = %v, want the par cell", m.Cells[c])
	}
	if c := m.cellFor(70); m.Cells[c].Row != 1 {
		t.Errorf("cellFor(70) = %v, want the first $70 cell", m.Cells[c])
	}
}
