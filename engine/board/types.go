// Package board holds the static geometry of an 1822-family map: hexes, terrain,
// borders and the tile library (track layouts, stations, revenues, upgrades).
// It is pure data plus small lookups; the rules that use it live in engine.
package board

// Layout is the orientation of the hex grid.
type Layout uint8

const (
	// Pointy is the 1822PNW layout: letters name rows, numbers name columns.
	Pointy Layout = iota
	// Flat is the 1822CA layout: letters name columns, numbers name rows.
	Flat
)

// Color is a tile or hex colour, which also orders upgrades.
type Color uint8

// Tile and hex colours in upgrade order; Gray, Red (off-board) and Blue (water) never upgrade.
const (
	White Color = iota
	Yellow
	Green
	Brown
	Gray
	Red
	Blue
)

var colorNames = [...]string{"white", "yellow", "green", "brown", "gray", "red", "blue"}

func (c Color) String() string {
	if int(c) < len(colorNames) {
		return colorNames[c]
	}
	return "unknown"
}

// NodeKind says what a station or stop on a tile is.
type NodeKind uint8

// Kinds of tile nodes.
const (
	City NodeKind = iota
	Town
	Offboard // a red off-board area: a stop whose revenue depends on the phase colour
	Junction // a point where paths meet but nothing stops
)

// Revenue is a stop's revenue: a flat amount, or one per phase colour (off-boards,
// some gray cities). ByColor is indexed by Yellow, Green, Brown, Gray.
type Revenue struct {
	Flat    int
	ByColor map[Color]int
}

// At returns the revenue when the current phase's tile colour is c.
func (r Revenue) At(c Color) int {
	if len(r.ByColor) == 0 {
		return r.Flat
	}
	if v, ok := r.ByColor[c]; ok {
		return v
	}
	// Past the last listed colour the last (highest) band applies.
	best, bestColor := 0, Color(0)
	for col, v := range r.ByColor {
		if col <= c && col >= bestColor {
			best, bestColor = v, col
		}
	}
	return best
}

// Node is a city, town, off-board or junction on a tile. Nodes are indexed in
// definition order (cities first in these titles), which is the "part index"
// used by 18xx.games city ids such as "57-0-0".
type Node struct {
	Kind    NodeKind
	Revenue Revenue
	Slots   int  // station token slots (cities, off-boards with slots)
	Loc     int  // optional drawing position hint (edge number or -1 for centre)
	Hidden  bool // revenue not shown (some off-board halves)
	Group   string
}

// End is one end of a track path: either a hex edge (0-5) or a node index.
type End struct {
	Edge int // 0..5 when Node < 0
	Node int // node index, or -1 for an edge
}

// EdgeEnd returns a path end on edge e.
func EdgeEnd(e int) End { return End{Edge: e, Node: -1} }

// NodeEnd returns a path end at node n.
func NodeEnd(n int) End { return End{Edge: -1, Node: n} }

// IsEdge reports whether the end is a hex edge.
func (e End) IsEdge() bool { return e.Node < 0 }

// Path is one piece of track on a tile.
type Path struct {
	A, B     End
	Terminal bool // a route must end here (off-board style)
	Lanes    int  // 0 or 1: a single lane; 2+: parallel lanes sharing an edge
	Lane     [2]int
}

// Tile is a tile definition: a laid tile from the supply or a preprinted hex face.
type Tile struct {
	Name   string
	Color  Color
	Count  int // copies in the supply; Unlimited for 7/8/9
	Nodes  []Node
	Paths  []Path
	Label  string // "Y", "T", "Sea", "Por", ...
	Cost   int    // upgrade cost printed on the tile itself (rare)
	Hidden bool   // not part of the laid-tile supply (preprinted only)
}

// Unlimited marks a tile or train count without a limit.
const Unlimited = -1

// Cities returns the indices of the tile's city nodes.
func (t *Tile) Cities() []int {
	var out []int
	for i, n := range t.Nodes {
		if n.Kind == City {
			out = append(out, i)
		}
	}
	return out
}

// Terrain is a kind of upgrade cost on a hex.
type Terrain uint8

// Terrain kinds.
const (
	NoTerrain Terrain = iota
	Forest
	Mountain
	Hill
	Water
	Lake
	River
	Swamp
)

// BorderKind is the kind of an edge marking.
type BorderKind uint8

// Border kinds.
const (
	WaterBorder BorderKind = iota // costs money to cross (PNW $75, paid by the layer on either side)
	Impassable
	Province // decorative regional border
)

// Border is a marking on one edge of a hex.
type Border struct {
	Edge int
	Kind BorderKind
	Cost int
}

// Hex is one map hex as printed.
type Hex struct {
	ID       string // "H11", "AG13", "a6"
	Name     string // location name, "" if none
	Color    Color  // printed colour: White, Yellow (preprinted yellow), Gray, Red, Blue
	Tile     Tile   // the preprinted face (may have no nodes)
	Terrain  []Terrain
	Cost     int // total upgrade cost of the printed terrain
	Borders  []Border
	Label    string
	Icons    []string // markers printed on the hex: "SWW_home", "timber", "port", ...
	Reserved []string // corporation ids with a home reservation here
}

// Map is a title's board.
type Map struct {
	Layout Layout
	Hexes  []Hex
	Tiles  []Tile // the laid-tile supply in definition order
}
