package board

import (
	"fmt"
	"strings"
	"testing"
)

// titleMaps lists every title's map constructor.
var titleMaps = []struct {
	title string
	dir   string // fixture directory
	build func() *Map
	hexes int
}{
	{"1822PNW", "1822PNW", PNW, 163},
	{"1822PNW Short Scenario", "1822PNWShortScenario", PNWShort, 163},
	{"1822PNW SRS", "1822PNWSRS", PNWSRS, 163},
	{"1822CA", "1822CA", CA, 279},
	{"1822CA ERS", "1822CAERS", CAERS, 156},
	{"1822CA WRS", "1822CAWRS", CAWRS, 115},
	{"1822", "../fixtures-next/1822", British, 211},
	{"1822NRS", "../fixtures-next/1822NRS", BritishNRS, 109},
	{"1822MRS", "../fixtures-next/1822MRS", BritishMRS, 152},
	{"1822MX", "../fixtures-next/1822MX", MX, 130},
}

func TestMapShapes(t *testing.T) {
	for _, mc := range titleMaps {
		m := mc.build()
		if len(m.Hexes) != mc.hexes {
			t.Errorf("%s: %d hexes; want %d", mc.title, len(m.Hexes), mc.hexes)
		}
		seen := map[string]bool{}
		x0, y0, _ := Coord(m.Layout, m.Hexes[0].ID)
		for i := range m.Hexes {
			h := &m.Hexes[i]
			if seen[h.ID] {
				t.Errorf("%s: duplicate hex %s", mc.title, h.ID)
			}
			seen[h.ID] = true
			x, y, err := Coord(m.Layout, h.ID)
			if err != nil {
				t.Errorf("%s: %v", mc.title, err)
			}
			if (x+y-x0-y0)%2 != 0 {
				t.Errorf("%s: %s at (%d, %d) has the wrong parity", mc.title, h.ID, x, y)
			}
			if m.Hex(h.ID) != h {
				t.Errorf("%s: Hex(%s) does not find it", mc.title, h.ID)
			}
			if h.Tile.Name != h.ID || h.Tile.Color != h.Color || !h.Tile.Hidden {
				t.Errorf("%s: %s face is %q %v hidden=%v", mc.title, h.ID, h.Tile.Name, h.Tile.Color, h.Tile.Hidden)
			}
			checkTile(t, mc.title+" "+h.ID, &h.Tile)
		}
		if m.Hex("Z99") != nil {
			t.Errorf("%s: Hex(Z99) found", mc.title)
		}
		for i := range m.Tiles {
			tile := &m.Tiles[i]
			if tile.Count == 0 {
				t.Errorf("%s: tile %s has no count", mc.title, tile.Name)
			}
			checkTile(t, mc.title+" tile "+tile.Name, tile)
		}
	}
}

// checkTile checks that every path end names an edge 0-5 or an existing node.
func checkTile(t *testing.T, where string, tile *Tile) {
	t.Helper()
	for _, p := range tile.Paths {
		for _, e := range []End{p.A, p.B} {
			if e.IsEdge() && (e.Edge < 0 || e.Edge > 5) || !e.IsEdge() && e.Node >= len(tile.Nodes) {
				t.Errorf("%s: bad path end %+v", where, e)
			}
		}
	}
}

