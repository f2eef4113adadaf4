package tabletop

import (
	"slices"
	"strings"
	"testing"

	"pbc/commands"
	"pbc/engine/action"
)

// TestReplaceNeedsConsent: the creator's `replace` of another player waits
// for that player's `agree`; a refusal keeps the seat; an admin replaces at
// once; the request survives a reload of the table.
func TestReplaceNeedsConsent(t *testing.T) {
	type step struct {
		user  string
		admin bool
		text  string
		ok    bool
		want  string // in the reply
	}
	for _, c := range []struct {
		name  string
		steps []step
		seat  string // who holds Bob's seat at the end
	}{
		{"asked, then agreed", []step{
			{"a", false, "replace b with e", true, "Bob, reply `agree` or `refuse`"},
			{"c", false, "agree", false, "nobody is asking"},
			{"e", false, "agree", false, "nobody is asking"},
			{"b", false, "agree", true, "e now plays Bob"},
			{"b", false, "agree", false, "nobody is asking"},
		}, "e"},
		{"asked, then refused", []step{
			{"a", false, "replace b with e", true, "asks to hand Bob's seat"},
			{"b", false, "refuse", true, "keeps the seat"},
			{"b", false, "agree", false, "nobody is asking"},
		}, "b"},
		{"lapses with the next move", []step{
			{"a", false, "replace b with e", true, "asks"},
			{"a", false, "bid M5 100", true, ""},
			{"b", false, "agree", false, "nobody is asking"},
		}, "b"},
		{"an admin at once", []step{
			{"x", true, "replace b with e", true, "e now plays Bob"},
		}, "e"},
		{"the creator's own seat at once", []step{
			{"a", false, "replace a with e", true, "e now plays Ann"},
		}, "b"},
		{"another player may not", []step{
			{"c", false, "replace b with e", false, "only the game's creator or an admin"},
		}, "b"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := newPNW(t)
			for i, s := range c.steps {
				rep := tb.Exec(commands.Request{User: s.user, Admin: s.admin, Text: s.text})
				if rep.OK != s.ok || !strings.Contains(strings.ToLower(rep.Text), strings.ToLower(s.want)) {
					t.Fatalf("step %d: %s %q: ok %v %q, want ok %v and %q", i+1, s.user, s.text, rep.OK, rep.Text, s.ok, s.want)
				}
				if strings.Contains(rep.Text, "reply `agree`") && !slices.Equal(rep.Next, []string{"b"}) {
					t.Errorf("step %d: the request pings %v, want the player asked", i+1, rep.Next)
				}
				tb = reload(t, tb) // as the bot does between messages
			}
			if got := tb.seatOfPlayer(2).User; got != c.seat {
				t.Errorf("Bob's seat is held by %q, want %q", got, c.seat)
			}
		})
	}
}

// TestUndoRedoBound: once a game's log holds as many undos and redos as an
// import accepts, more are refused, and other moves go on.
func TestUndoRedoBound(t *testing.T) {
	for _, c := range []struct {
		name, text string
		undone     bool // the log ends with an undo, so that a redo would be legal
	}{
		{"undo", "undo", false},
		{"redo", "redo", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := newPNW(t)
			must(t, tb, "a", "bid M5 100")
			for range action.DefaultLimits.UndoRedo / 2 {
				tb.Log.Actions = append(tb.Log.Actions, &action.Undo{}, &action.Redo{}) // as if played, without the replays
				tb.Senders = append(tb.Senders, "a", "a")
			}
			if c.undone {
				tb.Log.Actions = append(tb.Log.Actions, &action.Undo{})
				tb.Senders = append(tb.Senders, "a")
			}
			if rep := tb.Exec(commands.Request{User: "a", Text: c.text}); rep.OK || !strings.Contains(rep.Text, "the most a game may") {
				t.Errorf("%s after %d undos and redos: ok %v %q", c.text, action.DefaultLimits.UndoRedo, rep.OK, rep.Text)
			}
			if !c.undone {
				must(t, tb, "a", "pass")
			}
		})
	}
}
