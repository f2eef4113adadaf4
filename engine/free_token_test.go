package engine

import (
	"testing"

	"pbc/engine/action"
)

// TestFreeTokenListedWithoutCash: a major's own free token (1822 SECR's in
// the English Channel) is listed where it goes even when the treasury
// could not pay for a token elsewhere (1822MRS/1822MRS_game_end_bank, just
// before SECR's token in the Channel at id 678, with SECR's cash taken).
func TestFreeTokenListedWithoutCash(t *testing.T) {
	l := nextFixture(t, "1822MRS", "1822MRS_game_end_bank.json")
	acts, _ := action.Effective(l.Actions)
	for i, a := range acts {
		if a.Env().ID == 678 {
			l.Actions = acts[:i]
		}
	}
	g, err := Replay(l, ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c := g.Corp("SECR")
	if !g.freeTokenLeft(c) {
		t.Fatal("SECR's free Channel token is used already")
	}
	c.Cash = 0
	g.invalidateActions()
	var found bool
	for _, a := range g.Moves().Actors {
		for _, tm := range a.Tokens {
			if tm.Hex == c.Def.FreeTokenHexes[0] && tm.Cost == 0 {
				found = true
			}
		}
	}
	if !found {
		t.Errorf("SECR with $0 is not offered its free token in %v: %+v", c.Def.FreeTokenHexes, g.Moves().Actors)
	}
	tok := &action.PlaceToken{City: "X9-0-0"}
	tok.Type, tok.Entity, tok.EntityType = action.TypePlaceToken, action.NamedEntity("SECR"), "corporation"
	if err := g.Apply(tok); err != nil {
		t.Errorf("the free token is refused: %v", err)
	}
}
