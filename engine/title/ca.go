package title

import (
	"slices"
	"strconv"
	"strings"

	"pbc/engine/board"
)

// CA returns the base 1822CA title. Its Map is nil: the engine attaches the
// board separately.
func CA() *Title {
	t := &Title{
		Name:                 "1822CA",
		Aliases:              caAliases,
		MinPlayers:           2,
		MaxPlayers:           7,
		MultipleTokensPerHex: true,
		Bank:                 12000,
		StartCash:            map[int]int{2: 1000, 3: 700, 4: 525, 5: 420, 6: 350, 7: 300},
		CertLimit:            map[int]int{2: 40, 3: 26, 4: 20, 5: 16, 6: 13, 7: 11},
		BidTokens:            map[int]int{2: 7, 3: 6, 4: 5, 5: 4, 6: 3, 7: 3},
		Market: parseMarket("5y 10y 15y 20y 25y 30y 35y 40y 45y 50p 60xp 70xp 80xp 90xp 100xp 110 120 135 150 " +
			"165 180 200 220 245 270 300 330 360 400 450 500 550 600 650 700e"),
		Phases: phases1822(true, false),
		Deck: DeckSetup{
			FrontMinor:      "M6",
			FrontConcession: "C2",
			FrontPrivates:   []string{"P1"},
		},
		LUpgradeCost:        80,
		LUpgradeCostPhase2:  80,
		EndOnEmptyFirstSR:   true,
		EmptyFirstSRRule:    "8.1.2",
		BankBreakExtraOR:    true,
		EndLockFirstTrigger: true,
		LayOncePerHex:       true,
		TrackRules:          TrackRules{PrivateLayWholeStep: true, MostTrackUnlabelledOnly: true, DestinationTakesNewSlot: true},
		StepRules:           StepRules{DestinationByCity: true},
		Hexes: HexRules{CityAndTown: "AG13", PlainTrackPasses: []string{"E11", "F16"}, Blocked: []string{"Q19", "Y27"},
			Blocker: "DD", OpenEvent: "open_detroit_duluth"},
		Routes: Routes{
			DoubleHexes:    []string{"G13", "I15", "AB22", "AG13", "AH10"},
			PullmanTowns:   2,
			SmallMail:      []PhaseAmount{{3, 20}, {5, 30}, {7, 40}},
			GrainElevators: setOf("G13 H16 I11 I15 I17 J16 K13 K17 L16 M17"),
			EastPorts:      setOf("N6 R16"),
			WestPorts:      setOf("A7 C15"),
			AttachOptional: true,
			MarkerOpen:     20,
			MarkerClosed:   10,
		},
		Acquisition:   AcquisitionRules{BonusLay: true},
		Stock:         StockRules{OtherSalesDropFrom: 3},
		TileRotations: caBigCityRotations,
		NoUpgrade:     caBigCityDeadEnds,
	}
	depot := depotTrains(roster{l: 22, lPrice: 60, three: 9, four: 6, five: 3, six: 3, seven: board.Unlimited})
	caTrainEvents(depot, true)
	t.Trains = append(depot, caExtraTrains(true)...)
	t.Companies = append(append(caPrivates(), caConcessions()...), caMinorCompanies()...)
	t.Corps = append(caMinors(), caMajors()...)
	t.linkReservedTrains()
	return t
}

// caTrainEvents adds the CA purchase events to a depot; detroit is the base
// game's opening of the Detroit-Duluth link on the first 3-train.
func caTrainEvents(depot []Train, detroit bool) {
	for i := range depot {
		switch depot[i].Name {
		case "3":
			if detroit {
				depot[i].Events = []string{"open_detroit_duluth"}
			}
		case "5":
			depot[i].Events = []string{"close_concessions"}
		case "7":
			depot[i].Events = []string{"phase_revenue"}
		}
	}
}

// caExtraTrains are the trains reserved for privates; grain adds the two G cars.
func caExtraTrains(grain bool) []Train {
	out := []Train{permanent2("P3", "P4"), permanentL("P2"), private5("P1"), pullman("P", "P5", "P6")}
	if grain {
		out = append(out, Train{Name: "G", Count: 2, Reserved: true, ReservedFor: []string{"P26", "P27"}, Kind: Grain})
	}
	return out
}

