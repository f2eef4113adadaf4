package render

import (
	"image/color"
	"math"
	"sort"
	"strings"

	"pbc/engine"
)

// markerNames are the short names of private-company markers left on a hex,
// by the private's ability.
var markerNames = map[string]string{
	"mill":      "Mill",
	"ski_haus":  "Ski",
	"coal_mine": "Coal",
	"sawmill":   "Saw",
}

// drawIcons draws the hex's markers: ports, grain elevators, home and
// destination markers, private-company markers, builder cubes and timber.
func (hc *hexCtx) drawIcons() {
	var keys []string
	if hc.hs != nil {
		for k, on := range hc.hs.Markers {
			if on {
				keys = append(keys, k)
			}
		}
	} else {
		keys = append(keys, hc.def.Icons...)
	}
	if hc.laid {
		keys = append(keys, hc.tile.Icons...)
	}
	sort.Strings(keys)
	p := hc.p
	for _, k := range keys {
		switch {
		case k == "anchor" || k == "port":
			r := 8 * p.scale
			c := hc.place(2*r, 2*r, allSpots, nil)
			hc.occupy(c, r)
			hc.recordDisc(elIcon, c, r, k)
			hc.drawAnchor(c, r)
		case k == "elevator":
			r := 8 * p.scale
			c := hc.place(2*r, 2*r, allSpots, nil)
			hc.occupy(c, r)
			hc.recordDisc(elIcon, c, r, k)
			hc.drawElevator(c, r)
		case k == "forest":
			// Track laid in a forest: a timber cube (1822PNW 1.5).
			r := 6 * p.scale
			c := hc.place(2*r, 2*r, allSpots, nil)
			hc.occupy(c, r)
			hc.recordDisc(elIcon, c, r, k)
			drawTimberCube(p, c, r)
			hc.md.marks = append(hc.md.marks, mark{"timber cube", hc.def.ID, c, nil})
		case k == "minus_10":
			hc.badge("-$10", colPaper, colInk, colInk)
		case strings.HasSuffix(k, "_home"):
		default:
			if comp := hc.md.g.Company(k); comp != nil && comp.Def != nil {
				name := markerNames[comp.Def.Ability]
				if name == "" {
					name = k
				}
				hc.badge(name, rgb(0x33, 0x33, 0x33), colPaper, colInk)
			}
		}
	}
	if hc.hs != nil && hc.hs.Cubes > 0 {
		s := 7 * p.scale
		w := float64(hc.hs.Cubes)*(s+2*p.scale) - 2*p.scale
		c := hc.place(w, s, allSpots, nil)
		hc.occupyRect(c.X-w/2, c.Y-s/2, w, s)
		hc.recordRect(elIcon, c, w, s, "cubes")
		for i := 0; i < hc.hs.Cubes; i++ {
			x := c.X - w/2 + float64(i)*(s+2*p.scale)
			p.DrawRectangle(x, c.Y-s/2, s, s)
			p.SetRGB255(0xD0, 0x10, 0x10)
			p.FillPreserve()
			p.SetColor(colInk)
			p.SetLineWidth(0.8 * p.scale)
			p.Stroke()
		}
	}
	if hc.hasCoalToken() {
		// 1822PNW P19's coal mine: its token fills the slot but connects
		// nothing, so it is named as the other private markers are.
		c := hc.badge(markerNames["coal_mine"], rgb(0x33, 0x33, 0x33), colPaper, colInk)
		hc.md.marks = append(hc.md.marks, mark{"coal mine", hc.def.ID, c, nil})
	}
	for _, id := range hc.homeBadges {
		bg, fg := corpColors(hc.corps[id])
		hc.badge(id, bg, fg, colInk)
	}
	for _, corp := range hc.md.dests[hc.def.ID] {
		bg, _ := corpColors(corp)
		hc.badge("→"+corp.ID, colPaper, colInk, bg)
	}
}

// badge draws a small rounded box with text in a free spot of the hex and
// returns its centre.
func (hc *hexCtx) badge(s string, bg, fg, border color.RGBA) pt {
	p := hc.p
	w := p.measure(s, 12, true) + 6*p.scale
	h := 15 * p.scale
	c := hc.place(w, h, allSpots, nil)
	hc.occupyRect(c.X-w/2, c.Y-h/2, w, h)
	hc.recordRect(elBadge, c, w, h, s)
	drawBadge(p, c, s, bg, fg, border)
	return c
}

// drawBadge draws a rounded box with text centred at c.
func drawBadge(p *painter, c pt, s string, bg, fg, border color.RGBA) {
	w := p.measure(s, 12, true) + 6*p.scale
	h := 15 * p.scale
	p.SetColor(bg)
	p.DrawRoundedRectangle(c.X-w/2, c.Y-h/2, w, h, 4*p.scale)
	p.FillPreserve()
	p.SetColor(border)
	p.SetLineWidth(2 * p.scale)
	p.Stroke()
	p.text(s, c.X, c.Y, 0.5, 0.5, 12, true, fg)
}

