package sqlite

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"pbc/engine/action"
	"pbc/storage"
)

// fixtureNames lists every fixture, relative to the fixtures directory.
func fixtureNames(t *testing.T) []string {
	t.Helper()
	dir := fixtureDir(t)
	var names []string
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
	return names
}

func TestImportExportRoundTripsEveryFixture(t *testing.T) {
	ctx := context.Background()
	db, _ := openTest(t)
	for i, name := range fixtureNames(t) {
		t.Run(name, func(t *testing.T) {
			src := readFixture(t, name)
			l := parseLog(t, src)
			g, err := db.Import(ctx, testChannel("import"), "importer", l)
			if err != nil {
				t.Fatalf("Import: %v", err)
			}
			if g.Status != storage.Finished || !g.Imported || g.Title != l.Title || g.Seed != l.Seed() || g.EndReason != l.GameEndReason {
				t.Fatalf("imported game %d: %+v", i, g)
			}
			ld, err := db.Load(ctx, g.ID)
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			if len(ld.Entries) != len(l.Actions) || len(ld.Seats) != len(l.Players) {
				t.Fatalf("loaded %d actions and %d seats, want %d and %d", len(ld.Entries), len(ld.Seats), len(l.Actions), len(l.Players))
			}
			var out bytes.Buffer
			if err := db.Export(ctx, g.ID, &out); err != nil {
				t.Fatalf("Export: %v", err)
			}
			if !bytes.Equal(out.Bytes(), src) {
				t.Errorf("export differs from the imported file at byte %d", firstDiff(out.Bytes(), src))
			}
		})
	}
}

// firstDiff returns the index of the first differing byte.
func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func TestImportAndContinue(t *testing.T) {
	ctx := context.Background()
	db, _ := openTest(t)
	full := parseLog(t, readFixture(t, "1822PNW/586.json"))
	const cut, more = 100, 20
	// The game as it was after `cut` actions on 18xx.games.
	var partial action.GameLog
	if err := json.Unmarshal(readFixture(t, "1822PNW/586.json"), &partial); err != nil {
		t.Fatal(err)
	}
	partial.Actions = partial.Actions[:cut]
	partial.Result, partial.GameEndReason = nil, ""
	ch := testChannel("continue")
	g, err := db.Import(ctx, ch, "u1", &partial)
	if err != nil || g.Status != storage.Active {
		t.Fatalf("import: %v %+v", err, g)
	}
	if _, err := db.Import(ctx, ch, "u1", &partial); !errors.Is(err, storage.ErrChannelBusy) {
		t.Fatalf("second active import into the channel: %v, want ErrChannelBusy", err)
	}
	// Players claim their seats, then play on.
	for i, p := range full.Players {
		if _, err := db.ReplaceSeat(ctx, g.ID, i, "discord-"+p.Name, p.Name); err != nil {
			t.Fatal(err)
		}
	}
	for seq := cut + 1; seq <= cut+more; seq++ {
		raw, err := json.Marshal(full.Actions[seq-1])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Append(ctx, g.ID, storage.Entry{Seq: seq, Action: raw, UserID: "discord-x"}); err != nil {
			t.Fatalf("append %d: %v", seq, err)
		}
	}
	var out bytes.Buffer
	if err := db.Export(ctx, g.ID, &out); err != nil {
		t.Fatal(err)
	}
	got := parseLog(t, out.Bytes())
	if len(got.Actions) != cut+more || got.Seed() != full.Seed() || got.Title != full.Title || len(got.Players) != len(full.Players) {
		t.Fatalf("export: %d actions, seed %d, title %q", len(got.Actions), got.Seed(), got.Title)
	}
	for i, a := range got.Actions {
		want, _ := json.Marshal(full.Actions[i])
		have, _ := json.Marshal(a)
		if !bytes.Equal(want, have) {
			t.Fatalf("action %d: %s, want %s", i+1, have, want)
		}
	}
	if _, stale := got.Extra["status"]; stale {
		t.Error("export of a continued game keeps the imported status field")
	}
}

func TestExportOfANewGame(t *testing.T) {
	ctx := context.Background()
	db, _ := openTest(t)
	g := activeGame(t, db, "new")
	for seq := 1; seq <= 2; seq++ {
		if _, err := db.Append(ctx, g.ID, storage.Entry{Seq: seq, Action: message(seq, "hi")}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Finish(ctx, g.ID, "manually_ended", map[string]int{"1": 10, "2": 20, "3": 30}); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := db.Export(ctx, g.ID, &out); err != nil {
		t.Fatal(err)
	}
	const want = `{"id":1,"title":"1822PNW","players":[{"id":1,"name":"Ann"},{"id":2,"name":"Bob"},{"id":3,"name":"Cy"}],` +
		`"settings":{"seed":42,"optional_rules":[]},"actions":[` +
		`{"type":"message","entity":1,"entity_type":"player","id":1,"message":"hi"},` +
		`{"type":"message","entity":1,"entity_type":"player","id":2,"message":"hi"}],` +
		`"result":{"1":10,"2":20,"3":30},"game_end_reason":"manually_ended"}`
	if out.String() != want {
		t.Errorf("export:\n got %s\nwant %s", out.String(), want)
	}
}
