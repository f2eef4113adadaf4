package title

import (
	"strconv"
	"strings"

	"pbc/engine/board"
)

// MX returns 1822MX, the railways of Mexico: 2-5 players, a one-row market
// of 33 cells, seven majors with concessions, 24 minors, P1-P18 and the
// NdeM, a government railway whose shares wait in the pool. Its Map is nil:
// the engine attaches the board.
func MX() *Title {
	t := &Title{
		Name:                 "1822MX",
		MinPlayers:           2,
		MaxPlayers:           5,
		MultipleTokensPerHex: true,
		Bank:                 12000,
		StartCash:            map[int]int{2: 750, 3: 500, 4: 375, 5: 300},
		CertLimit:            map[int]int{2: 27, 3: 16, 4: 13, 5: 10},
		BidTokens:            map[int]int{2: 7, 3: 6, 4: 5, 5: 4},
		Market: parseMarket("5y 10y 15y 20y 25y 30y 35y 40y 45y 50p 60xp 70xp 80xp 90xp 100xp 110 120 135 " +
			"150 165 180 200 220 245 270 300 330 360 400 450 500 550 600e"),
		Phases:  phases1822(true, false),
		Options: []string{"higher_cert_limit"},
		Deck: DeckSetup{
			BackMinor:       "M18",
			FrontConcession: "C1",
			FrontPrivates:   []string{"P1"},
		},
		LUpgradeCost:        80,
		LUpgradeCostPhase2:  80,
		EndOnEmptyFirstSR:   true,
		EndLockFirstTrigger: true,
		TrackRules:          TrackRules{TownRemovalWaits: true, AbilityLaysWait: true},
		Approaches: map[string]Approach{
			"M22": {Holders: []string{"C2", "MC"}, MustLink: true},
			"M24": {Holders: []string{"C4", "FNM"}},
			"O24": {Holders: []string{"C7", "IRM"}},
			"N21": {Holders: []string{"M14", "14"}},
			"O22": {Holders: []string{"M15", "15"}},
		},
		SpecialTiles: TileRules{Cube: "BC", CubeTerrain: []CubeUse{
			{Terrain: board.Mountain, Cubes: 2, Value: 80}, {Terrain: board.Hill, Cubes: 1, Value: 40},
			{Terrain: board.River, Cubes: 1, Value: 20}}},
		Stock: StockRules{OtherSalesDropFrom: 3},
		Routes: Routes{
			DoubleHexes: []string{"L19", "M22", "M26"},
		},
		Majors: MajorRules{HomeBesideOwnToken: true},
		Government: GovernmentRules{
			Corp:            mxNdem,
			ReplacesFirstOf: []string{"M14", "M15", "M17"},
			ParPrice:        100,
			CloseEvent:      "close_ndem",
		},
	}
	depot := depotTrains(roster{l: 22, lPrice: 60, three: 7, four: 4, five: 2, six: 3, seven: board.Unlimited})
	for i := range depot {
		switch depot[i].Name {
		case "5":
			depot[i].Events = []string{"close_concessions"}
		case "7":
			depot[i].Events = []string{"close_ndem"}
		}
	}
	half := Train{Name: "3/2P", Distance: Distance{Cities: 3}, Count: 1, Reserved: true,
		ReservedFor: []string{"P3"}, Kind: Permanent, HalfRevenue: true}
	t.Trains = append(depot, permanent2("P2"), permanentL("P4"), private5("P1"), pullman("P+", "P5", "P6"), half)
	t.Companies = append(append(mxPrivates(), mxConcessions()...), mxMinorCompanies()...)
	t.Corps = append(mxMinors(), mxMajors()...)
	t.linkReservedTrains()
	t.StartSets = map[int][]string{}
	for n := t.MinPlayers; n <= t.MaxPlayers; n++ {
		t.StartSets[n] = ids("P1-P18 C1-C7 M1-M24")
	}
	t.OptionCertLimit = map[string]map[int]int{"higher_cert_limit": {3: 18, 4: 14, 5: 11}}
	// The approaches to Mexico City: their first tiles keep the stub
	// toward it.
	t.Hexes.Stubs = map[string][]int{"M22": {5}, "M24": {0}, "O24": {2}, "N21": {4}, "O22": {3}}
	return t
}

// mxNdem is the government railway's id.
const mxNdem = "NDEM"

