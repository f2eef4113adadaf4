package render

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"pbc/engine"
	"pbc/engine/board"
)

// TileOption is one legal lay drawn by TileChoices.
type TileOption struct {
	Label string           // the tile and rotation: "57 r1"
	Note  string           // a cost to show under it, "" if none
	Hex   *engine.HexState // the hex as the lay leaves it; nil draws it as it is
}

// tileScale enlarges the hexes of the tile picture over the map's: it is
// read on a phone, a few hexes at a time.
const tileScale = 1.3

// maxTileOptions bounds the hexes one picture draws.
const maxTileOptions = 48

// TileChoices draws the options for a hex side by side, numbered from 1,
// each as the hex would look once laid (its city names, terrain, tokens and
// the new track), with the tile's name and rotation under it.
func TileChoices(w io.Writer, g *engine.Game, hex string, opts []TileOption) error {
	if g == nil || g.Board == nil || g.Board.Map == nil {
		return fmt.Errorf("render: no board to draw")
	}
	now := g.Board.Hexes[hex]
	if now == nil || now.Def == nil {
		return fmt.Errorf("render: no hex %q", hex)
	}
	if len(opts) == 0 {
		return fmt.Errorf("render: no tiles to draw for %s", hex)
	}
	opts = opts[:min(len(opts), maxTileOptions)]
	s := tileScale
	m := g.Board.Map
	md := newDrawing(g, MapOptions{Scale: s, NoLegend: true})
	md.gm = &geom{layout: m.Layout, R: HexSizePointy * s}
	hw, hh := md.gm.apothem(), md.gm.R // half width and height of a hex
	if m.Layout == board.Flat {
		md.gm.R = HexSizeFlat * s
		hw, hh = md.gm.R, md.gm.apothem()
	}
	cols := min(len(opts), 3) // three a row: large enough on a phone
	rows := (len(opts) + cols - 1) / cols
	// Room above each hex for its name (two lines at most), kept off the
	// tile's track, and below it for the number, the tile and the cost.
	gap, above, labelH, top, margin := 14*s, 34*s, 44*s, 46*s, 12*s
	md.namesAbove = true
	for _, o := range opts {
		if o.Note != "" {
			labelH = 62 * s // and a line for the cost
		}
	}
	boxW, boxH := 2*hw+gap, above+2*hh+labelH
	title := "Lay track on " + hex
	if name := hexName(now.Def); name != "" {
		title += " (" + name + ")"
	}
	ways := strconv.Itoa(len(opts)) + " ways"
	if len(opts) == 1 {
		ways = "1 way"
	}
	title += ": " + ways
	// The picture is as wide as its title at a readable size, the hexes
	// centred under it.
	md.p = newPainter(1, 1, s)
	defer md.p.release()
	titleW := md.p.measure(title, 13, true) + 20*s
	width := int(math.Ceil(math.Max(2*margin+float64(cols)*boxW, titleW)))
	x0 := (float64(width) - float64(cols)*boxW) / 2
	height := int(math.Ceil(top + float64(rows)*boxH))
	for i, o := range opts {
		hs := o.Hex
		if hs == nil {
			hs = now
		}
		col, row := i%cols, i/cols
		c := pt{x0 + (float64(col)+0.5)*boxW, top + float64(row)*boxH + above + hh}
		md.cells = append(md.cells, cell{hs: hs, def: now.Def, c: c})
	}
	md.p.resize(width, 1)
	md.w, md.h = width, height
	md.base = md.makeBase(width, height) // not cached: it would push out the maps' bases
	md.p.setCanvas(md.base.canvas(width, height))
	md.paint(&paintPlan{hexes: md.allHexes()})
	p := md.p
	p.SetColor(colStrip)
	p.DrawRectangle(0, 0, float64(width), top-8*s)
	p.Fill()
	p.text(title, 10*s, (top-8*s)/2, 0, 0.5, p.fitSize(title, float64(width)-20*s, 17, 11, true), true, colPaper)
	for i, o := range opts {
		c := md.cells[i].c
		// Under the hex, clear of its track and names: the number in a
		// dark disc, then the tile and rotation, the cost below.
		n := strconv.Itoa(i + 1)
		r := 13 * s
		size := p.fitSize(o.Label, boxW-2*r-10*s, 17, 10, true)
		tw := p.measure(o.Label, size, true)
		x0 := c.X - (2*r+6*s+tw)/2
		y := c.Y + hh + 24*s
		p.SetColor(colStrip)
		p.DrawCircle(x0+r, y, r)
		p.Fill()
		p.text(n, x0+r, y, 0.5, 0.5, 16, true, colPaper)
		p.text(o.Label, x0+2*r+6*s, y, 0, 0.5, size, true, colInk)
		if o.Note != "" {
			p.text(o.Note, c.X, y+r+10*s, 0.5, 0.5, 13, false, colMuted)
		}
	}
	img := p.rgba()
	defer recycle(img)
	return encodePNG(w, img)
}

// hexName is the printed name of a hex's city or town, if any.
func hexName(d *board.Hex) string {
	return strings.TrimSpace(d.Name)
}
