package enginecheck

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/storage"
	"pbc/storage/sqlite"
)

// fixtureDirs are where ../shared/fixtures may be, seen from this package.
var fixtureDirs = []string{"../../../shared/fixtures", "../../shared/fixtures"}

// fixtures returns the paths of every fixture, skipping the test without them.
func fixtures(t *testing.T) []string {
	t.Helper()
	for _, dir := range fixtureDirs {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			continue
		}
		var paths []string
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") {
				paths = append(paths, path)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return paths
	}
	t.Skipf("skipping: the shared fixtures are not at %v", fixtureDirs)
	return nil
}

// outcome is what a replay came to, for comparing two replays.
func outcome(l *action.GameLog) string {
	g, err := engine.Replay(l, engine.ReplayOptions{})
	if g == nil {
		return fmt.Sprintf("error %v", err)
	}
	return fmt.Sprintf("finished %v, end %q, result %v, error %v", g.Finished(), g.EndReason(), g.Result(), err)
}

func readLog(t *testing.T, path string) *action.GameLog {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l, err := action.ReadGameLog(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestStoredGamesReplayAsTheirLogs imports every fixture, loads it back and
// checks that the loaded log replays to the same outcome as the file (whether
// or not the engine already replays that fixture exactly).
func TestStoredGamesReplayAsTheirLogs(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "pbc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	exact := 0
	for _, path := range fixtures(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			l := readLog(t, path)
			g, err := db.Import(ctx, storage.Channel{Platform: storage.Local, ID: "replay"}, "t", l)
			if err != nil {
				t.Fatal(err)
			}
			ld, err := db.Load(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			want, got := outcome(readLog(t, path)), outcome(ld.Log)
			if got != want {
				t.Errorf("loaded game replays to\n%s\nthe file to\n%s", got, want)
			}
			if r, err := engine.Replay(ld.Log, engine.ReplayOptions{}); err == nil && maps.Equal(r.Result(), l.Result) {
				exact++
			}
		})
	}
	t.Logf("%d stored fixtures replay exactly to their recorded result", exact)
}

// TestContinuedGameReplays imports the first half of a game that the engine
// replays exactly, appends the rest through the store, and replays the loaded
// log to the recorded result.
func TestContinuedGameReplays(t *testing.T) {
	const name = "165580.json"
	var path string
	for _, p := range fixtures(t) {
		if filepath.Base(p) == name {
			path = p
		}
	}
	if path == "" {
		t.Skipf("skipping: fixture %s is absent", name)
	}
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "pbc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	full := readLog(t, path)
	half := readLog(t, path)
	cut := len(half.Actions) / 2
	half.Actions, half.Result, half.GameEndReason = half.Actions[:cut], nil, ""
	g, err := db.Import(ctx, storage.Channel{Platform: storage.Discord, Workspace: "guild", ID: "chan"}, "t", half)
	if err != nil {
		t.Fatal(err)
	}
	for i := cut; i < len(full.Actions); i++ {
		raw, err := json.Marshal(full.Actions[i])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Append(ctx, g.ID, storage.Entry{Seq: i + 1, Action: raw, UserID: "u"}); err != nil {
			t.Fatalf("append %d: %v", i+1, err)
		}
	}
	ld, err := db.Load(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	r, err := engine.Replay(ld.Log, engine.ReplayOptions{})
	if err != nil {
		t.Skipf("the engine does not replay %s yet (%v); the log round trip is checked in package sqlite", name, err)
	}
	if !maps.Equal(r.Result(), full.Result) || r.EndReason() != full.GameEndReason {
		t.Skipf("the engine does not replay %s exactly yet: got %v %q, want %v %q",
			name, r.Result(), r.EndReason(), full.Result, full.GameEndReason)
	}
}

// TestCutLogsReplay checks that a stored game cut after any action, as a crash
// may leave it, replays without error, for a game the engine replays.
func TestCutLogsReplay(t *testing.T) {
	var path string
	for _, p := range fixtures(t) {
		if filepath.Base(p) == "165580.json" {
			path = p
		}
	}
	if path == "" {
		t.Skip("skipping: fixture 165580.json is absent")
	}
	if _, err := engine.Replay(readLog(t, path), engine.ReplayOptions{}); err != nil {
		t.Skipf("the engine does not replay the fixture yet: %v", err)
	}
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "pbc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	n := len(readLog(t, path).Actions)
	for _, cut := range []int{1, n / 7, n / 3, n / 2, 2 * n / 3, n - 1} {
		l := readLog(t, path)
		l.Actions, l.Result, l.GameEndReason = l.Actions[:cut], nil, ""
		g, err := db.Import(ctx, storage.Channel{Platform: storage.Local, ID: fmt.Sprint("cut-", cut)}, "t", l)
		if err != nil {
			t.Fatal(err)
		}
		ld, err := db.Load(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := engine.Replay(ld.Log, engine.ReplayOptions{}); err != nil {
			t.Errorf("cut after %d actions: %v", cut, err)
		}
	}
}
