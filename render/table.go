package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"pbc/engine"
	"pbc/engine/board"
	"pbc/engine/title"
)

// TableOptions control Table.
type TableOptions struct {
	// Scale multiplies every size; 0 means 1.
	Scale float64
	// Acting is who the header names as acting; nil reads it from the game.
	Acting *Acting
}

// tcell is one cell of a drawn table: text, optionally after a company chip.
type tcell struct {
	text string
	chip *engine.Corp
	bold bool
}

// section is a titled table.
type section struct {
	title  string
	header []string
	right  []bool // right-aligned columns
	rows   [][]tcell
	note   string // a line under the table
}

const (
	tableFont = 13.0
	tableRowH = 24.0
	chipR     = 10.0
	// maxCellW is the widest a cell's text runs before it wraps, and
	// lineH the height each more line adds to its row.
	maxCellW = 230.0
	lineH    = 17.0
)

// Table draws the state of play of g as a PNG: the players (order, cash,
// certificates, loans, value, holdings), the companies in play (president,
// treasury, share price, trains, tokens left, privates), the bid boxes with
// their current bids, the trains left in the depot with prices and rusting,
// and the bank.
func Table(w io.Writer, g *engine.Game, opts TableOptions) error {
	if g == nil {
		return fmt.Errorf("render: no game to draw")
	}
	s := opts.Scale
	if s <= 0 {
		s = 1
	}
	secs := tableSections(g)
	p := newPainter(1, 1, s)
	defer p.release()
	margin := 14 * s
	width, height := 0.0, margin
	for _, sec := range secs {
		if len(sec.rows) == 0 && sec.note == "" {
			continue
		}
		sw, sh := p.drawSection(sec, 0, 0, false)
		width, height = math.Max(width, sw), height+sh+12*s
	}
	what := "Bank " + engine.Money(g.Bank)
	// The tables set the width, narrow enough for a phone; the status
	// line wraps under the title strip rather than widen the picture.
	width = math.Max(width+2*margin, 300*s)
	status := what + "  ·  " + statusLine(g, g.Snapshot(false), opts.Acting)
	lines := wrapStatus(p, status, width-24*s)
	top := stripHeight*s + 20*s*float64(len(lines)-1)
	height += top
	p.resize(int(math.Ceil(width)), int(math.Ceil(height+margin)))
	p.SetColor(colPaper)
	p.Clear()
	p.statusStrip(g, what, opts.Acting, lines, width, top)
	y := top + margin
	for _, sec := range secs {
		if len(sec.rows) == 0 && sec.note == "" {
			continue
		}
		_, sh := p.drawSection(sec, margin, y, true)
		y += sh + 12*s
	}
	return encodePNG(w, p.rgba())
}

// tableSections are the sections of the table picture, in both its forms.
func tableSections(g *engine.Game) []section {
	secs := []section{playerSection(g), companySection(g), bidSection(g), trainSection(g)}
	// Outside a stock round nobody has cash committed to bids nor has
	// been outbid: those columns would stand empty.
	secs[0].dropEmpty("committed")
	secs[2].dropEmpty("outbid")
	// Columns nobody has anything in leave room for the rest on a phone.
	secs[0].dropEmpty("loans")
	secs[0].dropEmpty("companies")
	secs[1].dropEmpty("exchange")
	secs[1].dropEmpty("privates")
	return append(secs, govAuctionSection(g))
}