func TestPNWFacts(t *testing.T) {
	m := PNW()
	if m.Layout != Pointy {
		t.Fatal("PNW layout is not pointy")
	}
	d19 := m.Hex("D19")
	if d19.TileIndex != 1 || d19.Name != "Brewster" || d19.Tile.Nodes[0].Kind != City {
		t.Errorf("D19 = %+v", d19)
	}
	h11 := m.Hex("H11")
	if h11.Label != "Sea" || h11.Cost != 20 || len(h11.Borders) != 1 || h11.Borders[0] != (Border{Edge: 4, Kind: WaterBorder, Cost: 75}) ||
		h11.Tile.Nodes[0].Slots != 2 || !hasString(h11.Icons, "SWW_home") {
		t.Errorf("H11 = %+v", h11)
	}
	o8 := m.Hex("O8")
	if o8.Label != "Por" || len(o8.Tile.Paths) != 6 || o8.Tile.Paths[4].Lanes != 2 || o8.Tile.Paths[5].Lane != [2]int{1, 1} {
		t.Errorf("O8 = %+v", o8.Tile.Paths)
	}
	if h := m.Hex("A16"); h.Cost != 150 || len(h.Terrain) != 1 || h.Terrain[0] != Mountain {
		t.Errorf("A16 = %+v", h)
	}
	if h := m.Hex("O22"); h.Color != Red || h.Tile.Nodes[0].Revenue.At(Brown) != 40 || h.Tile.Nodes[0].Slots != 2 {
		t.Errorf("O22 = %+v", h)
	}
	if h := m.Hex("B15"); h.Color != Brown || !hasString(h.Icons, "mountain") {
		t.Errorf("B15 = %+v", h)
	}
	if h := PNWSRS().Hex("A8"); len(h.Icons) != 0 {
		t.Errorf("SRS A8 icons %v", h.Icons)
	}
	if h := PNWSRS().Hex("H11"); !hasString(h.Icons, "SWW_home") {
		t.Errorf("SRS H11 icons %v", h.Icons)
	}
	// Maps are fresh copies.
	m.Hex("D19").Tile.Nodes[0].Revenue.Flat = 99
	if PNW().Hex("D19").Tile.Nodes[0].Revenue.Flat != 0 {
		t.Error("PNW() shares node slices between calls")
	}
	if tile, _ := m.TileDef("768"); tile.Count != 4 || !equalInts(tile.Exits(0), []int{0, 2, 3, 5}) {
		t.Errorf("PNW 768 = %+v", tile)
	}
	if tile, _ := m.TileDef("8"); tile.Count != Unlimited {
		t.Errorf("PNW 8 count %d", tile.Count)
	}
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func equalInts(a, b []int) bool { return fmt.Sprint(a) == fmt.Sprint(b) }

func TestTileLibrary(t *testing.T) {
	for _, name := range []string{"3", "57", "X24", "PNW4", "P1", "BC", "W1", "DD-Q19", "455", "768"} {
		tile, ok := TileDef(name)
		if !ok {
			t.Errorf("TileDef(%q) missing", name)
			continue
		}
		checkTile(t, name, tile)
	}
	if _, ok := TileDef("nope"); ok {
		t.Error("TileDef(nope) found")
	}
	x24, _ := TileDef("X24")
	if x24.Color != Yellow || x24.Label != "Por" || x24.Cost != 20 || x24.Nodes[0].Slots != 4 {
		t.Errorf("X24 = %+v", x24)
	}
	p2, _ := TileDef("P2")
	if p2.Color != Blue || p2.Nodes[0].Slots != 0 || p2.Nodes[0].Revenue.At(Gray) != 60 || !p2.Paths[0].Terminal {
		t.Errorf("P2 = %+v", p2)
	}
	if !strings.HasPrefix(fmt.Sprint(x24.Exits(1)), "[0 1 3 4 5]") {
		t.Errorf("X24.Exits(1) = %v", x24.Exits(1))
	}
}

func TestCAFacts(t *testing.T) {
	ca, ers, wrs := CA(), CAERS(), CAWRS()
	if ca.Layout != Flat || ers.Layout != Flat || wrs.Layout != Flat {
		t.Fatal("CA layouts are not flat")
	}
	k15 := ca.Hex("K15")
	if k15.TileIndex != 1 || k15.Name != "Regina" || k15.Label != "Y" {
		t.Errorf("K15 = %+v", k15)
	}
	if h := ca.Hex("AC21"); h.TileIndex != 0 || len(h.Tile.Cities()) != 2 || h.Tile.Nodes[1].Group != "Toronto" {
		t.Errorf("AC21 = %+v", h)
	}
	ag13 := ca.Hex("AG13")
	if ag13.Tile.Nodes[0].Kind != City || ag13.Tile.Nodes[1].Kind != Town || ag13.Tile.Paths[0] != nn(0, 1) {
		t.Errorf("AG13 = %+v", ag13.Tile)
	}
	if h := ca.Hex("T12"); h.TileIndex != 1 || len(h.Tile.Nodes) != 1 || h.Tile.Nodes[0].Kind != Junction {
		t.Errorf("CA T12 = %+v", h)
	}
	if h := ers.Hex("T12"); h.TileIndex != 0 || h.Name != "Vancouver" || h.Tile.Nodes[0].Slots != 2 {
		t.Errorf("ERS T12 = %+v", h)
	}
	if h := wrs.Hex("T14"); h.Name != "Montréal" || h.Tile.Nodes[0].Slots != 3 || !equalInts(h.Tile.Exits(0), []int{1, 2}) {
		t.Errorf("WRS T14 = %+v", h)
	}
	if h := ca.Hex("P18"); !equalInts(h.Tile.Exits(0), []int{2, 3, 4, 5}) {
		t.Errorf("CA P18 exits %v", h.Tile.Exits(0))
	}
	if h := wrs.Hex("P18"); !equalInts(h.Tile.Exits(0), []int{2, 3, 4}) {
		t.Errorf("WRS P18 exits %v", h.Tile.Exits(0))
	}
	if h := ca.Hex("Q19"); h.Tile.Nodes[0].VisitCost != 99 {
		t.Errorf("Q19 = %+v", h)
	}
	if ers.Hex("C15") != nil || wrs.Hex("AF12") != nil || ers.Hex("Q19") != nil || wrs.Hex("Y29") != nil {
		t.Error("regional maps hold hexes of the other half")
	}
	if h := ca.Hex("Z28"); h.FutureLabel != "A" || h.FutureColor != Green {
		t.Errorf("Z28 = %+v", h)
	}
	if h := ca.Hex("I17"); !hasString(h.StickyIcons, "elevator") {
		t.Errorf("I17 = %+v", h)
	}
	if h := ca.Hex("AI7"); len(h.Borders) != 2 || h.Borders[0] != (Border{Edge: 1, Kind: WaterBorder, Cost: 40}) {
		t.Errorf("AI7 borders %+v", h.Borders)
	}
	if h := ca.Hex("E11"); h.Label != "YP" || h.Cost != 120 {
		t.Errorf("E11 = %+v", h)
	}
	if h := ca.Hex("a6"); h == nil || h.Color != Blue {
		t.Errorf("a6 = %+v", h)
	}
	if tile, _ := ca.TileDef("768"); tile.Count != 5 || !equalInts(tile.Exits(0), []int{1, 2, 4, 5}) {
		t.Errorf("CA 768 = %+v", tile)
	}
	if tile, _ := ca.TileDef("W1"); len(tile.Cities()) != 4 || tile.Cost != 40 || tile.Nodes[0].Slots != 2 {
		t.Errorf("W1 = %+v", tile)
	}
	if len(ca.Tiles) != len(caManifest) || len(wrs.Tiles) != len(caManifest) {
		t.Error("CA supplies differ from the manifest")
	}
}
