package render

import (
	"image/color"
	"math"
	"strconv"

	"pbc/engine"
	"pbc/engine/board"
)

// slotOffsets returns the token slot centres of an n-slot city with slot radius r.
func slotOffsets(n int, r float64) []pt {
	switch n {
	case 0, 1:
		return []pt{{0, 0}}
	case 2:
		return []pt{{-r, 0}, {r, 0}}
	case 3:
		return []pt{{0, -1.155 * r}, {-r, 0.577 * r}, {r, 0.577 * r}}
	case 4:
		return []pt{{-r, -r}, {r, -r}, {-r, r}, {r, r}}
	}
	ring := r / math.Sin(math.Pi/float64(n))
	out := make([]pt, n)
	for i := range out {
		out[i] = unit(-math.Pi/2 + 2*math.Pi*float64(i)/float64(n)).mul(ring)
	}
	return out
}

// drawCity draws a city's white station area, its slots, the tokens in them
// and the home reservations of empty slots.
func (hc *hexCtx) drawCity(node int, c pt, n int, r float64) {
	p := hc.p
	if n < 1 {
		n = 1
	}
	lw := 1.5 * p.scale
	// A two-slot city off the centre lies along the hex side, across its
	// direction from the centre, so that it stays inside the hex.
	centres, tilt := hc.slotCentres(c, n, r)
	offs := make([]pt, len(centres))
	for i, q := range centres {
		offs[i] = q.sub(c)
	}
	// Station area: a circle, a capsule, a rounded square, or the rounded
	// hull of the slots.
	p.SetLineWidth(lw)
	if tilt != 0 {
		p.Push()
		p.RotateAbout(tilt, c.X, c.Y)
	}
	switch n {
	case 1:
		p.DrawCircle(c.X, c.Y, r)
	case 2:
		p.DrawRoundedRectangle(c.X-2*r, c.Y-r, 4*r, 2*r, r)
	case 4:
		p.DrawRoundedRectangle(c.X-2*r, c.Y-2*r, 4*r, 4*r, r)
	default:
		q := make([]pt, len(offs))
		for i, o := range offs {
			q[i] = c.add(o)
		}
		p.SetLineJoinRound()
		p.poly(q)
		p.SetColor(colInk)
		p.SetLineWidth(2*r + 2*lw)
		p.StrokePreserve()
		p.SetColor(colPaper)
		p.SetLineWidth(2 * r)
		p.StrokePreserve()
	}
	p.SetColor(colPaper)
	p.FillPreserve()
	p.SetLineWidth(lw)
	p.SetColor(colInk)
	if n == 1 || n == 2 || n == 4 {
		p.Stroke()
	} else {
		p.ClearPath()
	}
	if tilt != 0 {
		p.Pop()
	}
	var toks []*engine.Token
	var reserved []string
	if hc.hs != nil {
		toks = hc.hs.Slots[node]
		for _, id := range hc.hs.Reserved[node] {
			if id != "" && !hc.hasToken(id) {
				reserved = append(reserved, id)
			}
		}
		reserved = append(reserved, hc.homes[node]...)
	}
	ri := 0
	for i, o := range offs {
		sc := c.add(o)
		var tok *engine.Token
		if i < len(toks) {
			tok = toks[i]
		}
		switch {
		case tok != nil:
			bg, fg := corpColors(tok.Corp)
			hc.drawToken(sc, r-lw/2, tok.Corp.ID, bg, fg)
		case ri < len(reserved):
			hc.drawReserved(sc, r-lw/2, reserved[ri])
			ri++
		default:
			if n > 1 {
				p.SetLineWidth(lw * 0.7)
				p.SetColor(colGrid)
				p.DrawCircle(sc.X, sc.Y, r-lw)
				p.Stroke()
			}
		}
	}
}

// hasToken reports whether company id has a station on the hex.
func (hc *hexCtx) hasToken(id string) bool {
	for _, s := range hc.hs.Slots {
		for _, t := range s {
			if t != nil && t.Corp.ID == id {
				return true
			}
		}
	}
	return false
}

