// Board data: facts of the 1822PNW/1822CA boards and tile sets (hexes, terrain,
// borders, track layouts, counts), tabulated in pbc's own format. Hand-maintained.

package board

// caNames are the 1822CA location names.
var caNames = map[string]string{
	"A7":   "Prince Rupert",
	"A9":   "Kitimat",
	"C9":   "Fraser Lake",
	"C15":  "Vancouver",
	"C17":  "Seattle",
	"D10":  "Prince George",
	"D12":  "Williams Lake",
	"D14":  "Kamloops",
	"D16":  "Chilliwack",
	"E11":  "Yellowhead Pass",
	"F8":   "Peace River",
	"F10":  "Slave Lake",
	"F16":  "Crowsnest Pass",
	"G11":  "Edmonton",
	"G13":  "Red Deer & Olds",
	"G15":  "Calgary",
	"G17":  "Lethbridge",
	"H8":   "Fort McMurray",
	"H16":  "Medicine Hat",
	"I11":  "Lloydminster",
	"I15":  "Kindersley & Swift Current",
	"I17":  "Eastend",
	"J12":  "Saskatoon",
	"J16":  "Moose Jaw",
	"K9":   "La Ronge",
	"K11":  "Prince Albert",
	"K13":  "Yorktown",
	"K15":  "Regina",
	"K17":  "Estevan",
	"L8":   "Lynn Lake",
	"L10":  "Flin Flon",
	"L16":  "Carlyle",
	"M9":   "Thompson",
	"M17":  "Brandon",
	"N6":   "Churchill",
	"N16":  "Winnipeg",
	"O9":   "Gillam",
	"O15":  "Kenora",
	"P14":  "Sioux Lookout",
	"P18":  "Duluth",
	"Q7":   "Fort Severn",
	"R16":  "Thunder Bay",
	"S15":  "Wawa",
	"U11":  "Hearst",
	"V18":  "Sault Ste Marie",
	"W9":   "Cochrane",
	"X12":  "Timmins",
	"Y15":  "Sudbury",
	"Y17":  "Espanola",
	"Y29":  "Detroit",
	"Z10":  "Rouyn-Noranda",
	"Z26":  "Sarnia",
	"Z28":  "Windsor",
	"AA9":  "Val d'Or",
	"AA15": "North Bay",
	"AA25": "London",
	"AB22": "Mississauga & Burlington",
	"AB24": "Hamilton",
	"AC21": "Toronto",
	"AC23": "Buffalo",
	"AD18": "Belleville",
	"AD20": "Peterborough",
	"AE15": "Bytown (Ottawa)",
	"AE17": "Kingston",
	"AF12": "Montréal",
	"AF16": "Prescott",
	"AG3":  "Chicoutimi",
	"AG9":  "Trois-Rivières",
	"AG13": "Saint Jean & La Prairie",
	"AG17": "New York",
	"AH8":  "Québec",
	"AH10": "Victoriaville & Drummondville",
	"AH12": "Sherbrooke",
	"AI15": "Boston",
	"AK3":  "Edmunston",
	"AK5":  "Grand Falls",
	"AL2":  "Chatham",
	"AL12": "Portland",
	"AM5":  "Fredericton",
	"AM9":  "Bangor",
	"AN6":  "Saint John",
	"AO3":  "Moncton",
	"AO9":  "Yarmouth",
	"AP4":  "Halifax",
	"AP6":  "Lunenburg",
}

// caERSNames are the location names the Eastern Regional Scenario adds.
var caERSNames = map[string]string{
	"T12": "Vancouver",
	"T14": "Winnipeg",
}

// caWRSNames are the location names the Western Regional Scenario adds.
var caWRSNames = map[string]string{
	"T12": "Moncton",
	"T14": "Montréal",
}

