package engine

import "pbc/engine/board"

// stubsProblem says why the first tile of a hex with stubs
// (title.HexRules.Stubs) may not have these exits, or "": it must reach
// every stub. 18xx.games names players with track rights in those hexes
// (the London concessions and minors) and would let them lay freely, but
// it drops the rights before it checks a lay, so the stubs bind everyone.
func (lc *layCheck) stubsProblem(exits []int) string {
	stubs := lc.g.T.Hexes.Stubs[lc.h.Def.ID]
	if len(stubs) == 0 || lc.h.Tile.Color != board.White {
		return ""
	}
	if missing := missingInts(stubs, exits); len(missing) > 0 {
		return "its track must reach the stub " + lc.towardText(missing)
	}
	return ""
}
