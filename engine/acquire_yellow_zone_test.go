package engine

import (
	"testing"

	"pbc/engine/action"
)

// TestTwoSharesInTheYellowZone: 1822CA ERS, 5 players, seed 9731015 (a house
// self-play game). CPR, priced in the yellow zone, may pay minor 9 with two
// shares although minor 9's owner is at the certificate limit: a yellow-zone
// major's shares do not count toward it (5.17.3). So CPR's acquisition step
// is open after its train purchase (action 570); with no minor connected it
// passes automatically, and the purchase records that pass, as 18xx.games
// does. Before, the two-share payment was refused, the step skipped without
// a recorded pass, and 18xx.games took CPR's next pass (571) for that step.
func TestTwoSharesInTheYellowZone(t *testing.T) {
	l := selfPlayLog(t, "two_shares_yellow_zone.json")
	buy := l.Actions[len(l.Actions)-2]
	l.Actions = l.Actions[:len(l.Actions)-2]
	g, err := Replay(l, ReplayOptions{Played: true})
	if err != nil {
		t.Fatal(err)
	}
	cpr, nine := g.Corp("CPR"), g.Corp("9")
	if g.countsForLimit(cpr) {
		t.Fatal("CPR is not in the yellow zone: the log no longer shows the case")
	}
	if owner := g.minorOwner(nine); g.numCerts(owner) < g.certLimit() {
		t.Fatalf("minor 9's owner holds %d certificates, under the limit %d: the log no longer shows the case", g.numCerts(owner), g.certLimit())
	}
	if err := g.Apply(buy); err != nil {
		t.Fatal(err)
	}
	if !contains(g.payChoices(cpr, nine), "two_shares") {
		t.Errorf("CPR may pay minor 9 with %v; want two shares among them", g.payChoices(cpr, nine))
	}
	passed := false
	for _, a := range buy.Env().AutoActions {
		passed = passed || a.Env().Type == action.TypePass && a.Env().Entity == action.NamedEntity("CPR")
	}
	if !passed {
		t.Errorf("CPR's train purchase records %d automatic actions; want CPR's pass of its acquisition step", len(buy.Env().AutoActions))
	}
	m := g.Moves()
	if len(m.Actors) == 0 || m.Actors[0].Name != "CPR" || !hasType(m.Actors[0].Types, action.TypeSellShares) {
		t.Errorf("after the purchase: want CPR to issue or redeem")
	}
}

func hasType(types []string, typ string) bool {
	for _, x := range types {
		if x == typ {
			return true
		}
	}
	return false
}
