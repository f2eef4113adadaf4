package selfplay

import (
	"os"
	"path/filepath"
	"testing"

	"pbc/engine"
	"pbc/engine/action"
)

// engineBugs are engine bugs self-play found, each with a game log in
// testdata/enginebugs that reproduces it: the log is replayed but for its
// last action, which is then applied as in a game played here, and the
// symptom is checked. TestEngineBugs reports which are still present; it
// fails only when a log no longer replays up to that point.
var engineBugs = []struct {
	file, bug string
	// present reports whether the bug shows after the last action was
	// applied (err is what Apply returned).
	present func(g *engine.Game, err error) bool
}{
	{"taxhaven_pnw.json",
		"1822PNW has no tax haven, yet any private a player owns (here P1) may buy a share into one in a stock round (taxHavenChoices checks no ability); it ends the current player's turn, even another player's with a conversion pending",
		func(g *engine.Game, err error) bool { return err == nil }},
	{"taxhaven_ca.json",
		"1822CA: any player-owned private (here P20, not P11) buys into the tax haven, spending cash committed to winning bids",
		func(g *engine.Game, err error) bool { return err == nil }},
	{"conversion_over_600.json",
		"PNW conversion of a minor worth over $600: the major pays the whole balance and goes below $0 (4.7.2: as much as it can, the rest is lost)",
		func(g *engine.Game, err error) bool { return err == nil && len(g.Invariants()) > 0 }},
	{"regional_merge_unpaid.json",
		"a PNW major acquires a regional without cash or treasury shares to pay for it (acquirableMinors skips payChoices for regionals); the payment choice then has no answer and the game is stuck",
		stuck},
	{"emergency_sold_once.json",
		"emergency purchase: after one sale of a company's shares no more may be sold (5.16.5), but emergencySellable still counts them, so the depot train with a loan is refused (only trains other companies consent to sell remain)",
		loanRefused},
	{"emergency_president_certificate.json",
		"emergency purchase: a president holding another company's 20% president's certificate can sell neither 10% of it (no partial certificate sale) nor 20% (more than needed), yet emergencySellable counts it, so the depot train with a loan is refused",
		loanRefused},
}

// loanRefused reports whether a depot train needing a loan is listed (no
// share may be sold) and refused.
func loanRefused(g *engine.Game, err error) bool {
	if err != nil {
		return false
	}
	for _, a := range g.Moves().Actors {
		for _, tm := range a.Trains {
			if tm.Loan > 0 && tm.From == "depot" {
				buy := &action.BuyTrain{Envelope: action.Envelope{Type: "buy_train", Entity: a.Entity, EntityType: a.EntityType},
					Train: tm.Train, Price: tm.Price, Variant: tm.Variant}
				return g.Apply(buy) != nil
			}
		}
	}
	return false
}

// stuck reports whether the game is on and no listed move applies.
func stuck(g *engine.Game, err error) bool {
	if err != nil || g.Finished() {
		return false
	}
	for _, a := range g.Moves().Actions() {
		if g.Apply(a) == nil {
			return false
		}
	}
	return true
}

func TestEngineBugs(t *testing.T) {
	for _, b := range engineBugs {
		t.Run(b.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", "enginebugs", b.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			l, err := action.ReadGameLog(f)
			if err != nil {
				t.Fatal(err)
			}
			last := l.Actions[len(l.Actions)-1]
			l.Actions = l.Actions[:len(l.Actions)-1]
			g, err := engine.Replay(l)
			if err != nil {
				t.Fatalf("the log no longer replays: %v", err)
			}
			last.Env().AutoActions = nil
			if b.present(g, g.Apply(last)) {
				t.Logf("still present: %s", b.bug)
			} else {
				t.Logf("FIXED? %s — drop it from engineBugs", b.bug)
			}
		})
	}
}

// TestEngineBugRestore reproduces the worst bug self-play found: after the
// engine refuses an action, Game.Apply rebuilds the game (restore) by copying
// a fresh Game over it, but the fresh game's steps and round hooks still point
// to the fresh copy, so later actions update two Game values: here a refused
// bid, a $150 bid and passes to the first operating round lose $50.
func TestEngineBugRestore(t *testing.T) {
	tt, err := engine.TitleByName("1822PNW")
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(tt, []engine.Seat{{ID: 1, Name: "A"}, {ID: 2, Name: "B"}, {ID: 3, Name: "C"}}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	env := func(typ string, player int) action.Envelope {
		return action.Envelope{Type: typ, Entity: action.PlayerEntity(player), EntityType: action.EntityPlayer}
	}
	if g.Apply(&action.Bid{Envelope: env("bid", 1), Company: "M6", Price: 1}) == nil {
		t.Fatal("a $1 bid on M6 was accepted")
	}
	if err := g.Apply(&action.Bid{Envelope: env("bid", 1), Company: "M6", Price: 150}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10 && g.Moves().Round == "SR"; i++ {
		if err := g.Apply(&action.Pass{Envelope: env("pass", g.Moves().Actors[0].Player)}); err != nil {
			t.Fatal(err)
		}
	}
	if v := g.Invariants(); len(v) > 0 {
		t.Logf("still present: after a refused action the game is split in two: %v", v)
	} else {
		t.Logf("FIXED? money is conserved after a refused action")
	}
}
