package sqlite

import (
	"context"
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
		es, err := entries(ctx, db.r, g.ID, 0)
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
