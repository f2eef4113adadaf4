// Board data: facts of the 1822MX tile set (track layouts, revenues,
// labels, counts), tabulated in pbc's own format.

package board

import "sync"

// mxOnlyTiles are the 1822MX tiles beyond sharedTiles and britishOnlyTiles,
// and those whose layout differs from the British tile of the same name:
// Mexico City's line X20-X23 (label MC), X16 and X18 with two slots, the
// gray six-way 455, the two port tiles and the builder cube.
var mxOnlyTiles = []Tile{
	{Name: "455", Color: Gray, Nodes: []Node{city(50, 2)}, Paths: []Path{ep(0, 0), ep(1, 0), ep(2, 0), ep(3, 0), ep(4, 0), ep(5, 0)}},
	{Name: "X16", Color: Gray, Nodes: []Node{city(60, 2)}, Paths: []Path{ep(0, 0), ep(1, 0), ep(5, 0)}, Label: "T"},
	{Name: "X18", Color: Gray, Nodes: []Node{city(50, 2)}, Paths: []Path{ep(0, 0), ep(1, 0), ep(2, 0), ep(3, 0), ep(4, 0)}},
	{Name: "X20", Color: Yellow, Nodes: mexicoCity(40), Paths: sixWays(), Label: "MC", Cost: 20},
	{Name: "X21", Color: Green, Nodes: mexicoCity(60), Paths: sixWays(), Label: "MC", Cost: 20},
	{Name: "X22", Color: Brown, Nodes: mexicoCity(80), Paths: sixWays(), Label: "MC", Cost: 20},
	{Name: "X23", Color: Gray, Nodes: mexicoCity(100), Paths: sixWays(), Label: "MC"},
	{Name: "P1", Color: Blue, Nodes: []Node{city(0, 0).phased(map[Color]int{Yellow: 30, Green: 40})}, Paths: []Path{ep(0, 0).term(1)}},
	{Name: "P2", Color: Blue, Nodes: []Node{city(0, 0).phased(map[Color]int{Green: 40, Brown: 50, Gray: 60})}, Paths: []Path{ep(0, 0).term(1)}},
	{Name: "BC", Color: White, Icons: []string{"red_cube"}, Hidden: true},
}

// mexicoCity is Mexico City's six one-slot cities at a revenue.
func mexicoCity(rev int) []Node {
	out := make([]Node, 6)
	for i := range out {
		out[i] = city(rev, 1).group("MexicoCity")
	}
	return out
}

// sixWays joins edge i to city i for every edge.
func sixWays() []Path {
	out := make([]Path, 6)
	for i := range out {
		out[i] = ep(i, i)
	}
	return out
}

var mxLibrary = sync.OnceValue(func() map[string]*Tile { return indexTiles(sharedTiles, britishOnlyTiles, mxOnlyTiles) })

// mxManifest is the 1822MX tile supply.
var mxManifest = []supplyItem{
	{"1", 1}, {"2", 1}, {"3", 6}, {"4", 11}, {"5", 6}, {"6", 8}, {"7", 6}, {"8", 24}, {"9", 24},
	{"55", 1}, {"56", 1}, {"57", 6}, {"58", 6}, {"69", 1},
	{"14", 4}, {"15", 6}, {"80", 4}, {"81", 6}, {"82", 7}, {"83", 7},
	{"141", 3}, {"142", 3}, {"143", 2}, {"144", 3}, {"207", 3}, {"208", 2}, {"619", 5}, {"622", 2},
	{"63", 3}, {"544", 4}, {"545", 4}, {"546", 4}, {"611", 7}, {"60", 2},
	{"455", 2}, {"X20", 1}, {"405", 3}, {"X21", 1}, {"768", 4}, {"767", 4}, {"769", 4},
	{"X5", 3}, {"X22", 1}, {"169", 2}, {"X10", 3}, {"X11", 3}, {"X16", 2}, {"X17", 2}, {"X18", 3},
	{"X23", 1}, {"P1", 1}, {"P2", 1}, {"BC", 1},
}
