// Package render draws a game as PNG images players can read on a phone: the
// map (Map), the stock market (Market) and the table of players, companies and
// trains (Table). Each function writes one PNG to an io.Writer, in the manner
// of png.Encode. Drawing is pure Go (fogleman/gg and the Go fonts), so the same
// state gives the same pixels on every machine. What stays the same from one
// drawing of a board to the next (the printed board, each tile's track, the
// compressed bands of the PNG) is cached, in bounded caches safe for
// concurrent use, and reused with the very same pixels.
package render

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"sort"
	"strconv"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/board"
)

// Default hex circumradii in pixels at Scale 1: the pointy 1822PNW board is
// small enough for roomy hexes; the long 1822CA board keeps its image under
// the chat size limit with slightly smaller ones.
const (
	HexSizePointy = 60
	HexSizeFlat   = 54
)

// MapOptions control Map.
type MapOptions struct {
	// Scale multiplies every size; 0 means 1 (hexes of HexSizePointy or
	// HexSizeFlat pixels, text of at least 12 px).
	Scale float64
	// Highlight lists hexes outlined as changed (for "what happened last turn").
	Highlight []string
	// Crop, when set, draws only the region spanning these hexes plus a margin
	// of one hex.
	Crop []string
	// Routes are the last run's routes, drawn one colour per train.
	Routes []action.Route
	// NoLegend leaves out the legend under the map.
	NoLegend bool
	// Locator, with Crop, adds under the map the whole board in miniature
	// with the cropped region outlined (Map only; MapCanvas ignores it).
	Locator bool
	// Acting is who the header names as acting; nil reads it from the game.
	Acting *Acting
	// StopNumbers numbers the stops of each hex with several, as a run
	// names them ("M38.2"): for the picture of a region.
	StopNumbers bool
}

// mapDrawing is the state of one Map call.
type mapDrawing struct {
	g     *engine.Game
	p     *painter
	gm    *geom
	opt   MapOptions
	phase board.Color
	corps map[string]*engine.Corp
	dests map[string][]*engine.Corp
	// rondels are the empty rondels by hex; coloc tells whether any
	// station has tokens beside its slots.
	rondels map[string][]string
	coloc   bool
	// dueling tells whether a dueling city holds a revenue token, timber
	// whether a forest holds track.
	dueling, timber bool
	// marks lists the markers drawn, for tests.
	marks []mark
	base  *mapBase
	late  []func()
	cells []cell
	// strips are the names and revenue bands placed so far.
	strips rects
	// record asks the drawing to list what it places (elems) and the texts
	// fitted into tokens (fits), for the layout check.
	record bool
	elems  []elem
	fits   []textFit
	// namesAbove puts each hex's name above it, off its track (the tile
	// picture, which leaves room there).
	namesAbove bool
	// slotMemo holds the token slots by hex, worked out when first asked;
	// trackMemo the discs along each hex's track.
	slotMemo  map[string][]disc
	trackMemo map[string][]disc
	// bounds of the drawn grid in pixels
	x0, y0, x1, y1 float64
	// w and h are the size of the picture.
	w, h int
}

// mark is a marker drawn on the map: a "rondel" (of tokens ids), an "empty
// rondel" (ids name who may use it), a "revenue token" (ids holds its
// value), a "timber cube" or a "coal mine".
type mark struct {
	kind, hex string
	at        pt
	ids       []string
}

// cell is a drawn hex.
type cell struct {
	hs   *engine.HexState
	def  *board.Hex
	x, y int
	c    pt
}

// Map draws the board of g as a PNG.
func Map(w io.Writer, g *engine.Game, opts MapOptions) error {
	if g == nil || g.Board == nil || g.Board.Map == nil {
		return fmt.Errorf("render: no board to draw")
	}
	md, err := newMapDrawing(g, opts)
	if err != nil {
		return err
	}
	defer md.p.release()
	md.draw()
	if md.hasLocator() {
		md.drawLocator()
	}
	img := md.p.rgba()
	defer recycle(img)
	return encodePNG(w, img)
}

