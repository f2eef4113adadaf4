package engine

import (
	"slices"

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
	out := make([]string, len(s), len(s)+len(h.Extra[node]))
	for i, t := range s {
		if t != nil {
			out[i] = t.Corp.ID
		}
	}
	for _, t := range h.Extra[node] {
		out = append(out, t.Corp.ID) // lets its owner pass; takes no slot
	}
	return out
}

// walkView is boardView with graph.HexBoard's shortcuts. They live on their
// own type so that views embedding boardView to show a changed hex (layView)
// do not inherit shortcuts that would bypass their changes.
type walkView struct{ boardView }

func (g *Game) walkView() walkView { return walkView{boardView{g.Board}} }

// HexInfo answers the walker's per-hex question with one lookup.
func (v walkView) HexInfo(hex string) (*board.Tile, int, graph.Edges, bool) {
	h := v.b.Hexes[hex]
	if h == nil {
		return nil, 0, 0, false
	}
	var walls graph.Edges
	for _, b := range h.Def.Borders {
		if b.Kind == board.Impassable && b.Edge >= 0 && b.Edge < 6 {
			walls |= 1 << b.Edge
		}
	}
	return h.Tile, h.Rotation, walls, true
}

// CityAccess is Tokens without building the list.
func (v walkView) CityAccess(hex string, node int, corp string) (own, free bool) {
	h := v.b.Hexes[hex]
	if h == nil {
		return false, false
	}
	for _, t := range h.Slots[node] {
		if t == nil {
			free = true
		} else if t.Corp.ID == corp {
			own = true
		}
	}
	for _, t := range h.Extra[node] {
		if t.Corp.ID == corp {
			own = true
		}
	}
	return own, free
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

// reach walks c's track network from its placed tokens. Results are cached
// until a board change may have changed them (see cachedReach); the route
// is looked for once per board version, as before the cache kept networks
// across versions.
func (g *Game) reach(c *Corp) *graph.Result {
	ver := g.Board.version
	if e, ok := g.reachCache[c]; ok && e.routeVer == ver+1 {
		return e.r
	}
	r, e, _ := g.cachedReach(c)
	e.routeVer = ver + 1
	g.storeReach(c, e)
	g.noteRoute(c, r, len(e.starts))
	return r
}

// invalidate forgets cached networks and step answers; called whenever the
// state may have changed.
func (g *Game) invalidate() {
	g.invalidateActions()
}

// invalidateActions forgets cached step answers (the acting entity or a
// step's own state changed, the board did not).
func (g *Game) invalidateActions() {
	if g.round != nil {
		g.round.actVersion++
	}
}

// noteRoute records that c has a route once its network r (walked from
// starts stations) shows two stops.
func (g *Game) noteRoute(c *Corp, r *graph.Result, starts int) {
	if !c.routeSticky && r.NodeCount() > 1 {
		if starts == 1 {
			c.routeSticky = true // the one station's network is r
		} else {
			g.updateSticky(c)
		}
	}
}

// stationStarts lists the nodes of c's placed station tokens, where its
// network starts.
func stationStarts(c *Corp) []graph.NodeRef {
	var starts []graph.NodeRef
	for _, t := range c.Tokens {
		if t.Used && t.Hex != "" && t.Kind != CoalToken {
			starts = append(starts, graph.NodeRef{Hex: t.Hex, Node: t.City})
		}
	}
	return starts
}

// updateSticky records that c has a route (two stops from one station), as
// every full graph computation on 18xx.games does.
func (g *Game) updateSticky(c *Corp) {
	starts := stationStarts(c)
	if len(starts) == 1 {
		// One station's network is the corporation's, which reach caches
		// (and computeReach marks c).
		if g.reach(c).NodeCount() > 1 {
			c.routeSticky = true
		}
		return
	}
	for _, s := range starts {
		if graph.Reach(g.walkView(), c.ID, []graph.NodeRef{s}).NodeCount() > 1 {
			c.routeSticky = true
			return
		}
	}
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
	if n, _, ok := h.reservedNode(b.ID); ok {
		return graph.NodeRef{Hex: h.Def.ID, Node: n}, true
	}
	return graph.NodeRef{}, false
}

// connects reports whether a's track network reaches b's station (PNW: or both reach a port).
func (g *Game) connects(a, b *Corp) bool {
	ra := g.reach(a)
	if n, ok := g.homeNode(b); ok && ra.HasNode(n) {
		return true
	}
	if len(g.T.Hexes.Ferry) > 0 {
		return g.reachesPort(ra) && g.reachesPort(g.reach(b))
	}
	return false
}

// reachesPort says whether a network reaches the title's ferry.
func (g *Game) reachesPort(r *graph.Result) bool {
	return slices.ContainsFunc(g.T.Hexes.Ferry, r.Touches)
}

// canToken reports whether c could place a token in some reachable city.
func (g *Game) canToken(c *Corp) bool {
	r := g.reach(c)
	for n := range r.Nodes() {
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
		_ = s
		if h.freeSlot(n.Node, c.ID) >= 0 && !g.hexReservationBlocks(c, h) {
			return true
		}
	}
	return false
}

// canRunRoute: companies with local trains always may; others need two stops
// reachable from one of their stations. As on 18xx.games, once that has been
// true it stays true (its route cache survives track changes).
func (g *Game) canRunRoute(c *Corp) bool {
	for _, t := range c.Trains {
		if isLocal(t) {
			return true
		}
	}
	if !c.routeSticky {
		g.updateSticky(c)
	}
	return c.routeSticky
}
