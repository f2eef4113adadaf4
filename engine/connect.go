package engine

import (
	"pbc/engine/board"
	"pbc/engine/graph"
)

// boardView adapts the board state to the connectivity walker.
type boardView struct{ b *BoardState }

func (v boardView) Layout() board.Layout { return v.b.Map.Layout }

func (v boardView) Tile(hex string) (*board.Tile, int, bool) {
	h := v.b.Hexes[hex]
	if h == nil {
		return nil, 0, false
	}
	return h.Tile, h.Rotation, true
}

func (v boardView) Tokens(hex string, node int) []string {
	h := v.b.Hexes[hex]
	if h == nil {
		return nil
	}
	s := h.Slots[node]
	out := make([]string, len(s))
	for i, t := range s {
		if t != nil {
			out[i] = t.Corp.ID
		}
	}
	return out
}

func (v boardView) Impassable(hex string, edge int) bool {
	h := v.b.Hexes[hex]
	if h == nil {
		return false
	}
	for _, b := range h.Def.Borders {
		if b.Edge == edge && b.Kind == board.Impassable {
			return true
		}
	}
	return false
}

// reach walks c's track network from its placed tokens.
func (g *Game) reach(c *Corp) *graph.Result {
	var starts []graph.NodeRef
	for _, t := range c.Tokens {
		if t.Used && t.Hex != "" && t.Kind != CoalToken {
			starts = append(starts, graph.NodeRef{Hex: t.Hex, Node: t.City})
		}
	}
	return graph.Reach(boardView{g.Board}, c.ID, starts)
}

// homeNode is where b's station is (or is reserved) for connection checks.
func (g *Game) homeNode(b *Corp) (graph.NodeRef, bool) {
	if len(b.Tokens) > 0 && b.Tokens[0].Used {
		return graph.NodeRef{Hex: b.Tokens[0].Hex, Node: b.Tokens[0].City}, true
	}
	h := g.Board.Hex(b.HomeHex)
	if h == nil {
		return graph.NodeRef{}, false
	}
	for n, list := range h.Reserved {
		if contains(list, b.ID) {
			return graph.NodeRef{Hex: h.Def.ID, Node: n}, true
		}
	}
	return graph.NodeRef{}, false
}

// connects reports whether a's track network reaches b's station (PNW: or both reach a port).
func (g *Game) connects(a, b *Corp) bool {
	ra := g.reach(a)
	if n, ok := g.homeNode(b); ok && ra.Nodes[n] {
		return true
	}
	if g.isPNW() {
		return g.reachesPort(ra) && g.reachesPort(g.reach(b))
	}
	return false
}

func (g *Game) reachesPort(r *graph.Result) bool {
	_, e8 := r.Hexes["E8"]
	_, d9 := r.Hexes["D9"]
	return e8 || d9
}

// canToken reports whether c could place a token in some reachable city.
func (g *Game) canToken(c *Corp) bool {
	r := g.reach(c)
	for n := range r.Nodes {
		h := g.Board.Hex(n.Hex)
		if h == nil {
			continue
		}
		s, ok := h.Slots[n.Node]
		if !ok {
			continue
		}
		if h.Tile.Nodes[n.Node].Kind != board.City {
			continue
		}
		if _, has := h.tokenOf(c); has {
			continue
		}
		free := 0
		for _, t := range s {
			if t == nil {
				free++
			}
		}
		for _, id := range h.Reserved[n.Node] {
			if id != c.ID {
				free--
			}
		}
		if free > 0 {
			return true
		}
	}
	return false
}

// canRunRoute: companies with local trains always may; others need a stop
// reachable beyond their own stations.
func (g *Game) canRunRoute(c *Corp) bool {
	for _, t := range c.Trains {
		if isLocal(t) {
			return true
		}
	}
	r := g.reach(c)
	own := map[graph.NodeRef]bool{}
	for _, t := range c.Tokens {
		if t.Used {
			own[graph.NodeRef{Hex: t.Hex, Node: t.City}] = true
		}
	}
	for n := range r.Nodes {
		if !own[n] {
			return true
		}
	}
	return false
}
