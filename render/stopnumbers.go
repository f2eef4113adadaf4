package render

import (
	"strconv"

	"pbc/engine/board"
)

// The picture of a region (`map M38`) numbers the stops of each hex with
// several (London's six cities, a city and a town), as a run names them:
// "M38.2" is the second stop in its tile's order. A number sits on its
// stop's track toward the hex's edge, clear of the station (across the edge
// when there is no room before it), or beside a stop with no track. It is drawn last and claims no room, so the rest of
// the hex is placed as in every other picture.

// stopBadge is the badge's fill.
var stopBadge = rgb(0x23, 0x3E, 0x8B)

// drawStopNumbers numbers the stops of the hex when it has several.
func (hc *hexCtx) drawStopNumbers(lay *tileLayout) {
	var stops []int
	for i, n := range hc.tile.Nodes {
		if n.Kind != board.Junction {
			stops = append(stops, i)
		}
	}
	if len(stops) < 2 {
		return
	}
	s := hc.p.scale
	r := 6.5 * s
	for k, i := range stops {
		n, np := hc.tile.Nodes[i], lay.nodes[i]
		at, reach := np.pos, hc.slotR*cityExtent(n.Slots)
		if n.Kind == board.Town {
			at, reach = townPos(np), hc.trackW*1.8
		}
		var c pt
		if len(np.exits) > 0 {
			a, b := hc.gm.edgeEnds(hc.c, np.exits[0])
			edge := a.lerp(b, 0.5)
			d := edge.sub(at)
			if l := d.len(); l > 0 {
				// Past the station; where the hex has no room between
				// station and edge (London), just across the edge.
				t := reach + r + 1*s
				if t > l-r-1*s {
					t = l + r + 1*s
				}
				c = at.add(d.mul(t / l))
			}
		} else {
			c = hc.place(2*r, 2*r, allSpots, &at)
		}
		p, txt := hc.p, strconv.Itoa(k+1)
		hc.defer_(func() {
			p.SetColor(stopBadge)
			p.DrawCircle(c.X, c.Y, r)
			p.FillPreserve()
			p.SetColor(colPaper)
			p.SetLineWidth(1 * s)
			p.Stroke()
			p.text(txt, c.X, c.Y, 0.5, 0.5, 10, true, colPaper)
		})
	}
}