// drawSection lays out (and, if draw is set, draws) a section with its top
// left at (x, y); it returns its size.
func (p *painter) drawSection(sec section, x, y float64, draw bool) (float64, float64) {
	s := p.scale
	pad := 8 * s
	rowH := tableRowH * s
	cols := len(sec.header)
	widths := make([]float64, cols)
	for i, h := range sec.header {
		widths[i] = p.measure(h, 12, true)
	}
	// A long cell (a list of shares, a company's full name) wraps onto
	// more lines of its row rather than widen the table past a phone's.
	colMax := maxCellW * s
	lines := make([][][]string, len(sec.rows))
	heights := make([]float64, len(sec.rows))
	for ri, r := range sec.rows {
		lines[ri] = make([][]string, len(r))
		heights[ri] = rowH
		for i, c := range r {
			if i >= cols {
				break
			}
			chipW := 0.0
			if c.chip != nil {
				chipW = 2*chipR*s + 5*s
			}
			ls := p.wrapCell(c.text, colMax-chipW, c.bold)
			lines[ri][i] = ls
			for _, l := range ls {
				widths[i] = math.Max(widths[i], p.measure(l, tableFont, c.bold)+chipW)
			}
			heights[ri] = math.Max(heights[ri], rowH+lineH*s*float64(len(ls)-1))
		}
	}
	bodyH := 0.0
	for _, rh := range heights {
		bodyH += rh
	}
	total := 0.0
	for _, w := range widths {
		total += w + 2*pad
	}
	titleH := 24 * s
	h := titleH + rowH + bodyH
	if sec.note != "" {
		h += rowH
		total = math.Max(total, p.measure(sec.note, tableFont, false)+2*pad)
	}
	if !draw {
		return total, h
	}
	p.text(sec.title, x, y+titleH/2, 0, 0.5, 16, true, colInk)
	ty := y + titleH
	// Header row.
	p.fillRect(x, ty, total, rowH, rgb(0xE4, 0xE4, 0xE4))
	cx := x
	for i, hd := range sec.header {
		tx, ax := cx+pad, 0.0
		if sec.right != nil && sec.right[i] {
			tx, ax = cx+pad+widths[i], 1
		}
		p.text(hd, tx, ty+rowH/2, ax, 0.5, 12, true, colMuted)
		cx += widths[i] + 2*pad
	}
	ry := ty + rowH
	for ri, r := range sec.rows {
		if ri > 0 {
			ry += heights[ri-1]
		}
		if ri%2 == 1 {
			p.fillRect(x, ry, total, heights[ri], rgb(0xF4, 0xF4, 0xF4))
		}
		cx := x
		for i, c := range r {
			if i >= cols {
				break
			}
			tx := cx + pad
			if c.chip != nil {
				bg, fg := corpColors(c.chip)
				drawTokenAt(p, pt{tx + chipR*s, ry + rowH/2}, chipR*s, "", bg, fg)
				tx += 2*chipR*s + 5*s
			}
			ax := 0.0
			if sec.right != nil && sec.right[i] {
				tx, ax = cx+pad+widths[i], 1
			}
			for k, l := range lines[ri][i] {
				p.text(l, tx, ry+rowH/2+lineH*s*float64(k), ax, 0.5, tableFont, c.bold, colText)
			}
			cx += widths[i] + 2*pad
		}
	}
	// The frame, a line of 1 px (scaled) centred on the table's edge.
	bh, lw := rowH+bodyH, math.Max(1, math.Round(s))
	p.fillRect(x-lw/2, ty-lw/2, total+lw, lw, colGrid)
	p.fillRect(x-lw/2, ty+bh-lw/2, total+lw, lw, colGrid)
	p.fillRect(x-lw/2, ty-lw/2, lw, bh+lw, colGrid)
	p.fillRect(x+total-lw/2, ty-lw/2, lw, bh+lw, colGrid)
	if sec.note != "" {
		p.text(sec.note, x+pad, ty+bh+rowH/2, 0, 0.5, tableFont, false, colText)
	}
	return total, h
}

// dropEmpty removes the column headed name when no row has text in it.
func (sec *section) dropEmpty(name string) {
	col := -1
	for i, h := range sec.header {
		if h == name {
			col = i
		}
	}
	if col < 0 {
		return
	}
	for _, r := range sec.rows {
		if col < len(r) && (r[col].text != "" || r[col].chip != nil) {
			return
		}
	}
	sec.header = append(sec.header[:col:col], sec.header[col+1:]...)
	if sec.right != nil {
		sec.right = append(sec.right[:col:col], sec.right[col+1:]...)
	}
	for i, r := range sec.rows {
		if col < len(r) {
			sec.rows[i] = append(r[:col:col], r[col+1:]...)
		}
	}
}

// fillRect fills an upright rectangle straight on the image: the
// rasteriser spends far longer on the rows of a table than its text does.
func (p *painter) fillRect(x, y, w, h float64, c color.RGBA) {
	r := image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h)))
	draw.Draw(p.rgba(), r, image.NewUniform(c), image.Point{}, draw.Src)
}

