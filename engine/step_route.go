package engine

import (
	"strconv"
	"strings"

	"pbc/engine/action"
	"pbc/engine/board"
)

// Rule 5.12 (1822PNW; 1822CA 5.11): run trains. What the route step
// accepts, how it records the routes and their revenue (mail, grain, Pullman
// and port bonuses) and what it lists for Moves; the routes themselves are
// checked in routes.go and the route package.

// routeStep records the routes run by the operating company.
type routeStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped, its other fields are values.
func (s *routeStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

func (s *routeStep) name() string { return "run routes" }
func (s *routeStep) skip()        { s.pass() }

// routeTrains are the trains that run routes (Pullmans ride along instead).
func (g *Game) routeTrains(c *Corp) []*Train {
	var out []*Train
	for _, t := range c.Trains {
		if !isPullman(t) && !isGrain(t) {
			out = append(out, t)
		}
	}
	return out
}

func isGrain(t *Train) bool { return t.Def.Name == "G" }

func hasGrain(c *Corp) bool {
	for _, t := range c.Trains {
		if isGrain(t) {
			return true
		}
	}
	return false
}

// grainChoices are the trains a CA grain train may be attached to.
func (g *Game) grainChoices(c *Corp, op *orState) []*Train {
	var carrier *Train
	if list := g.pullmanChoices(c); op.pullman >= 0 && op.pullman < len(list) {
		carrier = list[op.pullman]
	}
	var out []*Train
	for _, t := range g.routeTrains(c) {
		if t.Name != "E" && t != carrier {
			out = append(out, t)
		}
	}
	return out
}

// choosing says which attachment (Pullman, then grain train) is still to be chosen.
func (g *Game) choosing(c *Corp, op *orState) string {
	if op.pullman < 0 && !op.skipPullman && hasPullman(c) && len(g.pullmanChoices(c)) > 0 {
		return "pullman"
	}
	if op.grain < 0 && !op.skipGrain && hasGrain(c) && len(g.grainChoices(c, op)) > 0 {
		return "grain"
	}
	return ""
}

// pullmanChoices are the trains a Pullman may be attached to.
func (g *Game) pullmanChoices(c *Corp) []*Train {
	var out []*Train
	for _, t := range g.routeTrains(c) {
		if isLocal(t) || t.Name == "E" {
			continue
		}
		out = append(out, t)
	}
	return out
}

func hasPullman(c *Corp) bool {
	for _, t := range c.Trains {
		if isPullman(t) {
			return true
		}
	}
	return false
}

func (s *routeStep) actions(e any) []string {
	c, ok := e.(*Corp)
	g := s.g
	if !ok || e != s.r.current() {
		return nil
	}
	trains := g.routeTrains(c)
	if len(trains) == 0 {
		return nil
	}
	if c.IsMinor() {
		onlyE := true
		for _, t := range trains {
			if t.Name != "E" {
				onlyE = false
			}
		}
		if onlyE {
			return nil
		}
	}
	if !g.canRunRoute(c) {
		return nil
	}
	if g.choosing(c, s.r.op) != "" {
		return runOrChoose
	}
	return runRoutes
}

func (s *routeStep) process(a action.Action, e any) error {
	g := s.g
	c := e.(*Corp)
	op := s.r.op
	switch v := a.(type) {
	case *action.Choose:
		what := g.choosing(c, op)
		if what == "" {
			return ruleErr("%s has nothing to attach", c.ID)
		}
		if v.Choice == "None" && g.T.Routes.AttachOptional {
			if what == "pullman" {
				op.skipPullman = true
			} else {
				op.skipGrain = true
			}
			return nil
		}
		list := g.pullmanChoices(c)
		if what == "grain" {
			list = g.grainChoices(c, op)
		}
		i := atoiDefault(v.Choice, -1)
		if i < 0 || i >= len(list) {
			return ruleErr("choose a train from 0 to %d to carry the %s", len(list)-1, what)
		}
		if what == "pullman" {
			op.pullman = i
		} else {
			op.grain = i
		}
		return nil
	case *action.RunRoutes:
		for _, rt := range v.Routes {
			t := g.Depot.Train(rt.Train)
			if t == nil || t.Owner != c {
				return ruleErr("%s does not own train %s", c.ID, rt.Train)
			}
		}
		op.routes = v.Routes
		op.revenue = 0
		for _, rt := range v.Routes {
			op.revenue += rt.Revenue
		}
		op.revenue += v.ExtraRevenue
		switch {
		case !g.trustRevenue:
			// Games played here: the routes must be legal and pay what the rules say.
			total, _, err := g.RouteRevenue(c, v.Routes)
			if err != nil {
				return err
			}
			op.revenue = total
		case g.checkRoutes:
			// Imports keep the recorded revenue (18xx.games changed some rules
			// since); a disagreement is only reported.
			if total, _, err := g.RouteRevenue(c, v.Routes); err != nil {
				g.warnf("action %d: %s's routes: %v (recorded revenue $%d kept)", v.ID, c.ID, err, op.revenue)
			} else if total != op.revenue-v.ExtraRevenue {
				g.warnf("action %d: %s's routes pay $%d under the current rules; recorded $%d kept", v.ID, c.ID, total, op.revenue)
			}
		}
		op.subsidy = g.mailSubsidy(c, v.Routes)
		op.pullman, op.grain = -1, -1
		s.pass()
		return nil
	}
	return ruleErr("%s must run its routes", c.ID)
}

func atoiDefault(s string, d int) int {
	n := 0
	if s == "" {
		return d
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return d
		}
		n = n*10 + int(r-'0')
	}
	return n
}

