package sqlite

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"pbc/engine/action"
	"pbc/storage"
)

// openTest opens a fresh database file in a temporary directory.
func openTest(t testing.TB) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "pbc.db")
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}

// fixtureDirs are where ../shared/fixtures may be, seen from this package.
var fixtureDirs = []string{"../../../shared/fixtures", "../../shared/fixtures"}

// fixtureDir returns the shared fixtures directory, skipping the test without it.
func fixtureDir(t testing.TB) string {
	t.Helper()
	for _, d := range fixtureDirs {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			return d
		}
	}
	t.Skipf("skipping: the shared fixtures are not at %v (clone ../shared beside the repository)", fixtureDirs)
	return ""
}

// largestFixture is the biggest game log among the fixtures.
const largestFixture = "1822PNW/1822PNW_game_end_stock_market.json"

// readFixture returns a fixture's bytes, skipping the test without it.
func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(fixtureDir(t), name))
	if os.IsNotExist(err) {
		t.Skipf("skipping: fixture %s is absent", name)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// parseLog reads a game log.
func parseLog(t testing.TB, b []byte) *action.GameLog {
	t.Helper()
	l, err := action.ReadGameLog(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("ReadGameLog: %v", err)
	}
	return l
}

// message is a chat-message action with the given id, as JSON.
func message(id int, text string) []byte {
	return fmt.Appendf(nil, `{"type":"message","entity":1,"entity_type":"player","id":%d,"message":%q}`, id, text)
}

// testChannel is a channel of the local playground.
func testChannel(id string) storage.Channel {
	return storage.Channel{Platform: storage.Local, ID: id}
}

// activeGame creates an active three-seat game in channel ch.
func activeGame(t testing.TB, db *DB, ch string) storage.Game {
	t.Helper()
	ctx := context.Background()
	g, err := db.CreateGame(ctx, storage.NewGame{Channel: testChannel(ch), Title: "1822PNW", Seed: 42, Creator: "u1"})
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{"Ann", "Bob", "Cy"} {
		if _, err := db.AddSeat(ctx, g.ID, storage.Seat{Order: i, UserID: fmt.Sprintf("u%d", i+1), DisplayName: name}); err != nil {
			t.Fatal(err)
		}
	}
	g, err = db.SetStatus(ctx, g.ID, storage.Active)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
