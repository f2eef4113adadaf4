package route

import (
	"fmt"
	"strings"

	"pbc/engine/action"
)

// ActionRoute writes run r, earning revenue, as an 18xx.games route (the
// form Parse reads back): one connection per leg listing the hexes it
// crosses ("H19 0.1" for a leg that is one path between two stops of a
// hex), or [["local", hex]] for a local run in one city; the stops' hexes in
// order and their node signatures.
func ActionRoute(r *Run, revenue int) action.Route {
	a := action.Route{Train: r.Train, Revenue: revenue}
	for _, s := range r.Stops {
		a.Hexes = append(a.Hexes, s.Hex)
		a.Nodes = append(a.Nodes, fmt.Sprintf("%s-%d", s.Hex, s.Node))
	}
	a.RevenueStr = strings.Join(a.Hexes, "-")
	if len(r.Legs) == 0 {
		if len(r.Stops) == 1 {
			a.Connections = [][]string{{"local", r.Stops[0].Hex}}
		}
		return a
	}
	for k, leg := range r.Legs {
		if len(leg) == 1 && r.Stops[k].Hex == r.Stops[k+1].Hex {
			n0, n1 := r.Stops[k].Node, r.Stops[k+1].Node
			a.Connections = append(a.Connections, []string{fmt.Sprintf("%s %d.%d", leg[0].Hex, min(n0, n1), max(n0, n1))})
			continue
		}
		var hexes []string
		for _, s := range leg {
			if len(hexes) == 0 || hexes[len(hexes)-1] != s.Hex {
				hexes = append(hexes, s.Hex)
			}
		}
		a.Connections = append(a.Connections, hexes)
	}
	return a
}
