package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pbc/bot"
	"pbc/engine/action"
	"pbc/storage"
	"pbc/storage/postgres"
	"pbc/storage/postgres/pgtest"
	"pbc/storage/sqlite"
	"pbc/storage/storetest"
)

// fixtureFile is a game imported from a shared fixture, and its log as the file has it.
type fixtureFile struct {
	name string
	id   storage.GameID
	log  *action.GameLog
}

// readImportLog reads a fixture the way the bot reads an uploaded log.
func readImportLog(t *testing.T, path string) *action.GameLog {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l, err := action.ReadGameLogLimited(bytes.NewReader(b), bot.ImportLimits)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return l
}

// fillSQLite imports every shared fixture into a new SQLite file, each into
// a channel of its own as the bot imports an upload, and plays on a
// continued game so that every table has rows. It returns the file, the
// imported games and the rows it expects per table.
func fillSQLite(t *testing.T) (string, []fixtureFile, map[string]int64) {
	t.Helper()
	ctx := context.Background()
	dir, names := storetest.Fixtures(t)
	file := filepath.Join(t.TempDir(), "pbc.db")
	st, err := sqlite.Open(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	want := map[string]int64{}
	var games []fixtureFile
	for i, name := range names {
		l := readImportLog(t, filepath.Join(dir, name))
		g, err := st.Import(ctx, storage.Channel{Platform: storage.Discord, Workspace: "guild", ID: fmt.Sprint("import-", i)}, "u-importer", l)
		if err != nil {
			t.Fatalf("importing %s: %v", name, err)
		}
		games = append(games, fixtureFile{name: name, id: g.ID, log: readImportLog(t, filepath.Join(dir, name))})
		want["games"]++
		want["seats"] += int64(len(l.Players))
		want["actions"] += int64(len(l.Actions))
	}

	// A game imported half-way and played on: claimed seats, moves with
	// their events, a cut log, a reminder and the channel's settings.
	full := readImportLog(t, filepath.Join(dir, "1822PNW/586.json"))
	half := readImportLog(t, filepath.Join(dir, "1822PNW/586.json"))
	const cut = 100
	half.Actions, half.Result, half.GameEndReason = half.Actions[:cut], nil, ""
	ch := storage.Channel{Platform: storage.Slack, Workspace: "T1", ID: "C-live"}
	g, err := st.Import(ctx, ch, "u1", half)
	if err != nil {
		t.Fatal(err)
	}
	for i := range full.Players[:2] {
		if _, err := st.ReplaceSeat(ctx, g.ID, i, fmt.Sprint("u", i+1), full.Players[i].Name); err != nil {
			t.Fatal(err)
		}
	}
	move := func(seq int, event string) {
		raw, err := json.Marshal(full.Actions[seq-1])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Commit(ctx, g.ID, storage.Move{Entries: []storage.Entry{{Seq: seq, Action: raw, UserID: "u1"}}, EventID: event}); err != nil {
			t.Fatalf("move %d: %v", seq, err)
		}
	}
	for seq := cut + 1; seq <= cut+5; seq++ {
		move(seq, fmt.Sprint("ev-", seq))
	}
	if _, err := st.Truncate(ctx, g.ID, cut+3, "admin"); err != nil {
		t.Fatal(err)
	}
	move(cut+4, "ev-again")
	set := storage.ChannelSettings{Channel: ch, ReminderEvery: 12 * time.Hour, Quiet: storage.QuietHours{From: 60, To: 420, TZ: "America/Vancouver"}}
	if err := st.SetChannelSettings(ctx, set); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveReminder(ctx, migratedWait(g.ID)); err != nil {
		t.Fatal(err)
	}
	if err := st.SetUserPrefs(ctx, migratedPrefs); err != nil {
		t.Fatal(err)
	}
	games = append(games, fixtureFile{name: "586 continued", id: g.ID})
	want["games"]++
	want["seats"] += int64(len(half.Players) + 2)
	want["actions"] += cut + 4
	want["move_events"] = 6
	want["dropped_actions"] = 2
	want["channel_settings"] = 1
	want["reminders"] = 1
	want["user_prefs"] = 1
	return file, games, want
}

// migratedWait is the continued game's reminder, in the third day of its wait.
func migratedWait(id storage.GameID) storage.Reminder {
	return storage.Reminder{Game: id, Due: time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC), Sent: 2,
		Since: time.Date(2026, 5, 29, 9, 30, 0, 0, time.UTC), Asked: true}
}

