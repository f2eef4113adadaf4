package tabletop

import (
	"pbc/commands"
	"pbc/commands/offers"
	"strings"
	"testing"
)

// TestForcedBuyerIsNotOfferedAPass: minor 1 of mill_ski_coal has no train
// and $100 at action 65, so it must buy one and may not pass. A pass is
// refused saying what to buy, with no "pass anyway" offered (the rules
// would refuse that too); `train 2` names the cheapest train (an L, not
// the 2 being asked for), and the listing of trains says "an L" and shows
// the unlimited 7s as the picture does.
func TestForcedBuyerIsNotOfferedAPass(t *testing.T) {
	fixtures(t)
	const fx = "1822PNW/mill_ski_coal.json"
	at := func() *Table { return tableAt(t, fx, upTo(t, fx, 65)) }
	tb := at()
	m := tb.Moves()
	if len(m.Actors) == 0 || m.Actors[0].Name != "1" || !m.Actors[0].MustBuy {
		t.Fatalf("minor 1 is not the forced buyer: %+v", m.Actors)
	}
	user := tb.UserOf(tb.Game.PlayerByID(m.Actors[0].Player))
	before := state(t, tb)
	for _, text := range []string{"pass", "1: pass", "pass confirm"} {
		rep := tb.Exec(commands.Request{User: user, Text: text})
		want := "Minor 1 cannot pass: it has no train and must buy one (5.14). `train L` buys an L for $60; `trains` lists all for sale."
		if rep.OK || rep.Text != want {
			t.Errorf("%s: ok %v %q, want %q", text, rep.OK, rep.Text, want)
		}
		for _, b := range tb.Offered(user, text, true).Buttons {
			if strings.Contains(b.Command, "pass") || strings.Contains(b.Label, "pass") {
				t.Errorf("%s: offers %q (%s), which the rules refuse", text, b.Label, b.Command)
			}
		}
	}
	for _, b := range tb.Offered(user, "status", false).Buttons {
		if strings.Contains(b.Command, "pass") {
			t.Errorf("status offers %q", b.Command)
		}
	}
	if rep := tb.Exec(commands.Request{User: user, Text: "train 2"}); rep.OK ||
		rep.Text != "With the president's help minor 1 may only buy the cheapest train for sale, an L for $60 (5.14)." {
		t.Errorf("train 2: %q", rep.Text)
	}
	if got := state(t, tb); got != before {
		t.Error("a refused command changed the game")
	}
	rep := tb.Exec(commands.Request{User: user, Text: "trains"})
	for _, want := range []string{"7×∞", "an L ($60) or a 2 ($120)"} {
		if !strings.Contains(rep.Text, want) {
			t.Errorf("trains: %q, want it to say %q", rep.Text, want)
		}
	}
	if rep := must(t, tb, user, "train L"); rep.Action == nil {
		t.Error("train L bought nothing")
	}
}

// TestZeroBidIsATopBid: in 586, Player 1 bid $0 on P8 (action 2); the
// menu of the next bidder shows that bid, not "from $5" alone as if
// nobody had bid.
func TestZeroBidIsATopBid(t *testing.T) {
	fixtures(t)
	tb := tableAt(t, pnw586, upTo(t, pnw586, 4))
	m := tb.Moves()
	o := offers.DecisionOf(m, tb.Game)
	found := false
	for _, menu := range o.Menus {
		for _, opt := range menu.Options {
			if opt.Command != "bid P8" {
				continue
			}
			found = true
			if opt.Description != "top bid $0; from $5" {
				t.Errorf("P8 is offered as %q, want its $0 top bid said", opt.Description)
			}
		}
	}
	if !found {
		t.Fatalf("no bid on P8 offered: %+v", o.Menus)
	}
}

// TestZeroBidIsSaidWhenBidding: `bid P8` after Player 1's $0 bid says who
// leads with it beside the amounts offered.
func TestZeroBidIsSaidWhenBidding(t *testing.T) {
	fixtures(t)
	tb := tableAt(t, pnw586, upTo(t, pnw586, 4))
	rep := tb.Exec(commands.Request{User: "u1", Text: "bid P8"})
	want := "Bid on P8 from $5 to $500 in steps of $5; Player 1 leads with $0. Choose an amount, or type `bid P8 <amount>`."
	if !rep.OK || rep.Text != want {
		t.Errorf("bid P8: %q, want %q", rep.Text, want)
	}
}
