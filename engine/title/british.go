package title

import (
	"slices"
	"strconv"
	"strings"

	"pbc/engine/board"
)

// British returns the base 1822 title, the game of Great Britain: 2-7
// players, a stock market of fifteen rows, ten majors with concessions, 24
// minors and 18 privates (the 1822+ expansion's six minors and three
// privates are left out). Its Map is nil: the engine attaches the board.
func British() *Title {
	t := &Title{
		Name:                 "1822",
		MinPlayers:           2,
		MaxPlayers:           7,
		MultipleTokensPerHex: true,
		TaxHavenOneShare:     true,
		Bank:                 12000,
		StartCash:            map[int]int{2: 900, 3: 700, 4: 525, 5: 420, 6: 350, 7: 300},
		CertLimit:            map[int]int{2: 33, 3: 26, 4: 20, 5: 16, 6: 13, 7: 11},
		BidTokens:            map[int]int{2: 8, 3: 6, 4: 5, 5: 4, 6: 3, 7: 3},
		Market:               market1822(),
		Phases:               phases1822(true, false),
		Options:              []string{"plus_expansion", "plus_expansion_no_removals", "plus_expansion_single_stack", "tax_haven_multiple"},
		OptionWords: map[string]string{"plus_expansion": "plus", "plus_expansion_no_removals": "no-removals",
			"plus_expansion_single_stack": "single-stack", "tax_haven_multiple": "tax-haven-multiple",
			"sw_peninsula": "sw-peninsula"},
		Deck: DeckSetup{
			FrontMinor:      "M24",
			FrontConcession: "C1",
			FrontPrivates:   []string{"P1"},
			PrivateStacks: &PrivateStacks{
				Option: "plus_expansion",
				Stacks: [][]string{ids("P1 P3 P4 P13 P14 P19"), ids("P2 P5 P8 P10 P11 P12 P21"),
					ids("P6 P7 P9 P15 P16 P17 P18 P20")},
				OneStack: "plus_expansion_single_stack",
				Remove:   []int{0, 1, 2},
				Keep:     []string{"P5"}, // the LC&DR stays
				KeepAll:  "plus_expansion_no_removals",
			},
		},
		LUpgradeCost:        80,
		LUpgradeCostPhase2:  80,
		EndOnEmptyFirstSR:   true,
		EndLockFirstTrigger: true,
		TrackRules:          TrackRules{MostTrackUnlabelledOnly: true, TownRemovalWaits: true, AbilityLaysWait: true},
		Routes: Routes{
			DoubleHexes: []string{"D35", "F7", "H21", "H37"},
			Crossing:    &Crossing{Port: "P43", Far: "Q44"},
			// Merthyr Tydfil and Pontypool: two tracks, one a turn.
			OneTrackOf: []HexEdges{{Hex: "F33", Edges: []int{1, 2}}},
		},
		Hexes: HexRules{TownDrop: "D35", TownDropTile: "57", TownDropRotations: []int{2, 5},
			Stubs: map[string][]int{"M36": {0}, "N37": {1}, "L37": {5}, "L39": {4}, "M40": {3}, "N39": {2}}},
		Stock:           StockRules{SaleDropsPerShare: true, SellInParts: true, UpElseDownRight: true},
		EstuaryDiscount: 40,
	}
	depot := depotTrains(roster{l: 22, lPrice: 60, three: 9, four: 6, five: 3, six: 3, seven: board.Unlimited})
	caTrainEvents(depot, false)
	t.Trains = append(depot, permanent2("P3", "P4"), permanentL("P19"), private5("P1"), pullman("P+", "P13", "P14"))
	t.Companies = append(append(append(britishPrivates(), britishPlusPrivates()...),
		britishConcessions(britishMajorTable)...), britishMinorCompanies(britishMinorTable)...)
	t.Corps = append(britishMinors(britishMinorTable), britishMajors(britishMajorTable)...)
	t.linkReservedTrains()
	// The 1822+ expansion adds minors 25-30 and P19-P21; with it and
	// "no removals" every private is in play.
	all := ids("P1-P21 C1-C10 M1-M30")
	t.StartSets = map[int][]string{}
	for n := t.MinPlayers; n <= t.MaxPlayers; n++ {
		t.StartSets[n] = ids("P1-P18 C1-C10 M1-M24")
	}
	t.OptionStartSets = map[string][]string{"plus_expansion": all}
	t.OptionCorps = map[string][]string{"plus_expansion": ids("25-30")}
	return t
}

