package sqlite

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"pbc/storage"
)

func TestMovesMigrationUpgradesAnOldDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	ms, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) < 2 || ms[1].name != "0002_moves.sql" {
		t.Fatalf("migrations %v: want 0002_moves.sql second", ms)
	}
	// A database as the program before moves left it: the first migration,
	// an active game with a log of two actions.
	old, err := sql.Open("sqlite", path+"?_foreign_keys=1")
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		"CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)",
		ms[0].sql,
		"INSERT INTO schema_migrations VALUES (1, '" + ms[0].name + "', 0)",
		`INSERT INTO games (id, platform, channel, title, seed, status, creator, created_at, updated_at)
			VALUES (1, 'local', 'old', '1822PNW', 1, 'active', 'u1', 0, 0)`,
		"INSERT INTO seats VALUES (1, 0, 1, 'u1', 'Ann', 0, NULL)",
		`INSERT INTO actions VALUES (1, 1, '{"type":"pass"}', 'u1', 0)`,
		`INSERT INTO actions VALUES (1, 2, '{"type":"pass"}', 'u1', 0)`,
	} {
		if _, err := old.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%.60s: %v", stmt, err)
		}
	}
	if _, err := old.ExecContext(ctx, "DELETE FROM actions WHERE seq = 2"); err == nil {
		t.Fatal("the old schema let a row go")
	}
	old.Close()

	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Check(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := db.w.ExecContext(ctx, "DELETE FROM actions WHERE seq = 2"); err == nil {
		t.Error("after the migration, the log lets a row go that was not kept")
	}
	if n, err := db.Truncate(ctx, 1, 1, "admin"); err != nil || n != 1 {
		t.Fatalf("Truncate after the migration: %d, %v", n, err)
	}
	m := storage.Move{Entries: []storage.Entry{{Seq: 2, Action: message(2, "hi")}}, EventID: "ev",
		Seats: []storage.SeatChange{{Order: 0, UserID: "u2", DisplayName: "Bob"}}}
	if _, err := db.Commit(ctx, 1, m); err != nil {
		t.Fatalf("Commit after the migration: %v", err)
	}
	if ld, err := db.Load(ctx, 1); err != nil || len(ld.Entries) != 2 || ld.Seats[0].UserID != "u2" {
		t.Fatalf("Load after the migration: %v", err)
	}
}
