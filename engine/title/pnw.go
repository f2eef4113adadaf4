package title

import (
	"strconv"
	"strings"

	"pbc/engine/board"
)

// PNW returns the base 1822PNW title. Its Map is nil: the engine attaches the
// board separately.
func PNW() *Title {
	t := &Title{
		Name:       "1822PNW",
		Aliases:    pnwAliases,
		MinPlayers: 3,
		MaxPlayers: 5,
		Bank:       12000,
		StartCash:  map[int]int{3: 500, 4: 375, 5: 300},
		CertLimit:  map[int]int{3: 21, 4: 15, 5: 12},
		BidTokens:  map[int]int{3: 5, 4: 4, 5: 4},
		Market: parseMarket("40 50p 55x 60x 65x 70x 75x 80x 90x 100x 110 120 135 150 165 180 200 220 " +
			"245 270 300 330 360 400 450 500 550 600e"),
		Phases: phases1822(false, false),
		Trains: append(depotTrains(roster{l: 22, lPrice: 60, three: 7, four: 4, five: 2, six: 3, seven: board.Unlimited}),
			permanent2("P2"), permanentL("P3", "P4"), private5("P1"), pullman("P+", "P5", "P6")),
		Options: []string{"starting_packet", "remove_two_ls", "remove_three_ls"},
		Deck: DeckSetup{
			FrontMinor:    "M6",
			FrontPrivates: []string{"P1"},
			Stacks:        [][2]int{{3, 6}, {2, 5}, {2, 5}},
		},
		LUpgradeCost:       80,
		LUpgradeCostPhase2: 80,
		EndOnEmptyFirstSR:  true,
		TrackRules:         TrackRules{UpgradeMustAddTrack: true, TownRemovalWaits: true, UnwalkedSpecialLays: true},
		SpecialTiles:       TileRules{Cube: "BC", Free: []string{"PNW3"}, Upgrades: map[string]string{"PNW4": "PNW5"}},
		Hexes: HexRules{CityAndTown: "H19", CityCountFree: []string{"O14"}, Ferry: []string{"E8", "D9"},
			RiverCrossings: map[string]int{"M4": 5, "N5": 2, "H13": 1}},
		Routes: Routes{
			DoubleHexes: []string{"H19", "M4"},
			LocalMail:   true,
			TimberBonus: 10, SkiBonus: 30,
			MillBonus:      []PhaseAmount{{1, 10}, {5, 30}},
			PortageFee:     10,
			PortageTiles:   []string{"PNW1", "PNW2"},
			PortageFreeFor: "P16",
		},
		Majors:      MajorRules{HomeViaMinor: true, ConvertMinor: true, MergerRoundFrom: 2},
		Acquisition: AcquisitionRules{UnassociatedOnly: true},
		Stock:       StockRules{TripleJumpUpTo: 150},
		TokenCities: []TokenCity{
			{Hex: "H11", Tiles: []string{"X20", "X21", "X22", "X23"}, NoPortage: true},
			{Hex: "O8", Tiles: []string{"X24", "X25", "X26", "X27"}},
		},
		StartingPackets: [][]string{
			{"M18", "M21", "P8", "P16"},
			{"M7", "M9", "P18", "P19"},
			{"M1", "M2", "P12", "P17"},
			{"M6", "M8", "P14", "P15"},
			{"M10", "M20", "P10", "P11"},
		},
	}
	t.Companies = append(pnwPrivates(), pnwMinorCompanies()...)
	t.Corps = append(pnwMinors(), pnwMajors()...)
	t.linkReservedTrains()
	return t
}

