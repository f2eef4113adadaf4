package engine

import (
	"testing"

	"pbc/engine/action"
)

// TestRondelMinorTakenWithReplace: a major that acquires 1822's M14 from
// the bank and replaces its token places one of its own in a London city
// it reaches, bringing the slot M14 would have brought, for M14's $20
// (18xx.games: a pending token in London with M14's token ability). The
// position is the first in 1822MRS/1822MRS_game_end_bank where a major
// reaching a London city without its token may acquire a minor; M14 is taken as from a bid box.
func TestRondelMinorTakenWithReplace(t *testing.T) {
	l := nextFixture(t, "1822MRS", "1822MRS_game_end_bank.json")
	var g *Game
	var c *Corp
	_, _ = Replay(l, ReplayOptions{After: func(at *Game, a action.Action) bool {
		m14 := at.Corp("14")
		cur, ok := at.round.current().(*Corp)
		if !ok || m14.Closed || m14.Floated || !cur.IsMajor() || cur.Exchange == 0 {
			return true
		}
		if _, ok := at.round.activeStep().(*minorAcquisitionStep); !ok {
			return true
		}
		if at.rondelReplaceable(cur, m14, -1000) { // cash aside
			g = at.Clone()
			c = g.Corp(cur.ID)
			return false
		}
		return true
	}})
	if g == nil {
		t.Fatal("no position where a major reaching a London city without its token may acquire a minor")
	}
	g.endImport()
	major := c.ID
	c.Cash += 1000
	act := func(a action.Action, typ string) {
		t.Helper()
		e := a.Env()
		e.Type, e.Entity, e.EntityType = typ, action.NamedEntity(major), "corporation"
		if err := g.Apply(a); err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
	}
	exch, tokens, cash := c.Exchange, len(c.Tokens), c.Cash-200
	st := g.round.activeStep().(*minorAcquisitionStep)
	st.state, st.target, st.shares = "token", g.Corp("14"), 0 // as from a bid box
	g.invalidateActions()
	act(&action.Choose{Choice: "replace"}, action.TypeChoose)
	if c.Exchange != exch-1 || len(c.Tokens) != tokens+1 {
		t.Fatalf("replace: exchange %d→%d, tokens %d→%d; want one exchange token made a token", exch, c.Exchange, tokens, len(c.Tokens))
	}
	var moves []TokenMove
	for _, ac := range g.Moves().Actors {
		if ac.Entity.String() == major {
			moves = ac.Tokens
		}
	}
	if len(moves) == 0 {
		t.Fatalf("%s is offered no London city for its token: %+v waiting %q pending %+v", major, g.Moves().Actors, g.Moves().Waiting, g.round.op.pendingTok)
	}
	h := g.Board.Hex(moves[0].Hex)
	full := -1
	for _, m := range moves {
		if m.Cost != 20 || m.Hex != c.HomeHex && m.Hex != "M38" {
			t.Errorf("move %+v: want a London city for $20", m)
		}
		if h.freeSlot(m.Node, c.ID) < 0 {
			full = m.Node
		}
	}
	pick := moves[0]
	for _, m := range moves {
		if m.Node == full {
			pick = m
		}
	}
	slots := len(h.Slots[pick.Node])
	act(&action.PlaceToken{City: pick.City}, action.TypePlaceToken)
	if _, has := tokenInCity(h, pick.Node, c); !has || len(h.Slots[pick.Node]) != slots+1 || c.Cash != cash-20 {
		t.Errorf("the token in %s: placed %v, slots %d→%d, cash %d→%d", pick.City, has, slots, len(h.Slots[pick.Node]), cash, c.Cash)
	}
}
