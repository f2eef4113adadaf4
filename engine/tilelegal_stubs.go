package engine

import (
	"slices"

	"pbc/engine/board"
)

// Stubs and track rights (title.HexRules): the first tile in a hex with
// stubs reaches them all, unless a player holds track rights there.

// stubsProblem says why a first tile with these exits may not be laid in
// the hex for its stubs, or "".
func (lc *layCheck) stubsProblem(exits []int) string {
	g, h := lc.g, lc.h
	stubs := g.T.Hexes.Stubs[h.Def.ID]
	if len(stubs) == 0 || h.Tile.Color != board.White {
		return ""
	}
	if len(g.trackRightsHolders(h.Def.ID)) > 0 {
		return "" // the holder lays freely; others need his consent, which 18xx.games leaves to them
	}
	if missing := missingInts(stubs, exits); len(missing) > 0 {
		return "its track must reach the stub " + lc.towardText(missing)
	}
	return ""
}

// trackRightsHolders lists the players holding track rights in hex.
func (g *Game) trackRightsHolders(hex string) []*Player {
	var out []*Player
	add := func(p *Player) {
		if p != nil && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	for _, id := range g.T.Hexes.TrackRights[hex] {
		if comp := g.Company(id); comp != nil {
			if p, ok := comp.Owner.(*Player); ok && !comp.Closed {
				add(p)
			}
		} else if c := g.Corp(id); c != nil && !c.Closed {
			add(c.President())
		}
	}
	// A minor whose home slot stays holds the rights where its city faces.
	for _, c := range g.Corps {
		if !c.Def.HomeSlotStays || c.Closed || len(c.Tokens) == 0 || !c.Tokens[0].Used {
			continue
		}
		home := g.Board.Hex(c.Tokens[0].Hex)
		if home == nil || home.keptSlotExit == 0 {
			continue
		}
		if board.Neighbors(g.Board.Map.Layout, home.Def.ID)[home.keptSlotExit-1] == hex {
			add(c.President())
		}
	}
	return out
}
