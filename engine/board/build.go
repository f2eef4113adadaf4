package board

import (
	"slices"
	"strings"
)

// This file holds the small constructors the map and tile tables are written
// with, and the code that turns map-definition entries into hexes.

// city returns a city with a flat revenue and the given number of token slots.
func city(rev, slots int) Node {
	return Node{Kind: City, Revenue: Revenue{Flat: rev}, Slots: slots}
}

// town returns a town with a flat revenue.
func town(rev int) Node { return Node{Kind: Town, Revenue: Revenue{Flat: rev}} }

// offboard returns an off-board area with a flat revenue (phased sets one
// per phase colour).
func offboard(rev int) Node { return Node{Kind: Offboard, Revenue: Revenue{Flat: rev}} }

// free marks a stop that costs a train no distance.
func (n Node) free() Node {
	n.FreeVisit = true
	return n
}

// junction returns a point where paths meet without a stop.
func junction() Node { return Node{Kind: Junction} }

// phased replaces a node's revenue by one per phase colour.
func (n Node) phased(by map[Color]int) Node {
	n.Revenue = Revenue{ByColor: by}
	return n
}

// at sets the node's drawing position hint.
func (n Node) at(loc string) Node {
	n.Loc = loc
	return n
}

// group sets the node's city group.
func (n Node) group(g string) Node {
	n.Group = g
	return n
}

// visit sets the node's visit cost.
func (n Node) visit(cost int) Node {
	n.VisitCost = cost
	return n
}

// ep is a path from edge e to node n.
func ep(e, n int) Path { return Path{A: EdgeEnd(e), B: NodeEnd(n)} }

// pe is a path from node n to edge e.
func pe(n, e int) Path { return Path{A: NodeEnd(n), B: EdgeEnd(e)} }

// ee is a path from edge a to edge b.
func ee(a, b int) Path { return Path{A: EdgeEnd(a), B: EdgeEnd(b)} }

// nn is a path from node a to node b.
func nn(a, b int) Path { return Path{A: NodeEnd(a), B: NodeEnd(b)} }

// term marks a path terminal with the given 18xx.games terminal value.
func (p Path) term(kind int) Path {
	p.Terminal, p.TerminalKind = true, kind
	return p
}

// ignored marks a path no network leaves its node by.
func (p Path) ignored() Path {
	p.Ignored = true
	return p
}

// thin marks a path as thin track.
func (p Path) thin() Path {
	p.Thin = true
	return p
}

// lanes places the path's ends in lanes: wa lanes at A (it uses lane ia), wb at B (lane ib).
func (p Path) lanes(wa, ia, wb, ib int) Path {
	p.Lanes = max(wa, wb)
	p.Lane = [2]int{ia, ib}
	p.Width = [2]int{wa, wb}
	return p
}

// multi expands a path into n parallel lanes sharing its edges, as 18xx.games
// does for "lanes:n": between two edges lane i meets lane n-1-i on the far side.
func multi(p Path, n int) []Path {
	out := make([]Path, n)
	for i := range n {
		ib := i
		if p.A.IsEdge() && p.B.IsEdge() {
			ib = n - 1 - i
		}
		out[i] = p.lanes(n, i, n, ib)
	}
	return out
}

// paths joins path lists.
func paths(ps ...[]Path) []Path { return slices.Concat(ps...) }

// entry is one map-definition entry: hexes of one printed colour sharing one face.
// IDs is a space-separated hex list; face holds everything but the per-hex fields.
type entry struct {
	color Color
	ids   string
	face  Hex
}

// mergeEntries merges entry sets the way the map definitions combine them: colours
// in order of first appearance, entries in order, a later entry with the same
// colour and hex list replacing the earlier one in place.
func mergeEntries(sets ...[]entry) []entry {
	var colors []Color
	byColor := map[Color][]entry{}
	for _, set := range sets {
		for _, e := range set {
			list, seen := byColor[e.color]
			if !seen {
				colors = append(colors, e.color)
			}
			i := slices.IndexFunc(list, func(o entry) bool { return o.ids == e.ids })
			if i >= 0 {
				list[i] = e
			} else {
				list = append(list, e)
			}
			byColor[e.color] = list
		}
	}
	var out []entry
	for _, c := range colors {
		out = append(out, byColor[c]...)
	}
	return out
}

// buildMap expands entries into hexes named from names.
func buildMap(layout Layout, entries []entry, names map[string]string, tiles []Tile) *Map {
	m := &Map{Layout: layout, Tiles: tiles}
	for _, e := range entries {
		for k, id := range strings.Fields(e.ids) {
			h := cloneHex(e.face)
			h.ID, h.Name, h.Color, h.TileIndex = id, names[id], e.color, k
			h.Tile.Name, h.Tile.Color, h.Tile.Hidden = id, e.color, true
			h.Tile.Label, h.Tile.Cost = h.Label, h.Cost
			h.Tile.Terrain = slices.Clone(h.Terrain)
			h.Tile.Icons = slices.Clone(h.Icons)
			m.Hexes = append(m.Hexes, h)
		}
	}
	m.reindex()
	return m
}

// cloneTile returns a deep copy of t.
func cloneTile(t Tile) Tile {
	t.Nodes = slices.Clone(t.Nodes)
	for i := range t.Nodes {
		if by := t.Nodes[i].Revenue.ByColor; by != nil {
			c := make(map[Color]int, len(by))
			for k, v := range by {
				c[k] = v
			}
			t.Nodes[i].Revenue.ByColor = c
		}
	}
	t.Paths = slices.Clone(t.Paths)
	t.Terrain = slices.Clone(t.Terrain)
	t.Icons = slices.Clone(t.Icons)
	return t
}

// cloneHex returns a deep copy of h.
func cloneHex(h Hex) Hex {
	h.Tile = cloneTile(h.Tile)
	h.Terrain = slices.Clone(h.Terrain)
	h.Borders = slices.Clone(h.Borders)
	h.Icons = slices.Clone(h.Icons)
	h.StickyIcons = slices.Clone(h.StickyIcons)
	h.Reserved = slices.Clone(h.Reserved)
	return h
}

// supplyItem is one line of a title's tile manifest.
type supplyItem struct {
	name  string
	count int
}

// supply builds a tile supply from a manifest and a title's tile definitions.
func supply(items []supplyItem, lib map[string]*Tile) []Tile {
	out := make([]Tile, 0, len(items))
	for _, it := range items {
		def, ok := lib[it.name]
		if !ok {
			panic("board: tile " + it.name + " missing from the library")
		}
		t := cloneTile(*def)
		t.Count = it.count
		out = append(out, t)
	}
	return out
}

// TileDef returns the map's supply copy of the named tile (with the title's count
// and the title's own track layout).
func (m *Map) TileDef(name string) (*Tile, bool) {
	for i := range m.Tiles {
		if m.Tiles[i].Name == name {
			return &m.Tiles[i], true
		}
	}
	return nil, false
}

// withoutIcons returns m with every icon removed from the given hexes.
func (m *Map) withoutIcons(ids ...string) *Map {
	for _, id := range ids {
		if h := m.Hex(id); h != nil {
			h.Icons, h.StickyIcons, h.Tile.Icons = nil, nil, nil
		}
	}
	return m
}
