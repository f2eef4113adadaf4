package tabletop

import (
	"pbc/commands"
	"pbc/commands/offers"
	"slices"
	"strings"
	"testing"
)

// allPass has every player pass in the first stock round of tb, the last
// pass confirmed, which ends the game (7.1.2); it returns the last mover.
func allPass(t *testing.T, tb *Table) string {
	t.Helper()
	for range 2 {
		_, u := tb.WhoActs()
		must(t, tb, u, "pass")
	}
	_, u := tb.WhoActs()
	if rep := tb.Exec(commands.Request{User: u, Text: "pass"}); rep.OK || !strings.Contains(rep.Text, "ends the game") {
		t.Fatalf("the last pass was not held for confirmation: %v %q", rep.OK, rep.Text)
	}
	o := tb.Offered(u, "pass", true)
	if len(o.Buttons) == 0 || o.Buttons[0].Label != "Yes, end the game" {
		t.Fatalf("offer after the held pass: %+v", o.Buttons)
	}
	must(t, tb, u, o.Buttons[0].Command)
	if !tb.Game.Finished() {
		t.Fatal("the confirmed pass did not end the game")
	}
	return u
}

func TestUndoTheEnd(t *testing.T) {
	tests := []struct {
		name   string
		by     func(mover string) string // who asks
		recent bool
		admin  bool
		// undone says the first undo reopens the game at once.
		undone bool
	}{
		{"the mover at once", func(m string) string { return m }, true, false, true},
		{"the mover too late", func(m string) string { return m }, false, false, false},
		{"another player", func(m string) string { return other(m) }, true, false, false},
		{"an admin", func(string) string { return "x" }, false, true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := newPNW(t)
			mover := allPass(t, tb)
			by := tc.by(mover)
			rep := tb.Exec(commands.Request{User: by, Admin: tc.admin, RecentEnd: tc.recent, Text: "undo"})
			if !rep.OK {
				t.Fatalf("undo refused: %q", rep.Text)
			}
			if tb.Game.Finished() == tc.undone {
				t.Fatalf("finished %v after %q, want %v", tb.Game.Finished(), rep.Text, !tc.undone)
			}
			if tc.undone {
				return
			}
			// A request: every other player must agree; one refusal keeps it over.
			others := tb.otherUsers(by)
			if !slices.Equal(rep.Next, others) || !strings.Contains(rep.Text, "must agree") {
				t.Errorf("request %q asks %v, want %v", rep.Text, rep.Next, others)
			}
			if o := tb.Offered(others[0], "undo", false); len(o.Buttons) != 2 || o.Buttons[0].Command != "agree" {
				t.Errorf("offer under the request: %+v", o.Buttons)
			}
			if r := tb.Exec(commands.Request{User: by, Text: "agree"}); r.OK {
				t.Errorf("the asker agreed with themselves: %q", r.Text)
			}
			tb = reload(t, tb)
			must(t, tb, others[0], "agree")
			if !tb.Game.Finished() {
				t.Fatal("one agreement of two reopened the game")
			}
			tb = reload(t, tb)
			must(t, tb, others[1], "agree")
			if tb.Game.Finished() {
				t.Fatal("every agreement did not reopen the game")
			}
			if _, u := tb.WhoActs(); u != mover {
				t.Errorf("after the undo %q acts, want %q", u, mover)
			}
		})
	}
	t.Run("a refusal", func(t *testing.T) {
		tb := newPNW(t)
		mover := allPass(t, tb)
		must(t, tb, mover, "undo")
		must(t, tb, other(mover), "refuse")
		if !tb.Game.Finished() || len(tb.pendingRequests().undoAgreed) != 0 || tb.pendingRequests().undoBy != "" {
			t.Error("a refused undo reopened the game or left the request pending")
		}
	})
}

// other is a player of newPNW other than user.
func other(user string) string {
	if user == "a" {
		return "b"
	}
	return "a"
}

func TestEndOfferConfirms(t *testing.T) {
	tb := newPNW(t)
	must(t, tb, "a", "end")
	must(t, tb, "b", "end")
	if rep := tb.Exec(commands.Request{User: "c", Text: "end"}); rep.OK {
		t.Fatalf("the last end vote was not held: %q", rep.Text)
	}
	o := tb.Offered("c", "end", true)
	if len(o.Buttons) == 0 || o.Buttons[0].Label != "Yes, end the game" || o.Buttons[0].Command != "end confirm" || !o.Buttons[0].Danger {
		t.Fatalf("offer: %+v", o.Buttons)
	}
	must(t, tb, "c", "end confirm")
	if !tb.Game.Finished() {
		t.Error("end confirm did not end the game")
	}
}

func TestAutoPassButton(t *testing.T) {
	tb := newPNW(t)
	_, u := tb.WhoActs()
	o := tb.Offered(u, "status", false)
	i := slices.IndexFunc(o.Buttons, func(b offers.Option) bool { return b.Label == autoPassLabel })
	if i < 0 || o.Buttons[i].Command != "autopass" || o.Buttons[len(o.Buttons)-1].Command != "pass" {
		t.Fatalf("stock round offer: %+v", o.Buttons)
	}
	// The last player to act in the first stock round, when passing would
	// end the game, gets no program that would pass for them.
	must(t, tb, u, "pass")
	_, u = tb.WhoActs()
	must(t, tb, u, "pass")
	_, u = tb.WhoActs()
	if o := tb.Offered(u, "status", false); slices.ContainsFunc(o.Buttons, func(b offers.Option) bool { return b.Label == autoPassLabel }) {
		t.Errorf("auto-pass offered where passing ends the game: %+v", o.Buttons)
	}
}
