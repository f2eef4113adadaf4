package tabletop

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"pbc/engine/action"
)

// TestAutoPassStopsWhenOutbid: Bob's auto-pass passes at once on his turn
// and again on his next, and stops, telling him, once Ann outbids him.
func TestAutoPassStopsWhenOutbid(t *testing.T) {
	tb := newPNW(t)
	must(t, tb, "a", "pass")
	must(t, tb, "b", "bid M6 100")
	rep := must(t, tb, "b", "autopass")
	if !strings.Contains(rep.Text, "Bob's automatic play: pass in the stock round") || !strings.Contains(rep.Text, "Bob passes (automatic)") ||
		!strings.HasSuffix(rep.Text, "Next: Cid.") {
		t.Fatalf("setting auto-pass on his turn: %q", rep.Text)
	}
	if autos := rep.Action.Env().AutoActions; len(autos) != 1 || autos[0].Env().Type != "pass" {
		t.Errorf("recorded auto actions %v, want his pass", autos)
	}
	must(t, tb, "c", "bid M5 100")
	must(t, tb, "c", "pass")
	must(t, tb, "a", "bid M3 100")
	rep = must(t, tb, "a", "pass")
	if !strings.Contains(rep.Text, "Bob passes (automatic)") || !strings.HasSuffix(rep.Text, "Next: Cid.") {
		t.Fatalf("Bob's next turn: %q", rep.Text)
	}
	must(t, tb, "c", "pass")
	must(t, tb, "a", "bid M6 105")
	rep = must(t, tb, "a", "pass")
	if !strings.Contains(rep.Text, "Bob's automatic play stops: No longer winning bid on M6") || !strings.HasSuffix(rep.Text, "Next: Bob.") {
		t.Fatalf("after Ann outbids him: %q", rep.Text)
	}
	if _, on := tb.Game.ProgramOf(2); on {
		t.Error("Bob's program is still set")
	}
	// The log replays as recorded: reloading gives the same game.
	if got, want := reload(t, tb).Game.Moves().Waiting, tb.Game.Moves().Waiting; got != want {
		t.Errorf("reloaded game waits for %q, want %q", got, want)
	}
}

// TestAutoBuyAndPass plays on from a stock round of a recorded game: one
// player's auto-buy buys a share on his turn and stops once he holds what
// he asked for; another's auto-pass passes on his turns and stops when
// shares are sold.
func TestAutoBuyAndPass(t *testing.T) {
	fixtures(t)
	l := readLog(t, filepath.Join(fixtureDir, "1822PNW", "1822PNW_game_end_stock_market.json"))
	for i, a := range l.Actions {
		if a.Env().ID == 908 { // stock round 7: Player 3 to act, then 5, 4, 1, 2
			l.Actions = l.Actions[:i]
			break
		}
	}
	imported := len(l.Actions)
	tb, err := ImportTable(l, "")
	if err != nil {
		t.Fatal(err)
	}
	user := map[string]string{}
	for i := range tb.Seats {
		tb.Seats[i].User = fmt.Sprint("u", i)
		user[tb.Seats[i].Name] = tb.Seats[i].User
	}
	say := func(who, text string) string {
		t.Helper()
		return must(t, tb, user[who], text).Text
	}
	p4 := tb.Game.PlayerByID(7088)
	want := tb.Game.Corp("CPR").PercentOf(p4)/10 + 1
	say("Player 1", "autopass")
	say("Player 4", fmt.Sprintf("autobuy CPR %d", want))
	say("Player 3", "pass")
	text := say("Player 5", "pass")
	if !strings.Contains(text, "Player 4 buys 10% of CPR (automatic). Player 1 passes (automatic).") || !strings.HasSuffix(text, "Next: Player 2.") {
		t.Fatalf("Player 4's and Player 1's turns: %q", text)
	}
	if got := tb.Game.Corp("CPR").PercentOf(p4) / 10; got != want {
		t.Errorf("Player 4 holds %d CPR shares, want %d", got, want)
	}
	say("Player 2", "pass")
	say("Player 3", "sell SWW 1")
	say("Player 3", "pass")
	text = say("Player 5", "pass")
	if !strings.Contains(text, fmt.Sprintf("Player 4's automatic play stops: %d share(s) bought in CPR, end condition met.", want)) ||
		!strings.HasSuffix(text, "Next: Player 4.") {
		t.Fatalf("Player 4's next turn: %q", text)
	}
	text = say("Player 4", "pass")
	if !strings.Contains(text, "Player 1's automatic play stops: Shares were sold.") || !strings.HasSuffix(text, "Next: Player 1.") {
		t.Fatalf("Player 1's turn after a sale: %q", text)
	}
	// What the programs did is recorded as 18xx.games records it: as auto
	// actions of the action after which they acted.
	var types []string
	for _, a := range tb.Log.Actions[imported:] {
		for _, x := range a.Env().AutoActions {
			types = append(types, action.TypeName(x))
		}
	}
	if got := strings.Join(types, " "); got != "buy_shares pass program_disable program_disable" {
		t.Errorf("recorded auto actions %q", got)
	}
}
