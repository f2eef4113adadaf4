package engine

import "slices"

// Builder cubes by terrain (title.TileRules.CubeTerrain, 1822MX): each
// terrain takes its own number of cubes and is paid off by them as a whole,
// in the title's order; without the list each cube is worth $40 (5.7.21).

// cubeDiscount is what cubes builder cubes take off a lay's cost on h.
func (g *Game) cubeDiscount(h *HexState, cubes int) int {
	uses := g.T.SpecialTiles.CubeTerrain
	if len(uses) == 0 {
		return 40 * cubes
	}
	off := 0
	for _, u := range uses {
		if cubes >= u.Cubes && slices.Contains(h.Tile.Terrain, u.Terrain) {
			cubes -= u.Cubes
			off += u.Value
		}
	}
	return off
}

// cubeRoom is how many builder cubes h can hold when its terrain costs cost.
func (g *Game) cubeRoom(h *HexState, cost int) int {
	uses := g.T.SpecialTiles.CubeTerrain
	if len(uses) == 0 {
		return (cost + 39) / 40
	}
	n := 0
	for _, u := range uses {
		if slices.Contains(h.Tile.Terrain, u.Terrain) {
			n += u.Cubes
		}
	}
	return n
}
