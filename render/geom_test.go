package render

import (
	"math"
	"testing"

	"pbc/engine/board"
)

// TestEdgeDirections checks that edge e of a drawn hex faces the neighbour
// across map edge e (board.Neighbor) in both layouts, at the apothem.
func TestEdgeDirections(t *testing.T) {
	for _, tc := range []struct {
		layout board.Layout
		hex    string
	}{{board.Pointy, "H11"}, {board.Flat, "AG13"}} {
		gm := &geom{layout: tc.layout, R: 50}
		x, y, err := board.Coord(tc.layout, tc.hex)
		if err != nil {
			t.Fatal(err)
		}
		c := gm.center(x, y)
		for e := 0; e < 6; e++ {
			nx, ny, err := board.Coord(tc.layout, board.Neighbor(tc.layout, tc.hex, e))
			if err != nil {
				t.Fatal(err)
			}
			d := gm.center(nx, ny).sub(c)
			if got := d.len(); math.Abs(got-2*gm.apothem()) > 1e-9 {
				t.Errorf("%s edge %d: neighbour %.2f px away, want %.2f", tc.hex, e, got, 2*gm.apothem())
			}
			if a := angDist(math.Atan2(d.Y, d.X), gm.edgeAngle(float64(e))); a > 1e-9 {
				t.Errorf("%s edge %d: neighbour at %.1f° from the edge direction", tc.hex, e, a*180/math.Pi)
			}
			// The edge's corners are R from the centre and R apart.
			a1, a2 := gm.edgeEnds(c, e)
			if math.Abs(a1.sub(c).len()-gm.R) > 1e-9 || math.Abs(a1.sub(a2).len()-gm.R) > 1e-9 {
				t.Errorf("%s edge %d: corners %v %v", tc.hex, e, a1, a2)
			}
		}
	}
}

// TestEdgeCurves checks the track shapes: straight across, and arcs that
// leave each edge square to it.
func TestEdgeCurves(t *testing.T) {
	hc := &hexCtx{gm: &geom{layout: board.Pointy, R: 60}, c: pt{100, 100}, trackW: 9}
	for _, diff := range []int{1, 2, 3} {
		c := edgeCurve(hc, 0, diff, 0, 1, 0, 1)
		p0, d0 := edgePoint(hc, 0, 0, 1)
		p3, _ := edgePoint(hc, diff, 0, 1)
		if c.p0 != p0 || c.p3 != p3 {
			t.Errorf("diff %d: ends %v %v, want %v %v", diff, c.p0, c.p3, p0, p3)
		}
		if tg := c.tangent(0); math.Abs(tg.X-d0.X) > 1e-9 || math.Abs(tg.Y-d0.Y) > 1e-9 {
			t.Errorf("diff %d: leaves edge 0 along %v, want %v", diff, tg, d0)
		}
		// The middle of a circular arc lies at its radius from the arc centre;
		// check the sharp curve (radius R/2 about the shared corner).
		if diff == 1 {
			corner := hc.c.add(unit(hc.gm.edgeAngle(0.5)).mul(hc.gm.R))
			if r := c.at(0.5).sub(corner).len(); math.Abs(r-hc.gm.R/2) > 0.05*hc.gm.R {
				t.Errorf("sharp curve middle %.2f from the corner, want %.2f", r, hc.gm.R/2)
			}
		}
	}
}
