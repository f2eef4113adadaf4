package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"pbc/storage"
)

// smallLog is a 1822PNW log with the given players and no action yet.
func smallLog(players ...string) string {
	var ps []string
	for i, p := range players {
		ps = append(ps, fmt.Sprintf(`{"id":%d,"name":%q}`, i+1, p))
	}
	return `{"id":1,"title":"1822PNW","players":[` + strings.Join(ps, ",") + `],"actions":[]}`
}

// TestImportedNamesAreBounded: an imported player's name is bounded as a
// typed one is (length, no invisible characters), and two players whose
// names look the same are refused; none of it opens a game.
func TestImportedNamesAreBounded(t *testing.T) {
	st := openStore(t)
	c := benchCore(st, true)
	defer c.Close(context.Background())
	for i, tc := range []struct {
		name    string
		players []string
		want    string
	}{
		{"100,000 characters", []string{strings.Repeat("x", 100000), "b", "c"}, "at most 32"},
		{"33 characters", []string{"a", strings.Repeat("y", 33), "c"}, "player 2's name"},
		{"empty", []string{"a", "b", ""}, "empty"},
		{"reversing the text", []string{"a", "b", "c\u202Eevil"}, "invisible"},
		{"a Cyrillic look-alike", []string{"alice", "\u0430lice", "c"}, "look the same"},
		{"full width", []string{"alice", "ａｌｉｃｅ", "c"}, "look the same"},
		{"case", []string{"Alice", "alice", "c"}, "look the same"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ch := storage.Channel{Platform: storage.Local, ID: fmt.Sprint("names-", i)}
			r := sendFiles(c, ch, User{ID: "u", Name: "u"}, "import", attached("x.json", []byte(smallLog(tc.players...))))
			if !r.Ephemeral || !strings.Contains(r.Text, tc.want) {
				t.Errorf("reply %.300q, want a refusal saying %q", r.Text, tc.want)
			}
			if _, err := st.OpenGame(context.Background(), ch); err == nil {
				t.Error("a refused import opened a game")
			}
		})
	}
	ch := storage.Channel{Platform: storage.Local, ID: "names-ok"}
	if r := sendFiles(c, ch, User{ID: "u", Name: "u"}, "import", attached("x.json", []byte(smallLog("李雷", "Player 2", "alice")))); r.Ephemeral {
		t.Errorf("names in any script, with spaces: %s", r.Text)
	}
}

// TestImportAcceptsAByteOrderMark: valid JSON that starts with a UTF-8
// byte-order mark (as some editors save it) imports, attached or pasted.
func TestImportAcceptsAByteOrderMark(t *testing.T) {
	st := openStore(t)
	c := benchCore(st, true)
	defer c.Close(context.Background())
	log := "\uFEFF" + smallLog("a", "b", "c")
	ch := storage.Channel{Platform: storage.Local, ID: "bom-file"}
	if r := sendFiles(c, ch, User{ID: "u", Name: "u"}, "import", attached("x.json", []byte(log))); r.Ephemeral ||
		!strings.Contains(r.Text, "Imported 1822PNW") {
		t.Errorf("attached: %s", r.Text)
	}
	ch = storage.Channel{Platform: storage.Local, ID: "bom-text"}
	if r := sendFiles(c, ch, User{ID: "u", Name: "u"}, "import "+log); r.Ephemeral || !strings.Contains(r.Text, "Imported 1822PNW") {
		t.Errorf("pasted: %s", r.Text)
	}
}