// migratedPrefs are a player's notification preferences.
var migratedPrefs = storage.UserPrefs{User: storage.UserRef{Platform: storage.Local, ID: "ann"}, DM: true,
	Quiet: storage.QuietHours{From: 22 * 60, To: 7 * 60, TZ: "Europe/Paris"}, AwayUntil: time.Date(2026, 6, 2, 0, 0, 0, 0, time.UTC)}

func TestMigrateCopiesEveryFixtureGame(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	file, games, want := fillSQLite(t)

	var out, errs bytes.Buffer
	if code := cmdMigrate([]string{"--from", file, "--to", url}, &out, &errs); code != 0 {
		t.Fatalf("pbc migrate: exit %d\n%s%s", code, out.String(), errs.String())
	}
	t.Logf("pbc migrate:\n%s", out.String())

	pg, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	counts, err := pg.Counts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range postgres.Tables {
		if counts[table] != want[table] {
			t.Errorf("table %s: %d rows after the copy, want %d", table, counts[table], want[table])
		}
	}
	src, err := sqlite.Open(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	for _, f := range games {
		t.Run(f.name, func(t *testing.T) {
			ld, err := pg.Load(ctx, f.id)
			if err != nil {
				t.Fatalf("Load from PostgreSQL: %v", err)
			}
			from := f.log // the fixture file's own replay...
			if from == nil {
				sl, err := src.Load(ctx, f.id) // ...or, for the continued game, the SQLite store's
				if err != nil {
					t.Fatal(err)
				}
				from = sl.Log
			}
			if got, want := replayed(ld), replayed(&storage.Loaded{Log: from}); got != want {
				t.Errorf("replays from PostgreSQL to\n%.400s\nwant\n%.400s", got, want)
			}
		})
	}

	// The copied database moves on: new games take new ids, the live game
	// takes its next move, its reminder and settings came along.
	g, err := pg.CreateGame(ctx, storage.NewGame{Channel: storage.Channel{Platform: storage.Local, ID: "after"}, Title: "1822CA"})
	if err != nil || g.ID <= games[len(games)-1].id {
		t.Errorf("a new game after the copy: %+v, %v; want an id after the copied ones", g, err)
	}
	live := games[len(games)-1].id
	if due, err := pg.DueReminders(ctx, time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)); err != nil || len(due) != 1 || due[0] != migratedWait(live) {
		t.Errorf("reminders after the copy: %+v, %v; want %+v", due, err, migratedWait(live))
	}
	if p, err := pg.UserPrefs(ctx, migratedPrefs.User); err != nil || p != migratedPrefs {
		t.Errorf("preferences after the copy: %+v, %v; want %+v", p, err, migratedPrefs)
	}
	if _, err := pg.Commit(ctx, live, storage.Move{EventID: "ev-again"}); err == nil {
		t.Error("an event answered before the copy was not remembered")
	}

	// A second copy into the same database is refused, and writes nothing.
	src.Close() // the copy takes the file's lock
	out.Reset()
	errs.Reset()
	if code := cmdMigrate([]string{"--from", file, "--to", url}, &out, &errs); code != 1 || !strings.Contains(errs.String(), "already holds") {
		t.Errorf("a second migrate: exit %d, %s", code, errs.String())
	}
	if after, err := pg.Counts(ctx); err != nil || after["games"] != want["games"]+1 {
		t.Errorf("after the refused copy: %v games, %v", after["games"], err)
	}
}

func TestMigrateRefuses(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.db")
	cases := []struct {
		name string
		args []string
		code int
	}{
		{"no arguments", nil, 2},
		{"no target", []string{"--from", missing}, 2},
		{"a target that is no PostgreSQL URL", []string{"--from", missing, "--to", filepath.Join(dir, "other.db")}, 2},
		{"a missing source", []string{"--from", missing, "--to", "postgres://pbc@127.0.0.1:1/none"}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			if code := cmdMigrate(c.args, &out, &errs); code != c.code {
				t.Errorf("exit %d, want %d: %s", code, c.code, errs.String())
			}
			if _, err := os.Stat(missing); err == nil {
				t.Error("migrate created the missing source file")
			}
		})
	}
}

