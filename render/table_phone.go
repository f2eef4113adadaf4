package render

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"pbc/engine"
)

// The table picture for a phone: the same sections as Table, each a table
// when it fits a phone's width, else one card per row (a player, a
// company, a bid box), its fields flowed in two columns, at sizes a phone
// shows readably.

const (
	// PhoneWidth is the width of the phone table in CSS pixels: a 390 px
	// phone's chat column, less its margins.
	PhoneWidth = 360
	// PhoneScale is the phone table's default scale: a phone's pixel
	// density, so that text drawn at 14 reads as 14 CSS pixels.
	PhoneScale = 2

	cardTitle = 16.0 // a card's title
	cardValue = 14.0 // a field's value
	cardLabel = 12.0 // a field's label
	cardLineH = 21.0 // a line of fields
	cardWrapH = 18.0 // each more line of a wrapped field
	cardGap   = 8.0  // between cards
	cardPad   = 8.0  // inside a card
)

// cardTitleCols are the columns of a section's rows that make a card's
// title (the first when not listed): the player's seat and name, the
// company in a bid box.
var cardTitleCols = map[string][]int{"Players": {0, 1}, "Bid boxes": {1}}

// PhoneTable draws the table picture of g for a phone, PhoneWidth wide
// at scale 1 (opts.Scale 0 means PhoneScale): the title strip with its
// status, then the players, companies, bid boxes and trains.
func PhoneTable(w io.Writer, g *engine.Game, opts TableOptions) error {
	if g == nil {
		return fmt.Errorf("render: no game to draw")
	}
	s := opts.Scale
	if s <= 0 {
		s = PhoneScale
	}
	secs := tableSections(g)
	p := newPainter(1, 1, s)
	defer p.release()
	margin := 8 * s
	width := PhoneWidth * s
	inner := width - 2*margin
	what := "Bank " + engine.Money(g.Bank)
	status := what + "  ·  " + statusLine(g, g.Snapshot(false), opts.Acting)
	lines := wrapStatus(p, status, width-24*s)
	top := stripHeight*s + 20*s*float64(len(lines)-1)
	height := top + margin
	for _, sec := range secs {
		if len(sec.rows) == 0 && sec.note == "" {
			continue
		}
		height += p.phoneSection(sec, margin, 0, inner, false) + 12*s
	}
	p.resize(int(math.Ceil(width)), int(math.Ceil(height)))
	p.SetColor(colPaper)
	p.Clear()
	p.statusStrip(g, what, opts.Acting, lines, width, top)
	y := top + margin
	for _, sec := range secs {
		if len(sec.rows) == 0 && sec.note == "" {
			continue
		}
		y += p.phoneSection(sec, margin, y, inner, true) + 12*s
	}
	return encodePNG(w, p.rgba())
}

// phoneSection lays out (and, if draw is set, draws) sec within width at
// (x, y): as a table if it fits, else as cards. It returns its height.
func (p *painter) phoneSection(sec section, x, y, width float64, draw bool) float64 {
	if tw, th := p.drawSection(sec, 0, 0, false); tw <= width {
		if draw {
			p.drawSection(sec, x, y, true)
		}
		return th
	}
	s := p.scale
	titleH := 24 * s
	if draw {
		p.text(sec.title, x, y+titleH/2, 0, 0.5, 16, true, colInk)
	}
	h := titleH
	keys, ok := cardTitleCols[sec.title]
	if !ok {
		keys = []int{0}
	}
	for _, r := range sec.rows {
		h += p.card(sec, r, keys, x, y+h, width, draw) + cardGap*s
	}
	if sec.note != "" {
		ls := p.wrapText(sec.note, width, cardValue, false)
		if draw {
			for i, l := range ls {
				p.text(l, x, y+h+cardLineH*s/2+cardWrapH*s*float64(i), 0, 0.5, cardValue, false, colText)
			}
		}
		h += cardLineH*s + cardWrapH*s*float64(len(ls)-1)
	}
	return h
}

// cardField is one labelled value of a card, and where it goes.
type cardField struct {
	label string
	cell  tcell
	lines []string
	full  bool // takes the card's whole width
}

