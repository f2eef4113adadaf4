package board

import (
	"fmt"
	"slices"
	"strings"
)

// Placement describes what tile t laid at rotation rot puts on a hex as
// players see it: which edges its track joins, to which stops, with what
// revenues and station slots. Two rotations of a tile with the same
// Placement are the same lay (tile 9 at r0 and r3), so choices list one.
func Placement(t *Tile, rot int) string {
	turn := func(e int) int { return ((e+rot)%6 + 6) % 6 }
	nodeEdges := make([][]int, len(t.Nodes))
	nodeLinks := make([][]int, len(t.Nodes))
	var plain []string
	for _, p := range t.Paths {
		mark := ""
		if p.Terminal {
			mark = "t"
		}
		if p.Thin {
			mark += "~"
		}
		switch {
		case p.A.IsEdge() && p.B.IsEdge():
			a, b := turn(p.A.Edge), turn(p.B.Edge)
			plain = append(plain, fmt.Sprintf("%d-%d%s", min(a, b), max(a, b), mark))
		case p.A.IsEdge():
			nodeEdges[p.B.Node] = append(nodeEdges[p.B.Node], turn(p.A.Edge))
		case p.B.IsEdge():
			nodeEdges[p.A.Node] = append(nodeEdges[p.A.Node], turn(p.B.Edge))
		default:
			nodeLinks[p.A.Node] = append(nodeLinks[p.A.Node], p.B.Node)
			nodeLinks[p.B.Node] = append(nodeLinks[p.B.Node], p.A.Node)
		}
	}
	// A stop is its kind, value and slots and the edges it reaches; stops
	// joined to each other name each other by that, not by their index.
	own := make([]string, len(t.Nodes))
	for i, n := range t.Nodes {
		edges := slices.Clone(nodeEdges[i])
		slices.Sort(edges)
		own[i] = fmt.Sprintf("%d/%d/%v/%d/%s/%d%v", n.Kind, n.Revenue.Flat, revenueByColor(n.Revenue), n.Slots, n.Group, n.VisitCost, edges)
	}
	nodes := make([]string, len(t.Nodes))
	for i := range t.Nodes {
		var links []string
		for _, j := range nodeLinks[i] {
			links = append(links, own[j])
		}
		slices.Sort(links)
		nodes[i] = own[i] + "<" + strings.Join(links, ",") + ">"
	}
	slices.Sort(nodes)
	slices.Sort(plain)
	return t.Name + "|" + t.Label + "|" + strings.Join(nodes, ";") + "|" + strings.Join(plain, ",")
}

// revenueByColor writes a phase-dependent revenue in colour order.
func revenueByColor(r Revenue) string {
	if len(r.ByColor) == 0 {
		return ""
	}
	var parts []string
	for c := White; c <= Gray+1; c++ {
		if v, ok := r.ByColor[c]; ok {
			parts = append(parts, fmt.Sprintf("%d:%d", c, v))
		}
	}
	return strings.Join(parts, ",")
}

// DistinctRotations keeps, of the rotations given, the first of each
// placement of t: rotations that lay the same track count once.
func DistinctRotations(t *Tile, rots []int) []int {
	seen := map[string]bool{}
	var out []int
	for _, r := range rots {
		if k := Placement(t, r); !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	return out
}
