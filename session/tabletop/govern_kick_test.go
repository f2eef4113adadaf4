package tabletop

import (
	"pbc/commands"
	"pbc/commands/notation"
	"slices"
	"strings"
	"testing"
)

// TestKickNeedsConsent: the creator's `kick` of another player waits for
// that player's `agree`, as replace does; a refusal keeps the seat; an
// admin, or the creator kicking themselves, frees the seat at once; the
// request survives a reload of the table.
func TestKickNeedsConsent(t *testing.T) {
	type step struct {
		user  string
		admin bool
		text  string
		ok    bool
		want  string // in the reply
	}
	for _, c := range []struct {
		name     string
		steps    []step
		ann, bob string // who holds Ann's and Bob's seats at the end
	}{
		{"asked, then agreed", []step{
			{"a", false, "kick b", true, "Ann asks to free Bob's seat (Bob); Bob, reply `agree` or `refuse`"},
			{"c", false, "agree", false, "nobody is asking"},
			{"b", false, "agree", true, "Bob gives up the seat"},
			{"b", false, "agree", false, "nobody is asking"},
			{"e", false, "join", true, "You now play Bob"},
		}, "a", "e"},
		{"asked by mention, then refused", []step{
			{"a", false, "kick @b", true, "Bob, reply `agree` or `refuse`"},
			{"b", false, "refuse", true, "Bob keeps the seat"},
			{"b", false, "agree", false, "nobody is asking"},
		}, "a", "b"},
		{"lapses with the next move", []step{
			{"a", false, "kick b", true, "asks"},
			{"a", false, "bid M5 100", true, ""},
			{"b", false, "agree", false, "nobody is asking"},
		}, "a", "b"},
		{"the latest seat request is the one answered", []step{
			{"a", false, "replace b with e", true, "asks to hand Bob's seat"},
			{"a", false, "kick b", true, "asks to free Bob's seat"},
			{"b", false, "agree", true, "Bob gives up the seat"},
		}, "a", ""},
		{"an admin at once", []step{
			{"x", true, "kick b", true, "seat (Bob) is free"},
		}, "a", ""},
		{"the creator's own seat at once", []step{
			{"a", false, "kick a", true, "seat (Ann) is free"},
		}, "", "b"},
		{"another player may not", []step{
			{"c", false, "kick b", false, "only the game's creator or an admin"},
		}, "a", "b"},
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
			if got := tb.seatOfPlayer(1).User; got != c.ann {
				t.Errorf("Ann's seat is held by %q, want %q", got, c.ann)
			}
			if got := tb.seatOfPlayer(2).User; got != c.bob {
				t.Errorf("Bob's seat is held by %q, want %q", got, c.bob)
			}
		})
	}
}

// TestHelpSeatConsent: help on kick and replace says who may, and that
// another player's seat needs that player's consent unless an admin acts.
func TestHelpSeatConsent(t *testing.T) {
	for _, topic := range []string{"kick", "replace", "game"} {
		t.Run(topic, func(t *testing.T) {
			h := notation.HelpText(topic)
			for _, want := range []string{"`kick @user`", "`replace @old @new`", "creator", "asks the player first", "`agree`", "admin needs no consent"} {
				if !strings.Contains(h, want) {
					t.Errorf("help %s lacks %q: %s", topic, want, h)
				}
			}
		})
	}
}
