package engine

import (
	"encoding/json"
	"strings"
	"testing"

	"pbc/engine/action"
)

func snap(t *testing.T, g *Game) string {
	t.Helper()
	b, err := json.Marshal(g.Snapshot(true))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func playerAct(a action.Action, typ string, id int) action.Action {
	e := a.Env()
	e.Type, e.Entity, e.EntityType = typ, action.PlayerEntity(id), "player"
	return a
}

func corpAct(a action.Action, typ, id string) action.Action {
	e := a.Env()
	e.Type, e.Entity, e.EntityType = typ, action.NamedEntity(id), "corporation"
	return a
}

// TestApplyAtomic: a rejected action explains itself and changes nothing; an
// accepted one applies whole.
func TestApplyAtomic(t *testing.T) {
	tt, _ := TitleByName("1822PNW")
	g, err := New(tt, seatsN(3), 586, nil)
	if err != nil {
		t.Fatal(err)
	}
	bad := []struct {
		a    action.Action
		want string
	}{
		{playerAct(&action.Bid{Company: "M6", Price: 95}, "bid", 0), "minimum bid for M6 is $100"},
		{playerAct(&action.Bid{Company: "M6", Price: 102}, "bid", 0), "steps of $5"},
		{playerAct(&action.Bid{Company: "M6", Price: 600}, "bid", 0), "can bid at most $500"},
		{playerAct(&action.Bid{Company: "M9", Price: 100}, "bid", 0), "not in a bid box"},
		{playerAct(&action.Pass{}, "pass", 1), "cannot pass now"},
		{corpAct(&action.LayTile{Hex: "D23", Tile: "57-0"}, "lay_tile", "5"), "cannot lay a tile now"},
	}
	for _, tc := range bad {
		before := snap(t, g)
		err := g.Apply(tc.a)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.a.Env().Type, err, tc.want)
		}
		if after := snap(t, g); after != before {
			t.Errorf("%s: rejected action changed the state", tc.a.Env().Type)
		}
	}
	if err := g.Apply(playerAct(&action.Bid{Company: "M6", Price: 100}, "bid", 0)); err != nil {
		t.Fatalf("legal bid refused: %v", err)
	}
	if got := g.committed(g.PlayerByID(0)); got != 100 {
		t.Errorf("committed cash $%d, want $100", got)
	}
}

// TestApplyRestoreKeepsOneGame: a game that refused an action plays on
// exactly like one that never saw it (rounds and steps must follow the
// rebuilt game, not a copy of it).
func TestApplyRestoreKeepsOneGame(t *testing.T) {
	tt, _ := TitleByName("1822PNW")
	refused, err := New(tt, seatsN(3), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	clean, _ := New(tt, seatsN(3), 1, nil)
	if refused.Apply(playerAct(&action.Bid{Company: "M6", Price: 1}, "bid", refused.Moves().Actors[0].Player)) == nil {
		t.Fatal("a $1 bid was accepted")
	}
	for _, g := range []*Game{refused, clean} {
		if err := g.Apply(playerAct(&action.Bid{Company: "M6", Price: 150}, "bid", g.Moves().Actors[0].Player)); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 10 && g.Moves().Round == "SR"; i++ {
			if err := g.Apply(playerAct(&action.Pass{}, "pass", g.Moves().Actors[0].Player)); err != nil {
				t.Fatal(err)
			}
		}
		if v := g.Invariants(); len(v) > 0 {
			t.Fatalf("invariants broken: %v", v)
		}
	}
	if snap(t, refused) != snap(t, clean) {
		t.Fatal("the game that refused an action differs from the one that did not")
	}
}
