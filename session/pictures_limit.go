package session

import (
	"context"
	"fmt"
	"runtime"

	"pbc/commands"
	"pbc/commands/notation"
)

// Pictures are drawn under one limit for the whole process. A drawing of
// the map holds some 20 to 60 MB while it runs (the canvas's pixels, the
// layout, the PNG encoder's buffers) and keeps a core busy, so a burst of
// `map` commands in many channels at once would otherwise take memory in
// proportion to the burst and gain nothing: the cores are busy already.

// Sizing of the drawing limit.
const (
	// RenderBytes is about the most one drawing holds while it runs.
	RenderBytes = 64 << 20
	// DefaultRenderMemory bounds the memory of the drawings in flight.
	DefaultRenderMemory = 256 << 20
)

// renderLimit is how many drawings may run at once: one a core, as many
// as the memory allows, at least one.
func renderLimit(cores int, memory int64) int {
	return max(1, min(cores, int(memory/RenderBytes)))
}

// gate is a counting semaphore for drawings.
type gate struct {
	slots chan struct{}
}

func newGate(n int) *gate { return &gate{slots: make(chan struct{}, n)} }

// enter waits for a slot, or until ctx ends; the returned func gives the
// slot back.
func (g *gate) enter(ctx context.Context) (func(), error) {
	select {
	case g.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("waiting to draw a picture: %w", ctx.Err())
	}
	return func() { <-g.slots }, nil
}

// renders limits the drawings of this process.
var renders = newGate(renderLimit(runtime.GOMAXPROCS(0), DefaultRenderMemory))

// SetRenderMemory bounds the memory of the drawings in flight (the
// process's budget gives it a share); call it before anything is drawn.
func SetRenderMemory(bytes int64) {
	renders = newGate(renderLimit(runtime.GOMAXPROCS(0), bytes))
}

// Drawing waits until a picture may be drawn (or ctx ends); the caller
// draws, then calls release. Every drawing of the process goes through it.
func Drawing(ctx context.Context) (release func(), err error) { return renders.enter(ctx) }

// Drawings are the pictures being drawn now and the limit on them.
func Drawings() (inFlight, limit int) { return len(renders.slots), cap(renders.slots) }

// tableDo runs cmd on the table, holding a drawing slot when its answer is
// a picture.
func (s *Session) tableDo(ctx context.Context, req commands.Request, cmd *notation.Command) (commands.Reply, error) {
	if notation.DrawsPicture(cmd) { // the table draws them itself
		release, err := Drawing(ctx)
		if err != nil {
			return commands.Reply{}, err
		}
		defer release()
	}
	return s.table.Do(req, cmd), nil
}
