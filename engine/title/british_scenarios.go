package title

import (
	"slices"

	"pbc/engine/board"
)

// BritishNRS returns "1822NRS", the North Regional Scenario: the north of
// Britain with six majors (the LNWR starting in Nottingham and Leicester
// country, N29), sixteen minors and no English Channel; a smaller depot,
// $70 L upgrades from phase 2 and end cells from $500.
func BritishNRS() *Title {
	t := britishScenario("1822NRS")
	t.keep("P1-P4 P6-P9 P11-P16 P18-P21 C1 C5 C6 C7 C8 C10 M1-M10 M15 M16 M26-M29",
		"1-10 15 16 26-29 LNWR CR MR LYR NBR NER")
	t.CertLimit = map[int]int{2: 27, 3: 16, 4: 13, 5: 10, 6: 9, 7: 8}
	t.Trains = britishScenarioTrains(6)
	t.Options = []string{"tax_haven_multiple"}
	t.Deck.FrontMinor = ""
	t.StartSets = map[int][]string{2: ids("P1-P4 P6-P9 P11 P12 C1 C5 C6 C7 C8 C10 M1-M10 M15 M16 M26-M29")}
	t.moveHome("15", "N29", 1)
	t.moveHome("16", "M30", 0)
	t.moveHome("29", "E26", 0)
	t.moveHome("LNWR", "N29", 0)
	t.Routes.Crossing, t.Routes.OneTrackOf = nil, nil // the north has neither
	t.Hexes.Stubs = map[string][]int{"M28": {5}}      // toward the LNWR's home, N29
	t.linkReservedTrains()
	return t
}

// BritishMRS returns "1822MRS", the Midlands Regional Scenario: the south
// with seven majors, sixteen minors and the English Channel; options
// starter (P1, P2, P5-P14) and advanced (P1-P12, M14 opens the minors).
func BritishMRS() *Title {
	t := britishScenario("1822MRS")
	const minors = " C1 C2 C3 C4 C6 C7 C9 M7-M21 M24"
	t.keep("P1-P16 P18"+minors, "7-21 24 LNWR GWR LBSCR SECR MR LYR SWR")
	t.CertLimit = map[int]int{2: 27, 3: 18, 4: 14, 5: 11, 6: 9, 7: 8}
	t.Trains = britishScenarioTrains(7)
	t.Options = []string{"starter", "advanced", "sw_peninsula", "tax_haven_multiple"}
	t.Unplayed = []string{"sw_peninsula"} // M22 and M23 in the south-west are not set up
	t.Deck.FrontMinorBy = map[string]string{"advanced": "M14"}
	base := ids("P1 P2 P5-P16 P18" + minors)
	t.StartSets = map[int][]string{2: ids("P1-P12" + minors)}
	for n := 3; n <= 7; n++ {
		t.StartSets[n] = base
	}
	t.OptionStartSets = map[string][]string{
		"starter":  ids("P1 P2 P5-P14" + minors),
		"advanced": ids("P1-P12" + minors),
	}
	t.linkReservedTrains()
	return t
}

// britishScenario is what NRS and MRS share: 1822 with every company of the
// 1822+ expansion available to keep, the scenarios' cash, bid tokens and
// market, and $70 L upgrades from phase 2.
func britishScenario(name string) *Title {
	t := British()
	t.Name = name
	t.Companies = append(t.Companies, t.LeftOut...)
	t.LeftOut = nil
	slices.SortStableFunc(t.Companies, func(a, b Company) int { return companyOrder(a) - companyOrder(b) })
	t.Corps = append(britishMinors(britishMinorTable), britishMajors(britishMajorTable)...)
	t.StartSets, t.OptionStartSets, t.OptionCorps = nil, nil, nil
	t.StartCash = map[int]int{2: 750, 3: 500, 4: 375, 5: 300, 6: 250, 7: 215}
	t.BidTokens = map[int]int{2: 7, 3: 6, 4: 5, 5: 4, 6: 3, 7: 3}
	t.Market = marketScenario()
	t.Phases = phases1822(true, true)
	t.LUpgradeCostPhase2 = 70
	return t
}

// companyOrder sorts companies as 1822 defines them: privates, concessions,
// then minors, each by number.
func companyOrder(c Company) int {
	kind := map[CompanyKind]int{Private: 0, Concession: 1, MinorCert: 2}[c.Kind]
	n := 0
	for _, r := range c.ID[1:] {
		n = n*10 + int(r-'0')
	}
	return kind*1000 + n
}

// britishScenarioTrains is the scenarios' depot (fourteen $50 Ls, threes
// threes) with the privates' trains.
func britishScenarioTrains(threes int) []Train {
	depot := depotTrains(roster{l: 14, lPrice: 50, three: threes, four: 4, five: 2, six: 3, seven: board.Unlimited})
	caTrainEvents(depot, false)
	return append(depot, permanent2("P3", "P4"), permanentL("P19"), private5("P1"), pullman("P+", "P13", "P14"))
}

// moveHome moves a corporation's home (the scenarios' London companies).
func (t *Title) moveHome(corp, hex string, city int) {
	c := t.Corp(corp)
	c.Home, c.HomeCity = hex, city
	if m := t.Company("M" + corp); m != nil {
		m.Desc = "Minor " + corp + ", home " + hex + "."
	}
}
