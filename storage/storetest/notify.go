package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"pbc/storage"
)

// testReminderWait: a reminder keeps the state of its wait (how many were
// sent, since when, whether an admin was asked) through DueReminders and
// ClaimReminders, and SetReminder starts a new wait.
func testReminderWait(t *testing.T, open Open) {
	ctx := context.Background()
	db, _ := open(t)
	g := activeGame(t, db, "w1")
	t0 := time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC)
	want := storage.Reminder{Game: g.ID, Due: t0, Sent: 3, Since: t0.Add(-72 * time.Hour), Asked: true}
	if err := db.SaveReminder(ctx, want); err != nil {
		t.Fatal(err)
	}
	if due, err := db.DueReminders(ctx, t0); err != nil || len(due) != 1 || due[0] != want {
		t.Fatalf("due %+v, %v; want %+v", due, err, want)
	}
	if got, err := db.ClaimReminders(ctx, t0, time.Minute); err != nil || len(got) != 1 || got[0] != want {
		t.Fatalf("claimed %+v, %v; want %+v", got, err, want)
	}
	if err := db.SaveReminder(ctx, storage.Reminder{Game: g.ID, Due: t0, Sent: -1}); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("a negative count saved: %v", err)
	}
	if err := db.SaveReminder(ctx, storage.Reminder{Game: 999999, Due: t0}); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("a reminder of no game saved: %v", err)
	}
	if err := db.SetReminder(ctx, g.ID, t0); err != nil { // a new wait, and the claim ends
		t.Fatal(err)
	}
	fresh := storage.Reminder{Game: g.ID, Due: t0}
	if got, err := db.ClaimReminders(ctx, t0, time.Minute); err != nil || len(got) != 1 || got[0] != fresh {
		t.Fatalf("after SetReminder claimed %+v, %v; want %+v", got, err, fresh)
	}
}

// testUserPrefs: a user's preferences are the defaults until set, are kept
// per platform, workspace and user, are seen by another process, and bad
// values are refused.
func testUserPrefs(t *testing.T, open Open) {
	ctx := context.Background()
	db, another := open(t)
	alice := storage.UserRef{Platform: storage.Discord, Workspace: "g1", ID: "u1"}
	if p, err := db.UserPrefs(ctx, alice); err != nil || p != (storage.UserPrefs{User: alice}) {
		t.Fatalf("defaults %+v, %v", p, err)
	}
	set := storage.UserPrefs{User: alice, DM: true, Quiet: storage.QuietHours{From: 22 * 60, To: 7 * 60, TZ: "Europe/Paris"},
		AwayUntil: time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC)}
	if err := db.SetUserPrefs(ctx, set); err != nil {
		t.Fatal(err)
	}
	if p, err := another().UserPrefs(ctx, alice); err != nil || p != set {
		t.Fatalf("another process reads %+v, %v; want %+v", p, err, set)
	}
	elsewhere := alice
	elsewhere.Workspace = "g2"
	if p, err := db.UserPrefs(ctx, elsewhere); err != nil || p.DM {
		t.Errorf("another workspace's user has %+v, %v", p, err)
	}
	set.DM, set.AwayUntil = false, time.Time{}
	if err := db.SetUserPrefs(ctx, set); err != nil {
		t.Fatal(err)
	}
	if p, err := db.UserPrefs(ctx, alice); err != nil || p != set {
		t.Fatalf("replaced %+v, %v; want %+v", p, err, set)
	}
	for name, bad := range map[string]storage.UserPrefs{
		"no user":       {User: storage.UserRef{Platform: storage.Discord}},
		"no platform":   {User: storage.UserRef{ID: "u1"}},
		"hour past day": {User: alice, Quiet: storage.QuietHours{From: 24 * 60}},
		"unknown zone":  {User: alice, Quiet: storage.QuietHours{TZ: "Mars/Olympus"}},
	} {
		if err := db.SetUserPrefs(ctx, bad); !errors.Is(err, storage.ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
}

// testCommitWritesTheReminder: a move may set the game's next reminder in
// its own transaction (ending a claim), or remove it; a move refused
// writes no reminder.
func testCommitWritesTheReminder(t *testing.T, open Open) {
	ctx := context.Background()
	db, _ := open(t)
	g := activeGame(t, db, "cr1")
	t0 := time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC)
	if err := db.SaveReminder(ctx, storage.Reminder{Game: g.ID, Due: t0, Sent: 2}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ClaimReminders(ctx, t0, time.Hour); err != nil {
		t.Fatal(err)
	}
	next := storage.Reminder{Game: g.ID, Due: t0.Add(time.Hour), Since: t0}
	if _, err := db.Commit(ctx, g.ID, storage.Move{Entries: []storage.Entry{entry(1)}, Reminder: &next}); err != nil {
		t.Fatal(err)
	}
	if got, err := db.ClaimReminders(ctx, next.Due, time.Minute); err != nil || len(got) != 1 || got[0] != next {
		t.Fatalf("after the move claimed %+v, %v; want %+v", got, err, next)
	}
	stale := storage.Reminder{Game: g.ID, Due: t0.Add(2 * time.Hour)}
	if _, err := db.Commit(ctx, g.ID, storage.Move{Entries: []storage.Entry{entry(1)}, Reminder: &stale}); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("a move at a taken seq: %v", err)
	}
	if got, err := db.DueReminders(ctx, next.Due); err != nil || len(got) != 1 || got[0] != next {
		t.Fatalf("a refused move changed the reminder: %+v, %v", got, err)
	}
	if _, err := db.Commit(ctx, g.ID, storage.Move{Entries: []storage.Entry{entry(2)}, Reminder: &storage.Reminder{Game: g.ID}}); err != nil {
		t.Fatal(err)
	}
	if got, err := db.DueReminders(ctx, t0.Add(48*time.Hour)); err != nil || len(got) != 0 {
		t.Fatalf("a move that removes the reminder left %+v, %v", got, err)
	}
}
