package engine

// A home token that brings its own slot to a city of a many-city hex (1822
// M14 in London): 18xx.games remembers that city by its track exit, and
// every upgrade of the hex gives the city on that exit one slot more than
// its tile prints, whether or not the token is still there.

// cityExit is the board edge the track of city node leaves by, or -1.
func (h *HexState) cityExit(node int) int {
	for _, p := range h.Tile.Paths {
		switch {
		case p.A.IsEdge() && p.B.Node == node:
			return (p.A.Edge + h.Rotation) % 6
		case p.B.IsEdge() && p.A.Node == node:
			return (p.B.Edge + h.Rotation) % 6
		}
	}
	return -1
}

// keepRondelSlot gives the city on the remembered exit its extra slot after
// a new tile, if the tile's slots and the moved tokens left it without one.
func (h *HexState) keepRondelSlot() {
	if h.keptSlotExit == 0 {
		return
	}
	for _, node := range h.Tile.Cities() {
		if h.cityExit(node) != h.keptSlotExit-1 {
			continue
		}
		if len(h.Slots[node]) < h.Tile.Nodes[node].Slots+1 {
			h.addSlot(node)
		}
		return
	}
}
