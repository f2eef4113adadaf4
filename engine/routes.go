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
	return route.Revenue(g.routeInput(c), rs)
}

// RouteSubsidy returns the mail-contract subsidy c's routes earn.
func (g *Game) RouteSubsidy(c *Corp, routes []action.Route) (int, error) {
	rs, err := route.ParseAll(routes)
	if err != nil {
		return 0, err
	}
	return route.Subsidy(g.routeInput(c), rs)
}

// routeInput describes c's operating turn to package route.
func (g *Game) routeInput(c *Corp) *route.Input {
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
		if p.Def.Ability == "mail" {
			rules.MailContracts++
		}
	}
	if g.isPNW() {
		g.pnwRouteRules(c, rules)
	}
	return in
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
