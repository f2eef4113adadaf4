package offers

import (
	"slices"
	"testing"

	"pbc/engine/action"
)

// notPlayedYet lists the action types the log format decodes but the
// engine does not play yet, so they have no command to be written as.
var notPlayedYet = map[string]string{}

// TestActionTypesDescribeEveryType: every action type the engine models,
// but chat messages, has one entry in actionTypes that writes it as a
// command; a type offered under replies is also listed by `moves`, and the
// other way round, so that the two never drift apart again.
func TestActionTypesDescribeEveryType(t *testing.T) {
	for _, typ := range action.Types() {
		t.Run(typ, func(t *testing.T) {
			d := actionTypes[typ]
			if why, ok := notPlayedYet[typ]; ok {
				if d != nil {
					t.Errorf("%s has an entry: take it off notPlayedYet", typ)
				}
				t.Skipf("%s: %s", typ, why)
			}
			if typ == action.TypeMessage {
				if d != nil {
					t.Errorf("a chat message has no command, yet has an entry")
				}
				return
			}
			if d == nil || d.translate == nil {
				t.Fatalf("%s has no entry that writes it as a command", typ)
			}
			if (d.offer == nil) != (d.list == nil) {
				t.Errorf("%s: offered %v, listed %v: a choice offered is one `moves` lists", typ, d.offer != nil, d.list != nil)
			}
		})
	}
	for typ := range actionTypes {
		if !slices.Contains(action.Types(), typ) {
			t.Errorf("actionTypes has %q, not an action type", typ)
		}
	}
}
