package engine

import "testing"

// TestGovernmentNeverRisesSoldOut: at the end of a stock round the NdeM
// keeps its price though players hold all of it (18xx.games leaves the
// government railway out of the sold-out rise). Fresh 1822MX self-play,
// 2 players, seed 90000: we raised it from $270 to $300 after action 555
// and the reference did not.
func TestGovernmentNeverRisesSoldOut(t *testing.T) {
	g, last := replayAllButLast(t, "ndem_sold_out.json")
	ndem := g.gov()
	if ndem == nil {
		t.Fatal("no NdeM in the kept game")
	}
	held := 0
	for _, p := range g.seats {
		held += ndem.PercentOf(p)
	}
	if held != 100 {
		t.Fatalf("players hold %d%% of the NdeM, want 100%% (the kept log no longer shows the case)", held)
	}
	before := g.SharePrice(ndem)
	if err := g.Apply(last); err != nil {
		t.Fatal(err)
	}
	if r := g.RoundNow(); r.Name == "Stock" {
		t.Fatalf("the stock round did not end with the last pass")
	}
	if got := g.SharePrice(ndem); got != before {
		t.Errorf("NdeM's price after the stock round: $%d, want $%d (unchanged)", got, before)
	}
}
