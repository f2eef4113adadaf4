package engine

import (
	"pbc/engine/action"
	"pbc/engine/graph"
	"pbc/engine/route"
	"pbc/engine/title"
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
		in.Trains = append(in.Trains, route.Train{ID: t.ID, Name: t.Name, Distance: v.Distance, Half: t.Def.HalfRevenue})
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
	g.titleRouteRules(c, rules)
	return in
}

// titleRouteRules sets the title's route facts and the bonuses this
// corporation's privates and the board's markers give.
func (g *Game) titleRouteRules(c *Corp, rules *route.Rules) {
	tr := &g.T.Routes
	n := g.phaseNum()
	rules.DoubleHexes = tr.DoubleHexes
	rules.Crossing, rules.OneTrackOf = tr.Crossing, tr.OneTrackOf
	rules.PullmanTowns = tr.PullmanTowns
	rules.LocalMail = tr.LocalMail
	rules.SmallMailAmount = title.At(tr.SmallMail, n)
	rules.TimberBonus, rules.SkiBonus = tr.TimberBonus, tr.SkiBonus
	rules.MillBonus = title.At(tr.MillBonus, n)
	rules.PortageFee = tr.PortageFee
	if c.IsMajor() && tr.GrainElevators != nil {
		rules.Grain = &route.Grain{Elevators: tr.GrainElevators, EastPorts: tr.EastPorts, WestPorts: tr.WestPorts,
			Carrier: g.grainCarrier(c)}
	}
	// A marker whose mode is chosen (the sawmill) pays everyone when open,
	// its owner alone when closed.
	for _, cs := range g.cards {
		switch {
		case cs.markerHex == "" || cs.markerMode == "":
		case cs.markerMode == "open":
			rules.SawmillHex, rules.SawmillBonus = cs.markerHex, g.T.Routes.MarkerOpen
		case cs.markerOwner == c:
			rules.SawmillHex, rules.SawmillBonus = cs.markerHex, g.T.Routes.MarkerClosed
		}
	}
	for _, p := range c.Privates {
		switch {
		case p.Def.Ability == "timber_double":
			rules.TimberDouble = true
		case p.ID == tr.PortageFreeFor:
			rules.PortageFee = 0
		}
	}
	mill, ski := g.abilityHolder("mill"), g.abilityHolder("ski_haus")
	if tr.TimberBonus == 0 && len(tr.PortageTiles) == 0 && mill == "" && ski == "" {
		return
	}
	m := g.routeMarks(mill, ski)
	rules.Timber, rules.Portage = m.timber, m.portage
	if m.mill != "" {
		rules.MillHex = m.mill
	}
	if m.ski != "" {
		rules.SkiHex = m.ski
	}
}

// abilityHolder is the id of the title's company with this ability, whose id
// also names the marker it leaves on the board; "" if none.
func (g *Game) abilityHolder(ability string) string {
	for i := range g.T.Companies {
		if g.T.Companies[i].Ability == ability {
			return g.T.Companies[i].ID
		}
	}
	return ""
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
