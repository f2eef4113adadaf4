package tabletop

import (
	"pbc/commands"
	"strings"
	"testing"
)

// TestRaiseOwnLeadRefused: 4.8.4 moves a bid up only after another player
// has bid higher. Ann's raise of her own lead is refused with the rule, uses
// none of her three bid actions, and is accepted once Bob outbids her.
func TestRaiseOwnLeadRefused(t *testing.T) {
	tb := newPNW(t)
	must(t, tb, "a", "bid M6 100")
	rep := tb.Exec(commands.Request{User: "a", Text: "bid M6 110"})
	if rep.OK || !strings.Contains(rep.Text, "4.8.4") || !strings.Contains(rep.Text, "already leads M6") {
		t.Fatalf("raising her own lead: ok %v, %q", rep.OK, rep.Text)
	}
	if rep := tb.Exec(commands.Request{User: "a", Text: "moves"}); strings.Contains(rep.Text, "M6") {
		t.Errorf("the moves still offer a bid on M6 she leads:\n%s", rep.Text)
	}
	must(t, tb, "a", "bid M5 100")
	must(t, tb, "a", "bid M20 100") // her third bid action ends her turn: the refusal used none
	if got := tb.Game.Moves().Actors[0].Player; got != 2 {
		t.Fatalf("after three bids player %d is to act, want Bob (2)", got)
	}
	must(t, tb, "b", "bid M6 105")
	must(t, tb, "b", "pass")
	must(t, tb, "c", "pass")
	rep = must(t, tb, "a", "bid M6 110")
	if !strings.Contains(rep.Text, "$110 on M6") {
		t.Errorf("raise after being outbid: %q", rep.Text)
	}
}