// caWest is the western part of the 1822CA map (the WRS base).
var caWest = []entry{
	{White, "B6 B8 C11 D6 E7 E15 F6 F12 G7 G9 H6 H10 H12 H14 I7 I9 I13 J6 J8 J10 J14 L6 L12 " +
		"M7 M11 N8 N10 N18 O11 O17 P10 P12 P16 Q11 Q13 Q15 Q17 R12 R14 S13", Hex{}},
	{White, "B10 B14 C7", Hex{Terrain: []Terrain{Hill}, Cost: 40}},
	{White, "B12 C13 D8", Hex{Terrain: []Terrain{Mountain}, Cost: 60}},
	{White, "E9", Hex{Terrain: []Terrain{Mountain}, Cost: 80}},
	{White, "E13 F14", Hex{Terrain: []Terrain{Mountain}, Cost: 120}},
	{White, "E11", Hex{Terrain: []Terrain{Mountain}, Cost: 120, Label: "YP"}},
	{White, "F16", Hex{Terrain: []Terrain{Mountain}, Cost: 120, Label: "CP"}},
	{White, "K7", Hex{Borders: []Border{{Edge: 5, Kind: Impassable}}}},
	{White, "L14", Hex{Borders: []Border{{Edge: 4, Kind: Impassable}}}},
	{White, "M13", Hex{
		Borders: []Border{{Edge: 0, Kind: Impassable}, {Edge: 1, Kind: Impassable}, {Edge: 4, Kind: Impassable}},
	}},
	{White, "M15", Hex{Borders: []Border{{Edge: 3, Kind: Impassable}, {Edge: 4, Kind: Impassable}}}},
	{White, "N12", Hex{Borders: []Border{{Edge: 0, Kind: Impassable}, {Edge: 1, Kind: Impassable}}}},
	{White, "N14", Hex{
		Borders: []Border{{Edge: 1, Kind: Impassable}, {Edge: 3, Kind: Impassable}, {Edge: 4, Kind: Impassable}},
	}},
	{White, "O7 P8 Q9 R8 R10 S9 S11", Hex{Terrain: []Terrain{Swamp}, Cost: 20}},
	{White, "O13", Hex{Borders: []Border{{Edge: 1, Kind: Impassable}}}},
	{White, "C9 D12 D16 F8 F10 H8 K9 L10 M9 O9 O15 P14 Q7 S15", Hex{Tile: Tile{Nodes: []Node{town(0)}}}},
	{White, "A9", Hex{Tile: Tile{Nodes: []Node{town(0)}}, Terrain: []Terrain{Hill}, Cost: 40}},
	{White, "G13 I15", Hex{
		Tile:        Tile{Nodes: []Node{town(0), town(0)}},
		Icons:       []string{"elevator"},
		StickyIcons: []string{"elevator"},
	}},
	{White, "H16 I11 I17 J16 K13 K17 L16 M17", Hex{
		Tile:        Tile{Nodes: []Node{town(0)}},
		Icons:       []string{"elevator"},
		StickyIcons: []string{"elevator"},
	}},
	{White, "L8", Hex{
		Tile:    Tile{Nodes: []Node{town(0)}},
		Borders: []Border{{Edge: 2, Kind: Impassable}},
	}},
	{White, "D10 D14 G11 G17 J12 K11", Hex{Tile: Tile{Nodes: []Node{city(0, 1)}}}},
	{White, "G15 K15", Hex{Tile: Tile{Nodes: []Node{city(0, 1)}}, Label: "Y"}},
	{White, "A7", Hex{
		Tile:        Tile{Nodes: []Node{city(0, 1)}},
		Label:       "Y",
		Icons:       []string{"port"},
		StickyIcons: []string{"port"},
	}},
	{White, "R16", Hex{
		Tile:        Tile{Nodes: []Node{city(0, 1)}},
		Label:       "Y",
		Icons:       []string{"port"},
		StickyIcons: []string{"port"},
	}},
	{White, "N6", Hex{
		Tile:        Tile{Nodes: []Node{city(0, 1)}},
		Terrain:     []Terrain{Swamp},
		Cost:        20,
		Icons:       []string{"port"},
		StickyIcons: []string{"port"},
	}},
	{White, "N16", Hex{
		Tile: Tile{
			Nodes: []Node{city(20, 2).group("Winnipeg"), city(20, 1).group("Winnipeg"), city(20, 1).group("Winnipeg"), city(20, 1).group("Winnipeg")},
			Paths: []Path{ep(1, 0), ep(2, 0), ep(3, 1), ep(4, 2), ep(5, 3)},
		},
		Cost:  20,
		Label: "W",
	}},
	{Gray, "C15", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 4).phased(map[Color]int{Yellow: 20, Green: 30, Brown: 50, Gray: 60})},
			Paths: []Path{ep(0, 0), ep(2, 0), ep(3, 0), ep(4, 0), ep(5, 0)},
		},
		Icons:       []string{"port"},
		StickyIcons: []string{"port"},
	}},
	{Gray, "C17", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 2).phased(map[Color]int{Yellow: 20, Green: 30, Brown: 50, Gray: 60})},
			Paths: []Path{ep(3, 0), ep(4, 0)},
		},
	}},
	{Gray, "P18", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 3).phased(map[Color]int{Yellow: 20, Green: 30, Brown: 40, Gray: 40})},
			Paths: []Path{ep(2, 0), ep(3, 0), ep(4, 0), ep(5, 0)},
		},
	}},
	{Blue, "A5", Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(0, 0).term(1)}}}},
	{Blue, "a6 M5", Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(5, 0).term(1)}}}},
	{Blue, "S17", Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(2, 0).term(1)}}}},
	{Blue, "R18", Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(3, 0).term(1)}}}},
	{Blue, "a8 F18", Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(4, 0).term(1)}}}},
}

