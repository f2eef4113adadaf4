package render

import (
	"slices"

	"pbc/engine/board"
)

// Texts keep off the track: a name, a label, a cost, a badge or a band
// over a line of track hides where it runs. Placements weigh how deep a
// box reaches into the track of its hex and of the hexes around (a name
// may overhang them), below a token slot or another text but above mere
// crowding.

// trackPenalty weighs a box's reach into the track.
const trackPenalty = 6

// trackDiscs is how many discs cover one piece of track.
const trackDiscs = 9

// trackOf are the discs along the track of the drawn hex id (none if not
// drawn), with its pale casing, worked out once per drawing.
func (md *mapDrawing) trackOf(id string) []disc {
	if md.trackMemo == nil {
		md.trackMemo = map[string][]disc{}
	}
	if d, ok := md.trackMemo[id]; ok {
		return d
	}
	var out []disc
	for _, c := range md.cells {
		if c.def.ID != id {
			continue
		}
		hc := md.hexCtx(c, md.p)
		lay := layoutTile(hc)
		for _, tp := range lay.tracks {
			if tp.thin {
				continue
			}
			for i := 0; i < trackDiscs; i++ {
				out = append(out, disc{tp.c.at(float64(i) / (trackDiscs - 1)), hc.trackW/2 + 1.5*md.p.scale})
			}
		}
	}
	md.trackMemo[id] = out
	return out
}

// addTrack gathers the track the hex's texts keep off: its own and its
// neighbours'.
func (hc *hexCtx) addTrack() {
	hc.track = append(hc.track[:0], hc.md.trackOf(hc.def.ID)...)
	for _, id := range board.Neighbors(hc.gm.layout, hc.def.ID) {
		if id != "" {
			hc.track = append(hc.track, hc.md.trackOf(id)...)
		}
	}
}

// trackHit is how deep a w×h box centred at q reaches into the track,
// summed over the discs it reaches (so more for more track covered).
func (hc *hexCtx) trackHit(q pt, w, h float64) float64 {
	b := rect{q.X - w/2, q.Y - h/2, w, h}
	s := 0.0
	for _, d := range hc.track {
		if q.X+w/2 < d.c.X-d.r || q.X-w/2 > d.c.X+d.r || q.Y+h/2 < d.c.Y-d.r || q.Y-h/2 > d.c.Y+d.r {
			continue
		}
		s += depthDiscRect(d.c, d.r, b)
	}
	return s
}

// edgeTrack is the track of hex id and of the hex across its edge.
func (md *mapDrawing) edgeTrack(id string, edge int) []disc {
	out := slices.Clone(md.trackOf(id))
	return append(out, md.trackOf(board.Neighbor(md.g.Board.Map.Layout, id, edge))...)
}
