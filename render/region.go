package render

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"

	"pbc/engine"
	"pbc/engine/board"
)

// Regions of the board: a crop around what a move changed or around a
// named place, small enough for a phone, with a locator showing where on
// the whole board it lies.

// MaxCropWidth is the widest a crop is drawn: wider ones are scaled down.
const MaxCropWidth = 1400

// Around lists the hexes of m within radius steps of hex id (id itself
// included), or nil when m has no such hex.
func Around(m *board.Map, id string, radius int) []string {
	x0, y0, err := board.Coord(m.Layout, id)
	if err != nil {
		return nil
	}
	var out []string
	found := false
	for i := range m.Hexes {
		h := &m.Hexes[i]
		x, y, err := board.Coord(m.Layout, h.ID)
		if err != nil {
			continue
		}
		if h.ID == id {
			found = true
		}
		if hexDistance(m.Layout, x-x0, y-y0) <= radius {
			out = append(out, h.ID)
		}
	}
	if !found {
		return nil
	}
	sort.Strings(out)
	return out
}

// hexDistance is the number of steps between two hexes dx, dy apart in
// doubled coordinates (doubled columns for pointy maps, rows for flat).
func hexDistance(l board.Layout, dx, dy int) int {
	dx, dy = abs(dx), abs(dy)
	if l == board.Flat {
		dx, dy = dy, dx
	}
	// Now dx is the doubled axis.
	return dy + max(0, (dx-dy)/2)
}

// Place finds a hex of m by id ("AH8", "ah8") or by the name of its
// location ("Toronto", "portland"; a unique prefix will do).
func Place(m *board.Map, s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", fmt.Errorf("say which place, e.g. a hex id or a city name")
	}
	var named []string
	for i := range m.Hexes {
		h := &m.Hexes[i]
		if strings.EqualFold(h.ID, s) {
			return h.ID, nil
		}
	}
	for i := range m.Hexes {
		h := &m.Hexes[i]
		if strings.EqualFold(h.Name, s) {
			return h.ID, nil
		}
		if h.Name != "" && strings.HasPrefix(strings.ToLower(h.Name), strings.ToLower(s)) {
			named = append(named, h.ID+" "+h.Name)
		}
	}
	switch len(named) {
	case 0:
		return "", fmt.Errorf("there is no hex or place %q on this map", s)
	case 1:
		id, _, _ := strings.Cut(named[0], " ")
		return id, nil
	}
	sort.Strings(named)
	if len(named) > 5 {
		named = append(named[:5], "…")
	}
	return "", fmt.Errorf("%q could be %s", s, strings.Join(named, ", "))
}

// MapSize is the size in pixels of the picture Map draws with opts.
func MapSize(g *engine.Game, opts MapOptions) (w, h int, err error) {
	if g == nil || g.Board == nil || g.Board.Map == nil {
		return 0, 0, fmt.Errorf("render: no board to draw")
	}
	md, err := measureMap(g, opts)
	if err != nil {
		return 0, 0, err
	}
	md.p.release()
	return md.w, md.h, nil
}

// FitWidth scales opts down, if need be, so that the picture is at most
// width pixels wide.
func FitWidth(g *engine.Game, opts MapOptions, width int) (MapOptions, error) {
	w, _, err := MapSize(g, opts)
	if err != nil {
		return opts, err
	}
	if w <= width {
		return opts, nil
	}
	s := opts.Scale
	if s <= 0 {
		s = 1
	}
	// Margins and the strip scale too, so the width is about proportional.
	opts.Scale = s * float64(width) / float64(w) * 0.99
	return opts, nil
}

// locatorHeight is the height of the locator band at scale 1.
const locatorHeight = 96

// hasLocator reports whether a map drawing carries a locator.
func (md *mapDrawing) hasLocator() bool { return md.opt.Locator && len(md.opt.Crop) > 0 }

