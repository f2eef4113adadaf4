package views

import (
	"fmt"
	"slices"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/board"
)

// A run names a stop of a hex with several by its number ("M38.2"). The
// picture of `map <hex>` numbers them; the answer says the same in words
// (London's six cities are small on a phone): each stop's number, its
// stations and where its track leads.

// stopsLine describes the stops of h when it has several, or "".
func stopsLine(g *engine.Game, h *engine.HexState) string {
	stops := commands.StopNodes(h.Tile)
	if len(stops) < 2 {
		return ""
	}
	var parts []string
	for k, n := range stops {
		var about []string
		kind := "town"
		if h.Tile.Nodes[n].Kind != board.Town {
			kind = "city"
		}
		var corps []string
		for _, t := range h.Slots[n] {
			if t != nil && t.Corp != nil {
				corps = append(corps, t.Corp.ID)
			}
		}
		if len(corps) > 0 {
			about = append(about, strings.Join(corps, " "))
		}
		if to := trackTo(g, h, n); len(to) > 0 {
			about = append(about, "track to "+notation.JoinAnd(to))
		}
		part := fmt.Sprintf("%s.%d %s", h.Def.ID, k+1, kind)
		if len(about) > 0 {
			part += " (" + strings.Join(about, "; ") + ")"
		}
		parts = append(parts, part)
	}
	return fmt.Sprintf("Its stops, as a run names them: %s.", strings.Join(parts, ", "))
}

// trackTo lists the neighbouring hexes the paths of node n of h lead to,
// and the other stops of h it is joined to.
func trackTo(g *engine.Game, h *engine.HexState, n int) []string {
	var out []string
	add := func(s string) {
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	stops := commands.StopNodes(h.Tile)
	for _, p := range h.Tile.Paths {
		var other board.End
		switch {
		case !p.A.IsEdge() && p.A.Node == n:
			other = p.B
		case !p.B.IsEdge() && p.B.Node == n:
			other = p.A
		default:
			continue
		}
		if other.IsEdge() {
			add(board.Neighbors(g.Board.Map.Layout, h.Def.ID)[(other.Edge+h.Rotation)%6])
			continue
		}
		if k := slices.Index(stops, other.Node); k >= 0 {
			add(fmt.Sprintf("%s.%d", h.Def.ID, k+1))
		}
	}
	return out
}
