// Package storetest is the conformance suite of storage.Store: what every
// store must do, run on each implementation's own database by its tests
// (func TestStore(t *testing.T) { storetest.Run(t, open) }), with a crash
// check (Crash, CrashChild) and benchmarks (BenchCommit, ...) to run alike.
package storetest

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pbc/engine/action"
	"pbc/storage"
)

// Open opens a store on a new, empty database for t, and returns it with a
// function that opens another store on the same database, as a second
// process would (the races and the "seen by every process" checks use it).
// Every store opened is closed when t ends.
type Open func(t testing.TB) (st storage.Store, another func() storage.Store)

// Run runs every check of the suite on stores from open, each a subtest.
func Run(t *testing.T, open Open) {
	tests := []struct {
		name string
		run  func(t *testing.T, open Open)
	}{
		{"GameLifecycle", testGameLifecycle},
		{"AppendSequenceCheck", testAppendSequenceCheck},
		{"CommitWritesTheWholeMove", testCommitWritesTheWholeMove},
		{"CommitThatFailsWritesNothing", testCommitThatFailsWritesNothing},
		{"CommitThatFinishesTheGame", testCommitThatFinishesTheGame},
		{"Reopen", testReopen},
		{"Duplicates", testDuplicates},
		{"Seats", testSeats},
		{"Rows", testRows},
		{"Truncate", testTruncate},
		{"TruncateOfAnImportedGame", testTruncateOfAnImportedGame},
		{"SettingsAndReminders", testSettingsAndReminders},
		{"ClaimReminders", testClaimReminders},
		{"ReminderWait", testReminderWait},
		{"UserPrefs", testUserPrefs},
		{"SignIns", testSignIns},
		{"ChatHistory", testChatHistory},
		{"RacingClaimsClaimOnce", testRacingClaims},
		{"RacingAppendsLoseNothing", testRacingAppends},
		{"RacingCommitsAtOneSeq", testRacingCommitsAtOneSeq},
		{"RacingCommitsOfOneEvent", testRacingCommitsOfOneEvent},
		{"RacingCreatesOfOneChannel", testRacingCreates},
		{"ExportOfANewGame", testExportOfANewGame},
		{"ImportAndContinue", testImportAndContinue},
		{"ImportExportRoundTripsEveryFixture", testImportExportEveryFixture},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, open) })
	}
}

// message is a chat-message action with the given id, as JSON.
func message(id int, text string) []byte {
	return fmt.Appendf(nil, `{"type":"message","entity":1,"entity_type":"player","id":%d,"message":%q}`, id, text)
}

// entry is a message entry at seq.
func entry(seq int) storage.Entry {
	return storage.Entry{Seq: seq, Action: message(seq, "move"), UserID: "u2"}
}

// channel is a channel of the local playground.
func channel(id string) storage.Channel {
	return storage.Channel{Platform: storage.Local, ID: id}
}

// activeGame creates an active three-seat game in channel ch, seats held
// by u1 (Ann), u2 (Bob) and u3 (Cy) with player ids 1, 2, 3.
func activeGame(t testing.TB, st storage.Store, ch string) storage.Game {
	t.Helper()
	ctx := context.Background()
	g, err := st.CreateGame(ctx, storage.NewGame{Channel: channel(ch), Title: "1822PNW", Seed: 42, Creator: "u1"})
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{"Ann", "Bob", "Cy"} {
		if _, err := st.AddSeat(ctx, g.ID, storage.Seat{Order: i, UserID: fmt.Sprintf("u%d", i+1), DisplayName: name}); err != nil {
			t.Fatal(err)
		}
	}
	if g, err = st.SetStatus(ctx, g.ID, storage.Active); err != nil {
		t.Fatal(err)
	}
	return g
}

// gameWithLog is an active game whose log holds n messages "ok".
func gameWithLog(t testing.TB, st storage.Store, ch string, n int) storage.GameID {
	t.Helper()
	g := activeGame(t, st, ch)
	for seq := 1; seq <= n; seq++ {
		if _, err := st.Append(context.Background(), g.ID, storage.Entry{Seq: seq, Action: message(seq, "ok")}); err != nil {
			t.Fatal(err)
		}
	}
	return g.ID
}

// playedGame is an active three-seat game in channel ch whose log holds two
// messages, committed as the moves of events "e1" and "e2", with a reminder.
func playedGame(t *testing.T, st storage.Store, ch string) storage.GameID {
	t.Helper()
	ctx := context.Background()
	g := activeGame(t, st, ch)
	for seq := 1; seq <= 2; seq++ {
		m := storage.Move{Entries: []storage.Entry{{Seq: seq, Action: message(seq, "hello"), UserID: "u1"}}, EventID: fmt.Sprint("e", seq)}
		if _, err := st.Commit(ctx, g.ID, m); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.SetReminder(ctx, g.ID, g.CreatedAt); err != nil {
		t.Fatal(err)
	}
	return g.ID
}

// fixtureDirs are where ../shared/fixtures may be, seen from a store's package.
var fixtureDirs = []string{"../../../shared/fixtures", "../../shared/fixtures"}

// fixtureDir returns the shared fixtures directory, skipping t without it.
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

// Fixtures lists every shared fixture, relative to the fixtures directory,
// and the directory; it skips t without them.
func Fixtures(t testing.TB) (dir string, names []string) {
	t.Helper()
	dir = fixtureDir(t)
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") {
			rel, _ := filepath.Rel(dir, path)
			names = append(names, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Skipf("skipping: no fixtures in %s", dir)
	}
	return dir, names
}

// readFixture returns a fixture's bytes, skipping t without it.
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