// drawLocator draws, under the cropped map, the whole board in miniature
// with the cropped region outlined.
func (md *mapDrawing) drawLocator() {
	p, s, m := md.p, md.p.scale, md.g.Board.Map
	gm := &geom{layout: m.Layout, R: 1}
	type mini struct {
		c    pt
		in   bool
		kind board.Color
	}
	drawn := map[string]bool{}
	for _, c := range md.cells {
		drawn[c.def.ID] = true
	}
	var hexes []mini
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i := range m.Hexes {
		h := &m.Hexes[i]
		x, y, err := board.Coord(m.Layout, h.ID)
		if err != nil {
			continue
		}
		c := gm.center(x, y)
		hexes = append(hexes, mini{c: c, in: drawn[h.ID], kind: h.Color})
		x0, y0, x1, y1 = math.Min(x0, c.X-1), math.Min(y0, c.Y-1), math.Max(x1, c.X+1), math.Max(y1, c.Y+1)
	}
	if len(hexes) == 0 {
		return
	}
	pad := 8 * s
	boxH := locatorHeight*s - 2*pad
	k := boxH / (y1 - y0)
	if maxW := float64(md.w) * 0.6; (x1-x0)*k > maxW {
		k = maxW / (x1 - x0)
	}
	ox, oy := 24*s+pad, float64(md.h)-locatorHeight*s+pad
	bw, bh := (x1-x0)*k, (y1-y0)*k
	p.SetColor(rgb(0xF2, 0xF2, 0xF2))
	p.DrawRoundedRectangle(ox-pad/2, oy-pad/2, bw+pad, bh+pad, 4*s)
	p.Fill()
	r := k * 0.95
	mg := &geom{layout: m.Layout, R: r}
	cx0, cy0, cx1, cy1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, h := range hexes {
		c := pt{ox + (h.c.X-x0)*k, oy + (h.c.Y-y0)*k}
		col := rgb(0xC4, 0xC4, 0xC4)
		switch {
		case h.in:
			col = rgb(0x70, 0x70, 0x70)
		case h.kind == board.Red || h.kind == board.Blue:
			col = rgb(0xDD, 0xDD, 0xDD)
		}
		cs := mg.corners(c)
		p.MoveTo(cs[0].X, cs[0].Y)
		for _, q := range cs[1:] {
			p.LineTo(q.X, q.Y)
		}
		p.ClosePath()
		p.SetColor(col)
		p.Fill()
		if h.in {
			cx0, cy0, cx1, cy1 = math.Min(cx0, c.X-r), math.Min(cy0, c.Y-r), math.Max(cx1, c.X+r), math.Max(cy1, c.Y+r)
		}
	}
	if cx0 <= cx1 {
		p.SetColor(rgb(0xD0, 0x10, 0x10))
		p.SetLineWidth(2 * s)
		p.DrawRectangle(cx0-1*s, cy0-1*s, cx1-cx0+2*s, cy1-cy0+2*s)
		p.Stroke()
	}
	const caption = "where this is on the board"
	if x := ox + bw + 2*pad; x+p.measure(caption, 12, false) < float64(md.w)-pad {
		p.text(caption, x, oy+bh/2, 0, 0.5, 12, false, colMuted)
	}
}

// wideMaps caches, by title, whether the whole board is drawn wider than
// MaxCropWidth.
var wideMaps sync.Map // title name → bool

// WideMap reports whether g's whole board is drawn wider than
// MaxCropWidth (1822CA's is): a phone cannot read it without zooming, so a
// move is better shown by a crop around what it changed.
func WideMap(g *engine.Game) bool {
	if g == nil || g.T == nil {
		return false
	}
	if v, ok := wideMaps.Load(g.T.Name); ok {
		return v.(bool)
	}
	w, _, err := MapSize(g, MapOptions{NoLegend: true})
	wide := err == nil && w > MaxCropWidth
	wideMaps.Store(g.T.Name, wide)
	return wide
}

// MoveCrop returns the options that draw the region around what a move
// changed (the highlighted hexes, the routes run, each with its
// neighbours), with a locator, at most MaxCropWidth wide; false when the
// move changed no hex.
func MoveCrop(g *engine.Game, opts MapOptions) (MapOptions, bool) {
	m := g.Board.Map
	seen := map[string]bool{}
	var hexes []string
	add := func(id string) {
		for _, h := range Around(m, id, 1) {
			if !seen[h] {
				seen[h] = true
				hexes = append(hexes, h)
			}
		}
	}
	for _, id := range opts.Highlight {
		add(id)
	}
	for _, r := range opts.Routes {
		for _, id := range r.Hexes {
			add(id)
		}
	}
	if len(hexes) == 0 {
		return opts, false
	}
	opts.Crop, opts.Locator, opts.NoLegend = hexes, true, true
	fit, err := FitWidth(g, opts, MaxCropWidth)
	if err != nil {
		return opts, false
	}
	return fit, true
}
