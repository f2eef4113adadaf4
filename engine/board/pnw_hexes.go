// Board data: facts of the 1822PNW/1822CA boards and tile sets (hexes, terrain,
// borders, track layouts, counts), tabulated in pbc's own format. Hand-maintained.

package board

// pnwNames are the 1822PNW location names.
var pnwNames = map[string]string{
	"A8":  "Vancouver, BC",
	"A20": "Carson",
	"A22": "Calgary",
	"B19": "Republic",
	"B23": "Calgary",
	"C22": "Colville",
	"D11": "Bellingham",
	"D13": "Wickersham",
	"D19": "Brewster",
	"D23": "Newport",
	"E2":  "Neah",
	"E20": "Davenport",
	"F5":  "Port Angeles",
	"F9":  "Port Townsend",
	"F13": "Everett",
	"F23": "Spokane",
	"G2":  "Clearwater",
	"G8":  "Quilcene",
	"G12": "Mukilteo",
	"G14": "Snohomish",
	"G16": "Park Place",
	"H11": "Seattle",
	"H19": "Leavenworth",
	"H21": "Wenatchee",
	"I8":  "Union",
	"I12": "Tacoma",
	"J5":  "Aberdeen",
	"J7":  "Oakville",
	"J9":  "Olympia",
	"J13": "Sumner",
	"J19": "Ellensburg",
	"J23": "Sprague",
	"K12": "Eatonville",
	"K22": "Lind",
	"L9":  "Chehalis",
	"L11": "Kosmos",
	"L19": "Yakima",
	"L23": "Lewiston Junction",
	"M4":  "Ilwaco",
	"M10": "Kalama",
	"N5":  "Astoria",
	"N23": "Walla Walla",
	"O8":  "Portland",
	"O10": "Vancouver, WA",
	"O14": "Stevenson Cascade Locks",
	"O20": "Wallula",
	"O22": "Walla Walla",
	"P5":  "Tillamook",
	"P13": "Bonneville",
	"P17": "The Dalles",
	"P19": "Umatilla",
}