// britishPlusPrivates are P19-P21, the 1822+ expansion's privates, which
// the scenarios use too.
func britishPlusPrivates() []Company {
	ps := []Company{
		privateCo("P19", "AEC (Perm. L Train)", 0, 1, either, "train",
			"Becomes a permanent L-train (LP): outside the train limit, never sold, not together with a 2P."),
		privateCo("P20", "C&WR ($5x Phase)", 0, 3, either, "phase_revenue",
			"Pays $5 x phase to its player and as much onto its charter, which the acquirer takes; gone at phase 7."),
		privateCo("P21", "HSBC (Grimsby/Hull Bridge)", 10, 2, either, "bridge_lays",
			"With a token in Hull or Grimsby: two free lays there together across the Humber (one may be a green upgrade from phase 3), as the track step; then closes."),
	}
	ps[1].PhaseRevenue = 5
	ps[2].IncomeEndsWhenAcquired = true
	ps[2].Hexes = []string{"N21", "N23"}
	ps[2].Tiles = []string{"5", "6", "57", "15"}
	return ps
}

// britishPrivates are P1..P18 of 1822 with the acquisition table.
func britishPrivates() []Company {
	const plainTrack = "7 8 9 80 81 82 83 544 545 546 60 169"
	ps := []Company{
		privateCo("P1", "BEC (5-Train)", 5, 5, majorOnly, "train",
			"Becomes a 5-train (5P) when acquired, even at the train limit; excess trains are then discarded."),
		privateCo("P2", "MtonR (Remove Town)", 10, 2, either, "remove_town",
			"As the whole track step, put plain track on a single-town hex or upgrade a town to plain track; then closes."),
		privateCo("P3", "S&HR (Permanent 2T)", 0, 2, majorOnly, "train",
			"Becomes a permanent 2-train (2P): outside the train limit, never sold, not together with an LP."),
		privateCo("P4", "SDR (Permanent 2T)", 0, 2, majorOnly, "train",
			"Becomes a permanent 2-train (2P): outside the train limit, never sold, not together with an LP."),
		privateCo("P5", "LC&DR (English Channel)", 10, 3, majorOnly, "english_channel",
			"Place a free exchange token in the English Channel (P43), no route needed; then closes."),
		privateCo("P6", "L&SR (Mail Contract)", 10, 3, majorOnly, "mail",
			"After running, the treasury gets half the base value of the first and last stop of one train."),
		privateCo("P7", "S&BR (Mail Contract)", 10, 3, majorOnly, "mail",
			"After running, the treasury gets half the base value of the first and last stop of one train."),
		privateCo("P8", "E&GR (Hill Discount)", 10, 3, either, "hill_discount",
			"Either a token paying one rough, hill or mountain lay in full (then closes), or $20 off every $60 hill and $80 mountain."),
		privateCo("P9", "M&GNR (Double Cash)", 10, 3, either, "double_cash",
			"Its player may count double cash for the next turn order; a company owning it gets $20/$40/$60 by phase colour."),
		privateCo("P10", "G&SWR (River Discount)", 10, 3, either, "estuary_discount",
			"Two tokens each paying one estuary crossing (the second closes it), and $10 off every river lay until then."),
		privateCo("P11", "B&ER (Adv. Tile Lay)", 10, 2, either, "advanced_tile",
			"As the track lay, upgrade plain or town track to the next colour before that colour is available; then closes."),
		privateCo("P12", "L&SR (Extra Tile Lay)", 10, 3, either, "extra_tile",
			"One extra yellow tile (two for a major) or one extra upgrade in a track step; then closes."),
		privateCo("P13", "YN&BR (Pullman)", 10, 5, either, "pullman",
			"Pullman (P+): attach to a train so it also counts any number of towns."),
		privateCo("P14", "K&TR (Pullman)", 10, 5, either, "pullman",
			"Pullman (P+): attach to a train so it also counts any number of towns."),
		privateCo("P15", "HR ($10x Phase)", 0, 2, either, "phase_revenue",
			"Pays $10 x phase to its player and as much onto its charter, which the acquirer takes; gone at phase 7."),
		privateCo("P16", "TH (Tax Haven)", 0, 0, 0, "tax_haven",
			"Tax haven: its player buys a share into it as an SR action; it keeps it and its dividends. Never acquired."),
		privateCo("P17", "LUR (Move Card)", 10, 2, majorOnly, "move_card",
			"Move a concession, private or minor of its stack (not in a bid box) to the top or bottom; then closes."),
		privateCo("P18", "C&HPR (Station Swap)", 10, 5, majorOnly, "token_swap",
			"Move one token between the exchange and available areas of the owner's charter; then closes."),
	}
	abilityData := map[string][2]string{
		"P2":  {"", plainTrack},
		"P5":  {"P43", "X9 X15"},
		"P8":  {britishHillHexes, ""},
		"P11": {"", "80 81 82 83 544 545 546 60 169 141 142 143 144 767 768 769 X17"},
	}
	incomeEnds := ids("P1 P5-P8 P10 P13 P14 P17 P18")
	for i := range ps {
		if d, ok := abilityData[ps[i].ID]; ok {
			ps[i].Hexes = strings.Fields(d[0])
			ps[i].Tiles = strings.Fields(d[1])
		}
		ps[i].IncomeEndsWhenAcquired = slices.Contains(incomeEnds, ps[i].ID)
		ps[i].PhaseRevenue = map[string]int{"P15": 10}[ps[i].ID]
	}
	// As 18xx.games has it, P8's $20 reaches mountains only (its hill
	// discount names no terrain and so never applies).
	p8, p10 := &ps[7], &ps[9]
	p8.DiscountTerrain, p8.DiscountAmount = board.Mountain, 20
	p10.DiscountTerrain, p10.DiscountAmount = board.Swamp, 10
	return ps
}

