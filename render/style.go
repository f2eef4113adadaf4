package render

import (
	"image/color"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"pbc/engine/board"
)

// Colours as on the 18xx.games site.
var (
	colHexWhite  = rgb(0xEA, 0xE0, 0xC8)
	colYellow    = rgb(0xFD, 0xE9, 0x00)
	colGreen     = rgb(0x71, 0xBF, 0x44)
	colBrown     = rgb(0xCB, 0x77, 0x45)
	colGray      = rgb(0xBC, 0xBD, 0xC0)
	colRed       = rgb(0xE6, 0x6D, 0x37)
	colBlue      = rgb(0x35, 0xA7, 0xFF)
	colRange     = rgb(0xA8, 0x96, 0x7E) // PNW mountain ranges (no track)
	colSea       = rgb(0x9F, 0xD3, 0xF5) // water hexes without track
	colPaper     = rgb(0xFF, 0xFF, 0xFF)
	colInk       = rgb(0x00, 0x00, 0x00)
	colGrid      = rgb(0x55, 0x55, 0x55)
	colText      = rgb(0x22, 0x22, 0x22)
	colMuted     = rgb(0x66, 0x66, 0x66)
	colWater     = rgb(0x1E, 0x6F, 0xD9)
	colBarrier   = rgb(0xD0, 0x10, 0x10)
	colHighlight = rgb(0xE0, 0x00, 0xB0)
	colStrip     = rgb(0x2B, 0x2B, 0x2B)
	colMountain  = rgb(0x8B, 0x6A, 0x4A)
	colForest    = rgb(0x1F, 0x7A, 0x32)
	colLabelBack = color.NRGBA{0xFF, 0xFF, 0xFF, 0xD8}
)

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xFF} }

// tileColor is the fill of a tile or printed hex of colour c.
func tileColor(c board.Color) color.RGBA {
	switch c {
	case board.Yellow:
		return colYellow
	case board.Green:
		return colGreen
	case board.Brown:
		return colBrown
	case board.Gray:
		return colGray
	case board.Red:
		return colRed
	case board.Blue:
		return colBlue
	}
	return colHexWhite
}

// parseColor reads "#RRGGBB", "#RGB", "white" or "black"; anything else is gray.
func parseColor(s string) color.RGBA {
	switch strings.ToLower(s) {
	case "white":
		return rgb(0xFF, 0xFF, 0xFF)
	case "black":
		return rgb(0, 0, 0)
	}
	s = strings.TrimPrefix(s, "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if len(s) != 6 || err != nil {
		return rgb(0x80, 0x80, 0x80)
	}
	return rgb(uint8(v>>16), uint8(v>>8), uint8(v))
}

// luminance is the perceived brightness of c in 0..1.
func luminance(c color.RGBA) float64 {
	return (0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)) / 255
}

var (
	fontOnce            sync.Once
	fontRegular, fontBd *truetype.Font
)

func loadFonts() {
	fontOnce.Do(func() {
		fontRegular, _ = truetype.Parse(goregular.TTF)
		fontBd, _ = truetype.Parse(gobold.TTF)
	})
}

// painter wraps a gg context with a font cache. Faces are not safe for
// concurrent use, so every drawing has its own painter.
type painter struct {
	*gg.Context
	scale float64
	faces map[faceKey]font.Face
}

type faceKey struct {
	size float64
	bold bool
}

func newPainter(w, h int, scale float64) *painter {
	loadFonts()
	return &painter{Context: gg.NewContext(w, h), scale: scale, faces: map[faceKey]font.Face{}}
}

// font selects the Go font at size px (before scaling).
func (p *painter) font(size float64, bold bool) {
	k := faceKey{size * p.scale, bold}
	f, ok := p.faces[k]
	if !ok {
		tf := fontRegular
		if bold {
			tf = fontBd
		}
		f = truetype.NewFace(tf, &truetype.Options{Size: k.size, DPI: 72, Hinting: font.HintingFull})
		p.faces[k] = f
	}
	p.SetFontFace(f)
}

// text draws s in colour c with the given size (px at scale 1) and weight,
// anchored at (x, y): ax 0, 0.5, 1 puts x at the left, centre or right of the
// text; ay 0, 0.5, 1 puts y at the top, middle or bottom of the capitals (the
// baseline).
func (p *painter) text(s string, x, y, ax, ay, size float64, bold bool, c color.Color) {
	p.font(size, bold)
	p.SetColor(c)
	w, _ := p.MeasureString(s)
	capH := 0.72 * size * p.scale
	p.DrawString(s, x-ax*w, y+(1-ay)*capH)
}

// measure returns the width of s at the given size and weight.
func (p *painter) measure(s string, size float64, bold bool) float64 {
	p.font(size, bold)
	w, _ := p.MeasureString(s)
	return w
}

// fitSize returns the largest size from max down to min at which s fits in width.
func (p *painter) fitSize(s string, width, max, min float64, bold bool) float64 {
	size := max
	for size > min && p.measure(s, size, bold) > width {
		size -= 0.5
	}
	return size
}

// squeezed draws s centred at (x, y) within width: at full size, condensed
// horizontally down to 75% if needed, and only then at a smaller size.
func (p *painter) squeezed(s string, x, y, width, size float64, bold bool, c color.Color) {
	w := p.measure(s, size, bold)
	if w <= width {
		p.text(s, x, y, 0.5, 0.5, size, bold, c)
		return
	}
	k := width / w
	if k < 0.75 {
		size = p.fitSize(s, width/0.75, size, 7, bold)
		k = math.Min(1, width/p.measure(s, size, bold))
	}
	p.Push()
	p.ScaleAbout(k, 1, x, y)
	p.text(s, x, y, 0.5, 0.5, size, bold, c)
	p.Pop()
}

// label draws s centred at (x, y) on a rounded, light background box.
func (p *painter) label(s string, x, y, size float64, bold bool, fg, bg color.Color) {
	w := p.measure(s, size, bold)
	h := size * p.scale
	pad := 2 * p.scale
	p.SetColor(bg)
	p.DrawRoundedRectangle(x-w/2-pad, y-h/2-pad, w+2*pad, h+2*pad, 3*p.scale)
	p.Fill()
	p.text(s, x, y, 0.5, 0.5, size, bold, fg)
}

// poly adds a closed polygon to the current path.
func (p *painter) poly(pts []pt) {
	p.NewSubPath()
	for i, q := range pts {
		if i == 0 {
			p.MoveTo(q.X, q.Y)
		} else {
			p.LineTo(q.X, q.Y)
		}
	}
	p.ClosePath()
}
