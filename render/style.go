package render

import (
	"image"
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
	"golang.org/x/image/math/fixed"

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
	colRondel    = rgb(0x5E, 0x56, 0x4B) // plate of tokens beside a station
	colTimber    = rgb(0x8B, 0x5A, 0x2B) // 1822PNW timber cubes
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

// painter wraps a gg context with a font cache.
type painter struct {
	*gg.Context
	scale       float64
	faces       faceSet
	transformed bool // a transform is in force: text goes through gg
	// cw and ch are the size of the picture drawn, which a dry painter's
	// context does not have.
	cw, ch int
	track  // what a map canvas needs to know of what is painted (extent.go)
}

// faceSet holds font faces by size and weight, with their glyph advances.
// Faces (and their glyph caches) are not safe for concurrent use, so each
// drawing takes a set from facePool and gives it back when done (release).
type faceSet map[faceKey]*cachedFace

// cachedFace is a face with a cache of glyph advances: truetype computes
// (and hints) a glyph to measure it, which made measuring the costliest part
// of a map.
type cachedFace struct {
	font.Face
	adv map[rune]fixed.Int26_6
}

// advance is the advance width of r.
func (f *cachedFace) advance(r rune) fixed.Int26_6 {
	a, ok := f.adv[r]
	if !ok {
		a, _ = f.GlyphAdvance(r)
		f.adv[r] = a
	}
	return a
}

// width is the advance width of s, with kerning.
func (f *cachedFace) width(s string) fixed.Int26_6 {
	var w fixed.Int26_6
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			w += f.Kern(prev, r)
		}
		w += f.advance(r)
		prev = r
	}
	return w
}

var facePool = sync.Pool{New: func() any { return faceSet{} }}

type faceKey struct {
	size float64
	bold bool
}

func newPainter(w, h int, scale float64) *painter {
	loadFonts()
	return &painter{Context: gg.NewContext(w, h), scale: scale, faces: facePool.Get().(faceSet), cw: w, ch: h, track: track{lw: 1}}
}

// resize gives the painter a fresh w×h canvas, keeping its fonts.
func (p *painter) resize(w, h int) { p.Context, p.cw, p.ch, p.lw = gg.NewContext(w, h), w, h, 1 }

// setCanvas makes the painter draw on img.
func (p *painter) setCanvas(img *image.RGBA) {
	p.Context, p.cw, p.ch, p.lw = gg.NewContextForRGBA(img), img.Bounds().Dx(), img.Bounds().Dy(), 1
}

// release returns the painter's fonts to the pool; the painter must not draw
// text afterwards.
func (p *painter) release() {
	if p.faces != nil {
		facePool.Put(p.faces)
		p.faces = nil
	}
}

// rgba is the painter's image.
func (p *painter) rgba() *image.RGBA { return p.Image().(*image.RGBA) }

// font returns (and selects) the Go font at size px (before scaling), with
// the fallback fonts for the runes it lacks.
func (p *painter) font(size float64, bold bool) *cachedFace {
	k := faceKey{size * p.scale, bold}
	f, ok := p.faces[k]
	if !ok {
		tf := fontRegular
		if bold {
			tf = fontBd
		}
		f = &cachedFace{
			Face: newChainFace(tf, truetype.Options{Size: k.size, DPI: 72, Hinting: font.HintingFull}),
			adv:  map[rune]fixed.Int26_6{},
		}
		p.faces[k] = f
	}
	p.SetFontFace(f.Face)
	return f
}

// text draws s in colour c with the given size (px at scale 1) and weight,
// anchored at (x, y): ax 0, 0.5, 1 puts x at the left, centre or right of the
// text; ay 0, 0.5, 1 puts y at the top, middle or bottom of the capitals (the
// baseline).
func (p *painter) text(s string, x, y, ax, ay, size float64, bold bool, c color.Color) {
	s = shapeText(s)
	f := p.font(size, bold)
	w := float64(f.width(s)) / 64
	capH := 0.72 * size * p.scale
	x, y = x-ax*w, y+(1-ay)*capH
	if p.sink != nil {
		em := size * p.scale
		p.addBox(x-0.25*em-1, y-1.1*em-1, x+w+0.25*em+1, y+0.4*em+1, 0)
	}
	if p.dry {
		return
	}
	if !p.transformed {
		// Glyph masks straight onto the image: gg would resample every glyph.
		d := font.Drawer{Dst: p.rgba(), Src: image.NewUniform(c), Face: f.Face,
			Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}}
		d.DrawString(s)
		return
	}
	p.SetColor(c)
	p.DrawString(s, x, y)
}

// measure returns the width of s at the given size and weight.
func (p *painter) measure(s string, size float64, bold bool) float64 {
	return float64(p.font(size, bold).width(shapeText(s))) / 64
}

// fitSize returns the largest size from max down to min at which s fits in width.
func (p *painter) fitSize(s string, width, max, min float64, bold bool) float64 {
	size := max
	for size > min && p.measure(s, size, bold) > width {
		size -= 0.5
	}
	return size
}

// squeezeWidth is the width and size squeezed draws s at within width.
func (p *painter) squeezeWidth(s string, width, size float64, bold bool) (float64, float64) {
	w := p.measure(s, size, bold)
	if w <= width {
		return w, size
	}
	k := width / w
	if k < 0.75 {
		size = p.fitSize(s, width/0.75, size, 7, bold)
		k = math.Min(1, width/p.measure(s, size, bold))
	}
	return k * p.measure(s, size, bold), size
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
	p.transformed = true
	p.text(s, x, y, 0.5, 0.5, size, bold, c)
	p.transformed = false
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

// fillConvex fills a convex polygon with an opaque colour, without
// antialiasing (an outline stroked on top hides the steps). It is much faster
// than a rasterised fill for the many hexes of a map.
func fillConvex(img *image.RGBA, poly []pt, c color.RGBA) { fillConvexRows(img, poly, c, nil) }

// fillConvexRows is fillConvex calling row, if not nil, with each row's
// filled pixels x0..x1 (inclusive).
func fillConvexRows(img *image.RGBA, poly []pt, c color.RGBA, row func(y, x0, x1 int)) {
	minY, maxY := math.Inf(1), math.Inf(-1)
	for _, q := range poly {
		minY, maxY = math.Min(minY, q.Y), math.Max(maxY, q.Y)
	}
	b := img.Bounds()
	y0 := max(int(math.Floor(minY)), b.Min.Y)
	y1 := min(int(math.Ceil(maxY)), b.Max.Y)
	for y := y0; y < y1; y++ {
		yc := float64(y) + 0.5
		xl, xr := math.Inf(1), math.Inf(-1)
		for i, a := range poly {
			e := poly[(i+1)%len(poly)]
			if (a.Y <= yc) == (e.Y <= yc) {
				continue
			}
			x := a.X + (yc-a.Y)*(e.X-a.X)/(e.Y-a.Y)
			xl, xr = math.Min(xl, x), math.Max(xr, x)
		}
		if xl > xr {
			continue
		}
		x0 := max(int(math.Ceil(xl-0.5)), b.Min.X)
		x1 := min(int(math.Floor(xr-0.5)), b.Max.X-1)
		if x0 > x1 {
			continue
		}
		pix := img.Pix[img.PixOffset(x0, y) : img.PixOffset(x1, y)+4]
		for i := 0; i < len(pix); i += 4 {
			pix[i], pix[i+1], pix[i+2], pix[i+3] = c.R, c.G, c.B, 0xFF
		}
		if row != nil {
			row(y, x0, x1)
		}
	}
}
