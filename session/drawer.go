package session

import "pbc/render"

// newMapDrawer returns a drawer for one game's map: a canvas that redraws
// only what changed since its last drawing.
func newMapDrawer() mapDrawer { return render.NewMapCanvas() }
