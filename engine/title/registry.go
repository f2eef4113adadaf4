package title

import (
	"fmt"

	"pbc/engine/board"
)

// titles maps each 18xx.games title name to its constructor and its board, in
// display order. The board is built apart because building it costs more than
// the rest of the title, and listing titles needs none.
//
// A scenario is named "<base> <words>" ("1822PNW SRS"); one whose 18xx.games
// name is one word ("1822NRS") says its base and word here, so that players
// open it as they open the others ("new 1822 nrs").
var titles = []struct {
	name  string
	make  func() *Title
	board func() *board.Map
	// base and word, when set, make the title a scenario of base, picked
	// by word.
	base, word string
}{
	{"1822PNW", PNW, board.PNW, "", ""},
	{"1822PNW Short Scenario", PNWShort, board.PNWShort, "", ""},
	{"1822PNW SRS", PNWSRS, board.PNWSRS, "", ""},
	{"1822CA", CA, board.CA, "", ""},
	{"1822CA ERS", CAERS, board.CAERS, "", ""},
	{"1822CA WRS", CAWRS, board.CAWRS, "", ""},
	{"1822", British, board.British, "", ""},
	{"1822NRS", BritishNRS, board.BritishNRS, "1822", "nrs"},
	{"1822MRS", BritishMRS, board.BritishMRS, "1822", "mrs"},
	{"1822MX", MX, board.MX, "", ""},
}

// Names returns the supported title names, spelled as on 18xx.games.
func Names() []string {
	out := make([]string, len(titles))
	for i, t := range titles {
		out[i] = t.name
	}
	return out
}

// ByName returns a fresh copy of the title with this exact 18xx.games name.
func ByName(name string) (*Title, error) {
	for _, t := range titles {
		if t.name == name {
			return t.make(), nil
		}
	}
	return nil, fmt.Errorf("title: unknown title %q", name)
}

// Board returns a fresh board of the title with this exact 18xx.games name.
func Board(name string) (*board.Map, error) {
	for _, t := range titles {
		if t.name == name {
			return t.board(), nil
		}
	}
	return nil, fmt.Errorf("title: no board for unknown title %q", name)
}
