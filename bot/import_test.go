package bot

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"pbc/engine/action"
	"pbc/storage"
)

// attached is a file attachment holding b.
func attached(name string, b []byte) Attachment {
	return Attachment{Name: name, Type: "application/json", Size: int64(len(b)),
		Open: func(context.Context) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }}
}

// sendFiles is send with attachments.
func sendFiles(c *Core, ch storage.Channel, user User, text string, files ...Attachment) Reply {
	w := &replyWait{done: make(chan struct{})}
	c.Submit(Message{Channel: ch, User: user, Text: text, Kind: KindTyped, Attachments: files, Respond: w})
	<-w.done
	if len(w.replies) == 0 {
		return Reply{Text: "(no reply)", Ephemeral: true}
	}
	return w.replies[len(w.replies)-1]
}

// TestImportAttachment imports a game in progress from an attached file:
// the importer whose name is a player's takes that seat, a bare `join` by
// a user named like another player takes theirs, and the game plays on.
func TestImportAttachment(t *testing.T) {
	full := fixture(t, benchPNW)
	eff, err := action.Effective(full.Actions)
	if err != nil {
		t.Fatal(err)
	}
	cut := cutLog(full, eff, len(eff)/2)
	var buf bytes.Buffer
	if err := cut.Write(&buf); err != nil {
		t.Fatal(err)
	}
	st := openStore(t)
	c := benchCore(st, true)
	defer c.Close(context.Background())
	ch := storage.Channel{Platform: storage.Local, ID: "imp"}
	p2, p3 := full.Players[1].Name, full.Players[2].Name
	r := sendFiles(c, ch, User{ID: "u2", Name: strings.ToLower(p2)}, "import", attached("game.json", buf.Bytes()))
	if r.Ephemeral || !strings.Contains(r.Text, fmt.Sprintf("Imported 1822PNW with %d actions.", len(cut.Actions))) ||
		!strings.Contains(r.Text, "you play "+p2) {
		t.Fatalf("import: %s", r.Text)
	}
	if r := sendFiles(c, ch, User{ID: "u3", Name: p3}, "join"); r.Ephemeral || !strings.Contains(r.Text, "You now play "+p3) {
		t.Errorf("join by name: %s", r.Text)
	}
	sg, err := st.OpenGame(context.Background(), ch)
	if err != nil {
		t.Fatal(err)
	}
	seats, err := st.Seats(context.Background(), sg.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range seats {
		got = append(got, s.UserID)
	}
	if len(got) != len(full.Players) || got[1] != "u2" || got[2] != "u3" || got[0] != "" {
		t.Errorf("seats held by %q, want %s's by u2 and %s's by u3 only", got, p2, p3)
	}
	if r := sendFiles(c, ch, User{ID: "u3", Name: p3}, "status"); r.Ephemeral || !strings.Contains(r.Text, "to act") {
		t.Errorf("status after the import: %s", r.Text)
	}
}

// TestImportRefusals: attached logs over a limit, or with ids out of
// bounds, are refused with a reason and open no game.
func TestImportRefusals(t *testing.T) {
	st := openStore(t)
	c := benchCore(st, true)
	defer c.Close(context.Background())
	logOf := func(ids ...string) []byte {
		var acts []string
		for _, id := range ids {
			acts = append(acts, `{"type":"pass","entity":1,"entity_type":"player","id":`+id+`}`)
		}
		return []byte(`{"id":1,"title":"1822PNW","players":[{"id":1,"name":"a"},{"id":2,"name":"b"},{"id":3,"name":"c"}],"actions":[` +
			strings.Join(acts, ",") + `]}`)
	}
	big := attached("big.json", []byte("{}"))
	big.Size = ImportLimits.Bytes + 1
	for i, c2 := range []struct {
		name  string
		file  Attachment
		text  string
		want  string
		files bool
	}{
		{"oversize attachment", big, "", "at most", true},
		{"id 2^63-1", attached("x.json", logOf("1", "9223372036854775807")), "", "ids run from 1 to 9007199254740991", true},
		{"ids going back", attached("x.json", logOf("5", "2")), "", "must not go back", true},
		{"no file", Attachment{}, "", "Attach the game's JSON file", false},
		{"not a log", attached("x.json", []byte("hello")), "", "not an 18xx.games game log", true},
	} {
		t.Run(c2.name, func(t *testing.T) {
			ch := storage.Channel{Platform: storage.Local, ID: fmt.Sprint("refuse-", i)}
			var files []Attachment
			if c2.files {
				files = []Attachment{c2.file}
			}
			r := sendFiles(c, ch, User{ID: "u", Name: "u"}, "import", files...)
			if !r.Ephemeral || !strings.Contains(r.Text, c2.want) {
				t.Errorf("reply %q, want a refusal saying %q", r.Text, c2.want)
			}
			if _, err := st.OpenGame(context.Background(), ch); err == nil {
				t.Error("a refused import opened a game")
			}
		})
	}
}
