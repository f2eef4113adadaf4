package render

import (
	"sort"
	"strconv"
	"strings"

	"pbc/engine"
)

// BoardDigest summarises what the map shows of each hex (tile, rotation,
// station tokens, cubes and markers) so that two states can be compared with
// Changed.
func BoardDigest(g *engine.Game) map[string]string {
	out := make(map[string]string, len(g.Board.Hexes))
	var b strings.Builder
	for id, h := range g.Board.Hexes {
		b.Reset()
		b.WriteString(h.TileID)
		b.WriteByte('/')
		b.WriteString(strconv.Itoa(h.Rotation))
		nodes := make([]int, 0, len(h.Slots))
		for n := range h.Slots {
			nodes = append(nodes, n)
		}
		sort.Ints(nodes)
		for _, n := range nodes {
			b.WriteByte('|')
			for _, t := range h.Slots[n] {
				if t != nil {
					b.WriteString(t.Corp.ID)
				}
				b.WriteByte(',')
			}
		}
		if h.Cubes > 0 {
			b.WriteString("|c" + strconv.Itoa(h.Cubes))
		}
		var marks []string
		for m, on := range h.Markers {
			if on {
				marks = append(marks, m)
			}
		}
		sort.Strings(marks)
		b.WriteString("|" + strings.Join(marks, ","))
		out[id] = b.String()
	}
	return out
}

// Changed lists, sorted, the hexes whose digest differs between before and after.
func Changed(before, after map[string]string) []string {
	var out []string
	for id, d := range after {
		if before[id] != d {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// MapDigest is a digest of everything the map of g shows but its title
// strip (round, phase and who acts, which change on most moves): the hexes
// as drawn (tiles, tokens, reservations, markers, cubes, terrain costs,
// homes, destinations, rondels, revenues by phase) and the borders. Two
// states with the same digest, drawn with the same options, differ only in
// the strip.
func MapDigest(g *engine.Game) string {
	if g == nil || g.Board == nil || g.Board.Map == nil {
		return ""
	}
	in := &hexInputs{dests: destinations(g), rondels: rondelOwners(g), corps: map[string]*engine.Corp{}, stable: true, board: g.Board}
	if ph := g.CurrentPhase(); ph != nil {
		in.phase = ph.Tiles
	}
	for _, c := range g.Corps {
		in.corps[c.ID] = c
	}
	d := digest{stable: true}
	d.str(g.T.Name)
	for i := range g.Board.Map.Hexes {
		def := &g.Board.Map.Hexes[i]
		hs := g.Board.Hexes[def.ID]
		d.str(def.ID)
		d.u64(in.hexKey(&cell{hs: hs, def: def}))
		if hs != nil {
			d.int(len(hs.Borders))
			for _, b := range hs.Borders {
				d.int(b.Edge)
				d.int(int(b.Kind))
				d.int(b.Cost)
			}
		}
	}
	return strconv.FormatUint(d.sum(), 16)
}

// MarketDigest is a digest of everything the stock market picture of g
// shows but its title strip (round, phase and who acts): the cells and the
// tokens in each in stacking order. A move that leaves it unchanged (a bid,
// a pass) leaves the market as it was posted.
func MarketDigest(g *engine.Game) string {
	if g == nil || g.Market == nil {
		return ""
	}
	d := digest{stable: true}
	d.str(g.T.Name)
	d.int(len(g.Market.Cells))
	for i, c := range g.Market.Cells {
		d.int(c.Price)
		d.int(int(c.Kind))
		if i < len(g.Market.Stacks) {
			d.int(len(g.Market.Stacks[i]))
			for _, corp := range g.Market.Stacks[i] {
				d.str(corp.ID)
			}
		}
	}
	return strconv.FormatUint(d.sum(), 16)
}