// caEast is the eastern part of the 1822CA map (the ERS base).
var caEast = []entry{
	{White, "U9 U13 U15 U17 V8 V10 V12 V14 V16 W7 W11 W13 W15 W17 W19 X8 X10 X14 X16 X18 Y7 " +
		"Y9 Y11 Y13 Z8 Z12 Z16 Z18 Z22 Z24 AA7 AA11 AA17 AA19 AA21 AA23 AA27 AB8 AB10 " +
		"AB12 AB18 AB20 AC7 AC9 AC11 AC17 AC19 AD8 AD10 AD12 AE7 AE9 AE11 AE19 AF6 AF8 " +
		"AG5 AG7 AH14 AI11 AI13 AJ2 AJ4 AJ6 AJ8 AJ10 AJ12 AK7 AK9 AK11 AL4 AL6 AL8 AL10 " +
		"AM3 AM7 AN2 AP2 AP8", Hex{}},
	{White, "Z14", Hex{Borders: []Border{{Edge: 4, Kind: Impassable}}}},
	{White, "AA13", Hex{
		Borders: []Border{{Edge: 0, Kind: WaterBorder, Cost: 20}, {Edge: 1, Kind: Impassable}},
	}},
	{White, "AB14", Hex{
		Borders: []Border{{Edge: 0, Kind: Impassable}, {Edge: 1, Kind: WaterBorder, Cost: 20}, {Edge: 5, Kind: Impassable}},
	}},
	{White, "AB16", Hex{Borders: []Border{{Edge: 3, Kind: Impassable}}}},
	{White, "AC13", Hex{Borders: []Border{{Edge: 0, Kind: Impassable}}}},
	{White, "AC15", Hex{
		Borders: []Border{{Edge: 2, Kind: Impassable}, {Edge: 3, Kind: Impassable}, {Edge: 4, Kind: WaterBorder, Cost: 20}},
	}},
	{White, "AD14", Hex{
		Borders: []Border{{Edge: 0, Kind: WaterBorder, Cost: 20}, {Edge: 1, Kind: WaterBorder, Cost: 20}, {Edge: 5, Kind: WaterBorder, Cost: 20}},
	}},
	{White, "AD16", Hex{Borders: []Border{{Edge: 3, Kind: WaterBorder, Cost: 20}}}},
	{White, "AE13", Hex{
		Borders: []Border{{Edge: 0, Kind: WaterBorder, Cost: 20}, {Edge: 5, Kind: WaterBorder, Cost: 20}},
	}},
	{White, "AF10", Hex{Borders: []Border{{Edge: 5, Kind: WaterBorder, Cost: 20}}}},
	{White, "AF14", Hex{
		Borders: []Border{{Edge: 2, Kind: WaterBorder, Cost: 20}, {Edge: 4, Kind: WaterBorder, Cost: 20}, {Edge: 5, Kind: WaterBorder, Cost: 20}},
	}},
	{White, "AG11", Hex{
		Borders: []Border{{Edge: 1, Kind: WaterBorder, Cost: 20}, {Edge: 2, Kind: WaterBorder, Cost: 20}, {Edge: 3, Kind: WaterBorder, Cost: 20}},
	}},
	{White, "AG15", Hex{
		Borders: []Border{{Edge: 1, Kind: WaterBorder, Cost: 20}, {Edge: 2, Kind: WaterBorder, Cost: 20}},
	}},
	{White, "AH2 AH4 AH6", Hex{Borders: []Border{{Edge: 4, Kind: Impassable}, {Edge: 5, Kind: Impassable}}}},
	{White, "AI3 AI5", Hex{Borders: []Border{{Edge: 1, Kind: Impassable}, {Edge: 2, Kind: Impassable}}}},
	{White, "AI7", Hex{
		Borders: []Border{{Edge: 1, Kind: WaterBorder, Cost: 40}, {Edge: 2, Kind: Impassable}},
	}},
	{White, "AI9", Hex{Borders: []Border{{Edge: 2, Kind: WaterBorder, Cost: 40}}}},
	{White, "AN4", Hex{Borders: []Border{{Edge: 5, Kind: Impassable}}}},
	{White, "AO5", Hex{
		Borders: []Border{{Edge: 1, Kind: Impassable}, {Edge: 2, Kind: Impassable}, {Edge: 3, Kind: Impassable}},
	}},
	{White, "AO7", Hex{Borders: []Border{{Edge: 2, Kind: Impassable}}}},
	{White, "U11 W9 Y17 Z10 Z26 AA9 AD18 AE17 AG3 AK5 AL2 AM5 AP6", Hex{Tile: Tile{Nodes: []Node{town(0)}}}},
	{White, "AB22", Hex{
		Tile:    Tile{Nodes: []Node{town(0), town(0)}},
		Borders: []Border{{Edge: 5, Kind: Impassable}},
	}},
	{White, "AF16", Hex{
		Tile:    Tile{Nodes: []Node{town(0)}},
		Borders: []Border{{Edge: 4, Kind: WaterBorder, Cost: 20}, {Edge: 5, Kind: WaterBorder, Cost: 20}},
	}},
	{White, "AG9", Hex{
		Tile:    Tile{Nodes: []Node{town(0)}},
		Borders: []Border{{Edge: 0, Kind: WaterBorder, Cost: 20}, {Edge: 5, Kind: WaterBorder, Cost: 40}},
	}},
	{White, "AH10", Hex{
		Tile:    Tile{Nodes: []Node{town(0), town(0)}},
		Borders: []Border{{Edge: 2, Kind: WaterBorder, Cost: 40}, {Edge: 3, Kind: WaterBorder, Cost: 40}},
	}},
	{White, "X12 AD20 AH12 AK3 AM9 AO9", Hex{Tile: Tile{Nodes: []Node{city(0, 1)}}}},
	{White, "V18 Y15 AA25", Hex{Tile: Tile{Nodes: []Node{city(0, 1)}}, Label: "Y"}},
	{White, "Z28", Hex{Tile: Tile{Nodes: []Node{city(0, 1)}}, FutureLabel: "A", FutureColor: Green}},
	{White, "AA15", Hex{
		Tile:    Tile{Nodes: []Node{city(0, 1)}},
		Borders: []Border{{Edge: 3, Kind: WaterBorder, Cost: 20}, {Edge: 4, Kind: WaterBorder, Cost: 20}},
	}},
	{White, "AB24", Hex{Tile: Tile{Nodes: []Node{city(0, 1)}}, FutureLabel: "B", FutureColor: Green}},
	{White, "AC21", Hex{
		Tile: Tile{
			Nodes: []Node{city(20, 1).group("Toronto"), city(20, 1).group("Toronto")},
			Paths: []Path{ep(1, 0), ep(3, 1)},
		},
		Cost:    20,
		Borders: []Border{{Edge: 0, Kind: Impassable}},
		Label:   "T",
	}},
	{White, "AE15", Hex{
		Tile: Tile{
			Nodes: []Node{city(10, 1).group("Ottawa"), city(10, 1).group("Ottawa")},
			Paths: []Path{ep(1, 0), ep(5, 1)},
		},
		Cost:    20,
		Borders: []Border{{Edge: 2, Kind: WaterBorder, Cost: 20}, {Edge: 3, Kind: WaterBorder, Cost: 20}},
		Label:   "O",
	}},
	{White, "AF12", Hex{
		Tile: Tile{
			Nodes: []Node{city(20, 2).group("Montreal"), city(20, 1).group("Montreal")},
			Paths: []Path{ep(0, 0)},
		},
		Cost:    20,
		Borders: []Border{{Edge: 4, Kind: WaterBorder, Cost: 20}, {Edge: 5, Kind: WaterBorder, Cost: 20}},
		Label:   "M",
	}},
	{White, "AG13", Hex{
		Tile: Tile{
			Nodes: []Node{city(20, 1).at("center"), town(10).at("4")},
			Paths: []Path{nn(0, 1)},
		},
		Borders: []Border{{Edge: 1, Kind: WaterBorder, Cost: 20}, {Edge: 2, Kind: WaterBorder, Cost: 20}},
	}},
	{White, "AH8", Hex{
		Tile: Tile{
			Nodes: []Node{city(10, 1).group("Quebec"), city(0, 1).at("5").group("Quebec")},
			Paths: []Path{ep(1, 0)},
		},
		Cost:    20,
		Borders: []Border{{Edge: 0, Kind: WaterBorder, Cost: 40}, {Edge: 4, Kind: WaterBorder, Cost: 40}, {Edge: 5, Kind: WaterBorder, Cost: 40}},
		Label:   "Q",
	}},
	{White, "AN6", Hex{
		Tile:        Tile{Nodes: []Node{city(0, 1)}},
		Borders:     []Border{{Edge: 4, Kind: Impassable}, {Edge: 5, Kind: Impassable}},
		FutureLabel: "L", FutureColor: Brown,
	}},
	{White, "AO3", Hex{
		Tile:        Tile{Nodes: []Node{city(0, 1)}},
		Borders:     []Border{{Edge: 0, Kind: Impassable}, {Edge: 5, Kind: Impassable}},
		FutureLabel: "L", FutureColor: Brown,
	}},
	{Gray, "AC23", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 2).phased(map[Color]int{Yellow: 30, Green: 40, Brown: 50, Gray: 60})},
			Paths: paths(multi(ep(1, 0), 2)),
		},
		Borders: []Border{{Edge: 2, Kind: Impassable}, {Edge: 3, Kind: Impassable}},
	}},
	{Gray, "AG17", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 2).phased(map[Color]int{Yellow: 30, Green: 40, Brown: 60, Gray: 50})},
			Paths: []Path{ep(2, 0).term(1), ep(3, 0).term(1)},
		},
		Borders: []Border{{Edge: 2, Kind: WaterBorder, Cost: 20}},
	}},
	{Gray, "AI15 AL12", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 2).phased(map[Color]int{Yellow: 30, Green: 40, Brown: 60, Gray: 50})},
			Paths: []Path{ep(2, 0).term(1), ep(3, 0).term(1)},
		},
	}},
	{Gray, "AO1", Hex{
		Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(0, 0), ep(1, 0), ep(5, 0)}},
	}},
	{Gray, "AP4", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 2).phased(map[Color]int{Yellow: 30, Green: 40, Brown: 50, Gray: 60})},
			Paths: []Path{ep(0, 0), ep(1, 0), ep(3, 0)},
		},
		Borders: []Border{{Edge: 2, Kind: Impassable}},
	}},
	{Blue, "AB26 AN10 AP10", Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(2, 0).term(1)}}}},
	{Blue, "AK1", Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(0, 0).term(1)}}}},
	{Blue, "V20 AM11 AO11", Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(3, 0).term(1)}}}},
	{Blue, "U19", Hex{Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(4, 0).term(1)}}}},
	{Blue, "AN8", Hex{
		Tile: Tile{
			Nodes: []Node{junction(), junction()},
			Paths: []Path{ep(1, 0).term(1), ep(3, 0).term(1)},
		},
	}},
}