// newMapDrawing lays out the map of g and gives it a canvas holding the base.
func newMapDrawing(g *engine.Game, opts MapOptions) (*mapDrawing, error) {
	md, err := newMapLayout(g, opts)
	if err != nil {
		return nil, err
	}
	md.p.setCanvas(md.base.canvas(md.w, md.h))
	return md, nil
}

// newMapLayout lays out the map of g: the hexes drawn and where, the size
// of the picture and its base; its painter has no canvas yet.
func newMapLayout(g *engine.Game, opts MapOptions) (*mapDrawing, error) {
	md, err := measureMap(g, opts)
	if err != nil {
		return nil, err
	}
	md.base = md.baseFor(md.w, md.h)
	return md, nil
}

// newDrawing starts a drawing of g: what every hex drawn reads from the
// game (the phase, the companies by id, destinations and rondels).
func newDrawing(g *engine.Game, opts MapOptions) *mapDrawing {
	md := &mapDrawing{g: g, opt: opts, corps: map[string]*engine.Corp{}, dests: destinations(g),
		rondels: rondelOwners(g), coloc: anyColocated(g)}
	if ph := g.CurrentPhase(); ph != nil {
		md.phase = ph.Tiles
	}
	for _, c := range g.Corps {
		md.corps[c.ID] = c
	}
	return md
}

