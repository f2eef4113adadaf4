package engine

import "pbc/engine/board"

// CitySlots lists, for each hex with a token or a reservation in one of its
// cities, every city's slots in the tile's order: the token's company, "R:"
// and the company a slot is reserved for, or "" when it is open; a token
// beside the slots (CA 6.2, P10) follows as "+" and its company. It lets
// differential checks compare the slots themselves, not only where tokens are.
func (g *Game) CitySlots() map[string][][]string {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := map[string][][]string{}
	for id, h := range g.Board.Hexes {
		var cities [][]string
		used := false
		for i, n := range h.Tile.Nodes {
			s, ok := h.Slots[i]
			if !ok && len(h.Extra[i]) == 0 {
				if n.Kind == board.City {
					cities = append(cities, []string{})
				}
				continue
			}
			city := make([]string, 0, len(s)+len(h.Extra[i]))
			for k, t := range s {
				switch {
				case t != nil:
					city = append(city, t.Corp.ID)
					used = true
				case k < len(h.Reserved[i]) && h.Reserved[i][k] != "":
					city = append(city, "R:"+h.Reserved[i][k])
					used = true
				default:
					city = append(city, "")
				}
			}
			for _, t := range h.Extra[i] {
				city = append(city, "+"+t.Corp.ID)
				used = true
			}
			cities = append(cities, city)
		}
		if used {
			out[id] = cities
		}
	}
	return out
}
