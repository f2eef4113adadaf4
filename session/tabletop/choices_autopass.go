package tabletop

import (
	"pbc/commands/notation"
	"pbc/commands/offers"
	"pbc/engine"
	"pbc/engine/action"
)

// autoPassLabel is the stock-round button that sets the acting player's
// share pass program (`autopass`).
const autoPassLabel = "Auto-pass this round"

// withAutoPass adds, in a stock round that waits for a player with no
// share pass set, the button that sets one, before the pass button (the
// last, which clipping keeps). It is not offered where passing would end
// the game (7.1.2), which asks for a confirmation a program cannot give.
func (t *Table) withAutoPass(m *engine.Moves, buttons []offers.Option) []offers.Option {
	if m == nil || m.Round != "SR" || len(m.Actors) == 0 {
		return buttons
	}
	a := m.Actors[0]
	if !a.Waiting || a.EntityType != action.EntityPlayer {
		return buttons
	}
	if p, ok := t.Game.ProgramOf(a.Player); ok && p.Kind == engine.ProgramSharePass {
		return buttons
	}
	if s := t.seatOfPlayer(a.Player); s != nil && s.User != "" {
		if _, ends := t.confirmCheck(&notation.Command{Verb: notation.Pass}, s.User); ends {
			return buttons
		}
	}
	opt := offers.Option{Label: autoPassLabel, Command: string(notation.AutoPass)}
	n := len(buttons)
	if n > 0 && buttons[n-1].Command == string(notation.Pass) {
		return append(buttons[:n-1:n-1], opt, buttons[n-1])
	}
	return append(buttons, opt)
}