// measureMap lays out the map of g as newMapLayout does, without its base:
// enough to know the picture's size.
func measureMap(g *engine.Game, opts MapOptions) (*mapDrawing, error) {
	if opts.Scale <= 0 {
		opts.Scale = 1
	}
	s := opts.Scale
	m := g.Board.Map
	md := newDrawing(g, opts)
	for id, h := range g.Board.Hexes {
		if g.DuelingCity(id) && h.Tile != &h.Def.Tile {
			md.dueling = true
		}
		if h.Markers["forest"] {
			md.timber = true
		}
	}
	md.gm = &geom{layout: m.Layout, R: HexSizePointy * s}
	if m.Layout == board.Flat {
		md.gm.R = HexSizeFlat * s
	}
	crop := map[string]bool{}
	for _, id := range opts.Crop {
		crop[id] = true
	}
	// Crop box in doubled coordinates.
	cx0, cy0, cx1, cy1 := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	for _, id := range opts.Crop {
		x, y, err := board.Coord(m.Layout, id)
		if err != nil {
			return nil, fmt.Errorf("render: crop: %w", err)
		}
		cx0, cy0, cx1, cy1 = min(cx0, x), min(cy0, y), max(cx1, x), max(cy1, y)
	}
	mx, my := 2, 1 // one hex of margin
	if m.Layout == board.Flat {
		mx, my = 1, 2
	}
	for i := range m.Hexes {
		d := &m.Hexes[i]
		x, y, err := board.Coord(m.Layout, d.ID)
		if err != nil {
			continue
		}
		if len(crop) > 0 && (x < cx0-mx || x > cx1+mx || y < cy0-my || y > cy1+my) {
			continue
		}
		md.cells = append(md.cells, cell{hs: g.Board.Hexes[d.ID], def: d, x: x, y: y, c: md.gm.center(x, y)})
	}
	if len(md.cells) == 0 {
		return nil, fmt.Errorf("render: nothing to draw")
	}
	hw, hh := md.gm.apothem(), md.gm.R
	if m.Layout == board.Flat {
		hw, hh = md.gm.R, md.gm.apothem()
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range md.cells {
		x0, y0 = math.Min(x0, c.c.X-hw), math.Min(y0, c.c.Y-hh)
		x1, y1 = math.Max(x1, c.c.X+hw), math.Max(y1, c.c.Y+hh)
	}
	margin := 24 * s
	top := stripHeight * s
	md.gm.ox, md.gm.oy = margin-x0, top+margin-y0
	for i := range md.cells {
		md.cells[i].c = md.gm.center(md.cells[i].x, md.cells[i].y)
	}
	md.x0, md.y0 = margin, top+margin
	md.x1, md.y1 = margin+(x1-x0), top+margin+(y1-y0)
	width := int(math.Ceil(md.x1 + margin))
	height := md.y1 + margin
	md.p = newPainter(width, 1, s) // measure the legend first
	legendH := 0.0
	if !opts.NoLegend {
		legendH = md.p.flowHeight(md.mapLegend(), float64(width)-24*s) + 30*s
	}
	md.w, md.h = width, int(math.Ceil(height+legendH))
	if md.hasLocator() {
		md.h += int(math.Ceil(locatorHeight * s))
	}
	return md, nil
}

// stripHeight is the height of the title strip at scale 1.
const stripHeight = 54

// draw draws the whole map on the canvas.
func (md *mapDrawing) draw() { md.paint(&paintPlan{pieces: md.pieces(), hexes: md.allHexes()}) }

// allHexes lists the indices of every cell.
func (md *mapDrawing) allHexes() []int {
	out := make([]int, len(md.cells))
	for i := range out {
		out[i] = i
	}
	return out
}

func (md *mapDrawing) hexCtx(c cell, p *painter) *hexCtx {
	hc := &hexCtx{p: p, gm: md.gm, c: c.c, hs: c.hs, def: c.def, tile: &c.def.Tile, phase: md.phase,
		corps: md.corps, md: md, trackW: 0.15 * md.gm.R, slotR: 0.29 * md.gm.R}
	if c.hs != nil && c.hs.Tile != nil {
		hc.tile, hc.rot = c.hs.Tile, c.hs.Rotation
		hc.laid = c.hs.Tile != &c.def.Tile && !c.hs.Tile.Hidden
	}
	return hc
}

// statusLine describes the round, the phase and who acts.
func statusLine(g *engine.Game, snap engine.Snapshot, acting *Acting) string {
	r := snap.Round
	var round string
	switch r.Name {
	case "SR":
		round = "Stock Round " + strconv.Itoa(r.Turn)
	case "OR":
		round = fmt.Sprintf("Operating Round %d.%d", r.Turn, r.RoundNum)
	case "Merger":
		round = fmt.Sprintf("Merger Round %d.%d", r.Turn, r.RoundNum)
	case "Choices":
		round = "Choices"
	default:
		round = r.Name
	}
	out := round + "  ·  Phase " + snap.Phase
	switch {
	case snap.Finished:
		out += "  ·  game over"
		if snap.EndReason != "" {
			out += " (" + snap.EndReason + ")"
		}
	case acting != nil:
		out += "  ·  to act: " + acting.label(g)
	case snap.CurrentEntity != "":
		out += "  ·  to act: " + entityLabel(g, snap.CurrentEntity, snap.CurrentEntityType)
	}
	return out
}

// entityLabel names an acting entity: a player by name, a company with its
// president.
func entityLabel(g *engine.Game, id, kind string) string {
	if c := g.Corp(id); c != nil && kind == action.EntityCorporation {
		return (&Acting{Corp: id, Player: presidentName(c)}).label(g)
	}
	if n, err := strconv.Atoi(id); err == nil {
		if p := g.PlayerByID(n); p != nil {
			return p.Name
		}
	}
	if c := g.Corp(id); c != nil {
		name := c.ID
		if c.Def != nil && c.Def.Name != "" && c.IsMajor() {
			name = c.ID + " " + c.Def.Name
		}
		if p := c.President(); p != nil {
			return name + " (" + p.Name + ")"
		}
		return name
	}
	return id
}

// routeColors are the colours of the first, second, ... train's route.
var routeColors = []color.NRGBA{
	{0xE3, 0x1A, 0x1C, 0xC0}, {0x1F, 0x78, 0xB4, 0xC0}, {0x33, 0xA0, 0x2C, 0xC0},
	{0xFF, 0x7F, 0x00, 0xC0}, {0x6A, 0x3D, 0x9A, 0xC0}, {0xB1, 0x59, 0x28, 0xC0},
}

// letterName is the letter name of a doubled coordinate as in board.HexID.
func letterName(n int) string {
	id := board.HexID(board.Pointy, 0, n)
	return id[:len(id)-1]
}

func sortedKeys(m map[int]float64) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}
