package session

import "time"

// Stages of a command timed for Options.Observe.
const (
	StageApply  = "apply"  // parsing a command and applying it to the game in hand (queries aside)
	StageStore  = "store"  // writing a move
	StageRender = "render" // drawing one picture
)

// since tells the observer, if any, how long stage took since start.
func (m *Manager) since(stage string, start time.Time) {
	if m.opt.Observe != nil {
		m.opt.Observe(stage, time.Since(start))
	}
}

// rendering runs a drawing, counted in flight (Stats.Rendering) and timed.
func (m *Manager) rendering(draw func() error) error {
	m.drawing.Add(1)
	defer m.drawing.Add(-1)
	defer m.since(StageRender, time.Now())
	return draw()
}