// corpColors returns a corporation's token colour and text colour.
func corpColors(c *engine.Corp) (color.RGBA, color.RGBA) {
	if c == nil || c.Def == nil {
		return colGray, colInk
	}
	return parseColor(c.Def.Color), parseColor(c.Def.TextColor)
}

// drawToken draws a station token: the company colour with its short name.
func (hc *hexCtx) drawToken(c pt, r float64, id string, bg, fg color.RGBA) {
	hc.fit(id, r-1.2*hc.p.scale)
	drawTokenAt(hc.p, c, r, id, bg, fg)
}

// fit records the text of a token whose inside has radius ri.
func (hc *hexCtx) fit(id string, ri float64) {
	if hc.md == nil || !hc.md.record || hc.def == nil {
		return
	}
	p := hc.p
	w, size := p.squeezeWidth(id, p.fitWidth(ri, 12), 12, true)
	hc.md.fits = append(hc.md.fits, textFit{hex: hc.def.ID, text: id, w: w, h: 0.72 * size * p.scale, room: ri})
}

// drawTokenAt draws a company token of radius r centred at c.
func drawTokenAt(p *painter, c pt, r float64, id string, bg, fg color.RGBA) {
	p.SetColor(bg)
	p.DrawCircle(c.X, c.Y, r)
	p.FillPreserve()
	p.SetLineWidth(1.2 * p.scale)
	p.SetColor(colInk)
	p.Stroke()
	if luminance(bg) > 0.85 {
		// White minors: an inner ring makes the token stand out from the slot.
		p.SetColor(colGrid)
		p.SetLineWidth(0.8 * p.scale)
		p.DrawCircle(c.X, c.Y, r-2.5*p.scale)
		p.Stroke()
	}
	p.squeezed(id, c.X, c.Y, p.fitWidth(r-1.2*p.scale, 12), 12, true, fg)
}

// drawReserved draws an empty slot reserved as a company's home: a dashed
// ring in the company colour around its name, so that it does not pass for
// a placed token (a filled disc, or a solid double ring for white minors).
func (hc *hexCtx) drawReserved(c pt, r float64, id string) {
	p := hc.p
	col, _ := corpColors(hc.corps[id])
	p.SetColor(colPaper)
	p.DrawCircle(c.X, c.Y, r)
	p.Fill()
	p.SetLineWidth(3 * p.scale)
	p.SetColor(col)
	if luminance(col) > 0.85 {
		p.SetColor(colMuted)
	}
	p.SetDash(4*p.scale, 2.5*p.scale)
	p.DrawCircle(c.X, c.Y, r-1.5*p.scale)
	p.Stroke()
	p.SetDash()
	// Inside the ring: its inner edge is 3 px in.
	ri := r - 3*p.scale
	hc.fit(id, ri)
	p.squeezed(id, c.X, c.Y, p.fitWidth(ri, 12), 12, true, colMuted)
}

// drawTown draws a town: a bar across its track, or a dot.
func (hc *hexCtx) drawTown(np nodePlace) {
	p := hc.p
	if np.onCurve {
		c := np.curve.at(np.t)
		d := np.curve.tangent(np.t)
		n := pt{-d.Y, d.X}
		hl, hw := hc.trackW*1.6, hc.trackW*0.75
		q := []pt{
			c.add(n.mul(hl)).add(d.mul(hw)), c.add(n.mul(hl)).sub(d.mul(hw)),
			c.sub(n.mul(hl)).sub(d.mul(hw)), c.sub(n.mul(hl)).add(d.mul(hw)),
		}
		p.poly(q)
		p.SetColor(colInk)
		p.Fill()
		return
	}
	r := hc.trackW * 1.15
	p.SetColor(colInk)
	p.DrawCircle(np.pos.X, np.pos.Y, r)
	p.FillPreserve()
	p.SetColor(colPaper)
	p.SetLineWidth(1.5 * p.scale)
	p.Stroke()
}

