package tabletop

import (
	"pbc/commands"
	"strings"
	"testing"
)

// TestEndIsIdempotent: saying `end` again, before the others have, records
// nothing more and says what the game still waits for; after the end, an
// `end` records nothing either.
func TestEndIsIdempotent(t *testing.T) {
	tb := newPNW(t)
	must(t, tb, "a", "bid M5 100")
	must(t, tb, "a", "end")
	n := len(tb.Log.Actions)
	for range 3 {
		rep := tb.Exec(commands.Request{User: "a", Text: "end"})
		if rep.OK || !strings.Contains(rep.Text, "already asked") || !strings.Contains(rep.Text, "Bob and Cid") {
			t.Errorf("repeated end: ok %v, %q", rep.OK, rep.Text)
		}
	}
	if got := len(tb.Log.Actions); got != n {
		t.Errorf("repeating end recorded %d more actions", got-n)
	}
	tb = reload(t, tb)
	if rep := tb.Exec(commands.Request{User: "a", Text: "end"}); rep.OK || len(tb.Log.Actions) != n {
		t.Errorf("repeated end after a reload: ok %v, %q, %d actions recorded", rep.OK, rep.Text, len(tb.Log.Actions)-n)
	}
	must(t, tb, "b", "end")
	must(t, tb, "c", "end confirm")
	if !tb.Game.Finished() {
		t.Fatal("the game did not end")
	}
	n = len(tb.Log.Actions)
	if rep := tb.Exec(commands.Request{User: "a", Text: "end"}); rep.OK || len(tb.Log.Actions) != n {
		t.Errorf("end after the end: ok %v, %q", rep.OK, rep.Text)
	}
}
