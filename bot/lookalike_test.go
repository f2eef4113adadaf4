package bot

import (
	"strings"
	"testing"
)

// TestLookAlikeNamesCannotJoin: while alice sits at a game being set up,
// users named like her (Cyrillic а or е, full-width letters, dotless ı,
// capitals) are refused a seat; a different name joins.
func TestLookAlikeNamesCannotJoin(t *testing.T) {
	tb := newTable(t)
	if r := tb.send(tb.core, Message{User: User{ID: "u1", Name: "alice"}, Text: "new 1822PNW"}); r.last().Ephemeral {
		t.Fatalf("new: %s", r.text())
	}
	for i, name := range []string{"\u0430lice", "alic\u0435", "ａｌｉｃｅ", "al\u0131ce", "ALICE"} {
		r := tb.send(tb.core, Message{User: User{ID: "x" + string(rune('a'+i)), Name: name}, Text: "join"})
		if !r.last().Ephemeral || !strings.Contains(r.text(), "looks the same as alice") {
			t.Errorf("%q joins while alice plays: %s", name, r.text())
		}
	}
	if r := tb.send(tb.core, Message{User: User{ID: "u2", Name: "bob"}, Text: "join"}); r.last().Ephemeral {
		t.Errorf("bob: %s", r.text())
	}
}
