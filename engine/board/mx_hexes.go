// Board data: facts of the 1822MX board (hexes, terrain, borders, track,
// location names), tabulated in pbc's own format.

package board

// mxNames are the 1822MX location names.
var mxNames = map[string]string{
	"A2": "San Diego", "B1": "Tijuana", "B3": "Mexicali", "C2": "Ensenada", "C8": "Tucson",
	"C14": "El Paso", "D3": "San Quintin", "D9": "Nogales", "D13": "Casas Grandes",
	"D15": "Ciudad Juarez", "E8": "Hermosillo", "F5": "Guerrero Negro", "F9": "Guaymas",
	"F13": "Cuauhtemoc", "F15": "Chihuahua", "F21": "Piedras Negras", "F23": "San Antonio",
	"G6": "Santa Rosalia", "G10": "Ciudad Obregon", "G16": "Jimenez", "G22": "Nuevo Laredo",
	"G24": "Houston", "H7": "Lorento", "H11": "Los Mochis", "I12": "Culiacan", "I18": "Torreon",
	"I22": "Monterrey", "J9": "La Paz", "J13": "Mazatlan", "J15": "Durango",
	"J23": "Ciudad Victoria", "K18": "Zacatecas", "K20": "San Luis Potosi", "K24": "Tampico",
	"L15": "Tepic", "L17": "Guadalajara", "L19": "Guanajuanto Leon", "L37": "Merida",
	"L39": "Cancun", "M14": "Puerto Vallarta", "M22": "Queretaro Toluca", "M24": "Pachuca",
	"M26": "Poza Rica Jalapa", "M36": "Campeche", "N17": "Manzanillo", "N23": "Mexico City",
	"N25": "Tlaxcala Puebla", "N27": "Veracruz", "N33": "Ciudad del Carmen", "N39": "Chetumal",
	"O20": "Lazaro Cardenas", "O22": "Chilpancingo", "O32": "Villahermosa", "P23": "Acapulco",
	"P27": "Oaxaca", "P31": "Tuxtla Gutierrez", "Q34": "Guatemala",
}

// Terrain faces of 1822MX: rivers $20, hills $40, mountains $80, and the
// hexes that carry two of them.
var (
	mxRiver         = Hex{Terrain: []Terrain{River}, Cost: 20}
	mxHill          = Hex{Terrain: []Terrain{Hill}, Cost: 40}
	mxMountain      = Hex{Terrain: []Terrain{Mountain}, Cost: 80}
	mxHillRiver     = Hex{Terrain: []Terrain{Hill, River}, Cost: 60}
	mxMountainRiver = Hex{Terrain: []Terrain{Mountain, River}, Cost: 100}
)

// with returns a copy of face h with the given preprinted nodes and icons.
func (h Hex) with(nodes []Node, icons ...string) Hex {
	h.Tile.Nodes = nodes
	h.Icons = icons
	return h
}

// mxPhased is a gray city's revenue by phase colour.
func mxPhased(y, g, b, gr, slots int) Node {
	return city(0, slots).phased(map[Color]int{Yellow: y, Green: g, Brown: b, Gray: gr})
}

