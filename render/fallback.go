package render

import (
	"bytes"
	"compress/gzip"
	"embed"
	"image"
	"io"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// The Go fonts cover Latin, Greek and Cyrillic only: players' names come in
// every script, so a rune they lack is drawn with a fallback font embedded
// in the binary (fonts/README.md), parsed on its first use.

//go:embed fonts/*.ttf.gz
var fallbackFS embed.FS

// fallbackFont is an embedded font loaded on first use.
type fallbackFont struct {
	file string
	once sync.Once
	f    *truetype.Font
	err  error
}

// font returns the parsed font, or nil if it cannot be read.
func (ff *fallbackFont) font() *truetype.Font {
	ff.once.Do(func() {
		var z []byte
		z, ff.err = fallbackFS.ReadFile("fonts/" + ff.file)
		if ff.err != nil {
			return
		}
		var r *gzip.Reader
		if r, ff.err = gzip.NewReader(bytes.NewReader(z)); ff.err != nil {
			return
		}
		var b []byte
		if b, ff.err = io.ReadAll(r); ff.err != nil {
			return
		}
		ff.f, ff.err = truetype.Parse(b)
	})
	return ff.f
}

// The fallback fonts, by the scripts they draw.
const (
	fbCJK = iota
	fbArabic
	fbHebrew
	fbDevanagari
	fbThai
	nFallbacks
)

var fallbacks = [nFallbacks]*fallbackFont{
	fbCJK:        {file: "DroidSansFallback.ttf.gz"},
	fbArabic:     {file: "NotoSansArabic-Regular.ttf.gz"},
	fbHebrew:     {file: "NotoSansHebrew-Regular.ttf.gz"},
	fbDevanagari: {file: "NotoSansDevanagari-Regular.ttf.gz"},
	fbThai:       {file: "NotoSansThai-Regular.ttf.gz"},
}

// fallbackFor is the fallback font for a rune the Go fonts lack, by its
// block (the CJK font for anything else: it also holds many symbols).
func fallbackFor(r rune) int {
	switch {
	case r >= 0x0600 && r <= 0x08FF, r >= 0xFB50 && r <= 0xFDFF, r >= 0xFE70 && r <= 0xFEFF:
		return fbArabic
	case r >= 0x0590 && r <= 0x05FF, r >= 0xFB1D && r <= 0xFB4F:
		return fbHebrew
	case r >= 0x0900 && r <= 0x097F, r >= 0xA8E0 && r <= 0xA8FF, r >= 0x1CD0 && r <= 0x1CFF:
		return fbDevanagari
	case r >= 0x0E00 && r <= 0x0E7F:
		return fbThai
	}
	return fbCJK
}

// chainFace is a face of a Go font that draws the runes the font lacks
// with the fallback fonts, at the same size.
type chainFace struct {
	font.Face
	f    *truetype.Font
	opts truetype.Options
	fb   [nFallbacks]font.Face
}

func newChainFace(f *truetype.Font, opts truetype.Options) *chainFace {
	return &chainFace{Face: truetype.NewFace(f, &opts), f: f, opts: opts}
}

// pick is the face that draws r: the Go font's if it has r, else the
// fallback's that has it, else the Go font's (its empty box).
func (c *chainFace) pick(r rune) font.Face {
	if r < 0x80 || c.f.Index(r) != 0 {
		return c.Face
	}
	k := fallbackFor(r)
	tf := fallbacks[k].font()
	if tf == nil || tf.Index(r) == 0 {
		return c.Face
	}
	if c.fb[k] == nil {
		c.fb[k] = truetype.NewFace(tf, &c.opts)
	}
	return c.fb[k]
}

// missingGlyph, if set (by tests), is told of each rune drawn as the box of
// a missing glyph.
var missingGlyph func(r rune)

func (c *chainFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	f := c.pick(r)
	if missingGlyph != nil && f == c.Face && r >= 0x80 && c.f.Index(r) == 0 {
		missingGlyph(r)
	}
	return f.Glyph(dot, r)
}

func (c *chainFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	return c.pick(r).GlyphBounds(r)
}

func (c *chainFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) { return c.pick(r).GlyphAdvance(r) }

// Kern kerns two runes of the Go font; across fonts there is no kerning.
func (c *chainFace) Kern(r0, r1 rune) fixed.Int26_6 {
	if c.pick(r0) != c.Face || c.pick(r1) != c.Face {
		return 0
	}
	return c.Face.Kern(r0, r1)
}

// covered reports whether some font of the chain has a glyph for r.
func covered(r rune) bool {
	loadFonts()
	if fontRegular.Index(r) != 0 {
		return true
	}
	tf := fallbacks[fallbackFor(r)].font()
	return tf != nil && tf.Index(r) != 0
}