// pnwPrivates are P1..P21 with the acquisition table of the rules.
func pnwPrivates() []Company {
	const plainTrack = "7 8 9 80 81 82 83 544 545 546 60 169"
	const ports = "B7 D9 E8 I10 N9"
	ps := []Company{
		privateCo("P1", "The Olympian Hiawatha", 5, 5, majorOnly, "train",
			"Becomes a 5-train (5P) when acquired, even at the train limit; excess trains are then discarded."),
		privateCo("P2", "J.S. Ruckle OSNC 4-4-0", 0, 2, majorOnly, "train",
			"Becomes a permanent 2-train (2P): outside the train limit, never sold, revenue may be paid apart."),
		privateCo("P3", "Portland Streetcar", 0, 1, either, "train",
			"Becomes a permanent L-train (LP): outside the train limit, never sold, revenue may be paid apart."),
		privateCo("P4", "South Lake Union Trolley", 0, 1, either, "train",
			"Becomes a permanent L-train (LP): outside the train limit, never sold, revenue may be paid apart."),
		privateCo("P5", "Pullman Car", 10, 3, either, "pullman",
			"Pullman (P+): attach to a train other than an L or E so it also counts any number of towns."),
		privateCo("P6", "Pullman Car", 10, 3, either, "pullman",
			"Pullman (P+): attach to a train other than an L or E so it also counts any number of towns."),
		privateCo("P7", "Dit Crusher", 10, 1, either, "remove_town",
			"As the track lay, put plain track on a single-town hex or upgrade a town to plain track; then closes."),
		privateCo("P8", "Dit Crusher", 10, 1, either, "remove_town",
			"As the track lay, put plain track on a single-town hex or upgrade a town to plain track; then closes."),
		privateCo("P9", "USPS Mail Service", 10, 3, majorOnly, "mail",
			"After running, the treasury gets half the base value of the first and last stop of one train."),
		privateCo("P10", "American Bridge Company", 10, 1, either, "builder_cubes",
			"Turns into three builder cubes to place during track lays, each taking $40 off a later terrain cost."),
		privateCo("P11", "Surveyors", 10, 3, either, "extra_tile",
			"One extra yellow tile (two for a major) or one extra upgrade in a track step; then closes."),
		privateCo("P12", "Dock Upgrades", 10, 2, either, "small_port",
			"Free extra lay of the small port (30/40) on a water spike, with no route needed; then closes."),
		privateCo("P13", "Harbor Improvements", 10, 3, majorOnly, "large_port",
			"Free extra lay of the large port (40/50/60) on a water spike, with no route needed; then closes."),
		privateCo("P14", "Lumber Baron", 10, 3, either, "timber_double",
			"Each timber track a train of the owner uses pays $20 instead of $10."),
		privateCo("P15", "Paper Mill", 10, 3, either, "mill",
			"Close to put the paper mill on a city next to timber: +$10 to one train, +$30 from phase 5."),
		privateCo("P16", "Pacific Portage Company", 10, 2, either, "special_tile",
			"As the track lay, put portage tiles on water; other companies pay the owner $10 per tile crossed."),
		privateCo("P17", "Ski Haus", 10, 5, either, "ski_haus",
			"Close to put the ski haus on track in a mountain pass: +$30 to a route through it, not for E-trains."),
		privateCo("P18", "Boom Town", 10, 3, either, "special_upgrade",
			"Close to upgrade any plain yellow track tile to the $30 boom town tile, ignoring normal restrictions."),
		privateCo("P19", "Rockport Coal Mine", 10, 3, either, "coal_mine",
			"Use a yellow lay to put the coal mine tile on a mountain hex; only the owner may stop there."),
		privateCo("P20", "Backroom Negotiations", 0, 1, either, "backroom",
			"An unassociated minor acquiring it takes over the association of an inactive associated minor."),
		privateCo("P21", "Credit Mobilier", 10, 2, either, "credit_mobilier",
			"Move a deck minor or private to the top or bottom of its stack, or an exchange token to available; then closes."),
	}
	abilityData := map[string][2]string{
		"P7":  {"", plainTrack},
		"P8":  {"", plainTrack},
		"P12": {ports, "P1"},
		"P13": {ports, "P2"},
		"P15": {"D11 D19 F9 F13 G14 G16 H19 H21 J5 L11 L19 N5 O14", ""},
		"P16": {"E10 F11 G10 H9 I10 M6 M8 N9 O16 O18", "PNW1 PNW2"},
		"P17": {"A16 G4 G18 H5 I6 J17 M14 N13", ""},
		"P18": {"", "PNW3"},
		"P19": {"A16 B15 C14 D15 E16 F17 G4 G18 H5 I6 H17 I18 J17 K16 L15 M14 N13", "PNW4"},
	}
	for i := range ps {
		if d, ok := abilityData[ps[i].ID]; ok {
			ps[i].Hexes = strings.Fields(d[0])
			ps[i].Tiles = strings.Fields(d[1])
		}
	}
	return ps
}

// pnwMinor is one row of the PNW minor and regional table.
type pnwMinor struct {
	id, name, hex string
	city          int
	place         string
	color, text   string
	homeCost      int
}

