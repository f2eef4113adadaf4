package engine

import (
	"slices"
	"strconv"

	"pbc/engine/board"
	"pbc/engine/title"
)

// Approaches (title.Title.Approaches): hexes beside a home city whose
// first track the holders of some companies decide, and whose stub toward
// the city a tile keeps while nobody holds one of them.

// approachHolders are the players holding one of the approach's companies:
// a company card a player owns, or a corporation he presides.
func (g *Game) approachHolders(ap title.Approach) []*Player {
	var out []*Player
	add := func(p *Player) {
		if p != nil && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	for _, id := range ap.Holders {
		if comp := g.Company(id); comp != nil && !comp.Closed {
			if p, ok := comp.Owner.(*Player); ok {
				add(p)
			}
		}
		if c := g.Corp(id); c != nil && !c.Closed {
			add(c.President())
		}
	}
	return out
}

// approachBlock says why lc's company may not lay on an approach hex whose
// first track other players decide, or "".
func (lc *layCheck) approachBlock() string {
	g, h := lc.g, lc.h
	ap, ok := g.T.Approaches[h.Def.ID]
	if !ok || lc.mode == layCube || h.Tile.Color != board.White {
		return ""
	}
	holders := g.approachHolders(ap)
	if len(holders) == 0 || slices.Contains(holders, g.controller(lc.c)) {
		return ""
	}
	var names []string
	for _, p := range holders {
		names = append(names, p.Name)
	}
	return h.Def.ID + "'s first track is for " + andJoin(names) + " to lay (holding " + orJoin("", ap.Holders) + ")"
}

// approachFits says why rotation rot breaks an approach's link, or "":
// with MustLink, while no player holds its companies, a tile links the city
// beyond its stub (HexRules.Stubs, which stubsProblem keeps) to the track
// beyond.
func (lc *layCheck) approachFits(rot int) string {
	g, h := lc.g, lc.h
	ap, ok := g.T.Approaches[h.Def.ID]
	stubs := g.T.Hexes.Stubs[h.Def.ID]
	if !ok || !ap.MustLink || len(stubs) == 0 || lc.mode == layCube || len(g.approachHolders(ap)) > 0 {
		return ""
	}
	if !lc.linksStub(rot, stubs[0]) {
		return "its track must link the stub at edge " + strconv.Itoa(stubs[0]) + " through its town to track beyond"
	}
	return ""
}

// linksStub reports whether the tile at rot leads from edge stub to a town
// and on from it across an edge into a neighbour whose track meets it.
func (lc *layCheck) linksStub(rot, stub int) bool {
	edge := func(e board.End) int { return ((e.Edge+rot)%6 + 6) % 6 }
	town := -1
	for _, p := range lc.def.Paths {
		switch {
		case p.A.IsEdge() && edge(p.A) == stub && !p.B.IsEdge():
			town = p.B.Node
		case p.B.IsEdge() && edge(p.B) == stub && !p.A.IsEdge():
			town = p.A.Node
		}
	}
	if town < 0 {
		return false
	}
	for _, p := range lc.def.Paths {
		var out board.End
		switch {
		case !p.A.IsEdge() && p.A.Node == town && p.B.IsEdge() && edge(p.B) != stub:
			out = p.B
		case !p.B.IsEdge() && p.B.Node == town && p.A.IsEdge() && edge(p.A) != stub:
			out = p.A
		default:
			continue
		}
		e := edge(out)
		nb := lc.g.Board.Hex(board.Neighbor(lc.g.Board.Map.Layout, lc.h.Def.ID, e))
		return nb != nil && slices.Contains(nb.exits(), (e+3)%6)
	}
	return false
}
