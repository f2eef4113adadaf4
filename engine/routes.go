package engine

import (
	"pbc/engine/action"
	"pbc/engine/graph"
	"pbc/engine/route"
)

// RouteRevenue checks the routes c proposes to run now and returns their
// total revenue and each route's share, computed by package route from the
// current board, phase and c's tokens, trains and privates (the Pullman goes
// to the train chosen this turn).
func (g *Game) RouteRevenue(c *Corp, routes []action.Route) (int, []int, error) {
	rs, err := route.ParseAll(routes)
	if err != nil {
		return 0, nil, err
	}
	return route.Revenue(g.RouteInput(c), rs)
}

// RouteSubsidy returns the mail-contract subsidy c's routes earn.
func (g *Game) RouteSubsidy(c *Corp, routes []action.Route) (int, error) {
	rs, err := route.ParseAll(routes)
	if err != nil {
		return 0, err
	}
	return route.Subsidy(g.RouteInput(c), rs)
}

// RouteInput describes c's operating turn now to package route: the board,
// c's tokens and runnable trains, the phase, the train carrying the Pullman
// (and, in 1822CA, the grain car) this turn, and the title's bonuses. The
// auto-router builds it once per turn and evaluates candidate runs on it.
func (g *Game) RouteInput(c *Corp) *route.Input {
	in := &route.Input{
		Board:   boardView{g.Board},
		Corp:    c.ID,
		Phase:   g.tileColor(),
		Pullman: g.pullmanCarrier(c),
	}
	var home, dest *Token
	for i, t := range c.Tokens {
		if !t.Used || t.Hex == "" {
			continue
		}
		kind := route.NormalToken
		switch t.Kind {
		case DestinationToken:
			kind, dest = route.DestinationToken, t
		case CoalToken:
			kind = route.CoalToken
		}
		if i == 0 {
			home = t
		}
		in.Tokens = append(in.Tokens, route.Token{At: graph.NodeRef{Hex: t.Hex, Node: t.City}, Kind: kind})
	}
	for _, t := range g.routeTrains(c) {
		v, ok := variantOf(t.Def, t.Name)
		if !ok {
			continue
		}
		in.Trains = append(in.Trains, route.Train{ID: t.ID, Name: t.Name, Distance: v.Distance})
	}
	rules := &in.Rules
	if c.IsMajor() && home != nil && dest != nil {
		rules.Destination = &route.Destination{
			Home: graph.NodeRef{Hex: home.Hex, Node: home.City},
			Dest: graph.NodeRef{Hex: dest.Hex, Node: dest.City},
		}
	}
	for _, p := range c.Privates {
		switch p.Def.Ability {
		case "mail":
			rules.MailContracts++
		case "small_mail":
			rules.SmallMail++
		}
	}
	if g.isPNW() {
		g.pnwRouteRules(c, rules)
	} else {
		g.caRouteRules(c, in)
	}
	return in
}

// 1822CA route facts: the city-and-town hexes, the grain elevators and the
// port hexes of the grain trade.
var (
	caDoubleHexes   = []string{"G13", "I15", "AB22", "AG13", "AH10"}
	caGrainElevator = setOf("G13", "H16", "I11", "I15", "I17", "J16", "K13", "K17", "L16", "M17")
	caEastPorts     = setOf("N6", "R16")
	caWestPorts     = setOf("A7", "C15")
)

func setOf(ids ...string) map[string]bool {
	m := make(map[string]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}

// caRouteRules sets the 1822CA route switches and bonuses.
func (g *Game) caRouteRules(c *Corp, in *route.Input) {
	rules := &in.Rules
	rules.DoubleHexes = caDoubleHexes
	rules.PullmanTowns = 2
	switch n := g.phaseNum(); {
	case n >= 7:
		rules.SmallMailAmount = 40
	case n >= 5:
		rules.SmallMailAmount = 30
	case n >= 3:
		rules.SmallMailAmount = 20
	}
	if c.IsMajor() {
		rules.Grain = &route.Grain{Elevators: caGrainElevator, EastPorts: caEastPorts, WestPorts: caWestPorts,
			Carrier: g.grainCarrier(c)}
	}
	if g.sawmillHex != "" && g.sawmillMode != "" {
		switch {
		case g.sawmillMode == "open":
			rules.SawmillHex, rules.SawmillBonus = g.sawmillHex, 20
		case g.sawmillOwner == c:
			rules.SawmillHex, rules.SawmillBonus = g.sawmillHex, 10
		}
	}
}

// pnwRouteRules sets the 1822PNW route switches and bonuses.
func (g *Game) pnwRouteRules(c *Corp, rules *route.Rules) {
	rules.DoubleHexes = []string{"H19", "M4"}
	rules.LocalMail = true
	rules.TimberBonus, rules.SkiBonus = 10, 30
	rules.MillBonus = 10
	if g.phaseNum() >= 5 {
		rules.MillBonus = 30
	}
	rules.PortageFee = 10
	for _, p := range c.Privates {
		switch p.ID {
		case "P14":
			rules.TimberDouble = true
		case "P16":
			rules.PortageFee = 0
		}
	}
	for id, h := range g.Board.Hexes {
		if h.Markers["forest"] {
			if rules.Timber == nil {
				rules.Timber = map[string]bool{}
			}
			rules.Timber[id] = true
		}
		if h.Markers["P15"] {
			rules.MillHex = id
		}
		if h.Markers["P17"] {
			rules.SkiHex = id
		}
		if n := tileName(h.TileID); n == "PNW1" || n == "PNW2" {
			if rules.Portage == nil {
				rules.Portage = map[string]bool{}
			}
			rules.Portage[id] = true
		}
	}
}

// grainCarrier is the id of the train c attached its grain car to this turn, or "".
func (g *Game) grainCarrier(c *Corp) string {
	r := g.round
	if r == nil || r.op == nil || r.op.grain < 0 || r.current() != any(c) {
		return ""
	}
	if list := g.grainChoices(c, r.op); r.op.grain < len(list) {
		return list[r.op.grain].ID
	}
	return ""
}

// pullmanCarrier is the id of the train c attached its Pullman to this turn, or "".
func (g *Game) pullmanCarrier(c *Corp) string {
	r := g.round
	if r == nil || r.op == nil || r.op.pullman < 0 || r.current() != any(c) {
		return ""
	}
	if list := g.pullmanChoices(c); r.op.pullman < len(list) {
		return list[r.op.pullman].ID
	}
	return ""
}
