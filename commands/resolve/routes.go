package resolve

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/route"
)

// run builds a run_routes action from routes typed by their stops.
func (b *builder) run() (action.Action, error) {
	cmd := b.cmd
	c, err := b.corp()
	if err != nil {
		return nil, err
	}
	if cmd.Auto {
		routes, err := autoRoutes(b.g, c)
		if err != nil {
			return nil, err
		}
		return SetEntity(&action.RunRoutes{Routes: routes}, c), nil
	}
	used := map[*engine.Train]bool{}
	cands := make([][]action.Route, len(cmd.Routes))
	for i, spec := range cmd.Routes {
		tr, err := b.runTrain(c, spec.Train, used)
		if err != nil {
			return nil, err
		}
		used[tr] = true
		if cands[i], err = b.buildRoute(tr, spec, i); err != nil {
			return nil, err
		}
	}
	routes := b.pickWays(c, cands)
	if err := b.price(c, routes); err != nil {
		return nil, err
	}
	return SetEntity(&action.RunRoutes{Routes: routes}, c), nil
}

// runTrain finds the train a route names: an id ("3-1") or a type ("3")
// of c's trains not yet running.
func (b *builder) runTrain(c *engine.Corp, name string, used map[*engine.Train]bool) (*engine.Train, error) {
	var ids []string
	for _, t := range c.Trains {
		ids = append(ids, t.ID)
		if !used[t] && (strings.EqualFold(t.ID, name) || strings.EqualFold(t.Name, name)) {
			return t, nil
		}
	}
	if len(ids) == 0 {
		return nil, commands.Refuse("%s has no trains", commands.EntityLabel(c))
	}
	return nil, commands.Refuse("%s has no train %q to run; its trains are %s", commands.EntityLabel(c), notation.Clip(name), notation.JoinAnd(ids))
}

// buildRoute turns one typed route into 18xx.games routes, one for each way
// the track between stops that were not spelled out may be followed,
// shortest first.
func (b *builder) buildRoute(tr *engine.Train, spec notation.RouteSpec, idx int) ([]action.Route, error) {
	g := b.g
	r := action.Route{Train: tr.ID}
	var stops []notation.StopSpec
	var nodes []int
	var through []string
	for i, s := range spec.Stops {
		h := commands.FindHex(g, s.Hex)
		if h == nil {
			return nil, commands.Refuse("route %d: there is no hex %q%s", idx+1, notation.Clip(s.Hex), notation.DidYouMean(s.Hex, commands.HexIDs(g), ""))
		}
		s.Hex = h.Def.ID
		list := commands.StopNodes(h.Tile)
		if len(list) == 0 && !s.Chained && s.Node == 0 && i > 0 && i < len(spec.Stops)-1 {
			through = append(through, s.Hex) // a hex passed on the way
			continue
		}
		s.Through, through = through, nil
		for k, v := range s.Via {
			vh := commands.FindHex(g, v)
			if vh == nil {
				return nil, commands.Refuse("route %d: there is no hex %q%s", idx+1, notation.Clip(v), notation.DidYouMean(v, commands.HexIDs(g), ""))
			}
			s.Via[k] = vh.Def.ID
		}
		stops = append(stops, s)
		switch {
		case len(list) == 0:
			return nil, commands.Refuse("route %d: %s has no city or town to stop at", idx+1, h.Def.ID)
		case s.Node > len(list):
			return nil, commands.Refuse("route %d: %s has %d stops; %s.1 to %s.%d", idx+1, h.Def.ID, len(list), h.Def.ID, h.Def.ID, len(list))
		case s.Node > 0:
			nodes = append(nodes, list[s.Node-1])
		case len(list) == 1:
			nodes = append(nodes, list[0])
		default:
			nodes = append(nodes, -1)
		}
	}
	if len(stops) == 1 {
		local, err := b.localRoute(r, stops[0].Hex, nodes[0], spec, idx)
		return []action.Route{local}, err
	}
	ways := b.ways(stops, nodes)
	if len(ways) == 0 {
		return nil, b.noTrack(stops, nodes, idx)
	}
	slices.SortStableFunc(ways, func(x, y way) int { return x.length() - y.length() })
	out := make([]action.Route, len(ways))
	for i, w := range ways {
		out[i] = finishRoute(r, w)
	}
	return out, nil
}

// way is one tracing of a route: its start node and its segments.
type way struct {
	start int
	segs  []segment
}

// length is the number of hexes a way crosses.
func (w way) length() int {
	n := 0
	for _, s := range w.segs {
		n += len(s.hexes)
	}
	return n
}

// maxTries bounds the sets of ways compared for one run.
const maxTries = 200

// pickWays picks one way for each route: the shortest ways, then, route by
// route, any other way that makes the run legal or earn more with the
// others (trains may not share track).
func (b *builder) pickWays(c *engine.Corp, cands [][]action.Route) []action.Route {
	pick := make([]action.Route, len(cands))
	multi := false
	for i, list := range cands {
		pick[i] = list[0]
		multi = multi || len(list) > 1
	}
	if !multi {
		return pick
	}
	score := func() int {
		total, _, err := b.g.RouteRevenue(c, pick)
		if err != nil {
			return -1
		}
		return total
	}
	best, tries := score(), 0
	for pass := 0; pass < 3; pass++ {
		improved := false
		for i, list := range cands {
			for j := 1; j < len(list) && tries < maxTries; j++ {
				keep := pick[i]
				pick[i] = list[j]
				tries++
				if v := score(); v > best {
					best, improved = v, true
					continue
				}
				pick[i] = keep
			}
		}
		if !improved {
			break
		}
	}
	return pick
}

