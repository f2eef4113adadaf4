package title

import "pbc/engine/board"

// PNWShort returns the "1822PNW Short Scenario" (rulebook section 8): twelve
// privates, a smaller depot with $50 L-trains, $70 upgrades from phase 2,
// end cells from $500 and an opening pair of minors for a $200 minimum bid.
func PNWShort() *Title {
	t := PNW()
	t.Name = "1822PNW Short Scenario"
	t.CertLimit = map[int]int{3: 18, 4: 14, 5: 11}
	t.keep("P1 P2 P3 P5 P7 P9 P10 P11 P14 P15 P16 P20 M1-M21 MA MB MC",
		"1-21 A B C NP CPR GNR ORNC SPS CMPS SWW")
	pnwScenarioRules(t, roster{l: 14, lPrice: 50, three: 7, four: 4, five: 2, six: 3, seven: board.Unlimited})
	t.Deck = DeckSetup{
		FrontPrivates: []string{"P1", "P20"},
		Stacks:        [][2]int{{2, 5}, {2, 5}, {2, 6}},
		Pairs: [][2]string{
			{"M1", "M2"}, {"M5", "M4"}, {"M7", "M9"}, {"M8", "M6"},
			{"M17", "M16"}, {"M18", "M21"}, {"M20", "M10"},
		},
		PairMinBid: 200,
	}
	return t
}

// PNWSRS returns the "1822PNW SRS" Southern Regional Scenario (rulebook
// section 9) for two or three players: southern minors 6-21, regionals B and
// C, no CPR or GNR, and a still smaller depot.
func PNWSRS() *Title {
	t := PNW()
	t.Name = "1822PNW SRS"
	t.MinPlayers, t.MaxPlayers = 2, 3
	t.StartCash = map[int]int{2: 750, 3: 500}
	t.CertLimit = map[int]int{2: 18, 3: 14}
	t.BidTokens = map[int]int{2: 6, 3: 5}
	t.keep("P1 P2 P3 P5 P7 P9 P10 P11 P14 P15 P16 P18 M6-M21 MB MC",
		"6-21 B C NP ORNC SPS CMPS SWW")
	pnwScenarioRules(t, roster{l: 14, lPrice: 50, three: 7, four: 3, five: 1, six: 2, seven: board.Unlimited})
	t.Deck = DeckSetup{
		FrontMinor:    "M6",
		FrontPrivates: []string{"P1"},
		Stacks:        [][2]int{{2, 4}, {2, 4}, {1, 4}},
	}
	return t
}

// pnwScenarioRules applies what the Short Scenario and the SRS share: their
// depot with one LP and one Pullman, the $70 phase-2 upgrade, end cells at
// 500/550/600, no end on an empty first stock round and no optional rules.
func pnwScenarioRules(t *Title, r roster) {
	t.Trains = append(depotTrains(r),
		permanent2("P2"), permanentL("P3"), private5("P1"), pullman("P+", "P5"))
	for i := range t.Companies {
		t.Companies[i].Train = ""
	}
	t.linkReservedTrains()
	t.Phases = phases1822(false, true)
	t.LUpgradeCostPhase2 = 70
	for i := range t.Market {
		if t.Market[i].Price >= 500 {
			t.Market[i].Kind = EndGame
		}
	}
	t.EndOnEmptyFirstSR = false
	t.Options = nil
	t.StartingPackets = nil
}