// mxPrivates are P1..P18 of 1822MX with the acquisition table.
func mxPrivates() []Company {
	const plainTrack = "7 8 9 80 81 82 83 544 545 546 60 169"
	const ports = "F7 G8 H5 H9 I10 J7 J11 M28 M40 Q28"
	ps := []Company{
		privateCo("P1", "BLWC (5-Train)", 5, 5, majorOnly, "train",
			"Becomes a 5-train (5P) when a major acquires it, even at the train limit."),
		privateCo("P2", "MCSL (Permanent 2T)", 0, 2, majorOnly, "train",
			"Becomes a permanent 2-train (2P): outside the train limit, never sold."),
		privateCo("P3", "IGT (Permanent 3/2T)", 0, 1, either, "train",
			"Becomes a permanent 3/2-train: runs three stops for half their revenue, outside the train limit."),
		privateCo("P4", "MCST (Permanent LT)", 0, 1, either, "train",
			"Becomes a permanent L-train (LP): outside the train limit, never sold."),
		privateCo("P5", "Pullman (Pullman)", 10, 3, either, "pullman",
			"Pullman (P+): attach to a train so it also counts any number of towns."),
		privateCo("P6", "Pullman (Pullman)", 10, 3, either, "pullman",
			"Pullman (P+): attach to a train so it also counts any number of towns."),
		privateCo("P7", "EI (Double Cash)", 10, 3, majorOnly, "double_cash",
			"Its player may count double cash for the next turn order; a company owning it gets $20/$40/$60 by phase."),
		privateCo("P8", "CMB (Adv. Tile Lay)", 10, 1, either, "advanced_tile",
			"As the track lay, upgrade plain or town track to the next colour before that colour is available; then closes."),
		privateCo("P9", "M&GNR (Extra Tile Lay)", 10, 3, either, "extra_tile",
			"One extra yellow tile (two for a major) or one extra upgrade in a track step; then closes."),
		privateCo("P10", "CCNM (Three Builder Cubes)", 10, 1, either, "builder_cubes",
			"Three builder cubes: each on a hill, river or mountain hex pays part of a later lay there."),
		privateCo("P11", "SMB (Three Builder Cubes)", 10, 1, either, "builder_cubes",
			"Three builder cubes: each on a hill, river or mountain hex pays part of a later lay there."),
		privateCo("P12", "AIAS (Remove Town)", 10, 1, either, "remove_town",
			"As the whole track step, put plain track on a single-town hex or upgrade a town to plain track; then closes."),
		privateCo("P13", "AIDS (Remove Town)", 10, 1, either, "remove_town",
			"As the whole track step, put plain track on a single-town hex or upgrade a town to plain track; then closes."),
		privateCo("P14", "NMS (Mail Contract)", 10, 3, majorOnly, "mail",
			"After running, the treasury gets half the base value of the first and last stop of one train."),
		privateCo("P15", "NMS (Mail Contract)", 10, 3, majorOnly, "mail",
			"After running, the treasury gets half the base value of the first and last stop of one train."),
		privateCo("P16", "VTPN (Stock Drop)", 10, 2, majorOnly, "stock_drop",
			"Its owning major pays $10 each operating round; closing it (or failing to pay) drops the major's price one step."),
		privateCo("P17", "UD (Small Port)", 10, 2, either, "small_port",
			"Lay the small port tile on a sea hex beside the network, free, beyond the track lay; then closes."),
		privateCo("P18", "HI (Large Port)", 10, 3, majorOnly, "large_port",
			"Lay the large port tile on a sea hex beside the network, free, beyond the track lay; then closes."),
	}
	abilityData := map[string][2]string{
		"P8":  {"", "80 81 82 83 544 545 546 60 169 141 142 143 144 767 768 769 X17"},
		"P12": {"", plainTrack},
		"P13": {"", plainTrack},
		"P17": {ports, "P1"},
		"P18": {ports, "P2"},
	}
	for i := range ps {
		if d, ok := abilityData[ps[i].ID]; ok {
			ps[i].Hexes = strings.Fields(d[0])
			ps[i].Tiles = strings.Fields(d[1])
		}
	}
	return ps
}

// mxMajor is one row of the 1822MX major table.
type mxMajor struct {
	id, name    string
	home        string
	city        int
	dest        string
	color, text string
}