// townPos is where a town is drawn (for placing its revenue).
func townPos(np nodePlace) pt {
	if np.onCurve {
		return np.curve.at(np.t)
	}
	return np.pos
}

// drawNodes draws the tile's stations and towns and reserves their space.
func (hc *hexCtx) drawNodes(lay *tileLayout) {
	isCity := func(n board.Node) bool { return n.Kind == board.City || (n.Kind == board.Offboard && n.Slots > 0) }
	for i, n := range hc.tile.Nodes {
		if isCity(n) && !(n.Slots == 0 && hc.tile.Color == board.Blue) {
			centres, _ := hc.slotCentres(lay.nodes[i].pos, n.Slots, lay.slotR)
			for _, q := range centres {
				hc.slots = append(hc.slots, disc{q, lay.slotR})
				hc.record(elem{kind: elSlot, node: i, circle: true, c: q, r: lay.slotR})
			}
		}
	}
	for i, n := range hc.tile.Nodes {
		np := lay.nodes[i]
		switch {
		case isCity(n) && n.Slots == 0 && hc.tile.Color == board.Blue:
			hc.occupy(np.pos, lay.slotR)
		case isCity(n) && n.Slots == 4:
			// A square of four slots reaches further at its corners than
			// its extent: revenues and costs placed by it must clear them.
			hc.occupy(np.pos, lay.slotR*cityExtent(n.Slots))
			d := lay.slotR * 1.45
			for _, k := range [][2]float64{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
				hc.occupy(pt{np.pos.X + k[0]*d, np.pos.Y + k[1]*d}, lay.slotR)
			}
		case isCity(n):
			hc.occupy(np.pos, lay.slotR*cityExtent(n.Slots))
		case n.Kind == board.Town:
			hc.occupy(townPos(np), hc.trackW*1.8)
		}
	}
	// Rondels are placed clear of every stop, their bars drawn under the
	// stations.
	var plates []func()
	for i, n := range hc.tile.Nodes {
		if isCity(n) && !(n.Slots == 0 && hc.tile.Color == board.Blue) {
			plates = append(plates, hc.planColocated(i, lay.nodes[i].pos, lay.slotR, n.Slots)...)
		}
	}
	for i, n := range hc.tile.Nodes {
		np := lay.nodes[i]
		switch {
		case isCity(n) && n.Slots == 0 && hc.tile.Color == board.Blue:
			// PNW port tiles: a revenue-only stop.
		case isCity(n):
			hc.drawCity(i, np.pos, n.Slots, lay.slotR)
		case n.Kind == board.Town:
			hc.drawTown(np)
		}
	}
	for _, f := range plates {
		hc.defer_(f)
	}
}

// revenueBand draws an off-board's phase revenues, the current phase's boxed
// in black; it returns false if the tile has none.
func (hc *hexCtx) revenueBand() bool {
	var rev *board.Revenue
	for i := range hc.tile.Nodes {
		if len(hc.tile.Nodes[i].Revenue.ByColor) > 0 {
			rev = &hc.tile.Nodes[i].Revenue
			break
		}
	}
	if rev == nil {
		return false
	}
	var cols []board.Color
	for _, c := range []board.Color{board.Yellow, board.Green, board.Brown, board.Gray} {
		if _, ok := rev.ByColor[c]; ok {
			cols = append(cols, c)
		}
	}
	current := board.Color(0)
	for _, c := range cols {
		if c <= hc.phase {
			current = c
		}
	}
	p := hc.p
	bw, bh := 21*p.scale, 17*p.scale
	w := bw * float64(len(cols))
	// Above or below the station, wherever the track leaves more room, but
	// inside the hex: a band hanging over the next hex reads as its own.
	at := hc.stripYInside(w, bh, false)
	if hit := hc.trackHit(at, w, bh); hit > 0 {
		// Nowhere inside off the track: overhanging, if that clears it
		// without covering anything else.
		if o := hc.stripAt(w, bh, false); hc.trackHit(o, w, bh) < hit && hc.clash(o, w, bh) <= hc.clash(at, w, bh) {
			at = o
		}
	}
	x, y := at.X, at.Y
	hc.md.strips = append(hc.md.strips, rect{x - w/2, y - bh/2, w, bh})
	hc.occupyRect(x-w/2, y-bh/2, w, bh)
	hc.recordRect(elBand, pt{x, y}, w, bh, "")
	hc.defer_(func() {
		x0 := x - w/2
		for i, c := range cols {
			x := x0 + float64(i)*bw
			p.SetColor(tileColor(c))
			p.DrawRectangle(x, y-bh/2, bw, bh)
			p.FillPreserve()
			p.SetColor(colInk)
			p.SetLineWidth(0.8 * p.scale)
			p.Stroke()
			p.text(strconv.Itoa(rev.ByColor[c]), x+bw/2, y, 0.5, 0.5, 12, c == current, colInk)
		}
		for i, c := range cols {
			if c == current {
				p.SetColor(colInk)
				p.SetLineWidth(2.5 * p.scale)
				p.DrawRectangle(x0+float64(i)*bw, y-bh/2, bw, bh)
				p.Stroke()
			}
		}
	})
	return true
}

