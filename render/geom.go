package render

import (
	"math"

	"pbc/engine/board"
)

// pt is a point in image pixels.
type pt struct{ X, Y float64 }

func (p pt) add(q pt) pt             { return pt{p.X + q.X, p.Y + q.Y} }
func (p pt) sub(q pt) pt             { return pt{p.X - q.X, p.Y - q.Y} }
func (p pt) mul(k float64) pt        { return pt{p.X * k, p.Y * k} }
func (p pt) len() float64            { return math.Hypot(p.X, p.Y) }
func (p pt) lerp(q pt, t float64) pt { return pt{p.X + (q.X-p.X)*t, p.Y + (q.Y-p.Y)*t} }

// unit returns the unit vector at angle a (radians, clockwise from +x since y
// points down).
func unit(a float64) pt { return pt{math.Cos(a), math.Sin(a)} }

// geom places hexes of one layout on the image. Hex ids use doubled coordinates
// (see board.Coord); R is the circumradius in pixels.
type geom struct {
	layout board.Layout
	R      float64
	ox, oy float64 // pixel position of doubled cell (0, 0)
	// dirs caches dir: placing labels asks for them thousands of times.
	dirs   [12]pt
	dirsOK bool
}

// dir is the unit vector of edgeAngle(k/2), k in 0..11: toward the middle
// of edge k/2 for even k, toward a corner for odd k.
func (g *geom) dir(k int) pt {
	if !g.dirsOK {
		for i := range g.dirs {
			g.dirs[i] = unit(g.edgeAngle(float64(i) / 2))
		}
		g.dirsOK = true
	}
	return g.dirs[k]
}

// apothem is the distance from a hex centre to the middle of an edge.
func (g *geom) apothem() float64 { return g.R * math.Sqrt(3) / 2 }

// center returns the pixel centre of the hex at doubled coordinates (x, y).
func (g *geom) center(x, y int) pt {
	if g.layout == board.Pointy {
		return pt{g.ox + float64(x)*g.apothem(), g.oy + float64(y)*1.5*g.R}
	}
	return pt{g.ox + float64(x)*1.5*g.R, g.oy + float64(y)*g.apothem()}
}

// edgeAngle is the direction (radians) from a hex centre to the middle of map
// edge e; fractional edges point between edges (e = 2.5 is the corner between
// edges 2 and 3). PNW (pointy) edge 0 is lower-left, CA (flat) edge 0 is south;
// both number clockwise.
func (g *geom) edgeAngle(e float64) float64 {
	base := 120.0
	if g.layout == board.Flat {
		base = 90
	}
	return (base + 60*e) * math.Pi / 180
}

// corners returns the six corners of the hex centred at c; corner i lies
// between edges i and i+1.
func (g *geom) corners(c pt) [6]pt {
	var out [6]pt
	for i := range out {
		out[i] = c.add(g.dir(2*i + 1).mul(g.R))
	}
	return out
}

// edgeEnds returns the two corners bounding edge e of the hex centred at c.
func (g *geom) edgeEnds(c pt, e int) (pt, pt) {
	return c.add(unit(g.edgeAngle(float64(e) - 0.5)).mul(g.R)), c.add(unit(g.edgeAngle(float64(e) + 0.5)).mul(g.R))
}

// mod6 is e modulo 6 in 0..5.
func mod6(e int) int { return ((e % 6) + 6) % 6 }
