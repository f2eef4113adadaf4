package tabletop

import (
	"strings"
	"testing"

	"pbc/commands"
	"pbc/commands/resolve"
	"pbc/engine/action"
)

// newPNW starts a 3-player 1822PNW game seated a, b, c (players 1, 2, 3).
func newPNW(t *testing.T) *Table {
	t.Helper()
	tb, err := NewTable("1822PNW", nil, 586, []commands.Seat{{Player: 1, Name: "Ann", User: "a"}, {Player: 2, Name: "Bob", User: "b"}, {Player: 3, Name: "Cid", User: "c"}}, "a")
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// must runs a command that must be accepted.
func must(t *testing.T, tb *Table, user, text string) commands.Reply {
	t.Helper()
	rep := tb.Exec(commands.Request{User: user, Text: text})
	if !rep.OK {
		t.Fatalf("%s %q refused: %s", user, text, rep.Text)
	}
	return rep
}

// reload rebuilds a table from its log, as the bot does for every message.
func reload(t *testing.T, tb *Table) *Table {
	t.Helper()
	nt, err := LoadTable(tb.Log, tb.Seats, tb.Senders, tb.Creator, tb.Imported)
	if err != nil {
		t.Fatal(err)
	}
	return nt
}

func TestPlayAndReply(t *testing.T) {
	tb := newPNW(t)
	rep := must(t, tb, "a", "bid M5 100")
	if rep.Text != "Ann bids $100 on M5. Next: Ann." || len(rep.Next) != 1 || rep.Next[0] != "a" {
		t.Errorf("reply %q next %v", rep.Text, rep.Next)
	}
	if _, ok := rep.Action.(*action.Bid); !ok || rep.Action.Env().ID != 1 {
		t.Errorf("action %#v", rep.Action)
	}
	must(t, tb, "a", "BID p8 0")
	must(t, tb, "a", "bid P7 $0")
	rep = must(t, tb, "b", "pass")
	if !strings.HasSuffix(rep.Text, "Next: Cid.") || rep.Next[0] != "c" {
		t.Errorf("after a pass: %q %v", rep.Text, rep.Next)
	}
	if rep := tb.Exec(commands.Request{User: "eve", Text: "status"}); !rep.OK || !strings.Contains(rep.Text, "stock round 1") {
		t.Errorf("status: %q", rep.Text)
	}
	if rep := tb.Exec(commands.Request{User: "eve", Text: "player Ann"}); !strings.HasPrefix(rep.Text, "Ann: cash $500") {
		t.Errorf("player: %q", rep.Text)
	}
	if rep := tb.Exec(commands.Request{User: "eve", Text: "log 2"}); rep.Text != "Earlier moves left out: `log 50` shows more, `export` gives the whole log.\n3. Ann: bid P7 0\n4. Bob: pass" {
		t.Errorf("log: %q", rep.Text)
	}
}

func TestUndoFlow(t *testing.T) {
	tb := newPNW(t)
	must(t, tb, "a", "bid M5 100")
	must(t, tb, "a", "undo")
	if n := len(tb.Game.Bids(tb.Game.Company("M5"))); n != 0 {
		t.Fatalf("own undo left %d bids", n)
	}
	must(t, tb, "a", "redo")
	if n := len(tb.Game.Bids(tb.Game.Company("M5"))); n != 1 {
		t.Fatalf("redo left %d bids", n)
	}
	if rep := tb.Exec(commands.Request{User: "b", Text: "redo"}); rep.OK {
		t.Errorf("redo with nothing undone: %q", rep.Text)
	}

	// Undoing someone else's move asks them; the request survives a reload.
	rep := must(t, tb, "b", "undo")
	if rep.Action == nil || !strings.Contains(rep.Text, "Bob asks to undo Ann's last move (Ann: bid M5 100); Ann, reply `agree` or `refuse`.") {
		t.Fatalf("ask: %q", rep.Text)
	}
	tb = reload(t, tb)
	if rep := tb.Exec(commands.Request{User: "c", Text: "agree"}); rep.OK || rep.Text != "It is for Ann to answer." {
		t.Errorf("agree by a third player: %q", rep.Text)
	}
	must(t, tb, "a", "refuse")
	if rep := tb.Exec(commands.Request{User: "a", Text: "agree"}); rep.OK || rep.Text != "Nobody is asking anything." {
		t.Errorf("agree after refusal: %q", rep.Text)
	}
	must(t, tb, "b", "undo")
	tb = reload(t, tb)
	rep = must(t, tb, "a", "agree")
	if !strings.HasPrefix(rep.Text, "Undone: Ann: bid M5 100.") {
		t.Errorf("agreed undo: %q", rep.Text)
	}
	if n := len(tb.Game.Bids(tb.Game.Company("M5"))); n != 0 {
		t.Errorf("agreed undo left %d bids", n)
	}
	// An admin undoes at once.
	must(t, tb, "a", "bid M5 100")
	if rep := tb.Exec(commands.Request{User: "b", Admin: true, Text: "undo"}); !rep.OK || !strings.HasPrefix(rep.Text, "Undone") {
		t.Errorf("admin undo: %q", rep.Text)
	}
}

func TestEndVotes(t *testing.T) {
	tb := newPNW(t)
	must(t, tb, "a", "bid M5 100")
	rep := must(t, tb, "a", "end")
	if rep.Text != "Ann wants to end the game; it ends when Bob and Cid also say `end`." {
		t.Errorf("first vote: %q", rep.Text)
	}
	tb = reload(t, tb)
	must(t, tb, "b", "end")
	// A move in between drops the votes.
	must(t, tb, "a", "pass")
	rep = must(t, tb, "c", "end")
	if !strings.Contains(rep.Text, "it ends when Ann and Bob also say") {
		t.Errorf("votes after a move: %q", rep.Text)
	}
	must(t, tb, "a", "end")
	// The last vote ends the game only once confirmed.
	if rep := tb.Exec(commands.Request{User: "b", Text: "end"}); rep.OK || tb.Game.Finished() || !strings.Contains(rep.Text, "`end confirm`") {
		t.Errorf("last vote unconfirmed: ok %v, %q", rep.OK, rep.Text)
	}
	rep = must(t, tb, "b", "end confirm")
	if !tb.Game.Finished() || !strings.Contains(rep.Text, "The game is over:") {
		t.Errorf("game not ended: %q", rep.Text)
	}
	tb2 := newPNW(t)
	if rep := tb2.Exec(commands.Request{User: "x", Admin: true, Text: "end"}); rep.OK || tb2.Game.Finished() {
		t.Errorf("admin end unconfirmed: %q", rep.Text)
	}
	if rep := tb2.Exec(commands.Request{User: "x", Admin: true, Text: "end confirm"}); !rep.OK || !tb2.Game.Finished() {
		t.Errorf("admin end: %q", rep.Text)
	}
}

func TestSeats(t *testing.T) {
	tb := newPNW(t)
	must(t, tb, "a", "kick b")
	must(t, tb, "b", "agree") // a player is kicked with their consent
	if tb.SeatOf("b") != nil {
		t.Fatal("b still seated")
	}
	if rep := tb.Exec(commands.Request{User: "b", Text: "pass"}); rep.OK {
		t.Error("a kicked user played")
	}
	rep := must(t, tb, "d", "join")
	if rep.Text != "You now play Bob." {
		t.Errorf("join: %q", rep.Text)
	}
	must(t, tb, "a", "replace d with e")
	must(t, tb, "d", "agree") // a player is replaced with their consent
	if s := tb.SeatOf("e"); s == nil || s.Name != "Bob" {
		t.Errorf("replace: %+v", tb.Seats)
	}
	must(t, tb, "a", "bid M5 100")
	must(t, tb, "a", "pass")
	must(t, tb, "e", "pass")
}

func TestImportClaim(t *testing.T) {
	fixtures(t)
	tb := tableAt(t, pnw586, 3)
	for i := range tb.Seats {
		tb.Seats[i].User = ""
	}
	if rep := tb.Exec(commands.Request{User: "z", Text: "join Player 9"}); rep.OK || !strings.Contains(rep.Text, "free: Player 1, Player 2 and Player 3") {
		t.Errorf("join unknown seat: %q", rep.Text)
	}
	rep := must(t, tb, "z", "join player 2")
	if rep.Text != "You now play Player 2." {
		t.Errorf("claim: %q", rep.Text)
	}
	must(t, tb, "z", "pass")
	if tb.Imported != 3 || len(tb.Log.Actions) != 4 {
		t.Errorf("imported %d, log %d", tb.Imported, len(tb.Log.Actions))
	}
	reload(t, tb)
}

func TestRunInLiveGame(t *testing.T) {
	fixtures(t)
	tb := tableAt(t, pnw586, upTo(t, pnw586, 59))
	rep := must(t, tb, "u0", "run L-4 D23 D21 E20")
	if rep.Text != "Minor 5 runs L-4 D23 E20 for $30.\nMinor 5 pays Player 1 $15 and keeps $15: price $65→$70.\nNext: minor 5 (Player 1)." {
		t.Errorf("run: %q", rep.Text)
	}
	r := rep.Action.(*action.RunRoutes).Routes[0]
	if len(r.Connections) != 1 || strings.Join(r.Connections[0], " ") != "D23 D21 E20" || r.Revenue != 30 {
		t.Errorf("route %+v", r)
	}
	tb = tableAt(t, pnw586, upTo(t, pnw586, 59))
	rep = tb.Exec(commands.Request{User: "u0", Text: "run auto"})
	if !resolve.HaveAutoRouter {
		if rep.OK {
			t.Errorf("run auto without an auto-router: %q", rep.Text)
		}
		return
	}
	if !rep.OK || !strings.Contains(rep.Text, "for $30") {
		t.Errorf("run auto: %q", rep.Text)
	}
}
