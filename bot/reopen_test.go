package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"pbc/storage"
)

// clockedTable is a table whose core and sessions read clk.
func clockedTable(t *testing.T, clk *fakeClock) *table {
	t.Helper()
	tb := newTable(t)
	tb.core = New(Options{Store: tb.st, Commands: &Dispatcher{Store: tb.st, Now: clk.now}, Adapters: []Adapter{tb.ad},
		NoImages: true, ReplyBackoff: time.Millisecond, Now: clk.now})
	t.Cleanup(func() { tb.core.Close(context.Background()) })
	return tb
}

// status is the stored status of the channel's latest game.
func (tb *table) status() storage.Status {
	tb.t.Helper()
	gs, err := tb.st.ListGames(context.Background(), storage.Filter{Channel: &tb.ch, Limit: 1})
	if err != nil || len(gs) == 0 {
		tb.t.Fatalf("games: %v, %v", gs, err)
	}
	return gs[0].Status
}

// passToTheEnd has everyone pass in the first stock round, the last pass
// held for confirmation and confirmed with its button; it returns the last
// mover.
func (tb *table) passToTheEnd() string {
	tb.t.Helper()
	for range 2 {
		if r := tb.say(tb.mover(), "pass"); r.last().Ephemeral {
			tb.t.Fatalf("pass refused: %s", r.text())
		}
	}
	last := tb.mover()
	r := tb.say(last, "pass").last()
	if !r.Ephemeral || !strings.Contains(r.Text, "ends the game") {
		tb.t.Fatalf("the pass that ends the game was not held: %q", r.Text)
	}
	if tb.status() != storage.Active {
		tb.t.Fatal("the held pass ended the game")
	}
	var yes Button
	for _, b := range r.Buttons {
		if b.Label == "Yes, end the game" {
			yes = b
		}
	}
	if yes.Command != "pass confirm" {
		tb.t.Fatalf("no confirmation button under %q: %+v", r.Text, r.Buttons)
	}
	if got := tb.press(tb.core, last, yes, "confirm-end-"+tb.ch.ID).text(); !strings.Contains(got, "over") {
		tb.t.Fatalf("confirmed pass: %q", got)
	}
	if tb.status() != storage.Finished {
		tb.t.Fatalf("after the confirmed pass the game is %s", tb.status())
	}
	return last
}

// TestUndoAfterTheEnd: everyone passing in the first stock round ends the
// game once confirmed; its mover's undo within the window reopens it and
// play goes on; after the window the undo needs the others' consent.
func TestUndoAfterTheEnd(t *testing.T) {
	clk := &fakeClock{t: time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)}
	tb := clockedTable(t, clk)
	tb.started()
	last := tb.passToTheEnd()

	clk.add(3 * time.Minute)
	if r := tb.say(last, "undo"); r.last().Ephemeral || !strings.Contains(r.text(), "Undone") {
		t.Fatalf("the mover's undo in the window: %s", r.text())
	}
	if tb.status() != storage.Active || tb.mover() != last {
		t.Fatalf("after the undo: %s, %s to act, want %s", tb.status(), tb.mover(), last)
	}
	// The game goes on: the mover bids instead.
	r := tb.say(last, "status").last()
	r = tb.choose(last, r, "pick a company", func(c string) bool { return strings.HasPrefix(c, "bid ") && len(strings.Fields(c)) == 2 })
	tb.choose(last, r, "pick an amount", func(c string) bool { return strings.HasPrefix(c, "bid ") && len(strings.Fields(c)) == 3 })
	if got := tb.log(); got[len(got)-1] != "bid" {
		t.Fatalf("log after the bid: %v", got)
	}

	// Once the window has passed, the others must agree.
	tb2 := clockedTable(t, clk)
	tb2.ch.ID = "game2"
	tb2.core = tb.core
	tb2.st = tb.st
	tb2.started()
	last = tb2.passToTheEnd()
	clk.add(11 * time.Minute)
	// (A finished game has no session to offer buttons from: the request
	// says what to reply.)
	r = tb2.say(last, "undo").last()
	if r.Ephemeral || !strings.Contains(r.Text, "more than 10 minutes ago") || !strings.Contains(r.Text, "`agree`") {
		t.Fatalf("a late undo: %q", r.Text)
	}
	if tb2.status() != storage.Finished {
		t.Fatalf("a late undo request left the game %s", tb2.status())
	}
	var others []string
	for _, u := range []string{"ann", "ben", "cy"} {
		if u != last {
			others = append(others, u)
		}
	}
	if r := tb2.say(last, "agree").last(); !r.Ephemeral {
		t.Errorf("the asker's own agreement was taken: %q", r.Text)
	}
	if tb2.status() != storage.Finished {
		t.Fatalf("a refused answer left the game %s", tb2.status())
	}
	if r := tb2.say(others[0], "agree"); r.last().Ephemeral || tb2.status() != storage.Finished {
		t.Fatalf("one consent of two: %s, game %s", r.text(), tb2.status())
	}
	if r := tb2.say(others[1], "agree"); r.last().Ephemeral || !strings.Contains(r.text(), "Undone") {
		t.Fatalf("the last consent: %s", r.text())
	}
	if tb2.status() != storage.Active || tb2.mover() != last {
		t.Fatalf("after the consented undo: %s, %s to act", tb2.status(), tb2.mover())
	}
}

// TestEndVoteConfirmed: the `end` vote that would end the game is held
// until its button confirms it.
func TestEndVoteConfirmed(t *testing.T) {
	tb := newTable(t)
	tb.started()
	tb.say("ann", "end")
	tb.say("ben", "end")
	r := tb.say("cy", "end").last()
	if !r.Ephemeral || tb.status() != storage.Active {
		t.Fatalf("the last end vote was not held: %q", r.Text)
	}
	if got := tb.press(tb.core, "cy", button(t, r, "end confirm"), "end-yes").text(); !strings.Contains(got, "over") {
		t.Fatalf("confirmed end: %q", got)
	}
	if tb.status() != storage.Finished {
		t.Fatalf("after end confirm the game is %s", tb.status())
	}
}

// TestAutoPassButtonSetsTheProgram: a stock round's reply offers "Auto-pass
// this round", which sets the acting player's share pass program.
func TestAutoPassButtonSetsTheProgram(t *testing.T) {
	tb := newTable(t)
	tb.started()
	who := tb.mover()
	r := tb.say(who, "status").last()
	var auto Button
	for _, b := range r.Buttons {
		if b.Label == "Auto-pass this round" {
			auto = b
		}
	}
	if auto.Command != "autopass" {
		t.Fatalf("no auto-pass button in the stock round: %+v", r.Buttons)
	}
	if rep := tb.press(tb.core, who, auto, "auto-1"); rep.last().Ephemeral {
		t.Fatalf("auto-pass refused: %s", rep.text())
	}
	if got := tb.log(); len(got) == 0 || got[0] != "program_share_pass" {
		t.Fatalf("log after the auto-pass button: %v", got)
	}
}