// playerSection lists the players in turn order.
func playerSection(g *engine.Game) section {
	sec := section{title: "Players", header: []string{"#", "player", "cash", "committed", "value", "certs", "loans", "shares", "companies"},
		right: []bool{true, false, true, true, true, true, true, false, false}}
	limit := g.CertLimit()
	committed := map[*engine.Player]int{}
	for _, box := range g.BidBoxes() {
		for _, c := range box {
			if lead, ok := leadingBid(g, c); ok {
				committed[lead.Player] += lead.Price
			}
		}
	}
	for i, pl := range g.Players {
		var shares []string
		for _, c := range g.Corps {
			if c.Closed || c.Kind == title.RegionalCorp {
				continue
			}
			if n := c.PercentOf(pl); n > 0 {
				if c.IsMinor() {
					shares = append(shares, c.ID)
				} else {
					shares = append(shares, fmt.Sprintf("%s %d%%", c.ID, n))
				}
			}
		}
		var comps []string
		for _, c := range pl.Companies {
			if !c.Closed && (c.Def == nil || c.Def.Kind != title.MinorCert) {
				comps = append(comps, c.ID)
			}
		}
		sort.Strings(comps)
		loans := ""
		if pl.Debt > 0 {
			loans = engine.Money(pl.Debt)
		}
		// Committed cash is tied up in the bids the player leads.
		tied := ""
		if n, ok := committed[pl]; ok {
			tied = engine.Money(n)
		}
		sec.rows = append(sec.rows, []tcell{
			{text: strconv.Itoa(i + 1)}, {text: pl.Name, bold: true}, {text: engine.Money(pl.Cash)}, {text: tied},
			{text: engine.Money(g.PlayerValue(pl))}, {text: fmt.Sprintf("%d/%d", g.CertCount(pl), limit)},
			{text: loans}, {text: strings.Join(shares, ", ")}, {text: strings.Join(comps, " ")},
		})
	}
	return sec
}

// companySection lists the majors and minors in play.
func companySection(g *engine.Game) section {
	sec := section{title: "Companies", header: []string{"company", "president", "treasury", "price", "trains", "tokens left", "exchange", "privates"},
		right: []bool{false, false, true, true, false, true, true, false}}
	add := func(c *engine.Corp) {
		pres := ""
		if p := c.President(); p != nil {
			pres = p.Name
		}
		price := ""
		if c.Price >= 0 && c.Price < len(g.Market.Cells) {
			price = engine.Money(g.Market.Cells[c.Price].Price)
		}
		var trains []string
		for _, t := range c.Trains {
			trains = append(trains, t.Name)
		}
		unplaced := len(c.UnusedTokens())
		total := 0
		for _, t := range c.Tokens {
			if t.Kind == engine.NormalToken {
				total++
			}
		}
		var privs []string
		for _, pc := range c.Privates {
			if !pc.Closed {
				privs = append(privs, pc.ID)
			}
		}
		// Exchange tokens (majors) replace acquired minors' stations.
		exch := ""
		if c.IsMajor() {
			exch = strconv.Itoa(c.Exchange)
		}
		if gov := g.T.Government.Corp; gov != "" && c.ID == gov {
			// A government railway has no president and no exchange
			// tokens; the market holds what players do not.
			pres, exch = fmt.Sprintf("none · market %d%%", c.PercentOf(g.Pool)), ""
		}
		sec.rows = append(sec.rows, []tcell{
			{text: c.ID, chip: c, bold: true}, {text: pres}, {text: engine.Money(c.Cash)}, {text: price},
			{text: strings.Join(trains, " ")}, {text: fmt.Sprintf("%d/%d", unplaced, total)}, {text: exch},
			{text: strings.Join(privs, " ")},
		})
	}
	for _, major := range []bool{true, false} {
		for _, c := range g.Corps {
			if c.Closed || c.IsMajor() != major || c.Kind == title.RegionalCorp {
				continue
			}
			if !c.Floated && !c.IPOed && c.President() == nil {
				continue
			}
			add(c)
		}
	}
	return sec
}

// bidSection lists the bid boxes and the standing bids.
func bidSection(g *engine.Game) section {
	sec := section{title: "Bid boxes", header: []string{"box", "company", "value", "leading bid", "outbid"},
		right: []bool{false, false, true, false, false}}
	names := []string{"minors", "concessions", "privates"}
	for i, box := range g.BidBoxes() {
		for _, c := range box {
			if c == nil {
				sec.rows = append(sec.rows, []tcell{{text: names[i]}, {text: "(empty)"}, {}, {}, {}})
				continue
			}
			name := c.ID
			if c.Def != nil && c.Def.Name != "" {
				name += " " + c.Def.Name
			}
			lead, _ := leadingBid(g, c)
			leads := ""
			var bids []string
			for _, b := range g.Bids(c) {
				if b == lead {
					leads = fmt.Sprintf("%s %s", b.Player.Name, engine.Money(b.Price))
					continue
				}
				bids = append(bids, fmt.Sprintf("%s %s", b.Player.Name, engine.Money(b.Price)))
			}
			var chip *engine.Corp
			if c.Def != nil && c.Def.Corp != "" {
				chip = g.Corp(c.Def.Corp)
			}
			value := ""
			if c.Value > 0 {
				value = engine.Money(c.Value)
			}
			sec.rows = append(sec.rows, []tcell{{text: names[i]}, {text: name, chip: chip}, {text: value},
				{text: leads, bold: true}, {text: strings.Join(bids, ", ")}})
		}
		if row := stackRow(g, names[i], i, len(box)); row != nil {
			sec.rows = append(sec.rows, row)
		}
	}
	return sec
}