// damagedSQLite is a SQLite file of three games with three messages each,
// whose rows the statements (run with ?1 = the second game's id) damage.
func damagedSQLite(t *testing.T, stmts ...string) (string, storage.GameID) {
	t.Helper()
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "pbc.db")
	st, err := sqlite.Open(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	var ids []storage.GameID
	for i := range 3 {
		g, err := st.CreateGame(ctx, storage.NewGame{Channel: storage.Channel{Platform: storage.Local, ID: fmt.Sprint("c", i)}, Title: "1822PNW", Creator: "u1"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.AddSeat(ctx, g.ID, storage.Seat{Order: 0, UserID: "u1", DisplayName: "Ann"}); err != nil {
			t.Fatal(err)
		}
		if _, err := st.SetStatus(ctx, g.ID, storage.Active); err != nil {
			t.Fatal(err)
		}
		for seq := 1; seq <= 3; seq++ {
			a := fmt.Sprintf(`{"type":"message","entity":1,"entity_type":"player","id":%d,"message":"ok"}`, seq)
			if _, err := st.Append(ctx, g.ID, storage.Entry{Seq: seq, Action: []byte(a)}); err != nil {
				t.Fatal(err)
			}
		}
		ids = append(ids, g.ID)
	}
	st.Close()
	raw, err := sql.Open("sqlite", file)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, s := range stmts {
		if _, err := raw.ExecContext(ctx, s, ids[1]); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return file, ids[1]
}

func TestMigrateOfADamagedLog(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name  string
		stmts []string
		fails string // what the refusal says; "" if the copy goes through
	}{
		{"a lost row", []string{"DROP TRIGGER actions_no_delete", "DELETE FROM actions WHERE game_id = ?1 AND seq = 2"}, ""},
		{"a hand-edited row", []string{"DROP TRIGGER actions_no_update", "UPDATE actions SET data = 'pass, please' WHERE game_id = ?1 AND seq = 2"}, ""},
		{"a row that is not text", []string{"DROP TRIGGER actions_no_update",
			"UPDATE actions SET data = CAST(X'7BFFFE7D' AS TEXT) WHERE game_id = ?1 AND seq = 3"}, "seq 3 is not UTF-8"},
		{"a seq that is no number", []string{"DROP TRIGGER actions_next_seq",
			`INSERT INTO actions VALUES (?1, 'four', '{"type":"pass"}', '', 0)`}, `seq "four", not a number`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file, damaged := damagedSQLite(t, c.stmts...)
			url := pgtest.URL(t)
			var out, errs bytes.Buffer
			code := cmdMigrate([]string{"--from", file, "--to", url}, &out, &errs)
			pg, err := postgres.Open(ctx, url)
			if err != nil {
				t.Fatal(err)
			}
			defer pg.Close()
			counts, err := pg.Counts(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if c.fails != "" {
				if code != 1 || !strings.Contains(errs.String(), c.fails) || counts["games"] != 0 || counts["actions"] != 0 {
					t.Fatalf("exit %d, %d games copied: %s; want a refusal saying %q and nothing copied", code, counts["games"], errs.String(), c.fails)
				}
				return
			}
			if code != 0 {
				t.Fatalf("exit %d: %s%s", code, out.String(), errs.String())
			}
			if _, err := pg.Load(ctx, damaged); !errors.Is(err, storage.ErrCorrupt) {
				t.Errorf("the damaged game loads from PostgreSQL: %v; want it as corrupt as in the file", err)
			}
			if n, err := pg.Truncate(ctx, damaged, 1, "admin"); err != nil || n == 0 {
				t.Fatalf("cutting the damage: %d, %v", n, err)
			}
			if ld, err := pg.Load(ctx, damaged); err != nil || len(ld.Entries) != 1 {
				t.Errorf("after the cut: %v", err)
			}
		})
	}
}