// caPrivates are P1..P30 with the acquisition table of the rules.
func caPrivates() []Company {
	const plainTrack = "7 8 9 80 81 82 83 544 545 546 60 169"
	free := func(city string) string {
		return "One extra lay or upgrade per OR in " + city + ", free of upgrade and terrain costs; minors yellow or green only."
	}
	ps := []Company{
		privateCo("P1", "Montréal Locomotive Works", 5, 5, majorOnly, "train",
			"Becomes a 5-train (5P) when acquired, even at the train limit; excess trains are then discarded."),
		privateCo("P2", "Robert Stephenson and Company", 0, 1, either, "train",
			"Becomes a permanent L-train (LP): outside the train limit, never sold, not together with a 2P."),
		privateCo("P3", "Toronto Locomotive Works", 0, 2, majorOnly, "train",
			"Becomes a permanent 2-train (2P): outside the train limit, never sold, not together with an LP."),
		privateCo("P4", "The Countess of Dufferin", 0, 2, majorOnly, "train",
			"Becomes a permanent 2-train (2P): outside the train limit, never sold, not together with an LP."),
		privateCo("P5", "Pullman Car Company", 10, 5, majorOnly, "pullman",
			"Pullman (P): attach to a train so it also counts towns, up to twice the train's size."),
		privateCo("P6", "Fulton Car Works", 10, 5, majorOnly, "pullman",
			"Pullman (P): attach to a train so it also counts towns, up to twice the train's size."),
		privateCo("P7", "Toronto Stock Exchange", 10, 3, majorOnly, "double_cash",
			"Its player may count double cash for the next turn order; a major owning it gets $20/$40/$60 by phase colour."),
		privateCo("P8", "Stratford & Huron Railway", 0, 2, either, "phase_revenue",
			"Pays $10 × phase to its player and as much onto its charter, which the acquirer takes; gone at phase 7."),
		privateCo("P9", "General Mining Association", 0, 2, either, "phase_revenue",
			"Pays $5 × phase to its player and as much onto its charter, which the acquirer takes; gone at phase 7."),
		privateCo("P10", "Manitoba South-Western Colonization Railway", 10, 3, majorOnly, "winnipeg_token",
			"Place a free extra token in any Winnipeg station slot, no route needed; then closes."),
		privateCo("P11", "Registered Retirement Savings Plan", 0, 0, 0, "tax_haven",
			"Tax haven: its player buys shares into it as an SR action; it keeps them and their dividends. Never acquired."),
		privateCo("P12", "Sir Sandford Fleming", 10, 1, either, "advanced_tile",
			"As the track lay, upgrade plain or town track to the next colour before that colour is available; then closes."),
		privateCo("P13", "John Rudolphus Booth", 10, 3, majorOnly, "sawmill",
			"Close to put the sawmill on a town or unlabelled city: +$20 for everyone or +$10 for its owner only."),
		privateCo("P14", "Ontario, Simcoe & Huron Union Railroad", 10, 1, either, "free_city_upgrade", free("Toronto")),
		privateCo("P15", "Pontiac Pacific Junction Railway", 10, 1, either, "free_city_upgrade", free("Ottawa")),
		privateCo("P16", "South Eastern Railway", 10, 1, either, "free_city_upgrade", free("Montréal")),
		privateCo("P17", "Québec & Richmond Railway", 10, 1, either, "free_city_upgrade", free("Québec")),
		privateCo("P18", "Winnipeg & Prince Albert Railway", 10, 1, either, "free_city_upgrade", free("Winnipeg")),
		privateCo("P19", "The Crowsnest Pass", 10, 3, majorOnly, "pass_tile",
			"As the track lay, lay track in the Crowsnest Pass without its terrain cost; then closes."),
		privateCo("P20", "The Yellowhead Pass", 10, 3, majorOnly, "pass_tile",
			"As the track lay, lay track in the Yellowhead Pass without its terrain cost; then closes."),
		privateCo("P21", "The National Dream", 10, 3, majorOnly, "tile_grant",
			"Close for three extra free yellow lays, not on $120 mountains nor in the five big cities."),
		privateCo("P22", "National Mail Service", 10, 3, majorOnly, "mail",
			"After running, the treasury gets half the base value of the first and last stop of one train."),
		privateCo("P23", "National Mail Service", 10, 3, majorOnly, "mail",
			"After running, the treasury gets half the base value of the first and last stop of one train."),
		privateCo("P24", "Regional Mail Service", 10, 3, majorOnly, "small_mail",
			"After running a train, the treasury gets $20/$30/$40 by phase colour (green/brown/grey)."),
		privateCo("P25", "Regional Mail Service", 10, 3, majorOnly, "small_mail",
			"After running a train, the treasury gets $20/$30/$40 by phase colour (green/brown/grey)."),
		privateCo("P26", "Saskatchewan Wheat Pool", 10, 3, majorOnly, "grain_train",
			"Grain car (G): attach to a train for +$10 per grain elevator and +$20 at a port city reached with grain."),
		privateCo("P27", "Alberta Wheat Pool", 10, 3, majorOnly, "grain_train",
			"Grain car (G): attach to a train for +$10 per grain elevator and +$20 at a port city reached with grain."),
		privateCo("P28", "Great Southern Railway", 10, 3, either, "token_swap",
			"Move one token between the exchange and available areas of the owner's charter; then closes."),
		privateCo("P29", "Charles Melville Hays", 10, 1, either, "remove_town",
			"As the track lay, put plain track on a single-town hex or upgrade a town to plain track; then closes."),
		privateCo("P30", "Sir William Cornelius Van Horne", 10, 1, either, "remove_town",
			"As the track lay, put plain track on a single-town hex or upgrade a town to plain track; then closes."),
	}
	abilityData := map[string][2]string{
		"P10": {"N16", ""},
		"P12": {"", "80 81 82 83 544 545 546 60 169 141 142 143 144 767 768 769"},
		"P13": {caSawmillHexes, ""},
		"P14": {"AC21", "T1 T2 T3 T4 T5 T6 T7"},
		"P15": {"AE15", "O1 O2 O3 O4 O5 O6 O7 O8"},
		"P16": {"AF12", "M1 M2 M3 M4 M5 M6 M7 M8"},
		"P17": {"AH8", "Q1 Q2 Q3 Q4 Q5 Q6 Q7 Q8"},
		"P18": {"N16", "W1 W2 W3 W4 W5 W6 W7"},
		"P19": {"F16", "7 8 9"},
		"P20": {"E11", "7 8 9"},
		"P21": {caGrantHexes, "1 2 3 4 5 6 7 8 9 55 56 57 58 69 201 202 621 630 631 632 633"},
		"P29": {"", plainTrack},
		"P30": {"", plainTrack},
	}
	// Their income goes with the ability: it stops once a company owns them.
	incomeEnds := ids("P1 P5-P7 P14-P18 P22-P28")
	for i := range ps {
		if d, ok := abilityData[ps[i].ID]; ok {
			ps[i].Hexes = strings.Fields(d[0])
			ps[i].Tiles = strings.Fields(d[1])
		}
		ps[i].IncomeEndsWhenAcquired = slices.Contains(incomeEnds, ps[i].ID)
		ps[i].PhaseRevenue = map[string]int{"P8": 10, "P9": 5}[ps[i].ID]
	}
	return ps
}

