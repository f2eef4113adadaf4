package resolve

import (
	"encoding/json"
	"strings"
	"testing"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/commands/offers"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/title"
)

// TestOfferedChoicesBuildWithoutATable: on a bare Position, every choice
// offered to the player who acts builds into an action the engine accepts
// (on a copy), and building leaves the position's game as it was.
func TestOfferedChoicesBuildWithoutATable(t *testing.T) {
	for _, name := range title.Names() {
		t.Run(name, func(t *testing.T) {
			l := &action.GameLog{Title: name, Settings: action.Settings{Seed: json.RawMessage("586")}}
			var seats []commands.Seat
			for i, n := range []string{"Ann", "Bob", "Cid"} {
				l.Players = append(l.Players, action.Player{ID: i + 1, Name: n})
				seats = append(seats, commands.Seat{Player: i + 1, Name: n, User: strings.ToLower(n)})
			}
			g, err := engine.Replay(l, engine.ReplayOptions{Played: true})
			if err != nil {
				t.Skipf("%s does not set up for three: %v", name, err)
			}
			p := &commands.Position{Game: g, Log: l, Seats: seats}
			_, user := p.WhoActs()
			seat := p.SeatOf(user)
			if seat == nil {
				t.Fatalf("nobody seated acts (%q)", user)
			}
			offer := offers.DecisionOf(p.Moves(), g)
			if len(offer.Buttons) == 0 {
				t.Fatal("no choices offered")
			}
			for _, o := range offer.Buttons {
				cmd, err := notation.Parse(o.Command)
				if err != nil {
					t.Errorf("%q: %v", o.Command, err)
					continue
				}
				a, err := Build(p, seat, cmd, commands.Request{User: user})
				if err != nil {
					t.Errorf("%q: %v", o.Command, err)
					continue
				}
				env := a.Env() // as the table stamps an action it applies
				env.Type, env.ID = action.TypeName(a), 1
				if err := g.Clone().Apply(a); err != nil {
					t.Errorf("%q builds %s, which the engine refuses: %v", o.Command, action.TypeName(a), err)
				}
			}
			if len(g.Applied()) != 0 || len(l.Actions) != 0 {
				t.Error("building changed the game")
			}
		})
	}
}
