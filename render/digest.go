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