// caSawmillHexes are the towns and cities that may take the P13 sawmill.
const caSawmillHexes = "A9 AA15 AA9 AB22 AD18 AD20 AE17 AF16 AG13 AG3 AG9 AH10 AH12 AK3 AK5 AL2 AM5 AM9 " +
	"AO9 AP6 C9 D10 D12 D14 D16 F10 F8 G11 G13 G17 H16 H8 I11 I15 I17 J12 J16 K11 K13 K17 K9 L10 L16 " +
	"L8 M17 M9 N6 O15 O9 P14 Q7 S15 U11 W9 X12 Y17 Z10 Z26"

// caGrantHexes are the hexes open to the three P21 lays.
const caGrantHexes = "A7 A9 B6 B8 B10 B12 B14 C7 C9 C11 C13 D6 D8 D10 D12 D14 D16 E7 E9 E15 F6 F8 F10 F12 " +
	"G7 G9 G11 G13 G17 G15 H6 H8 H10 H12 H14 H16 I7 I9 I11 I13 I15 I17 J6 J8 J10 J12 J14 J16 K7 K9 K11 " +
	"K13 K15 K17 L6 L8 L10 L12 L14 L16 M7 M9 M11 M13 M15 M17 N6 N8 N10 N12 N14 N18 O7 O9 O11 O13 O15 " +
	"O17 P8 P10 P12 P14 P16 Q7 Q9 Q11 Q13 Q15 Q17 R8 R10 R12 R14 R16 S9 S11 S13 S15 U9 U11 U13 U15 U17 " +
	"V8 V10 V12 V14 V16 V18 W7 W9 W11 W13 W15 W17 W19 X8 X10 X12 X14 X16 X18 Y7 Y9 Y11 Y13 Y15 Y17 Z8 " +
	"Z10 Z12 Z14 Z16 Z18 Z22 Z24 Z26 Z28 AA7 AA9 AA11 AA13 AA15 AA17 AA19 AA21 AA23 AA25 AA27 AB8 AB10 " +
	"AB12 AB14 AB16 AB18 AB20 AB22 AB24 AC7 AC9 AC11 AC13 AC15 AC17 AC19 AD8 AD10 AD12 AD14 AD16 AD18 " +
	"AD20 AE7 AE9 AE11 AE13 AE17 AE19 AF6 AF8 AF10 AF14 AF16 AG3 AG5 AG7 AG9 AG11 AG13 AG15 AH2 AH4 AH6 " +
	"AH10 AH12 AH14 AI3 AI5 AI7 AI9 AI11 AI13 AJ2 AJ4 AJ6 AJ8 AJ10 AJ12 AK3 AK5 AK7 AK9 AK11 AL2 AL4 AL6 " +
	"AL8 AL10 AM3 AM5 AM7 AM9 AN2 AN4 AN6 AO3 AO5 AO7 AO9 AP2 AP6 AP8"

