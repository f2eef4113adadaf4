package sqlite

import (
	"context"
	"testing"
)

func TestOpenConfiguresAndMigratesOnce(t *testing.T) {
	ctx := context.Background()
	db, path := openTest(t)
	for pragma, want := range map[string]string{"journal_mode": "wal", "foreign_keys": "1", "busy_timeout": "10000", "synchronous": "2"} {
		var got string
		if err := db.w.QueryRowContext(ctx, "PRAGMA "+pragma).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("PRAGMA %s = %s, want %s", pragma, got, want)
		}
	}
	db.Close()
	db, err := Open(ctx, path) // reopening applies nothing twice
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ms, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.r.QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_migrations").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != len(ms) || n == 0 {
		t.Errorf("schema_migrations has %d rows, want %d", n, len(ms))
	}
	if err := db.Check(ctx); err != nil {
		t.Error(err)
	}
	if _, err := db.r.ExecContext(ctx, "DELETE FROM reminders"); err == nil {
		t.Error("the read pool accepted a write")
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	ctx := context.Background()
	db, path := openTest(t)
	if _, err := db.w.ExecContext(ctx, "INSERT INTO schema_migrations VALUES (9999, '9999_future.sql', 0)"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if db, err := Open(ctx, path); err == nil {
		db.Close()
		t.Fatal("Open accepted a database from a newer program")
	}
}
