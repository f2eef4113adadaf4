package engine

import (
	"maps"
	"slices"
)

// since returns the route markers of board b found from m, the set last found
// for the same markers, by looking again only at the hexes changed since:
// markers are never taken off, so with no new one only the tiles of changed
// hexes can move a portage. It returns nil when m is not such a set or a
// change since is not known (the caller walks every hex). The sets are shared
// (game copies keep them): a new one is made, never m changed.
func (m *routeMarkSet) since(b *BoardState, mill, ski string, tiles []string) *routeMarkSet {
	if m == nil || m.marks != b.marks || m.millID != mill || m.skiID != ski || b.version-m.ver >= boardLogSize {
		return nil
	}
	n := *m
	n.ver = b.version
	copied := false
	for v := m.ver + 1; v <= b.version; v++ {
		id := b.changed[v%boardLogSize]
		if id == "" {
			return nil
		}
		h := b.Hexes[id]
		if h == nil {
			return nil
		}
		if want := slices.Contains(tiles, tileName(h.TileID)); want != n.portage[id] {
			if !copied {
				n.portage, copied = maps.Clone(n.portage), true
				if n.portage == nil {
					n.portage = map[string]bool{}
				}
			}
			if want {
				n.portage[id] = true
			} else if delete(n.portage, id); len(n.portage) == 0 {
				n.portage = nil // as a walk over every hex finds it
			}
		}
	}
	return &n
}
