package sqlite

import (
	"context"
	"errors"
	"strings"
	"testing"

	"pbc/storage"
)

// gameWithLog is an active game whose log holds n good messages.
func gameWithLog(t *testing.T, db *DB, ch string, n int) storage.GameID {
	t.Helper()
	g := activeGame(t, db, ch)
	for seq := 1; seq <= n; seq++ {
		if _, err := db.Append(context.Background(), g.ID, storage.Entry{Seq: seq, Action: message(seq, "ok")}); err != nil {
			t.Fatal(err)
		}
	}
	return g.ID
}

func TestCorruptRowsAreReported(t *testing.T) {
	ctx := context.Background()
	db, _ := openTest(t)
	healthy := gameWithLog(t, db, "healthy", 3)
	cases := []struct {
		name   string
		sql    string // run with ?1 = game id; may drop the append-only triggers first
		seq    int
		reason string
	}{
		{"truncated JSON", `INSERT INTO actions VALUES (?1, 4, '{"type":"pass","entity":', '', 0)`, 4, "not valid JSON"},
		{"not an object", `INSERT INTO actions VALUES (?1, 4, '[1,2,3]', '', 0)`, 4, "JSON object"},
		{"no type", `INSERT INTO actions VALUES (?1, 4, '{"entity":1}', '', 0)`, 4, `no "type"`},
		{"wrong field type", `INSERT INTO actions VALUES (?1, 4, '{"type":"bid","entity":1,"entity_type":"player","company":"M1","price":"lots"}', '', 0)`, 4, "price"},
		{"empty", `INSERT INTO actions VALUES (?1, 4, '', '', 0)`, 4, "empty"},
		{"not UTF-8", `INSERT INTO actions VALUES (?1, 4, CAST(X'7BFFFE7D' AS TEXT), '', 0)`, 4, "UTF-8"},
		{"hand-edited", `DROP TRIGGER actions_no_update;
			UPDATE actions SET data = 'pass, please' WHERE game_id = ?1 AND seq = 2`, 2, "not valid JSON"},
		{"deleted row", `DROP TRIGGER actions_no_delete;
			DELETE FROM actions WHERE game_id = ?1 AND seq = 2`, 2, "missing"},
		{"text seq", `DROP TRIGGER actions_next_seq;
			INSERT INTO actions VALUES (?1, 'four', '{"type":"pass"}', '', 0)`, 4, "seq"},
		{"bad options", `UPDATE games SET options = '[unterminated' WHERE id = ?1`, 0, "options"},
		{"bad result", `UPDATE games SET result = '{"1":' WHERE id = ?1`, 0, "result"},
		{"bad import header", `UPDATE games SET import_header = '{"title":7}' WHERE id = ?1`, 0, "import header"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id := gameWithLog(t, db, "c-"+c.name, 3)
			for stmt := range strings.SplitSeq(c.sql, ";") {
				if _, err := db.w.ExecContext(ctx, stmt, id); err != nil {
					t.Fatalf("%s: %v", stmt, err)
				}
			}
			_, err := db.Load(ctx, id)
			var ce *storage.CorruptError
			if !errors.As(err, &ce) || !errors.Is(err, storage.ErrCorrupt) {
				t.Fatalf("Load: %v, want a *storage.CorruptError", err)
			}
			if ce.Game != id || ce.Seq != c.seq || !strings.Contains(ce.Reason, c.reason) {
				t.Errorf("got game %d seq %d reason %q; want game %d seq %d reason containing %q",
					ce.Game, ce.Seq, ce.Reason, id, c.seq, c.reason)
			}
			if err := db.Export(ctx, id, new(strings.Builder)); !errors.As(err, &ce) {
				t.Errorf("Export: %v, want a *storage.CorruptError", err)
			}
			t.Log(err)
		})
		recreateTriggers(t, db) // for the next case
	}
	if _, err := db.Load(ctx, healthy); err != nil {
		t.Errorf("a healthy game next to corrupt ones: %v", err)
	}
}

// recreateTriggers restores the action log's triggers as the newest
// migration that defines each one has it.
func recreateTriggers(t *testing.T, db *DB) {
	t.Helper()
	ms, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"actions_next_seq", "actions_no_update", "actions_no_delete"} {
		def := ""
		for _, m := range ms {
			if i := strings.Index(m.sql, "CREATE TRIGGER "+name+" "); i >= 0 {
				j := strings.Index(m.sql[i:], "END;")
				def = m.sql[i : i+j+4]
			}
		}
		if def == "" {
			t.Fatalf("no migration creates trigger %s", name)
		}
		if _, err := db.w.Exec("DROP TRIGGER IF EXISTS " + name + "; " + def); err != nil {
			t.Fatal(err)
		}
	}
}

func TestActionLogIsAppendOnly(t *testing.T) {
	ctx := context.Background()
	db, _ := openTest(t)
	id := gameWithLog(t, db, "append-only", 3)
	for _, stmt := range []string{
		"UPDATE actions SET data = '{}' WHERE game_id = ?",
		"DELETE FROM actions WHERE game_id = ?",
		`INSERT INTO actions VALUES (?, 5, '{"type":"pass"}', '', 0)`, // a gap
		`INSERT INTO actions VALUES (?, 3, '{"type":"pass"}', '', 0)`, // a duplicate
	} {
		if _, err := db.w.ExecContext(ctx, stmt, id); err == nil {
			t.Errorf("%s: accepted", stmt)
		}
	}
	if ld, err := db.Load(ctx, id); err != nil || len(ld.Entries) != 3 {
		t.Fatalf("after refused edits: %v", err)
	}
}

func TestSchemaAllowsOneOpenGamePerChannel(t *testing.T) {
	ctx := context.Background()
	db, _ := openTest(t)
	g := activeGame(t, db, "one")
	insert := `INSERT INTO games (platform, workspace, channel, title, seed, status, creator, created_at, updated_at)
		VALUES ('local', '', 'one', '1822CA', 1, ?, 'x', 0, 0)`
	for _, status := range []string{"active", "forming"} {
		if _, err := db.w.ExecContext(ctx, insert, status); err == nil {
			t.Errorf("the schema let a second %s game into an occupied channel", status)
		}
	}
	if _, err := db.w.ExecContext(ctx, insert, "finished"); err != nil {
		t.Errorf("a finished game beside the open one: %v", err)
	}
	if _, err := db.SetStatus(ctx, g.ID, storage.Abandoned); err != nil {
		t.Fatal(err)
	}
	if _, err := db.w.ExecContext(ctx, insert, "active"); err != nil {
		t.Errorf("a new game once the channel is free: %v", err)
	}
}