// britishHillHexes are the rough, hill and mountain hexes of P8's token.
const britishHillHexes = "B41 C40 D39 E10 F9 G14 G30 G8 H15 H39 H7 H9 I10 I12 I14 I16 I18 I20 I22 I24 I38 " +
	"I40 I8 J19 J21 J23 J25 J39 J7 O40"

// britishMajor is one row of the 1822 major table.
type britishMajor struct {
	id, name        string
	home            string
	city            int
	homePlace       string
	dest, destPlace string
	color, text     string
}

// britishMajorTable lists the ten majors; concession Cn stands for row n.
var britishMajorTable = []britishMajor{
	{"LNWR", "London and North Western Railway", "M38", 3, "London", "I22", "Manchester", "#000", "white"},
	{"GWR", "Great Western Railway", "M38", 1, "London", "G36", "Bristol", "#165016", "white"},
	{"LBSCR", "London, Brighton and South Coast Railway", "M38", 0, "London", "M42", "Brighton", "#cccc00", "black"},
	{"SECR", "South Eastern & Chatham Railway", "M38", 5, "London", "P41", "Dover", "#ff7f2a", "white"},
	{"CR", "Caledonian Railway", "E6", 0, "Glasgow", "G12", "Carlisle", "#5555ff", "white"},
	{"MR", "Midland Railway", "J29", 0, "Derby", "L19", "York", "#ff2a2a", "white"},
	{"LYR", "Lancashire & Yorkshire Railway", "G22", 0, "Liverpool", "I22", "Manchester", "#5a2ca0", "white"},
	{"NBR", "North British Railway", "H5", 0, "Edinburgh", "H1", "Aberdeen", "#a05a2c", "white"},
	{"SWR", "South Wales Railway", "H33", 0, "Gloucester", "C34", "Fishguard", "#999999", "black"},
	{"NER", "North Eastern Railway", "L19", 0, "York", "H5", "Edinburgh", "#aade87", "white"},
}

// britishTwoHomes is the major with ten 10% certificates that floats at 10%
// and places its destination token with its home token.
const britishTwoHomes = "LNWR"

// britishChannelMajor places one token in the English Channel for free.
const britishChannelMajor = "SECR"

// britishMajors are the majors of table in definition order.
func britishMajors(table []britishMajor) []Corporation {
	var out []Corporation
	for _, m := range table {
		c := Corporation{ID: m.id, Name: m.name, Kind: Major, Home: m.home, HomeCity: m.city, Dest: m.dest,
			Tokens: []int{0, majorTokenCost}, Color: m.color, TextColor: m.text, Exchange: 3,
			Shares: majorShares(), FloatPercent: 20}
		if m.id == britishChannelMajor {
			c.FreeTokenHexes = []string{"P43"}
		}
		if m.id == britishTwoHomes {
			c.Exchange = 4
			c.Shares = []int{10, 10, 10, 10, 10, 10, 10, 10, 10, 10}
			c.FloatPercent = 10
			c.DestWithHome = true
		}
		out = append(out, c)
	}
	return out
}

