package engine

import (
	"testing"

	"pbc/engine/action"
)

// TestMovesLeavesGameUntouched: listing the moves of a state must not change
// it, not even the caches and route marks a listing walks through; in many
// states of both titles' largest games, the route marks, cached networks and
// step memos are the same after Moves as before.
func TestMovesLeavesGameUntouched(t *testing.T) {
	for _, f := range lateFixtures {
		t.Run(f.name, func(t *testing.T) {
			l := fixtureLog(t, f.file)
			acts, err := action.Effective(l.Actions)
			if err != nil {
				t.Fatal(err)
			}
			checked := 0
			_, err = Replay(l, ReplayOptions{After: func(g *Game, a action.Action) bool {
				if a.Env().ID%37 != 0 {
					return true
				}
				before := readerMarks(g)
				_ = g.Moves()
				if after := readerMarks(g); after != before {
					t.Errorf("after action %d: Moves changed %q into %q", a.Env().ID, before, after)
				}
				checked++
				return true
			}})
			if err != nil {
				t.Fatal(err)
			}
			if checked < len(acts)/60 {
				t.Fatalf("only %d states checked", checked)
			}
		})
	}
}

// readerMarks is what a reader could leave behind in g: each company's route
// mark, which companies have a cached network, and the step memo's version.
func readerMarks(g *Game) string {
	s := ""
	for _, c := range g.Corps {
		_, cached := g.reachCache[c]
		s += c.ID
		if c.routeSticky {
			s += "+route"
		}
		if cached {
			s += "+net"
		}
		s += " "
	}
	if g.round != nil {
		s += "memo" + string(rune('0'+g.round.actVersion%10))
	}
	return s
}
