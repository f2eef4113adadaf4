package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"pbc/storage"
)

func TestUserPrefs(t *testing.T) {
	db, path := openTest(t)
	ctx := context.Background()
	ann := storage.UserRef{Platform: storage.Slack, Workspace: "T1", ID: "U1"}
	if got, err := db.UserPrefs(ctx, ann); err != nil || got != (storage.UserPrefs{User: ann}) {
		t.Fatalf("a user with no preferences: %+v, %v", got, err)
	}
	back := time.Date(2026, 6, 4, 9, 30, 0, 0, time.UTC)
	for _, c := range []struct {
		name string
		p    storage.UserPrefs
		err  error
	}{
		{"everything", storage.UserPrefs{User: ann, DM: true, AwayUntil: back,
			Quiet: storage.QuietHours{From: 22 * 60, To: 7 * 60, TZ: "Europe/Paris"}}, nil},
		{"a zone without hours", storage.UserPrefs{User: ann, Quiet: storage.QuietHours{TZ: "America/Vancouver"}}, nil},
		{"the same user in another workspace", storage.UserPrefs{User: storage.UserRef{Platform: storage.Slack, Workspace: "T2", ID: "U1"}, DM: true}, nil},
		{"an unknown platform", storage.UserPrefs{User: storage.UserRef{Platform: "irc", ID: "U1"}}, storage.ErrInvalid},
		{"no user", storage.UserPrefs{User: storage.UserRef{Platform: storage.Slack}}, storage.ErrInvalid},
		{"hours past midnight", storage.UserPrefs{User: ann, Quiet: storage.QuietHours{From: 24 * 60}}, storage.ErrInvalid},
		{"an unknown zone", storage.UserPrefs{User: ann, Quiet: storage.QuietHours{TZ: "Mars/Olympus"}}, storage.ErrInvalid},
	} {
		t.Run(c.name, func(t *testing.T) {
			before, err := db.UserPrefs(ctx, c.p.User)
			if err != nil {
				t.Fatal(err)
			}
			err = db.SetUserPrefs(ctx, c.p)
			if !errors.Is(err, c.err) || (err == nil) != (c.err == nil) {
				t.Fatalf("SetUserPrefs: %v, want %v", err, c.err)
			}
			want := c.p
			if c.err != nil {
				want = before
			}
			if got, err := db.UserPrefs(ctx, c.p.User); err != nil || got != want {
				t.Fatalf("UserPrefs: %v\n got %+v\nwant %+v", err, got, want)
			}
		})
	}
	db.Close() // preferences survive a restart
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	want := storage.UserPrefs{User: ann, Quiet: storage.QuietHours{TZ: "America/Vancouver"}}
	if got, err := db.UserPrefs(ctx, ann); err != nil || got != want {
		t.Fatalf("after reopen: %v\n got %+v\nwant %+v", err, got, want)
	}
}

func TestSaveReminderKeepsTheWait(t *testing.T) {
	db, _ := openTest(t)
	ctx := context.Background()
	g := activeGame(t, db, "wait")
	t0 := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name string
		save func() error
		want storage.Reminder
	}{
		{"a move starts a wait", func() error { return db.SetReminder(ctx, g.ID, t0) },
			storage.Reminder{Game: g.ID, Due: t0}},
		{"a reminder sent", func() error {
			return db.SaveReminder(ctx, storage.Reminder{Game: g.ID, Due: t0.Add(48 * time.Hour), Sent: 1, Since: t0.Add(-24 * time.Hour)})
		}, storage.Reminder{Game: g.ID, Due: t0.Add(48 * time.Hour), Sent: 1, Since: t0.Add(-24 * time.Hour)}},
		{"an admin asked", func() error {
			return db.SaveReminder(ctx, storage.Reminder{Game: g.ID, Due: t0.Add(96 * time.Hour), Sent: 2, Since: t0.Add(-24 * time.Hour), Asked: true})
		}, storage.Reminder{Game: g.ID, Due: t0.Add(96 * time.Hour), Sent: 2, Since: t0.Add(-24 * time.Hour), Asked: true}},
		{"the next move starts again", func() error { return db.SetReminder(ctx, g.ID, t0.Add(time.Hour)) },
			storage.Reminder{Game: g.ID, Due: t0.Add(time.Hour)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := c.save(); err != nil {
				t.Fatal(err)
			}
			due, err := db.DueReminders(ctx, t0.Add(1000*time.Hour))
			if err != nil || len(due) != 1 || due[0] != c.want {
				t.Fatalf("due: %v\n got %+v\nwant %+v", err, due, c.want)
			}
		})
	}
	if err := db.SaveReminder(ctx, storage.Reminder{Game: 999, Due: t0}); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("a reminder of no game: %v", err)
	}
	if err := db.SaveReminder(ctx, storage.Reminder{Game: g.ID, Due: t0, Sent: -1}); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("a negative count: %v", err)
	}
}

func TestNotifyMigrationKeepsReminders(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	ms, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) < 3 || ms[2].name != "0003_notify.sql" {
		t.Fatalf("migrations %v: want 0003_notify.sql third", ms)
	}
	// A database as the program before notifications left it, with a
	// reminder due.
	old, err := sql.Open("sqlite", path+"?_foreign_keys=1")
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		"CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)",
		ms[0].sql, ms[1].sql,
		"INSERT INTO schema_migrations VALUES (1, '" + ms[0].name + "', 0), (2, '" + ms[1].name + "', 0)",
		`INSERT INTO games (id, platform, channel, title, seed, status, creator, created_at, updated_at)
			VALUES (1, 'local', 'old', '1822PNW', 1, 'active', 'u1', 0, 0)`,
		"INSERT INTO reminders VALUES (1, 5000)",
	} {
		if _, err := old.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%.60s: %v", stmt, err)
		}
	}
	old.Close()
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	due, err := db.DueReminders(ctx, time.UnixMilli(5000))
	if want := (storage.Reminder{Game: 1, Due: time.UnixMilli(5000).UTC()}); err != nil || len(due) != 1 || due[0] != want {
		t.Fatalf("the old reminder after the migration: %v\n got %+v\nwant %+v", err, due, want)
	}
	if err := db.SetUserPrefs(ctx, storage.UserPrefs{User: storage.UserRef{Platform: storage.Local, ID: "u1"}, DM: true}); err != nil {
		t.Errorf("preferences after the migration: %v", err)
	}
}
