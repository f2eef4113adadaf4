package session

import (
	"io"

	"pbc/engine"
	"pbc/render"
)

// newMapDrawer returns a drawer for one game's map.
func newMapDrawer() mapDrawer { return fullDrawer{} }

// fullDrawer redraws the whole map every time.
type fullDrawer struct{}

func (fullDrawer) Draw(w io.Writer, g *engine.Game, opts render.MapOptions) error {
	return safely(func() error { return render.Map(w, g, opts) })
}

func (fullDrawer) Bytes() int { return 0 }
