package storetest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"testing"

	"pbc/engine/action"
	"pbc/storage"
)

func testImportExportEveryFixture(t *testing.T, open Open) {
	ctx := context.Background()
	db, _ := open(t)
	_, names := Fixtures(t)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			src := readFixture(t, name)
			l := parseLog(t, src)
			g, err := db.Import(ctx, channel("import"), "importer", l)
			if err != nil {
				t.Fatalf("Import: %v", err)
			}
			if g.Status != storage.Finished || !g.Imported || g.Title != l.Title || g.Seed != l.Seed() || g.EndReason != l.GameEndReason {
				t.Fatalf("imported game: %+v", g)
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

func testImportAndContinue(t *testing.T, open Open) {
	ctx := context.Background()
	db, another := open(t)
	full := parseLog(t, readFixture(t, "1822PNW/586.json"))
	const cut, more = 100, 20
	// The game as it was after `cut` actions on 18xx.games.
	var partial action.GameLog
	if err := json.Unmarshal(readFixture(t, "1822PNW/586.json"), &partial); err != nil {
		t.Fatal(err)
	}
	partial.Actions = partial.Actions[:cut]
	partial.Result, partial.GameEndReason = nil, ""
	ch := channel("continue")
	g, err := db.Import(ctx, ch, "u1", &partial)
	if err != nil || g.Status != storage.Active {
		t.Fatalf("import: %v %+v", err, g)
	}
	if _, err := another().Import(ctx, ch, "u1", &partial); !errors.Is(err, storage.ErrChannelBusy) {
		t.Fatalf("second active import into the channel: %v, want ErrChannelBusy", err)
	}
	if games, err := db.ListGames(ctx, storage.Filter{Channel: &ch}); err != nil || len(games) != 1 {
		t.Fatalf("a refused import left a game: %v %+v", err, games)
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