// caFullOnly are the hexes only the full 1822CA map has (and its Duluth).
var caFullOnly = []entry{
	{Gray, "P18", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 3).phased(map[Color]int{Yellow: 20, Green: 30, Brown: 40, Gray: 40})},
			Paths: []Path{ep(2, 0), ep(3, 0), ep(4, 0), ep(5, 0)},
		},
	}},
	{Gray, "Q19", Hex{
		Tile: Tile{Nodes: []Node{city(0, 1).visit(99)}, Paths: []Path{ep(2, 0), ep(5, 0)}},
	}},
	{Gray, "R20 S21 T22 U23 V24 W25 X26", Hex{Tile: Tile{Paths: []Path{ee(2, 5)}}}},
	{Gray, "T10 T12 T14", Hex{
		Tile: Tile{Nodes: []Node{junction()}, Paths: []Path{ep(1, 0), ep(2, 0), ep(4, 0), ep(5, 0)}},
	}},
	{Gray, "Y27", Hex{
		Tile: Tile{Nodes: []Node{city(0, 1).at("0").visit(99)}, Paths: []Path{ep(0, 0), ep(2, 0)}},
	}},
	{Gray, "Y29", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 2).phased(map[Color]int{Yellow: 30, Green: 40, Brown: 50, Gray: 60})},
			Paths: paths([]Path{ep(3, 0)}, multi(ep(4, 0), 2)),
		},
	}},
}