// mxMajorTable lists the seven majors; concession Cn stands for row n.
var mxMajorTable = []mxMajor{
	{"FCM", "Ferrocarril Mexicano", "N23", 4, "N27", "#e51c00", "white"},
	{"MC", "Mexican Central Railway", "N23", 2, "F21", "#000000", "white"},
	{"CHP", "Chihuahua-Pacfic Railway", "F15", 0, "H11", "#ff7b93", "black"},
	{"FNM", "Ferrocarriles Nacionales de Mexico", "N23", 3, "G22", "#850040", "white"},
	{"MIR", "Mexican International Railroad", "F21", 0, "J15", "#ff3600", "white"},
	{"FCP", "Ferrocarril del Pacifico", "D9", 0, "L17", "#fab506", "white"},
	{"IRM", "Interoceanic Railway of Mexico", "N23", 5, "N27", "#004c6c", "white"},
}

// mxMajors are the seven majors and the NdeM.
func mxMajors() []Corporation {
	var out []Corporation
	for _, m := range mxMajorTable {
		out = append(out, Corporation{ID: m.id, Name: m.name, Kind: Major, Home: m.home, HomeCity: m.city, Dest: m.dest,
			Tokens: []int{0, majorTokenCost}, Color: m.color, TextColor: m.text, Exchange: 3,
			Shares: majorShares(), FloatPercent: 20})
	}
	return append(out, Corporation{ID: mxNdem, Name: "Ferrocarriles Nacionales de Mexico", Kind: Major,
		Tokens: make([]int, 10), Color: "#525600", TextColor: "white", Shares: []int{10, 10, 10},
		Labels: []string{"Government railway: its shares sit in the pool and count toward no certificate limit"}})
}

// mxConcessions are C1..C7 for the majors.
func mxConcessions() []Company {
	var out []Company
	for i, m := range mxMajorTable {
		d := "Concession, worth $100 toward the " + m.id + " director's certificate in phases 2-4. Home " +
			m.home + ", destination " + m.dest + "."
		if i == 0 {
			d += " Sold together with minor 18."
		}
		out = append(out, Company{ID: "C" + strconv.Itoa(i+1), Name: m.id + " Concession", Value: certValue,
			Revenue: 10, Kind: Concession, Corp: m.id, Desc: d})
	}
	out[0].WithMinor, out[0].MinBid = "M18", 2*certValue
	return out
}

// mxMinorTable lists minors 1..24.
var mxMinorTable = []minorRow{
	{"Ferrocarril Sonora-Baja California", "B1", 0, ""},
	{"Rio Grande, Sierra Madre & Pacific Railway", "D15", 0, ""},
	{"Ferrocarril Nacozari", "E8", 0, ""},
	{"Ferrocarril Parral y Durango", "F13", 0, ""},
	{"Ferrocarril Coahuila y Zacatecas", "G22", 0, ""},
	{"Sinaloa and Durango Railroad", "H11", 0, ""},
	{"Monterrey Mineral and Terminal Railway", "I22", 0, ""},
	{"Ferrocarril Nacional de la Baja California", "J9", 0, ""},
	{"Southern Pacific Railroad of Mexico", "J13", 0, ""},
	{"Potosi Central Railroad", "K20", 0, ""},
	{"Guadalajara to Tepic and Mazatlan", "L17", 0, ""},
	{"Ferrocarril Guanajuato a San Luis de la Paz y Pozos", "L19", 1, ""},
	{"Ferrocarril San Marcos a Huajapan de Leon", "L19", 0, ""},
	{"Ferrocarril Cazadero y Solis", "N23", 1, ""},
	{"Ferrocarril San Gregorio", "N23", 0, ""},
	{"Ferrocarril Atlamaxac", "N25", 2, ""},
	{"Campania del ferrocarril de Mexico a Puebla", "N25", 0, ""},
	{"Ferrocarril Mexicano", "N25", 1, ""},
	{"Cordoba and Huatusco Railroad", "N27", 0, ""},
	{"Ferrocarril Interoceanico de Acapulco", "P23", 0, ""},
	{"Ferrocarril Oaxaca a Ejutla", "P27", 0, ""},
	{"Ferrocarriles Unidos de Yucatan", "O32", 0, ""},
	{"Ferrocarril Merida a Valladolid", "L37", 0, ""},
	{"Northern Railroad of Guatemala", "Q34", 0, ""},
}

// mxMinorCompanies are the certificates M1.. of the minors.
func mxMinorCompanies() []Company { return minorCerts(mxMinorTable) }

// mxMinors are the corporations 1..24.
func mxMinors() []Corporation { return numberedMinors(mxMinorTable) }
