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
	Slots   int    // station token slots (cities, off-boards with slots)
	Loc     string // drawing position hint: "" none, "center", or an edge position such as "3" or "2.5"
	Hidden  bool   // revenue not shown (some off-board halves)
	Group   string // city group of a multi-city hex ("Montreal", "Toronto", ...)
	// VisitCost is the stop's visit cost; 99 marks a city that no route may
	// enter (the 1822CA Detroit–Duluth blockers Q19 and Y27).
	VisitCost int
	// FreeVisit: the stop costs a train no distance (18xx.games visit cost
	// 0: 1822's France, which counts as one stop with the English Channel).
	FreeVisit bool
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
	// TerminalKind is the 18xx.games terminal value of a terminal path: 1 (an
	// off-board taper) or 2 (a short stub, as on PNW mountain and water hexes).
	TerminalKind int
	Lanes        int    // 0 or 1: a single lane; 2+: parallel lanes sharing an edge
	Lane         [2]int // lane index at A and at B when Lanes > 1
	// Width is the lane count at A and at B when Lanes > 1 (they differ where two
	// single-lane paths merge into a two-lane edge, e.g. PNW P9, B23, N23).
	Width [2]int
	Thin  bool // thin track (a PNW port's sea lane): it never joins normal track
	// Ignored: a network never leaves its node along this path, though a
	// run may arrive by it (18xx.games "ignore": 1822's Merthyr and Cardiff
	// terminal stubs).
	Ignored bool
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
	Hidden bool   // not part of the laid-tile supply (preprinted faces, builder cube, DD tiles)
	// Terrain is the terrain printed on the tile (PNW4 carries a mountain); a
	// preprinted face repeats its hex's terrain.
	Terrain []Terrain
	Icons   []string // icon names printed on the tile ("minus_10" on PNW portage tiles)
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
	Color    Color  // printed colour: White, Yellow (preprinted yellow), Gray, Red, Blue; Brown for PNW mountain ranges
	Tile     Tile   // the preprinted face (may have no nodes)
	Terrain  []Terrain
	Cost     int // total upgrade cost of the printed terrain
	Borders  []Border
	Label    string
	Icons    []string // markers printed on the hex: "SWW_home", "anchor", "port", ...
	Reserved []string // corporation ids with a home reservation here
	// StickyIcons are the Icons that stay on the hex when a tile is laid (1822CA
	// ports and grain elevators); the others go with the preprinted face.
	StickyIcons []string
	// TileIndex is the hex's position in the map-definition entry that lists it:
	// the preprinted face's tile id is "<ID>-<TileIndex>" ("D19-1").
	TileIndex int
	// FutureLabel is a label the hex's tile must carry from colour FutureColor on
	// (1822CA: "A" Windsor, "B" Hamilton from green, "L" from brown).
	FutureLabel string
	FutureColor Color
}

// Map is a title's board.
type Map struct {
	Layout Layout
	Hexes  []Hex
	Tiles  []Tile // the laid-tile supply in definition order

	index map[string]int // hex id -> position in Hexes, built by Hex
}
