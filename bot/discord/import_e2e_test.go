package discord

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pbc/bot"
	"pbc/engine/action"
	"pbc/storage"
	"pbc/storage/sqlite"
)

// fixtureDirs are where ../shared/fixtures may be, seen from this package.
var fixtureDirs = []string{"../../../shared/fixtures", "../../../../shared/fixtures"}

// fixtureFile reads a shared fixture's bytes; the test is skipped without it.
func fixtureFile(t *testing.T, name string) []byte {
	t.Helper()
	for _, d := range fixtureDirs {
		if b, err := os.ReadFile(filepath.Join(d, name)); err == nil {
			return b
		}
	}
	t.Skipf("skipping: fixture %s not found in %v (clone ../shared beside the repository)", name, fixtureDirs)
	return nil
}

// runCore runs the real core (the dispatcher over SQLite in a temporary
// directory) with a Discord adapter connected to f, until the test ends.
func runCore(t *testing.T, f *fakeDiscord) storage.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "pbc.db"))
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, err := New(Options{Token: "secret-token", GuildID: "g1", MessageContent: true, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	core := bot.New(bot.Options{Store: st, Commands: &bot.Dispatcher{Store: st, Log: log}, Adapters: []bot.Adapter{a},
		Logger: log, NoImages: true})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- core.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("core: %v", err)
		}
		st.Close()
	})
	f.expect(t, "PUT", "/applications/app1/guilds/g1/commands")
	select {
	case <-a.ready:
	case err := <-done:
		t.Fatalf("the core ended before /pbc was registered: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("/pbc was not registered")
	}
	return st
}

// awaitText returns the REST calls the adapter makes until one whose
// content contains want, failing if none does within a few seconds.
func awaitText(t *testing.T, f *fakeDiscord, want string) []request {
	t.Helper()
	var seen []request
	deadline := time.After(30 * time.Second)
	for {
		select {
		case r := <-f.reqs:
			seen = append(seen, r)
			if s, _ := r.JSON["content"].(string); strings.Contains(s, want) {
				return seen
			}
		case <-deadline:
			var b strings.Builder
			for _, r := range seen {
				fmt.Fprintf(&b, "\n%s %s %v", r.Method, r.Path, r.JSON["content"])
			}
			t.Fatalf("no message with %q; the adapter sent:%s", want, b.String())
			return nil
		}
	}
}

// TestImportFinishedFileThroughDiscord: a finished 18xx.games log attached
// to `/pbc game import` is downloaded from the attachment's URL, imported
// by the real core into SQLite, and `status` then shows the game over with
// the file's final values.
func TestImportFinishedFileThroughDiscord(t *testing.T) {
	const name = "1822PNW/1822PNW_game_end_bank.json"
	raw := fixtureFile(t, name)
	l, err := action.ReadGameLog(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Result) == 0 {
		t.Fatal("the fixture has no result")
	}
	f := newFakeDiscord(t)
	f.serve("/files/end.json", string(raw))
	st := runCore(t, f)

	file := map[string]any{"id": "a1", "filename": "1822PNW_game_end_bank.json", "content_type": "application/json",
		"size": len(raw), "url": f.url("/files/end.json")}
	f.dispatch("INTERACTION_CREATE", interaction(2, map[string]any{"id": "cmd1", "name": "pbc", "type": 1,
		"options": []any{map[string]any{"type": 2, "name": "game", "options": []any{
			map[string]any{"type": 1, "name": "import", "options": []any{
				map[string]any{"type": 11, "name": "file", "value": "a1"}}}}}},
		"resolved": map[string]any{"attachments": map[string]any{"a1": file}}}))
	f.expect(t, "POST", "/callback")
	want := fmt.Sprintf("Imported 1822PNW with %d actions. The game is over: ", len(l.Actions))
	sent := awaitText(t, f, want)
	imported := sent[len(sent)-1]
	if n := f.fetched("/files/end.json"); n != 1 {
		t.Errorf("the attachment was downloaded %d times, want once", n)
	}
	text := imported.JSON["content"].(string)
	if strings.Contains(text, "differ") {
		t.Errorf("replayed here, the game ends otherwise than the file says: %s", text)
	}

	// The game is stored finished with the file's result, in the channel.
	games, err := st.ListGames(context.Background(), storage.Filter{})
	if err != nil || len(games) != 1 {
		t.Fatalf("stored games: %v, %v", games, err)
	}
	if g := games[0]; g.Status != storage.Finished || !maps.Equal(g.Result, l.Result) ||
		g.Channel.Platform != storage.Discord || g.Channel.ID != "c1" {
		t.Errorf("stored game %s in %+v with result %v, want finished in c1 with %v", g.Status, g.Channel, g.Result, l.Result)
	}

	f.dispatch("MESSAGE_CREATE", map[string]any{"id": "m2", "channel_id": "c1", "guild_id": "g1",
		"content": "!status", "author": map[string]any{"id": "u2", "username": "bob"}})
	sent = awaitText(t, f, "1822PNW, is over: ")
	reply := sent[len(sent)-1]
	status := reply.JSON["content"].(string)
	for _, want := range []string{"No game is being played here.", "(bank)"} {
		if !strings.Contains(status, want) {
			t.Errorf("status lacks %q: %s", want, status)
		}
	}
	for _, p := range l.Players {
		if want := fmt.Sprintf("%s $%d", p.Name, l.Result[fmt.Sprint(p.ID)]); !strings.Contains(status, want) {
			t.Errorf("status lacks %q: %s", want, status)
		}
	}
	t.Logf("import (%s %s): %s\nstatus (%s %s): %s", imported.Method, imported.Path, text, reply.Method, reply.Path, status)
}
