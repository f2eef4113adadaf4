package bot

import (
	"context"
	"slices"
	"testing"
)

// TestSuggestionsAreTheLegalMoves: in a started 1822PNW game, the
// companies suggested to the player to act for `bid` are those the legal
// moves let them bid on, and the amounts start with the lowest bids.
func TestSuggestionsAreTheLegalMoves(t *testing.T) {
	tb := newTable(t)
	tb.started()
	mover := tb.mover()
	res, err := tb.core.cmds.Do(context.Background(), Request{Channel: tb.ch, User: User{ID: mover}, Text: "status"})
	if err != nil || res.Moves == nil {
		t.Fatalf("status: %v", err)
	}
	var want []string
	for _, a := range res.Moves.Actors {
		for _, b := range a.Bids {
			if !slices.Contains(want, b.Company) {
				want = append(want, b.Company)
			}
		}
	}
	if len(want) == 0 {
		t.Fatal("nothing to bid on at the start")
	}
	var got []string
	for _, c := range tb.core.Suggest(context.Background(), Query{Channel: tb.ch, User: User{ID: mover}, Command: "bid", Field: "company"}) {
		got = append(got, c.Value)
	}
	for _, c := range got {
		if !slices.Contains(want, c) {
			t.Errorf("suggested %q, which cannot be bid on (%v)", c, want)
		}
	}
	if len(got) == 0 || len(got) < min(len(want), maxChoices) {
		t.Errorf("suggested %v of %v", got, want)
	}
}