// caERSOnly are the Eastern Regional Scenario's own edge hexes.
var caERSOnly = []entry{
	{Gray, "T12", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 2).phased(map[Color]int{Yellow: 30, Green: 40, Brown: 50, Gray: 60})},
			Paths: []Path{ep(4, 0).term(1), ep(5, 0).term(1)},
		},
	}},
	{Gray, "T14", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 3).phased(map[Color]int{Yellow: 30, Green: 40, Brown: 50, Gray: 60})},
			Paths: []Path{ep(4, 0), ep(5, 0)},
		},
	}},
	{Gray, "Y29", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 2).phased(map[Color]int{Yellow: 30, Green: 40, Brown: 50, Gray: 60})},
			Paths: paths(multi(ep(4, 0), 2)),
		},
	}},
}

// caWRSOnly are the Western Regional Scenario's own edge hexes (and its Duluth).
var caWRSOnly = []entry{
	{Gray, "T12", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 2).phased(map[Color]int{Yellow: 30, Green: 40, Brown: 50, Gray: 60})},
			Paths: []Path{ep(1, 0).term(1), ep(2, 0).term(1)},
		},
	}},
	{Gray, "T14", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 3).phased(map[Color]int{Yellow: 30, Green: 40, Brown: 50, Gray: 60})},
			Paths: []Path{ep(1, 0), ep(2, 0)},
		},
	}},
	{Gray, "P18", Hex{
		Tile: Tile{
			Nodes: []Node{city(0, 3).phased(map[Color]int{Yellow: 20, Green: 30, Brown: 40, Gray: 40})},
			Paths: []Path{ep(2, 0), ep(3, 0), ep(4, 0)},
		},
	}},
}
