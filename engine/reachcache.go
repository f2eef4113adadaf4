package engine

import (
	"reflect"
	"slices"
	"sync/atomic"

	"pbc/engine/board"
	"pbc/engine/graph"
)

// A company's network is walked for most actions (every lay, every token
// step, every merger question), but most board changes happen far from most
// networks. A walked network depends only on the company's station nodes
// and on the hexes it meets (its token hexes and the hexes its track
// touches): a change elsewhere cannot reach it. So a cached network stays
// valid across board changes that miss it, and the board keeps a short log
// of which hex each change touched.

// boardLogSize is how many recent board changes the board remembers; a
// network older than that is walked again.
const boardLogSize = 32

// reachEntry is a company's walked network and what it was walked from.
type reachEntry struct {
	r      *graph.Result
	starts []graph.NodeRef
	ver    int // the board version r is known to be current for
	// routeVer is one more than the board version at which reach last
	// looked for the company's route (0: never); 18xx.games looks once per
	// change of the board, when it walks the network afresh.
	routeVer int
}

// verifyReach makes every reuse of a cached network check it against a
// fresh walk (tests set it); verifiedReuses counts those checks.
var (
	verifyReach    bool
	verifiedReuses atomic.Int64
)

// changeHex records that change number ver touched hex ("" when unknown).
// A change to a gray, red or blue hex counts as unknown: those hexes can
// stop a network without the network meeting them.
func (b *BoardState) changeHex(ver int, h *HexState) {
	id := ""
	if h != nil && h.Tile != nil {
		switch h.Tile.Color {
		case board.Gray, board.Red, board.Blue:
		default:
			id = h.Def.ID
		}
	}
	b.changed[ver%boardLogSize] = id
}

// cachedReach returns c's network from its station tokens, walking it only
// when a board change since the cached walk may have changed it, and the
// cache entry for it; current reports that the stored entry was already
// known current (nothing to store).
func (g *Game) cachedReach(c *Corp) (r *graph.Result, e reachEntry, current bool) {
	ver := g.Board.version
	e, ok := g.reachCache[c]
	if ok && e.ver == ver {
		return e.r, e, true
	}
	starts := stationStarts(c)
	if ok && g.unchangedFor(e, starts) {
		if verifyReach {
			if fresh := graph.Reach(g.walkView(), c.ID, starts); !reflect.DeepEqual(fresh, e.r) {
				panic("engine: a cached network differs from a fresh walk of " + c.ID)
			}
			verifiedReuses.Add(1)
		}
		e.ver = ver
		return e.r, e, false
	}
	r = graph.Reach(g.walkView(), c.ID, starts)
	return r, reachEntry{r: r, starts: starts, ver: ver, routeVer: e.routeVer}, false
}

// unchangedFor reports whether e, walked from starts, survives every board
// change since it was known current.
func (g *Game) unchangedFor(e reachEntry, starts []graph.NodeRef) bool {
	b := g.Board
	if b.version-e.ver >= boardLogSize || !slices.Equal(starts, e.starts) {
		return false
	}
	for v := e.ver + 1; v <= b.version; v++ {
		hex := b.changed[v%boardLogSize]
		if hex == "" || e.r.Touches(hex) || slices.ContainsFunc(starts, func(s graph.NodeRef) bool { return s.Hex == hex }) {
			return false
		}
	}
	return true
}

// storeReach keeps e as c's network.
func (g *Game) storeReach(c *Corp, e reachEntry) {
	if g.reachCache == nil {
		g.reachCache = map[*Corp]reachEntry{}
	}
	g.reachCache[c] = e
}