// card lays out (and, if draw is set, draws) one row of sec as a card
// at (x, y), width wide: the cells of the keys columns as its title, the
// others that say something as labelled fields, two to a line when they
// fit. It returns its height.
func (p *painter) card(sec section, r []tcell, keys []int, x, y, width float64, draw bool) float64 {
	s := p.scale
	pad := cardPad * s
	inner := width - 2*pad
	half := (inner - pad) / 2
	var title []string
	var chip *tcell
	var fields []cardField
	for i, c := range r {
		if i >= len(sec.header) {
			break
		}
		if slices.Contains(keys, i) {
			if c.chip != nil && chip == nil {
				chip = &r[i]
			}
			if c.text != "" {
				title = append(title, c.text)
			}
			continue
		}
		if c.text == "" {
			continue
		}
		f := cardField{label: sec.header[i], cell: c}
		lw := p.measure(f.label, cardLabel, false) + 5*s
		if lw+p.measure(c.text, cardValue, c.bold) > half {
			f.full = true
			f.lines = p.wrapText(c.text, inner-lw, cardValue, c.bold)
		} else {
			f.lines = []string{c.text}
		}
		fields = append(fields, f)
	}
	// The title (on more lines if need be), then the fields: half-width
	// ones in pairs, a full one on a line of its own.
	chipW := 0.0
	if chip != nil {
		chipW = 2*chipR*s + 6*s
	}
	titleLines := p.wrapText(strings.Join(title, "  "), inner-chipW, cardTitle, true)
	titleH := 26*s + cardWrapH*s*float64(len(titleLines)-1)
	type placed struct {
		f    cardField
		x, y float64
	}
	var at []placed
	fy, col := titleH, 0
	for _, f := range fields {
		if f.full {
			if col == 1 {
				fy += cardLineH * s
			}
			at = append(at, placed{f, 0, fy})
			fy += cardLineH*s + cardWrapH*s*float64(len(f.lines)-1)
			col = 0
			continue
		}
		at = append(at, placed{f, float64(col) * (half + pad), fy})
		if col == 1 {
			fy += cardLineH * s
		}
		col = 1 - col
	}
	if col == 1 {
		fy += cardLineH * s
	}
	h := fy + pad/2
	if !draw {
		return h
	}
	// Straight on the image, as the tables' rows are: the rasteriser
	// would take several times as long over a phone's pixels.
	lw := math.Max(1, math.Round(s))
	p.fillRect(x, y, width, h, rgb(0xCC, 0xCC, 0xCC))
	p.fillRect(x+lw, y+lw, width-2*lw, h-2*lw, rgb(0xF6, 0xF6, 0xF6))
	tx, ty := x+pad, y+13*s+2*s
	if chip != nil {
		bg, fg := corpColors(chip.chip)
		drawTokenAt(p, pt{tx + chipR*s, ty}, chipR*s, "", bg, fg)
		tx += chipW
	}
	for i, l := range titleLines {
		p.text(l, tx, ty+cardWrapH*s*float64(i), 0, 0.5, cardTitle, true, colInk)
	}
	for _, pl := range at {
		fx, fy := x+pad+pl.x, y+pl.y+cardLineH*s/2
		p.text(pl.f.label, fx, fy, 0, 0.5, cardLabel, false, colMuted)
		vx := fx + p.measure(pl.f.label, cardLabel, false) + 5*s
		for i, l := range pl.f.lines {
			p.text(l, vx, fy+cardWrapH*s*float64(i), 0, 0.5, cardValue, pl.f.cell.bold, colText)
		}
	}
	return h
}

// wrapText splits text into lines of at most width at size, after ", "
// or at spaces (one line if it fits or cannot be split).
func (p *painter) wrapText(text string, width, size float64, bold bool) []string {
	if p.measure(text, size, bold) <= width {
		return []string{text}
	}
	sep := " "
	if strings.Contains(text, ", ") {
		sep = ", "
	}
	var out []string
	cur := ""
	for _, w := range strings.SplitAfter(text, sep) {
		next := cur + w
		if cur != "" && p.measure(strings.TrimSpace(next), size, bold) > width {
			out = append(out, strings.TrimSpace(cur))
			cur = w
			continue
		}
		cur = next
	}
	return append(out, strings.TrimSpace(cur))
}