// mxEntries is the 1822MX map definition.
var mxEntries = []entry{
	{White, "B5 C4 C6 D7 D11 E4 E10 E14 E16 F19 G4 G20 H21 H23 H25 I8 I24 K14 L25 M16 M38 N15 N35 N37 " +
		"O18 O28 P29 P33 Q32", Hex{}},
	{White, "J25 L23 M18 N19 O26 O30 O34 P25", mxRiver},
	{White, "N21", mxRiver.with(nil, "stub_4")},
	{White, "F11 F17 G12 G18 H17 H19 I14 I20", mxHill},
	{White, "E12 H15 I16 J19 J21 L21", mxMountain},
	{White, "O24", mxMountain.with(nil, "stub_2")},
	{White, "H13 J17 K16 M20", mxHillRiver},
	{White, "G14 K22", mxMountainRiver},
	{White, "O36", Hex{Borders: []Border{{Edge: 0, Kind: Impassable}}}},
	{White, "P35", Hex{Borders: []Border{{Edge: 3, Kind: Impassable}}}},
	{White, "C2 D3 D13 F5 F9 G10 H7 I12 M14 M36 N17 N39 O20 P31", Hex{Tile: Tile{Nodes: []Node{town(0)}}}},
	{White, "J23 L15 N33", mxRiver.with([]Node{town(0)})},
	{White, "O22", mxRiver.with([]Node{town(0)}, "stub_3")},
	{White, "M24", mxHill.with([]Node{town(0)}, "stub_0")},
	{White, "G16", mxHillRiver.with([]Node{town(0)})},
	{White, "K18", mxMountain.with([]Node{town(0)})},
	{White, "B3 D9 D15 E8 F13 G6 G22 J13 J15 K20 N27 O32 P27", Hex{Tile: Tile{Nodes: []Node{city(0, 1)}}}},
	{White, "B1 J9 L37 L39 P23", Hex{Tile: Tile{Nodes: []Node{city(0, 1)}}, FutureLabel: "T", FutureColor: Green}},
	{White, "F15 H11 K24", mxRiver.with([]Node{city(0, 1)})},
	{White, "I18", mxHill.with([]Node{city(0, 1)})},
	{White, "M26", Hex{Tile: Tile{Nodes: []Node{town(0), town(0)}}}},
	{White, "M22", mxHillRiver.with([]Node{town(0), town(0)}, "stub_5")},
	{White, "N23", Hex{Tile: Tile{Nodes: mexicoCity(20), Paths: sixWays()}, Cost: 20, Label: "MC"}},
	{Yellow, "F21", Hex{Tile: Tile{Nodes: []Node{city(30, 1)}, Paths: []Path{ep(1, 0), ep(5, 0)}}, Label: "Y"}},
	{Yellow, "I22", Hex{Tile: Tile{Nodes: []Node{city(30, 1)}, Paths: []Path{ep(2, 0), ep(5, 0)}}, Label: "Y"}},
	{Yellow, "L17", Hex{Tile: Tile{Nodes: []Node{city(30, 1)}, Paths: []Path{ep(2, 0), ep(5, 0)}}, Terrain: []Terrain{Hill, River}, Cost: 60, Label: "Y"}},
	{Yellow, "L19", Hex{Tile: Tile{Nodes: []Node{city(30, 1), city(30, 1)}, Paths: []Path{ep(0, 0), ep(5, 0), ep(3, 1), ep(4, 1)}},
		Terrain: []Terrain{Mountain}, Cost: 80, Label: "Y"}},
	{Green, "N25", Hex{Tile: Tile{Nodes: []Node{city(30, 1), city(30, 1), city(30, 1)},
		Paths: []Path{ep(0, 0), ep(5, 0), ep(1, 1), ep(4, 1), ep(3, 2)}}, Label: "Y"}},
	{Green, "C16 E22", Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(0, 0).term(1)}}}},
	{Gray, "A2", Hex{Tile: Tile{Nodes: []Node{mxPhased(30, 40, 60, 80, 2)}, Paths: []Path{ep(0, 0).term(1), ep(5, 0).term(1)}}}},
	{Gray, "C8", Hex{Tile: Tile{Nodes: []Node{mxPhased(30, 40, 50, 60, 2)}, Paths: []Path{ep(0, 0), ep(1, 0), ep(5, 0)}}}},
	{Gray, "C14", Hex{Tile: Tile{Nodes: []Node{mxPhased(30, 40, 50, 60, 2)}, Paths: []Path{ep(0, 0).term(1), ep(5, 0).term(1)}}}},
	{Gray, "F23", Hex{Tile: Tile{Nodes: []Node{mxPhased(30, 40, 50, 60, 1)}, Paths: []Path{ep(0, 0).term(1), ep(1, 0).term(1)}}}},
	{Gray, "G24", Hex{Tile: Tile{Nodes: []Node{mxPhased(30, 40, 60, 80, 2)}, Paths: []Path{ep(0, 0).term(1), ep(5, 0).term(1)}}}},
	{Gray, "Q34", Hex{Tile: Tile{Nodes: []Node{mxPhased(20, 30, 40, 50, 1)}, Paths: []Path{ep(1, 0).term(1), ep(2, 0).term(1)}}}},
	{Blue, "H5", mxPort(3)},
	{Blue, "J7", mxPort(4)},
	{Blue, "M28", mxPort(0)},
	{Blue, "M40 Q28", mxPort(2)},
	{Blue, "F7", mxPort(3, ee(3, 5).thin())},
	{Blue, "G8", mxPort(1, ee(1, 2).thin(), ee(1, 5).thin())},
	{Blue, "H9", mxPort(4, ee(2, 4).thin(), ee(4, 5).thin())},
	{Blue, "I10", mxPort(0, ee(0, 2).thin(), ee(0, 5).thin())},
	{Blue, "J11", mxPort(4, ee(2, 4).thin())},
}

// mxPort is a sea hex where a port tile may go: a terminal stub toward the
// coast on edge e, and the ferry lanes drawn as thin track.
func mxPort(e int, lanes ...Path) Hex {
	return Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: append([]Path{ep(e, 0).term(1)}, lanes...)}, Icons: []string{"anchor"}}
}
