package commands

import (
	"pbc/engine"
	"sort"
)

// HexIDs are the ids of the map's hexes.
func HexIDs(g *engine.Game) []string {
	out := make([]string, 0, len(g.Board.Hexes))
	for id := range g.Board.Hexes {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// CompanyIDs are the ids of the corporations and company cards.
func CompanyIDs(g *engine.Game) []string {
	var out []string
	for _, c := range g.Corps {
		if !c.Closed {
			out = append(out, c.ID)
		}
	}
	for _, c := range g.Companies {
		if !c.Closed {
			out = append(out, c.ID)
		}
	}
	return out
}

// MajorIDs are the ids of the majors.
func MajorIDs(g *engine.Game) []string {
	var out []string
	for _, c := range g.Corps {
		if c.IsMajor() && !c.Closed {
			out = append(out, c.ID)
		}
	}
	return out
}

// SupplyTiles are the names of the tiles of the game's supply.
func SupplyTiles(g *engine.Game) []string {
	var out []string
	for _, t := range g.Board.Map.Tiles {
		if !t.Hidden {
			out = append(out, t.Name)
		}
	}
	return out
}
