package render

import (
	"io"

	"pbc/engine"
)

// MarketOptions control Market.
type MarketOptions struct {
	Scale float64
}

// Market draws the stock market of g as a PNG.
func Market(w io.Writer, g *engine.Game, opts MarketOptions) error { return nil }
