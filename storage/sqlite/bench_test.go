package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"testing"

	"pbc/storage"
)

// BenchmarkLoadLargestFixture loads the largest fixture game (1436 actions)
// from the database: the rows, the decoding of every action and the log.
func BenchmarkLoadLargestFixture(b *testing.B) {
	ctx := context.Background()
	l := parseLog(b, readFixture(b, largestFixture))
	db, _ := openTest(b)
	g, err := db.Import(ctx, testChannel("bench"), "bench", l)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		ld, err := db.Load(ctx, g.ID)
		if err != nil {
			b.Fatal(err)
		}
		if len(ld.Log.Actions) != len(l.Actions) {
			b.Fatalf("loaded %d actions, want %d", len(ld.Log.Actions), len(l.Actions))
		}
	}
}

// BenchmarkReadRowsLargestFixture reads the largest fixture's log rows without
// decoding them: the database's share of BenchmarkLoadLargestFixture.
func BenchmarkReadRowsLargestFixture(b *testing.B) {
	ctx := context.Background()
	l := parseLog(b, readFixture(b, largestFixture))
	db, _ := openTest(b)
	g, err := db.Import(ctx, testChannel("bench"), "bench", l)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		var es []storage.Entry
		err := db.read(ctx, func(tx *sql.Tx) (err error) {
			es, err = db.entries(ctx, tx, g.ID, 0)
			return err
		})
		if err != nil || len(es) != len(l.Actions) {
			b.Fatalf("%d rows, %v", len(es), err)
		}
	}
}

// BenchmarkAppend appends one action to a game's log.
func BenchmarkAppend(b *testing.B) {
	ctx := context.Background()
	db, _ := openTest(b)
	g := activeGame(b, db, "bench")
	raw := message(1, "a chat message")
	seq := 1
	for b.Loop() {
		if _, err := db.Append(ctx, g.ID, storage.Entry{Seq: seq, Action: raw}); err != nil {
			b.Fatal(err)
		}
		seq++
	}
}

// lateActions is how long a late game's log is: the largest fixture's length.
const lateActions = 1436

// lateGame imports an active game whose log already holds lateActions
// messages, so that writes meet the index of a long log.
func lateGame(b *testing.B, db *DB) storage.GameID {
	b.Helper()
	var buf bytes.Buffer
	buf.WriteString(`{"id":1,"title":"1822PNW","players":[{"id":1,"name":"A"},{"id":2,"name":"B"},{"id":3,"name":"C"}],"settings":{"seed":1},"actions":[`)
	for i := range lateActions {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(message(i+1, "earlier"))
	}
	buf.WriteString("]}")
	g, err := db.Import(context.Background(), testChannel("late"), "bench", parseLog(b, buf.Bytes()))
	if err != nil {
		b.Fatal(err)
	}
	return g.ID
}

// BenchmarkAppendLateGame appends one action to a late game's log: what
// BenchmarkCommit is measured against.
func BenchmarkAppendLateGame(b *testing.B) {
	ctx := context.Background()
	db, _ := openTest(b)
	id := lateGame(b, db)
	raw := message(1, "a chat message")
	seq := lateActions + 1
	for b.Loop() {
		if _, err := db.Append(ctx, id, storage.Entry{Seq: seq, Action: raw, UserID: "u1"}); err != nil {
			b.Fatal(err)
		}
		seq++
	}
}

// BenchmarkCommit commits one chat move of one action, answering its own
// event, to a late game.
func BenchmarkCommit(b *testing.B) {
	ctx := context.Background()
	db, _ := openTest(b)
	id := lateGame(b, db)
	raw := message(1, "a chat message")
	seq := lateActions + 1
	for b.Loop() {
		m := storage.Move{Entries: []storage.Entry{{Seq: seq, Action: raw, UserID: "u1"}}, EventID: fmt.Sprint("interaction-", seq)}
		if _, err := db.Commit(ctx, id, m); err != nil {
			b.Fatal(err)
		}
		seq++
	}
}

// BenchmarkLoadLateGame loads a late game of small actions, whose decoding
// is cheap: Load's own work (reading the rows, building the log) shows.
func BenchmarkLoadLateGame(b *testing.B) {
	ctx := context.Background()
	db, _ := openTest(b)
	id := lateGame(b, db)
	b.ReportAllocs()
	for b.Loop() {
		ld, err := db.Load(ctx, id)
		if err != nil || len(ld.Log.Actions) != lateActions {
			b.Fatalf("Load: %v", err)
		}
	}
}