// routeHexes lists every hex a recorded route passes through.
func routeHexes(rt action.Route) []string {
	seen := map[string]bool{}
	var out []string
	for _, seg := range rt.Connections {
		for _, h := range seg {
			if h == "local" {
				continue
			}
			if i := strings.IndexByte(h, ' '); i > 0 {
				h = h[:i]
			}
			if !seen[h] {
				seen[h] = true
				out = append(out, h)
			}
		}
	}
	return out
}

// stopRevenue is the base revenue of the stop on hex (for mail contracts).
func (g *Game) stopRevenue(rt action.Route, hex string) int {
	h := g.Board.Hex(hex)
	if h == nil {
		return 0
	}
	node := -1
	for _, n := range rt.Nodes {
		if i := strings.LastIndexByte(n, '-'); i > 0 && n[:i] == hex {
			node = atoiDefault(n[i+1:], -1)
			break
		}
	}
	nodes := h.Tile.Nodes
	if node < 0 || node >= len(nodes) {
		for i, n := range nodes {
			if n.Kind != board.Junction {
				node = i
				break
			}
		}
	}
	if node < 0 || node >= len(nodes) {
		return 0
	}
	return nodes[node].Revenue.At(g.tileColor())
}

// mailSubsidy pays half the base value of the first and last stops of the best
// route(s), one per mail contract (PNW P9; CA P22/P23), plus CA's flat regional
// contracts (P24/P25) for as many routes as were run.
func (g *Game) mailSubsidy(c *Corp, routes []action.Route) int {
	large, small := 0, 0
	for _, p := range c.Privates {
		switch p.Def.Ability {
		case "mail":
			large++
		case "small_mail":
			small++
		}
	}
	if large+small == 0 {
		return 0
	}
	var bonuses []int
	for _, rt := range routes {
		if large == 0 {
			break
		}
		local := len(rt.Connections) == 1 && len(rt.Connections[0]) > 0 && rt.Connections[0][0] == "local"
		if len(rt.Connections) == 0 || (local && !g.T.Routes.LocalMail) {
			continue // with local mail, L-trains carry mail too: half their one stop
		}
		stops := rt.Hexes
		if len(stops) == 0 {
			continue
		}
		t := g.Depot.Train(rt.Train)
		if !g.T.Routes.LocalMail && (t == nil || strings.HasPrefix(t.Name, "L") || len(stops) < 2) {
			continue
		}
		first := g.stopRevenue(rt, stops[0])
		last := 0
		if len(stops) > 1 {
			last = g.stopRevenue(rt, stops[len(stops)-1])
		}
		bonuses = append(bonuses, (first+last)/2)
	}
	sortDesc(bonuses)
	if len(bonuses) > large {
		bonuses = bonuses[:large]
	}
	flat := g.smallMailSubsidy()
	nSmall := min(small, len(routes))
	if len(routes) >= len(bonuses)+small || len(bonuses) == 0 || nSmall == 0 {
		return sum(bonuses) + nSmall*flat
	}
	// Fewer routes than contracts: each route takes the better remaining contract.
	total, li, si := 0, 0, 0
	for range routes {
		l, sm := 0, 0
		if li < len(bonuses) {
			l = bonuses[li]
		}
		if si < nSmall {
			sm = flat
		}
		if sm > l {
			total += sm
			si++
		} else {
			total += l
			li++
		}
	}
	return total
}

// smallMailSubsidy is CA's regional mail contract payment by phase.
func (g *Game) smallMailSubsidy() int {
	switch n := g.phaseNum(); {
	case n >= 7:
		return 40
	case n >= 5:
		return 30
	case n >= 3:
		return 20
	}
	return 0
}

func sum(a []int) int {
	t := 0
	for _, x := range a {
		t += x
	}
	return t
}

// attachMoves lists the trains a Pullman or grain car may be attached to.
func (g *Game) attachMoves(c *Corp, op *orState) []ChoiceMove {
	what := g.choosing(c, op)
	list := g.pullmanChoices(c)
	if what == "grain" {
		list = g.grainChoices(c, op)
	}
	var out []ChoiceMove
	for i, t := range list {
		out = append(out, ChoiceMove{Choice: strconv.Itoa(i), Label: "attach the " + what + " to " + t.ID})
	}
	if what != "" && g.T.Routes.AttachOptional {
		out = append(out, ChoiceMove{Choice: "None", Label: "attach no " + what})
	}
	return out
}

// choiceMoves lists the trains a Pullman or grain car may be attached to.
func (s *routeStep) choiceMoves(e any) []ChoiceMove { return s.g.attachMoves(e.(*Corp), s.r.op) }
