package render

import (
	"io"

	"pbc/engine"
)

// TableOptions control Table.
type TableOptions struct {
	Scale float64
}

// Table draws the players, companies and trains of g as a PNG.
func Table(w io.Writer, g *engine.Game, opts TableOptions) error { return nil }