// drawRevenues draws flat revenues in white circles beside their stations.
func (hc *hexCtx) drawRevenues(lay *tileLayout) {
	seen := map[int]bool{}
	for i, n := range hc.tile.Nodes {
		v := n.Revenue.Flat
		if v == 0 || (n.Kind != board.City && n.Kind != board.Town && n.Kind != board.Offboard) {
			continue
		}
		// One circle per amount: multi-city tiles pay the same in each city.
		if seen[v] {
			continue
		}
		seen[v] = true
		near := lay.nodes[i].pos
		if n.Kind == board.Town {
			near = townPos(lay.nodes[i])
		}
		r := 10.5 * hc.p.scale
		if v >= 100 {
			r = 12.5 * hc.p.scale
		}
		if hc.laid && hc.md.g.DuelingCity(hc.def.ID) {
			r = 14 * hc.p.scale
			c := hc.placeBeside(near, lay.slotR*cityExtent(n.Slots), 2*r, 2*r)
			p, col := hc.p, tileColor(hc.tile.Color)
			hc.md.marks = append(hc.md.marks, mark{"revenue token", hc.def.ID, c, []string{strconv.Itoa(v)}})
			hc.recordDisc(elRevenue, c, r, strconv.Itoa(v))
			hc.defer_(func() { drawRevenueToken(p, c, r, v, col) })
			continue
		}
		c := hc.place(2*r, 2*r, allSpots, &near)
		hc.occupy(c, r)
		hc.recordDisc(elRevenue, c, r, strconv.Itoa(v))
		hc.p.SetColor(colPaper)
		hc.p.DrawCircle(c.X, c.Y, r)
		hc.p.FillPreserve()
		hc.p.SetColor(colInk)
		hc.p.SetLineWidth(1 * hc.p.scale)
		hc.p.Stroke()
		hc.p.text(strconv.Itoa(v), c.X, c.Y, 0.5, 0.5, 12, true, colInk)
	}
}

// drawRevenueToken draws a revenue token of 1822PNW's dueling cities: a
// counter in the colour of its upgrade step, with a white inner rim, showing
// the revenue it sets (5.8).
func drawRevenueToken(p *painter, c pt, r float64, v int, col color.RGBA) {
	p.SetColor(col)
	p.DrawCircle(c.X, c.Y, r)
	p.FillPreserve()
	p.SetColor(colInk)
	p.SetLineWidth(2.5 * p.scale)
	p.Stroke()
	p.SetColor(colPaper)
	p.SetLineWidth(1.5 * p.scale)
	p.DrawCircle(c.X, c.Y, r-3*p.scale)
	p.Stroke()
	fg := colInk
	if luminance(col) < 0.45 {
		fg = colPaper
	}
	p.squeezed(strconv.Itoa(v), c.X, c.Y, 2*r-8*p.scale, 13, true, fg)
}
