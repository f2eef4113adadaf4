package render

import (
	"math"

	"pbc/engine"
)

// colocated returns the tokens sharing city node's station without a printed
// slot of their own: those in slots added beyond the tile's (a destination
// token in a full station, CA minor 13 on the Toronto rondel) and those
// placed beside the slots (CA P10's token in Winnipeg).
func colocated(hs *engine.HexState, node, printed int) []*engine.Token {
	if hs == nil {
		return nil
	}
	var out []*engine.Token
	if s := hs.Slots[node]; len(s) > printed {
		for _, t := range s[printed:] {
			if t != nil {
				out = append(out, t)
			}
		}
	}
	return append(out, hs.Extra[node]...)
}

// rondelOwners maps hexes to the companies that may still place a token
// beside one of its stations: in 1822CA, the owner of P10 in Winnipeg and
// minor 13 in Toronto, whose off-board rondels the map prints (1.4.9,
// 1.4.10).
func rondelOwners(g *engine.Game) map[string][]string {
	out := map[string][]string{}
	defer func() {
		// Regional scenarios leave some of these hexes off the map.
		for hex := range out {
			if g.Board.Hexes[hex] == nil {
				delete(out, hex)
			}
		}
	}()
	for _, comp := range g.Companies {
		if comp.Def != nil && comp.Def.Ability == "winnipeg_token" && !comp.Closed && len(comp.Def.Hexes) > 0 {
			out[comp.Def.Hexes[0]] = append(out[comp.Def.Hexes[0]], comp.ID)
		}
	}
	for _, c := range g.Corps {
		if c.Def == nil || !c.Def.HomeChoose || c.Closed || c.HomeHex == "" {
			continue
		}
		placed := false
		for _, t := range c.Tokens {
			placed = placed || t.Used
		}
		if !placed {
			out[c.HomeHex] = append(out[c.HomeHex], c.ID)
		}
	}
	return out
}

// anyColocated reports whether some station on the board has co-located
// tokens.
func anyColocated(g *engine.Game) bool {
	for _, h := range g.Board.Hexes {
		for node := range h.Slots {
			if node < len(h.Tile.Nodes) && len(colocated(h, node, h.Tile.Nodes[node].Slots)) > 0 {
				return true
			}
		}
	}
	return false
}

// planColocated places the co-located tokens of city node (centre c, slot
// radius r) on a rondel beside the station, draws the bar joining them and
// returns the drawing of the rondel.
func (hc *hexCtx) planColocated(node int, c pt, r float64, printed int) []func() {
	toks := colocated(hc.hs, node, printed)
	if len(toks) == 0 {
		return nil
	}
	ids := make([]string, len(toks))
	for i, t := range toks {
		ids[i] = t.Corp.ID
	}
	return []func(){hc.planRondel(c, cityExtent(printed)*r, r, ids, false)}
}

// planEmptyRondels places the hex's rondels that no token is on yet, each
// naming who may place one.
func (hc *hexCtx) planEmptyRondels() []func() {
	var out []func()
	for _, id := range hc.md.rondels[hc.def.ID] {
		out = append(out, hc.planRondel(hc.c, 0, hc.slotR, []string{id}, true))
	}
	return out
}

// planRondel finds room for a rondel of tokens (or, if empty, of the
// companies that may use it) near a station at c reaching reach from it: in
// the hex if it has room, else overhanging its neighbours. It draws the bar
// from the station (under it, drawn next) and returns the drawing of the
// rondel, which goes on top of the neighbours.
func (hc *hexCtx) planRondel(c pt, reach, r float64, ids []string, empty bool) func() {
	p := hc.p
	tr := r * 0.9
	pad := 3 * p.scale
	w := float64(len(ids))*2*tr + 2*pad
	h := 2*tr + 2*pad
	if empty {
		// An off-board rondel: at the rim of the hex, clear of its middle.
		reach = 0.62 * hc.gm.apothem()
	}
	best := hc.placeBeside(c, reach, w, h)
	hc.recordRect(elRondel, best, w, h, "")
	kind := "rondel"
	if empty {
		kind = "empty rondel"
	}
	hc.md.marks = append(hc.md.marks, mark{kind, hc.def.ID, best, ids})
	if !empty {
		p.SetColor(colInk)
		p.SetLineWidth(4 * p.scale)
		p.SetLineCapButt()
		p.DrawLine(c.X, c.Y, best.X, best.Y)
		p.Stroke()
	}
	corps := hc.corps
	return func() { drawRondelAt(p, best, tr, pad, ids, corps, empty) }
}

// drawRondelAt draws a rondel centred at at: a rounded plate with a double
// rim holding tokens of radius tr.
func drawRondelAt(p *painter, at pt, tr, pad float64, ids []string, corps map[string]*engine.Corp, empty bool) {
	w := float64(len(ids))*2*tr + 2*pad
	h := 2*tr + 2*pad
	p.DrawRoundedRectangle(at.X-w/2, at.Y-h/2, w, h, h/2)
	p.SetColor(colRondel)
	p.FillPreserve()
	p.SetColor(colInk)
	p.SetLineWidth(2 * p.scale)
	p.Stroke()
	x := at.X - w/2 + pad + tr
	for _, id := range ids {
		q := pt{x, at.Y}
		if empty {
			p.SetColor(colPaper)
			p.DrawCircle(q.X, q.Y, tr-p.scale)
			p.FillPreserve()
			p.SetColor(colMuted)
			p.SetLineWidth(1.5 * p.scale)
			p.SetDash(3*p.scale, 2*p.scale)
			p.Stroke()
			p.SetDash()
			p.squeezed(id, q.X, q.Y, 2*tr-5*p.scale, 12, true, colMuted)
		} else {
			bg, fg := corpColors(corps[id])
			drawTokenAt(p, q, tr-p.scale, id, bg, fg)
		}
		x += 2 * tr
	}
}

// placeBeside returns the centre of a w×h box clear of a station at c
// reaching reach from it, as near as room allows: in the hex if it has room,
// else overhanging its neighbours. The box is then marked as used.
func (hc *hexCtx) placeBeside(c pt, reach, w, h float64) pt {
	p := hc.p
	best, bestS := c, math.Inf(1)
	for i, k := range allSpots {
		u := hc.gm.dir(k)
		ext := math.Abs(u.X)*w/2 + math.Abs(u.Y)*h/2
		for j := 0; j < 4; j++ {
			q := c.add(u.mul(reach + ext + (2+float64(j)*6)*p.scale))
			box := rect{q.X - w/2, q.Y - h/2, w, h}
			hc.consult(box)
			s := hc.overlapRect(box.x, box.y, w, h) + placedPenalty*hc.md.strips.overlap(box) + hc.clash(q, w, h)
			for _, dx := range []float64{-w / 2, w / 2} {
				for _, dy := range []float64{-h / 2, h / 2} {
					s += 0.5 * hc.outside(pt{q.X + dx, q.Y + dy})
				}
			}
			s += float64(j)*2*p.scale + 0.01*float64(i)
			if s < bestS {
				best, bestS = q, s
			}
		}
	}
	hc.occupyRect(best.X-w/2, best.Y-h/2, w, h)
	hc.md.strips = append(hc.md.strips, rect{best.X - w/2, best.Y - h/2, w, h})
	return best
}
