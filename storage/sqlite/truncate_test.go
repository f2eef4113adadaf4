package sqlite

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"pbc/storage"
)

// dropped is a row kept in dropped_actions, as text.
type dropped struct {
	Seq, Data, User string
	By              string
	At              int64
}

// droppedRows reads game id's dropped rows in the order they were dropped.
func droppedRows(t *testing.T, db *DB, id storage.GameID) []dropped {
	t.Helper()
	rows, err := db.r.Query(`SELECT CAST(seq AS TEXT), CAST(data AS BLOB), user_id, dropped_by, dropped_at
		FROM dropped_actions WHERE game_id = ? ORDER BY id`, id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []dropped
	for rows.Next() {
		var d dropped
		var data []byte
		if err := rows.Scan(&d.Seq, &data, &d.User, &d.By, &d.At); err != nil {
			t.Fatal(err)
		}
		d.Data = string(data)
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestTruncateRepairsACorruptLog(t *testing.T) {
	ctx := context.Background()
	db, _ := openTest(t)
	cases := []struct {
		name string
		sql  string // adds rows after seq 3 with ?1 = game id; may drop a trigger first
		rows bool   // whether Rows can still return the log
		data []string
		seqs []string
	}{
		{"truncated JSON", `INSERT INTO actions VALUES (?1, 4, '{"type":"pass","entity":', 'u1', 7)`, true,
			[]string{`{"type":"pass","entity":`}, []string{"4"}},
		{"not UTF-8", `INSERT INTO actions VALUES (?1, 4, CAST(X'7BFFFE7D' AS TEXT), 'u1', 7)`, true,
			[]string{"{\xff\xfe}"}, []string{"4"}},
		{"good then empty", `INSERT INTO actions VALUES (?1, 4, '{"type":"pass"}', 'u1', 7);
			INSERT INTO actions VALUES (?1, 5, '', 'u1', 7)`, true,
			[]string{`{"type":"pass"}`, ""}, []string{"4", "5"}},
		{"text seq", `DROP TRIGGER actions_next_seq;
			INSERT INTO actions VALUES (?1, 'four', '{"type":"pass"}', 'u1', 7)`, false,
			[]string{`{"type":"pass"}`}, []string{"four"}},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id := gameWithLog(t, db, fmt.Sprint("repair-", i), 3)
			for stmt := range strings.SplitSeq(c.sql, ";") {
				if _, err := db.w.ExecContext(ctx, stmt, id); err != nil {
					t.Fatalf("%s: %v", stmt, err)
				}
			}
			recreateTriggers(t, db)
			if _, err := db.Load(ctx, id); !errors.Is(err, storage.ErrCorrupt) {
				t.Fatalf("Load of the damaged log: %v, want ErrCorrupt", err)
			}
			rows, err := db.Rows(ctx, id, 3)
			if c.rows && (err != nil || len(rows) != len(c.data) || string(rows[len(rows)-1].Action) != c.data[len(c.data)-1]) {
				t.Errorf("Rows after seq 3: %+v, %v; want the damaged rows as stored", rows, err)
			}
			at := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
			db.now = func() time.Time { return at }
			defer func() { db.now = time.Now }()
			n, err := db.Truncate(ctx, id, 3, "admin-u7")
			if err != nil || n != len(c.data) {
				t.Fatalf("Truncate: %d, %v; want %d rows dropped", n, err, len(c.data))
			}
			ld, err := db.Load(ctx, id)
			if err != nil || len(ld.Entries) != 3 {
				t.Fatalf("Load after the repair: %v", err)
			}
			got := droppedRows(t, db, id)
			if len(got) != len(c.data) {
				t.Fatalf("%d rows kept, want %d", len(got), len(c.data))
			}
			for k, d := range got {
				want := dropped{Seq: c.seqs[k], Data: c.data[k], User: "u1", By: "admin-u7", At: millis(at)}
				if d != want {
					t.Errorf("kept row %d: %+v, want %+v", k, d, want)
				}
			}
			if _, err := db.Commit(ctx, id, storage.Move{Entries: []storage.Entry{entry(4)}}); err != nil {
				t.Errorf("a move after the repair: %v", err)
			}
		})
	}
}

func TestTruncate(t *testing.T) {
	ctx := context.Background()
	db, _ := openTest(t)
	finished := gameWithLog(t, db, "t-finished", 3)
	if _, err := db.Finish(ctx, finished, "bank", nil); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		game    storage.GameID // 0: a fresh game with a log of 5
		keep    int
		by      string
		want    int
		wantErr error
	}{
		{name: "the last two", keep: 3, by: "a", want: 2},
		{name: "everything", keep: 0, by: "a", want: 5},
		{name: "nothing to drop", keep: 5, by: "a", want: 0},
		{name: "beyond the log", keep: 50, by: "a", want: 0},
		{name: "below 0", keep: -1, by: "a", wantErr: storage.ErrInvalid},
		{name: "by nobody", keep: 3, by: "", wantErr: storage.ErrInvalid},
		{name: "a finished game", game: finished, keep: 1, by: "a", wantErr: storage.ErrStatus},
		{name: "an unknown game", game: 9999, keep: 1, by: "a", wantErr: storage.ErrNotFound},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id := c.game
			if id == 0 {
				id = gameWithLog(t, db, fmt.Sprint("t-", i), 5)
			}
			var before []storage.Entry
			if c.game != 9999 {
				before, _ = db.Rows(ctx, id, 0)
			}
			n, err := db.Truncate(ctx, id, c.keep, c.by)
			if !errors.Is(err, c.wantErr) || n != c.want {
				t.Fatalf("Truncate: %d, %v; want %d, %v", n, err, c.want, c.wantErr)
			}
			if c.game == 9999 {
				return
			}
			after, err := db.Rows(ctx, id, 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(after) != len(before)-n || len(droppedRows(t, db, id)) != n {
				t.Errorf("%d rows left of %d, %d kept; %d dropped", len(after), len(before), len(droppedRows(t, db, id)), n)
			}
		})
	}
}

func TestTruncateKeepsEveryDroppedGeneration(t *testing.T) {
	ctx := context.Background()
	db, _ := openTest(t)
	id := gameWithLog(t, db, "generations", 3)
	for round := range 3 {
		if _, err := db.Truncate(ctx, id, 2, fmt.Sprint("admin", round)); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Append(ctx, id, storage.Entry{Seq: 3, Action: message(3, fmt.Sprint("round ", round))}); err != nil {
			t.Fatal(err)
		}
	}
	got := droppedRows(t, db, id)
	want := []string{string(message(3, "ok")), string(message(3, "round 0")), string(message(3, "round 1"))}
	if len(got) != len(want) {
		t.Fatalf("kept %d rows, want %d", len(got), len(want))
	}
	for i, d := range got {
		if d.Seq != "3" || d.Data != want[i] || d.By != fmt.Sprint("admin", i) {
			t.Errorf("kept row %d: %+v, want seq 3 %s by admin%d", i, d, want[i], i)
		}
	}
	// Only Truncate may delete: a row whose kept copy differs stays.
	if _, err := db.w.Exec(`INSERT INTO dropped_actions (game_id, seq, data, user_id, created_at, dropped_at, dropped_by)
		SELECT game_id, seq, 'other', user_id, created_at, 0, 'x' FROM actions WHERE game_id = ? AND seq = 3`, id); err != nil {
		t.Fatal(err)
	}
	if _, err := db.w.Exec("DELETE FROM actions WHERE game_id = ? AND seq = 3", id); err == nil {
		t.Error("the log let a row go that was not kept as it is")
	}
}