// planHomes sorts the printed homes of companies without a station here
// into reservations shown in free city slots (homes) and, where the city is
// full, badges (homeBadges).
func (hc *hexCtx) planHomes() {
	if hc.hs == nil {
		return
	}
	var ids []string
	for k, on := range hc.hs.Markers {
		if id, ok := strings.CutSuffix(k, "_home"); ok && on {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return
	}
	sort.Strings(ids)
	used := map[int]int{}
	reservedAnywhere := map[string]bool{}
	for n, s := range hc.hs.Slots {
		for _, t := range s {
			if t != nil {
				used[n]++
			}
		}
	}
	for n, list := range hc.hs.Reserved {
		for _, id := range list {
			if id != "" && !hc.hasToken(id) {
				used[n]++
				reservedAnywhere[id] = true
			}
		}
	}
	cities := hc.tile.Cities()
	hc.homes = map[int][]string{}
	for _, id := range ids {
		corp := hc.corps[id]
		if corp == nil || corp.Closed || hc.hasToken(id) || reservedAnywhere[id] {
			continue
		}
		node := -1
		if len(cities) > 0 {
			node = cities[0]
			if corp.Def != nil && corp.Def.HomeCity >= 0 && corp.Def.HomeCity < len(cities) {
				node = cities[corp.Def.HomeCity]
			}
		}
		if node >= 0 && used[node] < len(hc.hs.Slots[node]) {
			hc.homes[node] = append(hc.homes[node], id)
			used[node]++
			continue
		}
		hc.homeBadges = append(hc.homeBadges, id)
	}
}

// drawAnchor draws a port anchor in a white disc.
func (hc *hexCtx) drawAnchor(c pt, r float64) {
	p := hc.p
	p.SetColor(colPaper)
	p.DrawCircle(c.X, c.Y, r)
	p.FillPreserve()
	p.SetColor(colWater)
	p.SetLineWidth(1.2 * p.scale)
	p.Stroke()
	p.SetLineWidth(1.6 * p.scale)
	p.DrawCircle(c.X, c.Y-r*0.55, r*0.18)
	p.Stroke()
	p.DrawLine(c.X, c.Y-r*0.37, c.X, c.Y+r*0.65)
	p.DrawLine(c.X-r*0.35, c.Y-r*0.15, c.X+r*0.35, c.Y-r*0.15)
	p.Stroke()
	p.DrawArc(c.X, c.Y+r*0.1, r*0.55, 0.15*math.Pi, 0.85*math.Pi)
	p.Stroke()
}

// drawElevator draws a grain elevator.
func (hc *hexCtx) drawElevator(c pt, r float64) {
	p := hc.p
	p.DrawRectangle(c.X-r*0.45, c.Y-r*0.4, r*0.9, r*1.3)
	p.SetRGB255(0xC8, 0x8A, 0x2E)
	p.FillPreserve()
	p.SetColor(colInk)
	p.SetLineWidth(1 * p.scale)
	p.Stroke()
	p.poly([]pt{{c.X - r*0.6, c.Y - r*0.4}, {c.X, c.Y - r}, {c.X + r*0.6, c.Y - r*0.4}})
	p.SetRGB255(0x8A, 0x4B, 0x16)
	p.FillPreserve()
	p.SetColor(colInk)
	p.Stroke()
}

// destinations maps destination hexes to the majors still heading there.
func destinations(g *engine.Game) map[string][]*engine.Corp {
	out := map[string][]*engine.Corp{}
	for _, c := range g.Corps {
		if c.Dest == "" || c.Closed || !c.IPOed {
			continue
		}
		done := false
		for _, t := range c.Tokens {
			if t.Kind == engine.DestinationToken && t.Used {
				done = true
			}
		}
		if !done {
			out[c.Dest] = append(out[c.Dest], c)
		}
	}
	return out
}

// drawTimberCube draws a brown timber cube of half-size r centred at c: track
// laid in a forest, worth $10 more to a train running over it.
func drawTimberCube(p *painter, c pt, r float64) {
	p.DrawRectangle(c.X-r, c.Y-r, 2*r, 2*r)
	p.SetColor(colTimber)
	p.FillPreserve()
	p.SetColor(colInk)
	p.SetLineWidth(1.2 * p.scale)
	p.Stroke()
	// A lighter top edge makes it read as a cube.
	p.DrawLine(c.X-r+1.5*p.scale, c.Y-r+2*p.scale, c.X+r-1.5*p.scale, c.Y-r+2*p.scale)
	p.SetColor(rgb(0xC8, 0x8E, 0x5A))
	p.SetLineWidth(1.5 * p.scale)
	p.Stroke()
}

// hasCoalToken reports whether a coal mine token lies on the hex.
func (hc *hexCtx) hasCoalToken() bool {
	if hc.hs == nil {
		return false
	}
	for _, s := range hc.hs.Slots {
		for _, t := range s {
			if t != nil && t.Kind == engine.CoalToken {
				return true
			}
		}
	}
	return false
}
