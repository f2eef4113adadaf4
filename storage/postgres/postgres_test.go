package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"pbc/storage"
)

// activeGame creates an active three-seat game in channel ch whose log
// holds n messages.
func activeGame(t *testing.T, db *DB, ch string, n int) storage.GameID {
	t.Helper()
	ctx := context.Background()
	g, err := db.CreateGame(ctx, storage.NewGame{Channel: storage.Channel{Platform: storage.Local, ID: ch}, Title: "1822PNW", Seed: 1, Creator: "u1"})
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{"Ann", "Bob", "Cy"} {
		if _, err := db.AddSeat(ctx, g.ID, storage.Seat{Order: i, UserID: fmt.Sprint("u", i+1), DisplayName: name}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.SetStatus(ctx, g.ID, storage.Active); err != nil {
		t.Fatal(err)
	}
	for seq := 1; seq <= n; seq++ {
		if _, err := db.Append(ctx, g.ID, storage.Entry{Seq: seq, Action: message(seq, "ok")}); err != nil {
			t.Fatal(err)
		}
	}
	return g.ID
}

// message is a chat-message action with the given id, as JSON.
func message(id int, text string) []byte {
	return fmt.Appendf(nil, `{"type":"message","entity":1,"entity_type":"player","id":%d,"message":%q}`, id, text)
}

func TestOpenMigratesOnceWhenProcessesStartTogether(t *testing.T) {
	ctx := context.Background()
	db, url := openTest(t)
	db.Close()
	const procs = 4
	var wg sync.WaitGroup
	errs := make([]error, procs)
	for i := range procs {
		wg.Go(func() {
			other, err := Open(ctx, url)
			if err == nil {
				other.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatalf("processes opening together: %v", err)
	}
	db, err := Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ms, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.pool.QueryRow(ctx, "SELECT COUNT(*) FROM schema_migrations").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != len(ms) || n == 0 {
		t.Errorf("schema_migrations has %d rows, want %d", n, len(ms))
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	ctx := context.Background()
	db, url := openTest(t)
	if _, err := db.pool.Exec(ctx, "INSERT INTO schema_migrations VALUES (9999, '9999_future.sql', now())"); err != nil {
		t.Fatal(err)
	}
	if other, err := Open(ctx, url); err == nil || !strings.Contains(err.Error(), "newer") {
		if other != nil {
			other.Close()
		}
		t.Fatalf("Open of a database from a newer program: %v, want a refusal", err)
	}
}

func TestOpenRefusesABadURL(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, url := range []string{"postgres://u:topsecret@%zz/db", "postgres://u:topsecret@127.0.0.1:1/db?connect_timeout=2"} {
		db, err := Open(ctx, url)
		if err == nil {
			db.Close()
			t.Errorf("Open(%q) succeeded", url)
			continue
		}
		if strings.Contains(err.Error(), "topsecret") {
			t.Errorf("Open's error shows the password: %v", err)
		}
	}
}

func TestActionLogIsAppendOnly(t *testing.T) {
	ctx := context.Background()
	db, _ := openTest(t)
	id := activeGame(t, db, "append-only", 3)
	for _, stmt := range []string{
		"UPDATE actions SET data = '{}' WHERE game_id = $1",
		"DELETE FROM actions WHERE game_id = $1",
		`INSERT INTO actions VALUES ($1, 5, '{"type":"pass"}', '', now())`, // a gap
		`INSERT INTO actions VALUES ($1, 3, '{"type":"pass"}', '', now())`, // a duplicate
		`INSERT INTO games (platform, workspace, channel, title, seed, status, creator, created_at, updated_at)
			SELECT 'local', '', 'append-only', '1822CA', 1, 'forming', 'x', now(), now() WHERE $1 > 0`, // a second open game
	} {
		if _, err := db.pool.Exec(ctx, stmt, id); err == nil {
			t.Errorf("%s: accepted", stmt)
		}
	}
	if ld, err := db.Load(ctx, id); err != nil || len(ld.Entries) != 3 {
		t.Fatalf("after refused edits: %v", err)
	}
}

func TestTruncateRepairsAHandEditedLog(t *testing.T) {
	ctx := context.Background()
	db, _ := openTest(t)
	id := activeGame(t, db, "repair", 3)
	// An operator edits a row by hand, as only a disabled trigger allows.
	for _, stmt := range []string{
		"ALTER TABLE actions DISABLE TRIGGER actions_append_only",
		"UPDATE actions SET data = 'pass, please' WHERE game_id = $1 AND seq = 2",
		"ALTER TABLE actions ENABLE TRIGGER actions_append_only",
	} {
		args := []any{id}
		if !strings.Contains(stmt, "$1") {
			args = nil
		}
		if _, err := db.pool.Exec(ctx, stmt, args...); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	var ce *storage.CorruptError
	if _, err := db.Load(ctx, id); !errors.As(err, &ce) || ce.Seq != 2 || !strings.Contains(ce.Reason, "not valid JSON") {
		t.Fatalf("Load of the edited log: %v, want a corrupt row at seq 2", err)
	}
	at := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	db.now = func() time.Time { return at }
	n, err := db.Truncate(ctx, id, 1, "admin-u7")
	if err != nil || n != 2 {
		t.Fatalf("Truncate: %d, %v; want 2 rows dropped", n, err)
	}
	rows, err := db.pool.Query(ctx, "SELECT seq, convert_from(data, 'UTF8'), dropped_by, dropped_at FROM dropped_actions WHERE game_id = $1 ORDER BY id", id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var kept []string
	for rows.Next() {
		var seq int
		var data, by string
		var when time.Time
		if err := rows.Scan(&seq, &data, &by, &when); err != nil {
			t.Fatal(err)
		}
		kept = append(kept, fmt.Sprintf("%d %s %s %v", seq, data, by, when.Equal(at)))
	}
	want := []string{"2 pass, please admin-u7 true", fmt.Sprintf("3 %s admin-u7 true", message(3, "ok"))}
	if fmt.Sprint(kept) != fmt.Sprint(want) {
		t.Errorf("kept rows:\n %v\nwant\n %v", kept, want)
	}
	if ld, err := db.Load(ctx, id); err != nil || len(ld.Entries) != 1 {
		t.Fatalf("Load after the repair: %v", err)
	}
	// A row whose kept copy differs may not go.
	if _, err := db.pool.Exec(ctx, `INSERT INTO dropped_actions (game_id, seq, data, user_id, created_at, dropped_at, dropped_by)
		SELECT game_id, seq, 'other', user_id, created_at, now(), 'x' FROM actions WHERE game_id = $1 AND seq = 1`, id); err != nil {
		t.Fatal(err)
	}
	if _, err := db.pool.Exec(ctx, "DELETE FROM actions WHERE game_id = $1 AND seq = 1", id); err == nil {
		t.Error("the log let a row go that was not kept as it is")
	}
}