// caMajor is one row of the CA major table.
type caMajor struct {
	id, name         string
	home             string
	city             int
	homePlace        string
	dest, destPlace  string
	color, textColor string
	exits            []int
}

// caMajorTable lists the ten majors in definition order; concession Cn stands
// for row n.
var caMajorTable = []caMajor{
	{"CNoR", "Canadian Northern Railway", "N16", 0, "Winnipeg", "C15", "Vancouver", "#9fce63", "black", nil},
	{"CPR", "Canadian Pacific Railway", "AF12", 1, "Montréal", "C15", "Vancouver", "#ed242a", "white", nil},
	{"GNWR", "Great North West Railway", "R16", 0, "Thunder Bay", "N16", "north Winnipeg", "#8dd8f8", "black", []int{3}},
	{"GT", "Grand Trunk Railway", "AC21", 1, "Toronto", "AF12", "south Montréal", "#000000", "white", []int{0}},
	{"GTP", "Grand Trunk Pacific Railway", "N16", 0, "Winnipeg", "A7", "Prince Rupert", "#f47d20", "white", nil},
	{"GWR", "Great Western Railway", "AB24", 0, "Hamilton", "Z28", "Windsor", "#395aa8", "white", nil},
	{"ICR", "Intercolonial Railway", "AP4", 0, "Halifax", "AH8", "any Québec city", "#eee91e", "black",
		[]int{0, 1, 2, 3, 4, 5}},
	{"NTR", "National Transcontinental Railway", "AO3", 0, "Moncton", "N16", "south-east Winnipeg", "#9a6733", "white",
		[]int{5}},
	{"PGE", "Pacific Great Eastern Railway", "C15", 0, "Vancouver", "D10", "Prince George", "#199d4a", "white", nil},
	{"QMOO", "Québec, Montréal, Ottawa and Occidental Railway", "AH8", 1, "Québec", "AA15", "North Bay",
		"#7f3881", "white", nil},
}

// caMajors are the ten majors; the CPR has ten 10 % certificates, floats at
// 10 % and places its destination token with its home token.
func caMajors() []Corporation {
	var out []Corporation
	for _, m := range caMajorTable {
		c := Corporation{ID: m.id, Name: m.name, Kind: Major, Home: m.home, HomeCity: m.city, Dest: m.dest,
			Tokens: []int{0, majorTokenCost}, Color: m.color, TextColor: m.textColor, Exchange: 3,
			Shares: majorShares(), FloatPercent: 20, DestExits: m.exits}
		if m.id == "CPR" {
			c.Exchange = 4
			c.Shares = []int{10, 10, 10, 10, 10, 10, 10, 10, 10, 10}
			c.FloatPercent = 10
			c.DestWithHome = true
		}
		c.HomeFloats = m.id == "QMOO"
		out = append(out, c)
	}
	return out
}

// caConcessions are C1..C10.
func caConcessions() []Company {
	var out []Company
	for i, m := range caMajorTable {
		out = append(out, Company{ID: "C" + strconv.Itoa(i+1), Name: m.id + " Concession", Value: certValue,
			Revenue: 10, Kind: Concession, Corp: m.id, Desc: concessionDesc(m.id, m.homePlace, m.home, m.destPlace, m.dest)})
	}
	return out
}

// concessionDesc is the one-line text of a concession card.
func concessionDesc(major, homePlace, home, destPlace, dest string) string {
	use := "worth $100 toward the " + major + " director's certificate in phases 2-4"
	if major == "CPR" {
		use = "exchanged for the CPR's 10% director's certificate in phases 2-4; its destination token goes down at once"
	}
	return "Concession, " + use + ". Home " + homePlace + " (" + home + "), destination " +
		destPlace + " (" + dest + ")."
}

