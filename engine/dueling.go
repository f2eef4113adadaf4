package engine

// DuelingCity reports whether hex is one of 1822PNW's dueling cities,
// Seattle and Portland, whose revenue rises by revenue tokens (5.8).
func (g *Game) DuelingCity(hex string) bool {
	h := g.Board.Hex(hex)
	return h != nil && g.isTokenCity(h)
}
