package views

import (
	"encoding/json"
	"strings"
	"testing"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/title"
)

// freshPosition is a new game of the first title, three players seated.
func freshPosition(t *testing.T) *commands.Position {
	t.Helper()
	l := &action.GameLog{Title: title.Names()[0], Settings: action.Settings{Seed: json.RawMessage("586")}}
	var seats []commands.Seat
	for i, name := range []string{"Ann", "Bob", "Cid"} {
		l.Players = append(l.Players, action.Player{ID: i + 1, Name: name})
		seats = append(seats, commands.Seat{Player: i + 1, Name: name, User: strings.ToLower(name)})
	}
	g, err := engine.Replay(l, engine.ReplayOptions{Played: true})
	if err != nil {
		t.Fatal(err)
	}
	return &commands.Position{Game: g, Log: l, Seats: seats}
}

// TestQueriesReadAPositionOnly: every text query answers from a bare
// Position, without a live table, and leaves the game as it was.
func TestQueriesReadAPositionOnly(t *testing.T) {
	p := freshPosition(t)
	bank, log := p.Game.Bank, len(p.Log.Actions)
	for _, text := range []string{"status", "trains", "tiles", "market", "log", "company " + p.Game.Corps[0].ID, "player Bob", "moves", "bids"} {
		t.Run(text, func(t *testing.T) {
			cmd, err := notation.Parse(text)
			if err != nil {
				t.Fatal(err)
			}
			rep := Query(p, cmd)
			if !rep.OK || rep.Text == "" {
				t.Errorf("%q: %+v", text, rep)
			}
		})
	}
	if len(p.Game.Applied()) != 0 || len(p.Log.Actions) != log || p.Game.Bank != bank {
		t.Errorf("a query changed the game")
	}
}