// leadingBid is the highest bid on c (of equal ones the earlier), if any.
func leadingBid(g *engine.Game, c *engine.Company) (engine.Bid, bool) {
	if c == nil {
		return engine.Bid{}, false
	}
	bids := g.Bids(c)
	if len(bids) == 0 {
		return engine.Bid{}, false
	}
	lead := bids[0]
	for _, b := range bids[1:] {
		if b.Price > lead.Price {
			lead = b
		}
	}
	return lead, true
}

// trainSection lists the trains left in the depot in sale order, then the
// discarded trains for sale.
func trainSection(g *engine.Game) section {
	sec := section{title: "Trains", header: []string{"train", "left", "price", "rusts on", "buying it starts"},
		right: []bool{false, true, true, false, false}}
	type group struct {
		t *engine.Train
		n int
	}
	var groups []*group
	for _, t := range g.Depot.Upcoming {
		if len(groups) > 0 && groups[len(groups)-1].t.Name == t.Name {
			groups[len(groups)-1].n++
			continue
		}
		groups = append(groups, &group{t, 1})
	}
	phaseOn := map[string]string{}
	for _, ph := range g.T.Phases {
		for _, on := range ph.On {
			phaseOn[on] = "phase " + ph.Name
		}
	}
	for _, gr := range groups {
		left := strconv.Itoa(gr.n)
		if gr.t.Def != nil && gr.t.Def.Count == board.Unlimited {
			left = "∞"
		}
		rust := gr.t.RustsOn
		if rust != "" {
			rust = rust + "-train"
		}
		sec.rows = append(sec.rows, []tcell{{text: gr.t.Name, bold: true}, {text: left}, {text: engine.Money(gr.t.Price)},
			{text: rust}, {text: phaseOn[gr.t.Name]}})
		// The same cards bought as another train (an L as a 2, a 7 as
		// an E): a row of their own, counted with the train above.
		if gr.t.Def != nil {
			for _, v := range gr.t.Def.Variants {
				if v.Name == gr.t.Name {
					continue
				}
				vr := v.RustsOn
				if vr != "" {
					vr += "-train"
				}
				sec.rows = append(sec.rows, []tcell{{text: v.Name, bold: true}, {text: "as " + gr.t.Def.Name}, {text: engine.Money(v.Price)},
					{text: vr}, {text: phaseOn[v.Name]}})
			}
		}
	}
	if len(g.Depot.Discarded) > 0 {
		var names []string
		for _, t := range g.Depot.Discarded {
			names = append(names, t.Name)
		}
		sec.note = "Discarded, for sale at face value: " + strings.Join(names, " ")
	}
	return sec
}

// wrapStatus splits a status line at its " · " separators into lines of
// at most width at 15 px (one line if it fits).
func wrapStatus(p *painter, status string, width float64) []string {
	if p.measure(status, 15, false) <= width {
		return []string{status}
	}
	parts := strings.Split(status, "  ·  ")
	var out []string
	cur := ""
	for _, part := range parts {
		next := part
		if cur != "" {
			next = cur + "  ·  " + part
		}
		if cur != "" && p.measure(next, 15, false) > width {
			out = append(out, cur)
			cur = part
			continue
		}
		cur = next
	}
	return append(out, cur)
}

// wrapCell splits a cell's text into lines of at most width, after
// ", " or at spaces (one line if it fits or cannot be split).
func (p *painter) wrapCell(text string, width float64, bold bool) []string {
	if p.measure(text, tableFont, bold) <= width {
		return []string{text}
	}
	sep := " "
	if strings.Contains(text, ", ") {
		sep = ", " // a list breaks between its items
	}
	words := strings.SplitAfter(text, sep)
	var out []string
	cur := ""
	for _, w := range words {
		next := cur + w
		if cur != "" && p.measure(strings.TrimSpace(next), tableFont, bold) > width {
			out = append(out, strings.TrimSpace(cur))
			cur = w
			continue
		}
		cur = next
	}
	return append(out, strings.TrimSpace(cur))
}

// statusStrip draws the title strip and, when the status wrapped to
// several lines, the strip again down to top with those lines in it.
func (p *painter) statusStrip(g *engine.Game, what string, acting *Acting, lines []string, width, top float64) {
	s := p.scale
	p.strip(g, what, acting)
	if len(lines) < 2 {
		return
	}
	p.SetColor(colStrip)
	p.DrawRectangle(0, 30*s, width, top-30*s)
	p.Fill()
	for i, l := range lines {
		size := p.fitSize(l, width-24*s, 15, 11, false)
		p.text(l, 12*s, 40*s+20*s*float64(i), 0, 0.5, size, false, rgb(0xEE, 0xEE, 0xEE))
	}
}