// caMinorTable lists minors 1..30.
var caMinorTable = []minorRow{
	{"Dominion Atlantic Railway", "AP4", 0, "Halifax"},
	{"European & North American Railway", "AN6", 0, "Saint John"},
	{"Québec & New Brunswick Railway", "AK3", 0, "Edmundston"},
	{"Québec Central Railway", "AH12", 0, "Sherbrooke"},
	{"North Shore Railway", "AH8", 0, "Québec"},
	{"Champlain & St Lawrence Railroad", "AG13", 0, "Saint-Jean & La Prairie"},
	{"Montréal & Lachine Railway", "AF12", 0, "Montréal"},
	{"Bytown & Prescott Railway", "AE15", 1, "Ottawa"},
	{"Canada Atlantic Railway", "AE15", 0, "Ottawa"},
	{"Midland Railway", "AD20", 0, "Peterborough"},
	{"Canada Southern Railway", "AC23", 0, "Buffalo"},
	{"Toronto, Hamilton & Buffalo Railway", "AC21", 0, "Toronto"},
	{"Ontario & Québec Railway", "AC21", 0, "Toronto"},
	{"London & Port Stanley Railway", "AA25", 0, "London"},
	{"Lake Nipissing & James' Bay Railway", "AA15", 0, "North Bay"},
	{"Windsor, Chatham & London Railway", "Z28", 0, "Windsor"},
	{"Canada Central Railway", "Y15", 0, "Sudbury"},
	{"Ontario & Abitibi Railway", "X12", 0, "Timmins"},
	{"Algoma Central Railway", "V18", 0, "Sault Ste Marie"},
	{"Port Arthur, Duluth & Western Railway", "P18", 0, "Duluth"},
	{"Winnipeg & Atlantic Railway", "N16", 2, "Winnipeg"},
	{"Winnipeg & Hudson's Bay Railway", "N6", 0, "Churchill"},
	{"Prince Albert & North Saskatchewan Railway", "K11", 0, "Prince Albert"},
	{"Saskatoon & Northern Railway", "J12", 0, "Saskatoon"},
	{"Northern Empire Railway", "G17", 0, "Lethbridge"},
	{"Calgary & Fort McMurray Railway", "G15", 0, "Calgary"},
	{"Athabaska Northern Railway", "G11", 0, "Edmonton"},
	{"Kamloops & Yellow Head Pass Railway", "D14", 0, "Kamloops"},
	{"Kootenay, Cariboo & Pacific Railway", "D10", 0, "Prince George"},
	{"Pacific Northern & Omineca Railway", "A7", 0, "Prince Rupert"},
}

// caToronto13 is the minor whose home token goes on a Toronto city of the
// owner's choice, costs $20 and counts as its first tile lay.
const caToronto13 = "13"

// caMinorCompanies are the certificates M1..M30.
func caMinorCompanies() []Company {
	out := minorCerts(caMinorTable)
	describeCert(out, "M"+caToronto13, "Minor 13, home a Toronto city of its choice (AC21): $20 token, counts as its first tile lay.")
	return out
}

// caMinors are the corporations 1..30.
func caMinors() []Corporation {
	out := numberedMinors(caMinorTable)
	chooseHome(out, caToronto13, 20, "Home token on a Toronto city of its choice; costs $20 and counts as its first tile lay")
	return out
}

// caBigCityRotations are the only rotations of the big-city tiles whose
// orientation the printed city fixes.
var caBigCityRotations = map[string][]int{
	"M5": {0}, "M6": {0}, "M8": {0}, "O2": {0}, "O6": {0}, "O8": {0}, "Q6": {0}, "Q8": {0},
	"T1": {0}, "T2": {0}, "T3": {0}, "T4": {0}, "T5": {0}, "W2": {0}, "W4": {0}, "W5": {0},
	"W6": {0}, "W7": {0},
	"M1": {0, 5}, "M2": {0, 5}, "M3": {0, 5}, "M4": {0, 5}, "O7": {0, 5},
	"M7": {0, 1}, "O1": {0, 1}, "O3": {0, 1}, "O4": {0, 1}, "O5": {0, 1},
	"Q1": {0, 3, 5}, "Q2": {0, 3, 5}, "Q3": {0, 3, 5}, "Q4": {0, 3, 5}, "Q5": {0, 3, 5}, "Q7": {0, 3, 5},
	"W3": {0, 2, 3},
}

// caBigCityDeadEnds are big-city upgrades that are never allowed.
var caBigCityDeadEnds = map[string]string{
	"M2": "M6", "M3": "M4", "O2": "O3", "O4": "O5", "Q4": "Q5", "T5": "T6", "W5": "W6",
}

// setOf is the set of the space-separated ids.
func setOf(list string) map[string]bool {
	m := map[string]bool{}
	for _, id := range strings.Fields(list) {
		m[id] = true
	}
	return m
}
