package title

// CAERS returns the "1822CA ERS" Eastern Regional Scenario (rulebook section
// 9): the eastern companies, a smaller depot with twenty 7-trains, $70
// upgrades from phase 2, end cells from $500 and no extra OR on a bank break.
// The CPR and NTR head for the scenario's off-map Vancouver (T12) and
// Winnipeg (T14).
func CAERS() *Title {
	t := CA()
	t.Name = "1822CA ERS"
	t.keep("P1-P9 P11-P17 P22-P25 P28-P30 C2 C4 C6 C7 C8 C10 M1-M19",
		"1-19 CPR GT GWR ICR NTR QMOO")
	t.StartSets = map[int][]string{
		2: ids("P1 P2 P3 P9 P12-P17 P23 P24 P28 P29 P30 C2 C4 C6 C7 C8 C10 M1-M19"),
	}
	caScenarioRules(t, false)
	t.setDest("CPR", "T12", "Vancouver")
	t.setDest("NTR", "T14", "Winnipeg")
	return t
}

// CAWRS returns the "1822CA WRS" Western Regional Scenario (rulebook section
// 9): the western companies, the ERS depot plus the grain cars, no forced
// first minor, and minors 16-19, the CPR and the NTR moved onto the overlay
// or into the west (T12 is Moncton and T14 Montréal here).
func CAWRS() *Title {
	t := CA()
	t.Name = "1822CA WRS"
	t.keep("P1-P9 P11 P12 P18-P20 P22 P24 P26-P29 C1 C2 C3 C5 C8 C9 M16-M30",
		"16-30 CNoR CPR GNWR GTP NTR PGE")
	t.StartSets = map[int][]string{
		2: ids("P1 P2 P3 P5 P7 P9 P11 P12 P18 P19 P20 P26 P27 P28 P29 C1 C2 C3 C5 C8 C9 M16-M30"),
	}
	for _, p := range []int{3, 4, 5} {
		t.StartSets[p] = ids("P1-P8 P11 P18 P19 P20 P22 P24 P26 P27 P28 P29 C1 C2 C3 C5 C8 C9 M16-M30")
	}
	caScenarioRules(t, true)
	t.Deck.FrontMinor = ""
	t.setHome("16", "C17", 0, "Seattle")
	t.setHome("17", "K15", 0, "Regina")
	t.setHome("18", "R16", 0, "Thunder Bay")
	t.setHome("19", "T12", 0, "Moncton")
	t.setHome("CPR", "T14", 0, "Montréal")
	t.setHome("NTR", "T12", 0, "Moncton")
	shared := func(other string) []string {
		return []string{"Shares Thunder Bay (R16) with " + other + "; the later home token may take an extra slot until green"}
	}
	t.Corp("18").Labels = shared("the GNWR")
	t.Corp("GNWR").Labels = shared("minor 18")
	t.Corp("GNWR").HomeFloats = true
	return t
}

// caScenarioRules applies what ERS and WRS share: 2-5 players, their cash and
// limits, the scenario depot, $70 upgrades from phase 2, end cells 500/550/600,
// no end on an empty first SR and no extra OR when the bank breaks.
func caScenarioRules(t *Title, grain bool) {
	t.MinPlayers, t.MaxPlayers = 2, 5
	t.StartCash = map[int]int{2: 750, 3: 500, 4: 375, 5: 300}
	t.CertLimit = map[int]int{2: 27, 3: 17, 4: 13, 5: 10}
	t.BidTokens = map[int]int{2: 7, 3: 6, 4: 5, 5: 4}
	t.Market = parseMarket("5y 10y 15y 20y 25y 30y 35y 40y 45y 50p 60xp 70xp 80xp 90xp 100xp 110 120 135 150 " +
		"165 180 200 220 245 270 300 330 360 400 450 500e 550e 600e")
	t.Phases = phases1822(true, true)
	depot := depotTrains(roster{l: 14, lPrice: 50, three: 6, four: 4, five: 2, six: 3, seven: 20})
	caTrainEvents(depot, false)
	t.Trains = append(depot, caExtraTrains(grain)...)
	for i := range t.Companies {
		t.Companies[i].Train = ""
	}
	t.linkReservedTrains()
	t.LUpgradeCostPhase2 = 70
	t.EndOnEmptyFirstSR = false
	t.BankBreakExtraOR = false
}

// setHome moves a corporation's home and rewrites the card that names it.
func (t *Title) setHome(corp, hex string, city int, place string) {
	c := t.Corp(corp)
	c.Home, c.HomeCity = hex, city
	if c.Kind == Minor {
		t.Company("M" + corp).Desc = minorDesc(corp, place, hex)
		return
	}
	t.rewriteConcession(c, place, "")
}

// setDest moves a major's destination and rewrites its concession.
func (t *Title) setDest(corp, hex, place string) {
	c := t.Corp(corp)
	c.Dest = hex
	t.rewriteConcession(c, "", place)
}

// rewriteConcession rebuilds the concession text of c; an empty place keeps
// the base game's name for that end.
func (t *Title) rewriteConcession(c *Corporation, homePlace, destPlace string) {
	for _, m := range caMajorTable {
		if m.id != c.ID {
			continue
		}
		if homePlace == "" {
			homePlace = m.homePlace
		}
		if destPlace == "" {
			destPlace = m.destPlace
		}
	}
	for i := range t.Companies {
		if t.Companies[i].Kind == Concession && t.Companies[i].Corp == c.ID {
			t.Companies[i].Desc = concessionDesc(c.ID, homePlace, c.Home, destPlace, c.Dest)
		}
	}
}
