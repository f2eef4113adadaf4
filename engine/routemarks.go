package engine

import "slices"

// routeMarkSet is what the route rules read of the board's markers and
// tiles: timber and portage hexes and where the mill and ski haus are. It
// is found by a walk over every hex, which every run of routes would
// repeat, so the board keeps the last one for as long as no tile or marker
// changes (the sets are shared by every route input: nobody changes them).
type routeMarkSet struct {
	ver, marks      int    // the board's version and marker count it was found for
	millID, skiID   string // the companies whose markers it looked for
	timber, portage map[string]bool
	mill, ski       string // hex ids, "" if none
}

// routeMarks returns the board's route markers, looking for the markers of
// companies mill and ski ("": none).
func (g *Game) routeMarks(mill, ski string) *routeMarkSet {
	b := g.Board
	if m := b.marked; m != nil && m.ver == b.version && m.marks == b.marks && m.millID == mill && m.skiID == ski {
		return m
	}
	if m := b.marked.since(b, mill, ski, g.T.Routes.PortageTiles); m != nil {
		b.marked = m
		return m
	}
	m := &routeMarkSet{ver: b.version, marks: b.marks, millID: mill, skiID: ski}
	tiles := g.T.Routes.PortageTiles
	for id, h := range b.Hexes {
		if h.Markers != nil && h.Markers["forest"] { // most hexes have no markers: no look-up
			if m.timber == nil {
				m.timber = map[string]bool{}
			}
			m.timber[id] = true
		}
		if mill != "" && h.Markers != nil && h.Markers[mill] {
			m.mill = id
		}
		if ski != "" && h.Markers != nil && h.Markers[ski] {
			m.ski = id
		}
		if slices.Contains(tiles, tileName(h.TileID)) {
			if m.portage == nil {
				m.portage = map[string]bool{}
			}
			m.portage[id] = true
		}
	}
	b.marked = m
	return m
}