// pnwMinorTable lists minors 1..21 then regionals A, B, C.
var pnwMinorTable = []pnwMinor{
	{"1", "Pacific Great Eastern Railway", "A8", 0, "Vancouver, BC", "#EF1D24", "white", 0},
	{"2", "Spokane & British Columbia Railway", "B19", 0, "Republic", "#ffffff", "black", 0},
	{"3", "Bellingham Bay & British Columbia Railroad", "D11", 0, "Bellingham", "#ffffff", "black", 0},
	{"4", "Brewster & Davenport Railroad", "D19", 0, "Brewster", "#ffffff", "black", 0},
	{"5", "Idaho & Washington Northern Railway", "D23", 0, "Newport", "#6BCFF7", "white", 0},
	{"6", "Port Townsend and Southern Railroad", "F9", 0, "Port Townsend", "#ffffff", "black", 0},
	{"7", "Spokane Falls and Northern Railway", "F23", 0, "Spokane", "#F69B1D", "white", 0},
	{"8", "Puget Sound Shore Railroad", "H11", 0, "Seattle", "#238541", "white", 0},
	{"9", "Wenatchee Valley Railroad", "H19", 0, "Leavenworth", "#ffffff", "black", 0},
	{"10", "Tacoma, Olympia and Grays Harbor Railroad Company", "I12", 0, "Tacoma", "#ffffff", "black", 0},
	{"11", "Aberdeen & Oakville Railroad", "J5", 0, "Aberdeen", "#ffffff", "black", 0},
	{"12", "Connell Northern Railway Company", "J23", 0, "Sprague", "#ffffff", "black", 0},
	{"13", "North Yakima Valley Railroad", "L19", 1, "Yakima", "#ffffff", "black", 0},
	{"14", "Camas Prairie Railroad", "L23", 1, "Lewiston Junction", "#ffffff", "black", 20},
	{"15", "Ilwaco Railroad Company", "M4", 0, "Ilwaco", "#ffffff", "black", 0},
	{"16", "Astoria and Columbia River Railroad Company", "N5", 2, "Astoria", "#ffffff", "black", 0},
	{"17", "Oregon Central Railroad", "O8", 0, "Portland", "#8D061B", "white", 0},
	{"18", "Portland and Willamette Valley Railway", "O8", 1, "Portland", "#3078C1", "white", 0},
	{"19", "Cascade Portage Railway", "O14", 1, "Stevenson", "#ffffff", "black", 0},
	{"20", "Walla Walla Valley Railway", "O20", 0, "Wallula", "#221E20", "white", 0},
	{"21", "The Great Southern Railroad", "P17", 0, "The Dalles", "#ffffff", "black", 0},
	{"A", "Calgary Regional Railway", "A22", 0, "Calgary", "#808080", "white", 0},
	{"B", "Tacoma Regional Railway", "I12", 0, "Tacoma", "#808080", "white", 0},
	{"C", "Vancouver Regional Railway", "O10", 0, "Vancouver, WA", "#808080", "white", 0},
}

// pnwAssociations maps each associated minor to its major.
var pnwAssociations = map[string]string{
	"1": "CPR", "5": "GNR", "7": "CMPS", "8": "SWW", "17": "SPS", "18": "ORNC", "20": "NP",
}

func isRegional(id string) bool { return id == "A" || id == "B" || id == "C" }

// pnwMinorCompanies are the certificates M1..M21, MA, MB, MC.
func pnwMinorCompanies() []Company {
	var out []Company
	for _, m := range pnwMinorTable {
		c := Company{ID: "M" + m.id, Name: m.name, Value: certValue, Kind: MinorCert, Corp: m.id}
		home := m.place + " (" + m.hex + ")"
		switch {
		case isRegional(m.id):
			c.Kind = Regional
			c.Revenue = 10
			c.Desc = "Regional railway " + m.id + " at " + home + ": pays $10 per OR, worth $200 to its owner at the end."
		case pnwAssociations[m.id] != "":
			c.Desc = "Minor " + m.id + ", home " + home + "; associated with the " + pnwAssociations[m.id] + "."
		default:
			c.Desc = "Minor " + m.id + ", home " + home + "."
		}
		if m.homeCost > 0 {
			c.Desc = strings.TrimSuffix(c.Desc, ".") + "; its home token costs $" + strconv.Itoa(m.homeCost) + "."
		}
		out = append(out, c)
	}
	return out
}

// pnwMinors are the corporations 1..21 and A, B, C.
func pnwMinors() []Corporation {
	var out []Corporation
	for _, m := range pnwMinorTable {
		c := Corporation{ID: m.id, Name: m.name, Kind: Minor, Home: m.hex, HomeCity: m.city,
			Tokens: []int{m.homeCost}, Color: m.color, TextColor: m.text, Shares: []int{100}, FloatPercent: 100}
		if isRegional(m.id) {
			c.Kind = RegionalCorp
		}
		if major := pnwAssociations[m.id]; major != "" {
			c.Assoc = major
			c.Labels = []string{"Associated minor for " + major}
		}
		out = append(out, c)
	}
	return out
}

// pnwMajors are the seven majors in definition order.
func pnwMajors() []Corporation {
	major := func(id, name, home string, city int, dest, color, text string) Corporation {
		c := Corporation{ID: id, Name: name, Kind: Major, Home: home, HomeCity: city, Dest: dest,
			Tokens: []int{0, majorTokenCost}, Color: color, TextColor: text, Exchange: 3,
			Shares: majorShares(), FloatPercent: 50}
		for minor, m := range pnwAssociations {
			if m == id {
				c.Assoc = minor
				c.Labels = []string{"Associated minor " + minor}
			}
		}
		return c
	}
	return []Corporation{
		major("NP", "Northern Pacific Railway", "O20", 4, "I12", "#221E20", "white"),
		major("CPR", "Canadian Pacific Railway", "A8", 2, "A22", "#EF1D24", "white"),
		major("GNR", "Great Northern Railway", "D23", 0, "D11", "#6BCFF7", "black"),
		major("ORNC", "Oregon Railroad and Navigation Company", "O8", 3, "O20", "#3078C1", "white"),
		major("SPS", "Spokane, Portland, and Seattle Railway", "O8", 0, "F23", "#8D061B", "white"),
		major("CMPS", "Chicago, Milwaukee and Puget Sound", "F23", 0, "H11", "#F69B1D", "white"),
		major("SWW", "Seattle and Walla Walla Railroad", "H11", 5, "O22", "#238541", "white"),
	}
}