// pnwEntries is the 1822PNW map definition: one entry per group of hexes sharing a face.
var pnwEntries = []entry{
	{White, "A10 A12 A18 B9 B11 B17 B21 C10 C18 C20 D21 E12 E22 F21 G20 G22 H15 H23 I14 I22 " +
		"J11 J21 K4 K6 K8 K10 K14 K18 K20 L5 L7 M12 M16 M18 N7 N11 N17 P7 P11 P15", Hex{}},
	{White, "A20 C22 D13 E20 F5 G2 G8 G12 I8 J7 J13 J19 K12 K22 M10 P5 P13 P19", Hex{Tile: Tile{Nodes: []Node{town(0)}}}},
	{White, "B19 D19 F13 G14 G16 H21 J5 J23 L9 L11 L19 L23 P17", Hex{Tile: Tile{Nodes: []Node{city(0, 1)}}}},
	{White, "D23", Hex{Tile: Tile{Nodes: []Node{city(0, 1)}}, Icons: []string{"GNR_home"}}},
	{White, "A14 B13 C12 C16 D17 E14 E18 F1 F3 F7 F15 F19 G6 H7 I4 I16 I20 J15 L13 L17 N15 O4", Hex{Terrain: []Terrain{Forest}, Cost: 10}},
	{White, "A16 G18 J17", Hex{Terrain: []Terrain{Mountain}, Cost: 150}},
	{White, "G4 H5 I6", Hex{Terrain: []Terrain{Mountain}, Cost: 100}},
	{White, "H11", Hex{
		Tile:    Tile{Nodes: []Node{city(20, 2)}, Paths: []Path{ep(3, 0), ep(4, 0), ep(5, 0)}},
		Cost:    20,
		Borders: []Border{{Edge: 4, Kind: WaterBorder, Cost: 75}},
		Label:   "Sea",
		Icons:   []string{"SWW_home"},
	}},
	{White, "H13", Hex{Borders: []Border{{Edge: 1, Kind: WaterBorder, Cost: 75}}}},
	{White, "H19", Hex{
		Tile: Tile{
			Nodes: []Node{city(20, 1).at("center"), town(10).at("3")},
			Paths: []Path{nn(0, 1)},
		},
	}},
	{White, "L21 M20 M22 N19 N21", Hex{Terrain: []Terrain{Water}, Cost: 20}},
	{White, "M4", Hex{
		Tile:    Tile{Nodes: []Node{city(20, 1)}, Paths: []Path{pe(0, 2)}},
		Borders: []Border{{Edge: 5, Kind: WaterBorder, Cost: 75}},
	}},
	{White, "M14 N13", Hex{Terrain: []Terrain{Mountain}, Cost: 75}},
	{White, "N5", Hex{
		Tile:    Tile{Nodes: []Node{city(0, 1)}},
		Borders: []Border{{Edge: 2, Kind: WaterBorder, Cost: 75}},
	}},
	{White, "O6", Hex{Borders: []Border{{Edge: 4, Kind: Impassable}}}},
	{White, "O8", Hex{
		Tile: Tile{
			Nodes: []Node{city(20, 4)},
			Paths: paths([]Path{ep(0, 0), ep(2, 0), ep(3, 0), ep(4, 0)}, multi(ep(5, 0), 2)),
		},
		Cost:    20,
		Borders: []Border{{Edge: 1, Kind: Impassable}},
		Label:   "Por",
		Icons:   []string{"SPS_home", "ORNC_home"},
	}},
	{White, "O20", Hex{Tile: Tile{Nodes: []Node{city(0, 1)}}, Icons: []string{"NP_home"}}},
	{Yellow, "A8", Hex{
		Tile:  Tile{Nodes: []Node{city(30, 1)}, Paths: []Path{ep(4, 0), ep(5, 0)}},
		Label: "T",
		Icons: []string{"CPR_home"},
	}},
	{Yellow, "D11", Hex{
		Tile:  Tile{Nodes: []Node{city(30, 1)}, Paths: []Path{ep(2, 0), ep(3, 0), ep(4, 0)}},
		Label: "Y",
	}},
	{Yellow, "F9", Hex{Tile: Tile{Nodes: []Node{city(30, 1)}, Paths: []Path{ep(0, 0), ep(1, 0)}}}},
	{Yellow, "J9", Hex{
		Tile:  Tile{Nodes: []Node{city(30, 1)}, Paths: []Path{ep(1, 0), ep(4, 0), ep(5, 0)}},
		Label: "Y",
	}},
	{Yellow, "O10", Hex{
		Tile:    Tile{Nodes: []Node{city(30, 1)}, Paths: []Path{ep(3, 0), ep(4, 0)}},
		Terrain: []Terrain{Water},
		Cost:    150,
		Label:   "Y",
	}},
	{Yellow, "O14", Hex{
		Tile: Tile{
			Nodes: []Node{city(20, 1), city(20, 1)},
			Paths: []Path{ep(0, 0), ep(5, 0), ep(1, 1)},
		},
		Terrain: []Terrain{Water},
		Cost:    150,
	}},
	{Gray, "C24", Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(0, 0).term(1)}}}},
	{Gray, "D25", Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(1, 0).term(1)}}}},
	{Gray, "E2", Hex{Tile: Tile{Nodes: []Node{town(20)}, Paths: []Path{ep(0, 0), ep(5, 0)}}}},
	{Gray, "I12", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 3).phased(map[Color]int{Yellow: 20, Green: 30, Brown: 40, Gray: 50})},
			Paths: []Path{ep(0, 0), ep(1, 0), ep(2, 0), ep(3, 0), ep(4, 0), ep(5, 0)},
		},
	}},
	{Gray, "I24", Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(0, 0).term(1)}}}},
	{Gray, "K24", Hex{
		Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(0, 0).term(1), ep(2, 0).term(1)}},
	}},
	{Gray, "L3", Hex{Tile: Tile{Nodes: []Node{town(10)}, Paths: []Path{ep(5, 0)}}}},
	{Gray, "M24", Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(2, 0).term(1)}}}},
	{Gray, "O12", Hex{Tile: Tile{Nodes: []Node{town(10)}, Paths: []Path{ep(1, 0), ep(4, 0)}}}},
	{Gray, "P9", Hex{
		Tile: Tile{Paths: []Path{ee(1, 2).lanes(1, 0, 2, 1), ee(4, 2).lanes(1, 0, 2, 0)}},
	}},
	{Gray, "Q6 Q16", Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(3, 0).term(1)}}}},
	{Gray, "Q8 Q18", Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(2, 0).term(1)}}}},
	{Red, "A22", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 2).phased(map[Color]int{Yellow: 30, Green: 40, Brown: 50, Gray: 60})},
			Paths: paths([]Path{ep(0, 0).term(1), ep(1, 0).term(1)}, multi(ep(5, 0).term(1), 2)),
		},
	}},
	{Red, "B23", Hex{
		Tile: Tile{Paths: []Path{ee(0, 2).lanes(1, 0, 2, 0), ee(1, 2).lanes(1, 0, 2, 1)}},
	}},
	{Red, "F23", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 4).phased(map[Color]int{Yellow: 20, Green: 30, Brown: 40, Gray: 50})},
			Paths: []Path{ep(0, 0).term(1), ep(1, 0).term(1), ep(2, 0).term(1)},
		},
		Icons: []string{"CMPS_home"},
	}},
	{Red, "N23", Hex{
		Tile: Tile{Paths: []Path{ee(1, 0).lanes(1, 0, 2, 0), ee(2, 0).lanes(1, 0, 2, 1)}},
	}},
	{Red, "O22", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 2).phased(map[Color]int{Yellow: 20, Green: 30, Brown: 40, Gray: 50})},
			Paths: paths([]Path{ep(1, 0).term(1), ep(2, 0).term(1)}, multi(ep(3, 0).term(1), 2)),
		},
	}},
	{Brown, "B15 K16", Hex{
		Tile: Tile{
			Nodes: []Node{junction()},
			Paths: []Path{ep(1, 0).term(2), ep(2, 0).term(2), ep(3, 0).term(2), ep(4, 0).term(2), ep(5, 0).term(2)},
		},
		Icons: []string{"mountain"},
	}},
	{Brown, "C14", Hex{
		Tile: Tile{
			Nodes: []Node{junction()},
			Paths: []Path{ep(0, 0).term(2), ep(1, 0).term(2), ep(2, 0).term(2), ep(4, 0).term(2)},
		},
		Icons: []string{"mountain"},
	}},
	{Brown, "D15 E16", Hex{
		Tile: Tile{
			Nodes: []Node{junction()},
			Paths: []Path{ep(0, 0).term(2), ep(1, 0).term(2), ep(3, 0).term(2), ep(4, 0).term(2)},
		},
		Icons: []string{"mountain"},
	}},
	{Brown, "F17 I18", Hex{
		Tile: Tile{
			Nodes: []Node{junction()},
			Paths: []Path{ep(0, 0).term(2), ep(1, 0).term(2), ep(3, 0).term(2), ep(4, 0).term(2), ep(5, 0).term(2)},
		},
		Icons: []string{"mountain"},
	}},
	{Brown, "H17", Hex{
		Tile: Tile{
			Nodes: []Node{junction()},
			Paths: []Path{ep(0, 0).term(2), ep(1, 0).term(2), ep(2, 0).term(2), ep(3, 0).term(2), ep(4, 0).term(2)},
		},
		Icons: []string{"mountain"},
	}},
	{Brown, "L15", Hex{
		Tile: Tile{
			Nodes: []Node{junction()},
			Paths: []Path{ep(0, 0).term(2), ep(1, 0).term(2), ep(2, 0).term(2), ep(4, 0).term(2), ep(5, 0).term(2)},
		},
		Icons: []string{"mountain"},
	}},
	{Blue, "B7", Hex{
		Tile:  Tile{Nodes: []Node{junction()}, Paths: []Path{ep(3, 0).term(1)}},
		Icons: []string{"anchor"},
	}},
	{Blue, "D9", Hex{
		Tile:  Tile{Nodes: []Node{junction()}, Paths: []Path{ep(4, 0).term(1), ee(0, 4).thin()}},
		Icons: []string{"anchor"},
	}},
	{Blue, "E8", Hex{
		Tile:  Tile{Nodes: []Node{junction()}, Paths: []Path{ep(5, 0).term(1), ee(3, 5).thin()}},
		Icons: []string{"anchor"},
	}},
	{Blue, "E10", Hex{
		Tile: Tile{
			Nodes: []Node{junction()},
			Paths: []Path{ep(0, 0).term(2), ep(3, 0).term(2), ep(4, 0).term(2)},
		},
	}},
	{Blue, "F11", Hex{
		Tile: Tile{
			Nodes: []Node{junction()},
			Paths: []Path{ep(1, 0).term(2), ep(3, 0).term(2), ep(4, 0).term(2), ep(5, 0).term(2)},
		},
	}},
	{Blue, "G10", Hex{
		Tile: Tile{
			Nodes: []Node{junction()},
			Paths: []Path{ep(1, 0).term(2), ep(2, 0).term(2), ep(4, 0).term(2)},
		},
	}},
	{Blue, "H9", Hex{
		Tile: Tile{
			Nodes: []Node{junction()},
			Paths: []Path{ep(0, 0).term(2), ep(1, 0).term(2), ep(2, 0).term(2)},
		},
	}},
	{Blue, "I10", Hex{
		Tile: Tile{
			Nodes: []Node{junction()},
			Paths: []Path{ep(0, 0).term(1), ep(1, 0).term(2), ep(4, 0).term(1), ep(5, 0).term(2)},
		},
		Icons: []string{"anchor"},
	}},
	{Blue, "M2", Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(4, 0).term(2)}}}},
	{Blue, "M6 O16", Hex{
		Tile: Tile{
			Nodes: []Node{junction()},
			Paths: []Path{ep(0, 0).term(2), ep(1, 0).term(2), ep(2, 0).term(2), ep(3, 0).term(2), ep(5, 0).term(2)},
		},
	}},
	{Blue, "M8", Hex{
		Tile: Tile{
			Nodes: []Node{junction()},
			Paths: []Path{ep(0, 0).term(2), ep(2, 0).term(2), ep(3, 0).term(2), ep(4, 0).term(2)},
		},
	}},
	{Blue, "N9", Hex{
		Tile: Tile{
			Nodes: []Node{junction()},
			Paths: []Path{ep(0, 0).term(1), ep(1, 0).term(2), ep(3, 0).term(2), ep(4, 0).term(2), ep(5, 0).term(2)},
		},
		Icons: []string{"anchor"},
	}},
	{Blue, "O18", Hex{
		Tile: Tile{
			Nodes: []Node{junction()},
			Paths: []Path{ep(0, 0).term(2), ep(2, 0).term(2), ep(3, 0).term(2), ep(4, 0).term(2), ep(5, 0).term(2)},
		},
	}},
}
