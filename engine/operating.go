package engine

import (
	"sort"
	"strconv"

	"pbc/engine/action"
	"pbc/engine/title"
)

// orState is the per-turn state of an operating round.
type orState struct {
	laidTrack   int
	upgraded    bool
	laidHexes   []string
	tokened     bool
	routes      []action.Route
	revenue     int
	subsidy     int
	acquired    bool
	pendingTok  []pendingToken
	extraChoice string   // 2P/LP separate dividend choice
	pullman     int      // index of the train carrying the Pullman, -1 if none
	portage     int      // PNW portage tiles laid this turn (no normal lays after)
	mustLay     *Company // P11 started: it must lay again or pass
	acquirer    *Corp    // CA: the major that acquired a minor this turn (bonus lay)
	grain       int      // CA: index of the train carrying the grain train, -1 if none
	skipPullman bool
	skipGrain   bool
	govLayer    int // the government railway's shareholder laying its track now (index into govLayers)
}

type pendingToken struct {
	corp *Corp
	hex  string
	// rondel: the token takes the place of an acquired minor whose home
	// city is chosen (1822 M14): it goes in a city of hex the corporation
	// reaches, brings its own slot (kept through upgrades when the minor's
	// was) and costs price.
	rondel bool
	price  int
	keeps  bool
}

// orKey identifies one operating round for operating history.
func (g *Game) orKey() string { return strconv.Itoa(g.Turn) + "." + strconv.Itoa(g.RoundNum) }

func (g *Game) startOperatingRound(num int) {
	g.RoundNum = num
	g.roundName = "OR"
	r := &round{g: g, kind: operatingRound, num: num, op: &orState{pullman: -1, grain: -1}}
	b := stepBase{g: g}
	r.steps = []step{
		&discardStep{stepBase: b, r: r},
		&pendingTokenStep{stepBase: b, r: r},
		&housekeepingStep{stepBase: b, r: r},
		&acquireCompanyStep{stepBase: b, r: r},
		&specialChooseStep{stepBase: b, r: r},
		&assignStep{stepBase: b, r: r},
		&specialTrackStep{stepBase: b, r: r},
		&specialTokenStep{stepBase: b, r: r},
		&trackStep{stepBase: b, r: r},
		&destinationStep{stepBase: b, r: r},
		&tokenStep{stepBase: b, r: r},
		&routeStep{stepBase: b, r: r},
		&dividendStep{stepBase: b, r: r},
		&buyTrainStep{stepBase: b, r: r},
		&minorAcquisitionStep{stepBase: b, r: r},
		&acquisitionTrackStep{stepBase: b, r: r},
		&pendingTokenStep{stepBase: b, r: r},
		&issueStep{stepBase: b, r: r},
		&govCashOutStep{stepBase: b, r: r},
		&govAuctionStep{stepBase: b, r: r},
	}
	g.round = r
	g.payoutCompanies()
	for _, c := range g.operatingOrder() {
		r.entities = append(r.entities, c)
		for _, t := range c.Trains {
			t.Operated = false
		}
	}
	r.after = afterOR
	r.resetSteps()
	if g.orAnyToAct() {
		g.orStartOperating()
	} else {
		r.done = true
	}
}

// operatingOrder is floated minors then floated majors, each by share price.
func (g *Game) operatingOrder() []*Corp {
	var minors, majors []*Corp
	for _, c := range g.Corps {
		if !c.Floated || c.Closed {
			continue
		}
		if g.isGov(c) {
			continue
		}
		if c.IsMinor() {
			minors = append(minors, c)
		} else if c.IsMajor() {
			majors = append(majors, c)
		}
	}
	less := func(l []*Corp) func(i, j int) bool {
		return func(i, j int) bool { return g.corpLess(l[i], l[j]) }
	}
	sort.SliceStable(minors, less(minors))
	sort.SliceStable(majors, less(majors))
	return g.withGov(append(minors, majors...))
}

func (g *Game) payoutCompanies() {
	for _, c := range g.Companies {
		if c.Def.Ability != "phase_revenue" || c.Closed || c.Owner == nil {
			continue
		}
		c.Revenue = c.Def.PhaseRevenue * g.phaseNum()
		g.addCash(nil, -c.Revenue)
		g.card(c.ID).cash += c.Revenue
	}
	// CA P7 pays by phase once a company owns it.
	if p7 := g.doubleCashCompany(); p7 != nil && !p7.Closed {
		if _, ok := p7.Owner.(*Corp); ok {
			p7.Revenue = []int{0, 0, 0, 20, 20, 40, 40, 60}[min(g.phaseNum(), 7)]
		}
	}
	type pay struct {
		c     *Company
		order int
	}
	var list []pay
	for _, c := range g.Companies {
		if c.Closed || c.Owner == nil || c.Revenue <= 0 {
			continue
		}
		if !c.ownedOutsideBank() {
			continue
		}
		order := 1000
		if p, ok := c.Owner.(*Player); ok {
			for i, x := range g.Players {
				if x == p {
					order = i
				}
			}
		}
		list = append(list, pay{c, order})
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].order < list[j].order })
	for _, x := range list {
		g.pay(nil, x.c.Owner, x.c.Revenue)
	}
	g.chargeStockDrops()
	for _, c := range g.Corps {
		if c.Kind == title.RegionalCorp && c.Owner != nil && !c.Closed {
			g.regionalORs[c.ID]++
		}
	}
}

func (c *Company) ownedOutsideBank() bool {
	switch c.Owner.(type) {
	case *Player, *Corp:
		return true
	}
	return false
}

func (g *Game) orAnyToAct() bool {
	for _, e := range g.round.entities {
		if !e.(*Corp).Closed {
			return true
		}
	}
	return false
}

// orStartOperating begins the current entity's turn, skipping entities and
// turns with nothing to do.
func (g *Game) orStartOperating() {
	r := g.round
	for !r.done {
		c := r.current().(*Corp)
		if c.Closed || c.Kind == title.RegionalCorp {
			g.orAdvance()
			continue
		}
		*r.op = orState{pullman: -1, grain: -1}
		g.placeHomeToken(c)
		g.invalidate()
		r.skipSteps()
		if r.activeStep() != nil {
			return
		}
		g.orAdvance()
	}
}

// orAdvance moves to the next entity, or marks the round done after the last.
func (g *Game) orAdvance() {
	r := g.round
	if r.index >= len(r.entities)-1 {
		r.done = true
		return
	}
	r.index++
	r.resetSteps()
}

func (g *Game) orAfterProcess(a action.Action) {
	r := g.round
	if r.kind != operatingRound || r.done || r.activeStep() != nil {
		return
	}
	g.orAdvance()
	g.orStartOperating()
}