// britishConcessions are C1.. for the majors of table.
func britishConcessions(table []britishMajor) []Company {
	var out []Company
	for i, m := range table {
		d := "Concession, worth $100 toward the " + m.id + " director's certificate in phases 2-4. Home " +
			m.homePlace + " (" + m.home + "), destination " + m.destPlace + " (" + m.dest + ")."
		out = append(out, Company{ID: "C" + strconv.Itoa(i+1), Name: m.id + " Concession", Value: certValue,
			Revenue: 10, Kind: Concession, Corp: m.id, Desc: d})
	}
	return out
}

// britishMinorTable lists minors 1..30 (25-30 are the 1822+ expansion's).
var britishMinorTable = []minorRow{
	{"Great North of Scotland Railway", "H1", 0, "Aberdeen"},
	{"Lanarkshire & Dumbartonshire Railway", "E2", 0, "Highlands"},
	{"Edinburgh & Dalkeith Railway", "H5", 0, "Edinburgh"},
	{"Newcastle & North Shields Railway", "K10", 0, "Newcastle"},
	{"Stockton and Darlington Railway", "J15", 0, "Darlington"},
	{"Furness Railway", "G16", 0, "Barrow"},
	{"Warrington & Newton Railway", "H23", 0, "Warrington"},
	{"Manchester Sheffield & Lincolnshire Railway", "K24", 0, "Sheffield"},
	{"East Lincolnshire Railway", "N23", 0, "Grimsby"},
	{"Grand Junction Railway", "I30", 0, "Birmingham"},
	{"Great Northern Railway", "M30", 0, "Peterborough"},
	{"Eastern Union Railway", "P35", 0, "Ipswich"},
	{"Headcorn & Maidstone Junction Light Railway", "O40", 0, "Maidstone"},
	{"Metropolitan Railway", "M38", 0, "London"},
	{"London Tilbury & Southend Railway", "M38", 4, "London"},
	{"Wycombe Railway", "M38", 2, "London"},
	{"London & Southampton Railway", "J41", 0, "Southampton"},
	{"Somerset & Dorset Joint Railway", "I42", 0, "Bournemouth"},
	{"Penarth Harbour & Dock Railway Company", "F35", 0, "Cardiff"},
	{"Monmouthshire Railway & Canal Company", "F33", 0, "Newport"},
	{"Taff Vale Railway", "E34", 0, "Merthyr Tydfil"},
	{"Exeter and Crediton Railway", "D41", 0, "Exeter"},
	{"West Cornwall Railway", "A42", 0, "Cornwall"},
	{"The Swansea and Mumbles Railway", "D35", 0, "Swansea"},
	{"Yarmouth & Norwich Railway", "Q30", 0, "Norwich"},
	{"Hull and Selby Railway", "N21", 0, "Hull"},
	{"City of Glasgow Union Railway", "E6", 0, "Glasgow"},
	{"Maryport and Carlisle Railway", "G12", 0, "Carlisle"},
	{"Shropshire and Montgomeryshire Railway", "E28", 0, "Mid Wales"},
	{"Plymouth and Dartmoor Railway", "B43", 0, "Plymouth"},
}

// britishRondel is the minor whose home is a token of its own in London,
// placed in the city of its owner's choice for $20.
const britishRondel = "14"

// britishMinorCompanies are the certificates M1.. of table.
func britishMinorCompanies(table []minorRow) []Company {
	out := minorCerts(table)
	describeCert(out, "M"+britishRondel, "Minor 14, home token in a London city of its choice (M38) for $20.")
	return out
}

// britishMinors are the corporations 1.. of table.
func britishMinors(table []minorRow) []Corporation {
	out := numberedMinors(table)
	chooseHome(out, britishRondel, 20, "Home token in a London city of its choice; costs $20")
	for i := range out {
		if out[i].ID == britishRondel {
			out[i].HomeSlotStays, out[i].HomeBlocksNone = true, true
		}
	}
	return out
}
