package local

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pbc/engine/action"
	"pbc/storage"
)

// fixtureFile reads a shared fixture's bytes; the test is skipped without it.
func fixtureFile(t *testing.T, name string) []byte {
	t.Helper()
	for _, dir := range fixtureDirs {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err == nil {
			return b
		}
	}
	t.Skipf("skipping: fixture %s not found in %v (clone ../shared beside the repository)", name, fixtureDirs)
	return nil
}

// TestImportFinishedFileThroughPlayground: a finished 18xx.games log sent
// as the playground's file attachment is imported by the real core into
// SQLite, and then `status` shows the game over with the file's final
// values, to every player of the channel.
func TestImportFinishedFileThroughPlayground(t *testing.T) {
	const name = "1822PNW/1822PNW_game_end_bank.json"
	raw := fixtureFile(t, name)
	l, err := action.ReadGameLog(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Result) == 0 {
		t.Fatal("the fixture has no result")
	}
	b := startBot(t, filepath.Join(t.TempDir(), "pbc.db"), &clock{t: time.Now()}, false)
	defer b.stop(t)
	const channel = "imported"

	body, _ := json.Marshal(sendRequest{Channel: channel, Tab: "tab-ann", Wait: true,
		Files: []upload{{Name: filepath.Base(name), Type: "application/json", Data: raw}}})
	resp := b.post(t, b.player(t, "ann"), "api/send", body)
	msg, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var out sendResponse
	if resp.StatusCode != http.StatusOK || json.Unmarshal(msg, &out) != nil || len(out.Replies) == 0 {
		t.Fatalf("import: %s %s", resp.Status, msg)
	}
	imported := out.Replies[len(out.Replies)-1]
	if imported.To != "" {
		t.Fatalf("the import was refused: %s", imported.Text)
	}
	if want := fmt.Sprintf("Imported 1822PNW with %d actions. The game is over: ", len(l.Actions)); !strings.Contains(imported.Text, want) {
		t.Errorf("the import says %q, want %q", imported.Text, want)
	}
	if strings.Contains(imported.Text, "differ") {
		t.Errorf("replayed here, the game ends otherwise than the file says: %s", imported.Text)
	}

	// The game is stored finished with the file's result.
	ch := Channel(channel)
	games, err := b.st.ListGames(context.Background(), storage.Filter{Channel: &ch})
	if err != nil || len(games) != 1 {
		t.Fatalf("games in the channel: %v, %v", games, err)
	}
	if g := games[0]; g.Status != storage.Finished || !maps.Equal(g.Result, l.Result) {
		t.Errorf("stored game %s with result %v, want finished with %v", g.Status, g.Result, l.Result)
	}

	// Another player of the channel asks for the status.
	st := b.say(t, channel, "bob", "status")
	if len(st) == 0 {
		t.Fatal("status: no reply")
	}
	status := st[len(st)-1].Text
	for _, want := range []string{"No game is being played here.", "1822PNW, is over: ", "(bank)"} {
		if !strings.Contains(status, want) {
			t.Errorf("status lacks %q: %s", want, status)
		}
	}
	for _, p := range l.Players {
		if want := fmt.Sprintf("%s $%d", p.Name, l.Result[fmt.Sprint(p.ID)]); !strings.Contains(status, want) {
			t.Errorf("status lacks %q: %s", want, status)
		}
	}

	t.Logf("import: %s\nstatus: %s", imported.Text, status)

	// The channel shows the command with the file's name to everyone.
	events := stream(t, b.player(t, "bob"), b.url+"api/events?channel="+channel+"&tab=tab-bob", 4)
	if len(events) == 0 || events[0].From != "ann" || strings.Join(events[0].Attached, ",") != filepath.Base(name) {
		t.Errorf("the channel shows %+v", events)
	}
}
