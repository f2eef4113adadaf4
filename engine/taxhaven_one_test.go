package engine

import (
	"testing"

	"pbc/engine/action"
	"pbc/engine/title"
)

// TestTaxHavenOneShare: 1822's tax haven (P16) holds one share unless the
// tax_haven_multiple option is set (1822MRS/1822MRS_game_end_bank: LNWR
// bought into the haven at id 511; at its owner's turn in a later stock round
// the haven may buy nothing more).
func TestTaxHavenOneShare(t *testing.T) {
	l := nextFixture(t, "1822MRS", "1822MRS_game_end_bank.json")
	checked := false
	var bought *round // the stock round of the purchase
	_, _ = Replay(l, ReplayOptions{After: func(g *Game, a action.Action) bool {
		if a.Env().ID == 511 {
			bought = g.round
		}
		comp := g.taxHavenCompany()
		if bought == nil || g.round == bought || comp == nil || comp.Closed || g.round.kind != stockRound || g.round.current() != comp.Owner {
			return true
		}
		checked = true
		if g.taxHavenWorth() == 0 {
			t.Fatal("the haven holds nothing after id 511")
		}
		g.taxHaven.Cash += 10000 // enough for any share
		if got := g.taxHavenChoices(comp); len(got) > 0 {
			t.Errorf("a second share offered to a one-share haven: %v", got)
		}
		g.Opts["tax_haven_multiple"] = true
		if got := g.taxHavenChoices(comp); len(got) == 0 {
			t.Error("with tax_haven_multiple the haven is offered no share")
		}
		return false
	}})
	if !checked {
		t.Fatal("P16's owner had no stock-round turn after id 511")
	}
	if !title.British().TaxHavenOneShare || title.CA().TaxHavenOneShare {
		t.Error("1822 has a one-share haven, 1822CA not")
	}
}
