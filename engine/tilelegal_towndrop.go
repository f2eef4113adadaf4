package engine

import (
	"slices"
	"strconv"

	"pbc/engine/board"
)

// Two lay rules of the British titles, as family switches: the hex whose
// first tile drops its printed town (title.HexRules.TownDrop, 1822 Swansea:
// one tile fits it, at fixed rotations, and 18xx.games checks nothing else
// of that lay, neither track kept nor connection), and where the discount
// privates' lays may go.

// townDrop reports whether the lay is the first tile on the town-drop hex.
func (lc *layCheck) townDrop() bool {
	r := lc.g.T.Hexes
	return r.TownDrop != "" && lc.h.Def.ID == r.TownDrop && lc.h.Tile.Color == board.White
}

// townDropStops is stopsProblem on the town-drop hex: only its tile; ok is
// false elsewhere.
func (lc *layCheck) townDropStops() (why string, ok bool) {
	if !lc.townDrop() {
		return "", false
	}
	if t := lc.g.T.Hexes.TownDropTile; lc.def.Name != t {
		return lc.h.Def.ID + " takes tile " + t + " first", true
	}
	return "", true
}

// townDropFits is fits on the town-drop hex: its rotations only; ok is
// false elsewhere.
func (lc *layCheck) townDropFits(rot int) (why string, ok bool) {
	if !lc.townDrop() {
		return "", false
	}
	rots := lc.g.T.Hexes.TownDropRotations
	if slices.Contains(rots, rot) {
		return "", true
	}
	var names []string
	for _, r := range rots {
		names = append(names, strconv.Itoa(r))
	}
	return "tile " + lc.def.Name + " goes on " + lc.h.Def.ID + " at rotation " + orJoin("", names) + " only", true
}

// discountLayRefusal says why a discount private may not lay on h, or nil:
// the hill token only on its hexes (1822 P8), the estuary token only where
// a water crossing is still to pay (1822 P10).
func (g *Game) discountLayRefusal(via *Company, h *HexState) error {
	switch via.Def.Ability {
	case "hill_discount":
		if !slices.Contains(via.Def.Hexes, h.Def.ID) {
			return ruleErr("%s's token pays a lay on a rough, hill or mountain hex, not %s", via.ID, h.Def.ID)
		}
	case "estuary_discount":
		if !slices.ContainsFunc(h.Borders, func(b board.Border) bool { return b.Kind == board.WaterBorder && b.Cost > 0 }) {
			return ruleErr("%s's lay must cross an estuary; %s has none to cross", via.ID, h.Def.ID)
		}
	}
	return nil
}