// maxWays bounds the tracings of one route that are compared.
const maxWays = 32

// ways lists the tracings of a route through the stops.
func (b *builder) ways(stops []notation.StopSpec, nodes []int) []way {
	var out []way
	starts := []int{nodes[0]}
	if nodes[0] < 0 {
		starts = commands.StopNodes(b.g.Board.Hex(stops[0].Hex).Tile)
	}
	var rec func(i, at int, segs []segment)
	rec = func(i, at int, segs []segment) {
		if len(out) >= maxWays {
			return
		}
		if i == len(stops) {
			out = append(out, way{start: segs[0].startNode, segs: append([]segment(nil), segs...)})
			return
		}
		prev, s := stops[i-1], stops[i]
		var chain []string
		if s.Chained {
			chain = append(append([]string{prev.Hex}, s.Via...), s.Hex)
			if prev.Hex == s.Hex && len(s.Via) == 0 {
				chain = []string{s.Hex}
			}
		} else if prev.Hex == s.Hex {
			chain = []string{s.Hex}
		}
		for _, seg := range segments(b.g.Board, prev.Hex, at, s.Hex, nodes[i], chain) {
			if !passes(seg.hexes, s.Through) {
				continue
			}
			seg.startNode = at
			rec(i+1, seg.end, append(segs, seg))
		}
	}
	for _, n := range starts {
		rec(1, n, nil)
	}
	return out
}

// passes reports whether hexes include through, in that order.
func passes(hexes, through []string) bool {
	k := 0
	for _, h := range hexes {
		if k < len(through) && h == through[k] {
			k++
		}
	}
	return k == len(through)
}

// noTrack explains a route whose stops are not joined by track.
func (b *builder) noTrack(stops []notation.StopSpec, nodes []int, idx int) error {
	for i := 1; i < len(stops); i++ {
		if len(b.ways(stops[:i+1], nodes[:i+1])) == 0 {
			how := "no track joins"
			if stops[i].Chained || len(stops[i].Through) > 0 {
				how = "no track follows the hexes given between"
			}
			return commands.Refuse("route %d: %s %s and %s", idx+1, how, stops[i-1].Hex, stops[i].Hex)
		}
	}
	return commands.Refuse("route %d: no track joins its stops", idx+1)
}

// finishRoute fills connections, stop hexes and nodes of r from a tracing.
func finishRoute(r action.Route, w way) action.Route {
	first := w.segs[0].hexes[0]
	r.Hexes = []string{first}
	r.Nodes = []string{first + "-" + strconv.Itoa(w.start)}
	for _, s := range w.segs {
		r.Connections = append(r.Connections, s.hexes)
		last := s.hexes[len(s.hexes)-1]
		node := last + "-" + strconv.Itoa(s.end)
		if slices.Contains(r.Nodes, node) {
			continue // a loop back to a stop (an old way of recording local runs)
		}
		r.Hexes = append(r.Hexes, last)
		r.Nodes = append(r.Nodes, node)
	}
	r.RevenueStr = strings.Join(r.Hexes, "-")
	return r
}

// localRoute is a run inside one city (L and LP trains).
func (b *builder) localRoute(r action.Route, hex string, node int, spec notation.RouteSpec, idx int) (action.Route, error) {
	h := b.g.Board.Hex(hex)
	if node < 0 {
		cities := h.Tile.Cities()
		if len(cities) == 0 {
			return r, commands.Refuse("route %d: a one-stop run needs a city", idx+1)
		}
		node = cities[0]
	}
	r.Hexes = []string{hex}
	r.Nodes = []string{hex + "-" + strconv.Itoa(node)}
	r.RevenueStr = hex
	if !spec.Bare {
		r.Connections = [][]string{{"local", hex}}
	} else {
		r.Connections = [][]string{}
	}
	return r, nil
}

// price sets each route's revenue: as the rules compute it, or as stated
// when the game is an import (whose recorded revenues are trusted).
func (b *builder) price(c *engine.Corp, routes []action.Route) error {
	specs := b.cmd.Routes
	if len(routes) == 0 {
		return nil
	}
	_, per, err := b.g.RouteRevenue(c, routes)
	allStated := true
	for _, s := range specs {
		allStated = allStated && s.HasRevenue
	}
	if err != nil {
		if b.t.Recorded && allStated {
			for i := range routes {
				routes[i].Revenue = specs[i].Revenue
			}
			return nil
		}
		return commands.Refuse("%s", routeRefusal(err))
	}
	for i := range routes {
		routes[i].Revenue = per[i]
		if !specs[i].HasRevenue || specs[i].Revenue == per[i] {
			continue
		}
		if b.t.Recorded {
			routes[i].Revenue = specs[i].Revenue
			continue
		}
		return commands.Refuse("route %d (train %s) earns %s, not %s", i+1, routes[i].Train, engine.Money(per[i]), engine.Money(specs[i].Revenue))
	}
	return nil
}

// routeRefusal words a route error for players.
func routeRefusal(err error) string {
	var re *route.Error
	if errors.As(err, &re) {
		return fmt.Sprintf("Route %d (train %s): %s.", re.Route+1, re.Train, re.Msg)
	}
	return "Those routes are not allowed: " + err.Error() + "."
}
