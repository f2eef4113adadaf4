package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"pbc/storage"
)

func testRows(t *testing.T, open Open) {
	ctx := context.Background()
	db, _ := open(t)
	id := gameWithLog(t, db, "rows", 5)
	cases := []struct {
		after int
		want  []int // seqs
		err   error
	}{
		{0, []int{1, 2, 3, 4, 5}, nil},
		{3, []int{4, 5}, nil},
		{5, nil, nil},
		{9, nil, nil},
		{-1, nil, storage.ErrInvalid},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint("after ", c.after), func(t *testing.T) {
			rows, err := db.Rows(ctx, id, c.after)
			if !errors.Is(err, c.err) {
				t.Fatalf("Rows: %v, want %v", err, c.err)
			}
			var seqs []int
			for _, e := range rows {
				seqs = append(seqs, e.Seq)
				if want := message(e.Seq, "ok"); !bytes.Equal(e.Action, want) || e.At.IsZero() {
					t.Errorf("row %d: %s at %v, want %s", e.Seq, e.Action, e.At, want)
				}
			}
			if fmt.Sprint(seqs) != fmt.Sprint(c.want) {
				t.Errorf("seqs %v, want %v", seqs, c.want)
			}
		})
	}
	if _, err := db.Rows(ctx, id+100, 0); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("Rows of an unknown game: %v, want ErrNotFound", err)
	}
	if _, err := db.Load(ctx, id+100); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("Load of an unknown game: %v, want ErrNotFound", err)
	}
}

func testTruncate(t *testing.T, open Open) {
	ctx := context.Background()
	db, another := open(t)
	finished := gameWithLog(t, db, "t-finished", 3)
	if _, err := db.Finish(ctx, finished, "bank", nil); err != nil {
		t.Fatal(err)
	}
	const unknown = -1
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
		{name: "an unknown game", game: unknown, keep: 1, by: "a", wantErr: storage.ErrNotFound},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id := c.game
			switch id {
			case 0:
				id = gameWithLog(t, db, fmt.Sprint("t-", i), 5)
			case unknown:
				id = finished + 999
			}
			var before []storage.Entry
			if c.game != unknown {
				before, _ = db.Rows(ctx, id, 0)
			}
			n, err := db.Truncate(ctx, id, c.keep, c.by)
			if !errors.Is(err, c.wantErr) || n != c.want {
				t.Fatalf("Truncate: %d, %v; want %d, %v", n, err, c.want, c.wantErr)
			}
			if c.game == unknown {
				return
			}
			after, err := db.Rows(ctx, id, 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(after) != len(before)-n {
				t.Errorf("%d rows left of %d; %d dropped", len(after), len(before), n)
			}
		})
	}

	// A session that holds the log as it was learns of the cut from the
	// conflict, and a redelivered dropped move is still a duplicate.
	g := activeGame(t, db, "t-session")
	for seq := 1; seq <= 4; seq++ {
		if _, err := db.Commit(ctx, g.ID, storage.Move{Entries: []storage.Entry{entry(seq)}, EventID: fmt.Sprint("ev", seq)}); err != nil {
			t.Fatal(err)
		}
	}
	other := another()
	if n, err := other.Truncate(ctx, g.ID, 2, "admin"); err != nil || n != 2 {
		t.Fatalf("Truncate from another process: %d, %v", n, err)
	}
	var c *storage.ConflictError
	if _, err := db.Commit(ctx, g.ID, storage.Move{Entries: []storage.Entry{entry(5)}, EventID: "ev5"}); !errors.As(err, &c) || c.Next != 3 {
		t.Fatalf("a move after the cut, from the old log: %v, want a conflict with the log at 3", err)
	}
	if _, err := db.Commit(ctx, g.ID, storage.Move{Entries: []storage.Entry{entry(3)}, EventID: "ev3"}); !errors.Is(err, storage.ErrDuplicate) {
		t.Fatalf("a dropped move redelivered: %v, want ErrDuplicate", err)
	}
	if _, err := db.Commit(ctx, g.ID, storage.Move{Entries: []storage.Entry{entry(3)}, EventID: "ev3b"}); err != nil {
		t.Fatalf("a new move after the cut: %v", err)
	}
	if ld, err := other.Load(ctx, g.ID); err != nil || len(ld.Entries) != 3 {
		t.Fatalf("Load after the cut and a move: %v", err)
	}
}

func testTruncateOfAnImportedGame(t *testing.T, open Open) {
	ctx := context.Background()
	db, _ := open(t)
	src := `{"id":"hs_1","title":"1822PNW","players":[{"id":1,"name":"A"},{"id":2,"name":"B"},{"id":3,"name":"C"}],` +
		`"settings":{"seed":"7"},"status":"active","turn":3,"actions":[` +
		`{"type":"message","entity":1,"entity_type":"player","id":1,"message":"a"},` +
		`{"type":"message","entity":1,"entity_type":"player","id":2,"message":"b"},` +
		`{"type":"message","entity":1,"entity_type":"player","id":3,"message":"c"}]}`
	g, err := db.Import(ctx, channel("imported"), "u1", parseLog(t, []byte(src)))
	if err != nil {
		t.Fatal(err)
	}
	export := func() string {
		var b strings.Builder
		if err := db.Export(ctx, g.ID, &b); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	steps := []struct {
		name string
		do   func() error
		turn bool // whether the export still says "turn":3
	}{
		{"as imported", func() error { return nil }, true},
		{"cut to 1", func() error { _, err := db.Truncate(ctx, g.ID, 1, "a"); return err }, false},
		{"back to 3 other actions", func() error {
			_, err := db.Commit(ctx, g.ID, storage.Move{Entries: []storage.Entry{entry(2), entry(3)}})
			return err
		}, false},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if got := strings.Contains(export(), `"turn":3`); got != s.turn {
			t.Errorf("%s: export says the imported turn: %v, want %v", s.name, got, s.turn)
		}
	}
}
