package render

import (
	"strconv"

	"pbc/engine/board"
)

// The picture of a region (`map M38`) numbers the stops of each hex with
// several (London's six cities, a city and a town), as a run names them:
// "M38.2" is the second stop in its tile's order. A number sits on its
// stop's track toward the hex's edge, clear of the station (across the edge
// when there is no room before it), or beside a stop with no track; of the
// places on that line it takes the one that covers no slot, name or label.
// The names of the hexes drawn after keep clear of it.

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
		c := hc.stopBadgeAt(at, reach, np.exits, r)
		p, txt := hc.p, strconv.Itoa(k+1)
		hc.record(elem{kind: elStopNumber, circle: true, c: c, r: r, text: txt})
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

// stopBadgeAt picks the centre of a stop's number: along its first track
// toward the edge, past the station (reach from at), the place that covers
// least; beside the stop when it has no track.
func (hc *hexCtx) stopBadgeAt(at pt, reach float64, exits []int, r float64) pt {
	if len(exits) == 0 {
		return hc.place(2*r, 2*r, allSpots, &at)
	}
	s := hc.p.scale
	a, b := hc.gm.edgeEnds(hc.c, exits[0])
	d := a.lerp(b, 0.5).sub(at)
	l := d.len()
	if l == 0 {
		return hc.place(2*r, 2*r, allSpots, &at)
	}
	u := d.mul(1 / l)
	side := pt{-u.Y, u.X}
	cost := func(q pt) float64 {
		box := rect{q.X - r, q.Y - r, 2 * r, 2 * r}
		c := hc.clash(q, 2*r, 2*r)
		if hc.md != nil {
			c += placedPenalty * hc.md.strips.overlap(box)
		}
		return c
	}
	var best pt
	bestCost := -1.0
	for _, dist := range []float64{reach + r + 1*s, l + r + 1*s, l + 2.2*r, l + 3.4*r, l + 4.6*r} {
		if dist < reach+r || (dist < l && dist > l-r) {
			continue // on the station, or astride the edge
		}
		for _, off := range []float64{0, r, -r, 2 * r, -2 * r} {
			q := at.add(u.mul(dist)).add(side.mul(off))
			if c := cost(q); bestCost < 0 || c < bestCost-1e-9 {
				best, bestCost = q, c
			}
		}
	}
	if bestCost > 0 {
		// Nothing on the track is clear: wherever the hex has room.
		if q := hc.place(2*r, 2*r, allSpots, &at); cost(q) < bestCost {
			best = q
		}
	}
	return best
}
