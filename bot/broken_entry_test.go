package bot

import (
	"context"
	"strings"
	"testing"
)

// TestUnloadableEntryIsNamed: a stored entry that parses but no longer
// replays (an illegal move, an undo or redo that no longer resolves) is
// named by its position and type, with the way out.
func TestUnloadableEntryIsNamed(t *testing.T) {
	for _, c := range []struct{ name, data, want string }{
		{"illegal move", `{"type":"bid","entity":3,"entity_type":"player","id":3,"company":"P1","price":5000}`, "entry 2 of its log (bid)"},
		{"undo to nowhere", `{"type":"undo","entity":3,"entity_type":"player","id":3,"action_id":99}`, "entry 2 of its log (undo)"},
		{"redo of nothing", `{"type":"redo","entity":3,"entity_type":"player","id":3}`, "entry 2 of its log (redo)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := newTable(t)
			tb.started()
			if r := tb.say(tb.mover(), "pass"); r.last().Ephemeral {
				t.Fatalf("pass refused: %s", r.text())
			}
			sg, err := tb.st.OpenGame(context.Background(), tb.ch)
			if err != nil {
				t.Fatal(err)
			}
			corrupt(t, tb.path, sg.ID, 2, c.data)
			restarted := tb.newCore(tb.st)
			got := tb.send(restarted, Message{User: User{ID: "ben"}, Text: "status"}).text()
			if !strings.Contains(got, c.want) || !strings.Contains(got, "`undo 1` drops the log from that entry on") {
				t.Errorf("status: %q, want it to name %q and the way out", got, c.want)
			}
		})
	}
}
