package storetest

import (
	"context"
	"errors"
	"testing"

	"pbc/storage"
)

// testReopen checks that a finished game becomes active again (an undo of
// the move that ended it), takes moves again, and that only a finished
// game of a channel without another open game reopens.
func testReopen(t *testing.T, open Open) {
	ctx := context.Background()
	db, another := open(t)
	id := playedGame(t, db, "reopen")
	if _, err := db.Reopen(ctx, id); !errors.Is(err, storage.ErrStatus) {
		t.Errorf("reopening an active game: %v, want ErrStatus", err)
	}
	fin := &storage.Finish{Reason: "bankrupt", Result: map[string]int{"1": 10, "2": 20, "3": 30}}
	if _, err := db.Commit(ctx, id, storage.Move{Entries: []storage.Entry{entry(3)}, Finish: fin}); err != nil {
		t.Fatal(err)
	}
	later()
	g, err := db.Reopen(ctx, id)
	if err != nil {
		t.Fatalf("Reopen: %v", err)
	}
	if g.Status != storage.Active || g.Result != nil || g.EndReason != "" || !g.EndedAt.IsZero() {
		t.Errorf("reopened game %+v, want active without a result", g)
	}
	// Another process sees it open, and its log goes on from where it was.
	if o, err := another().OpenGame(ctx, channel("reopen")); err != nil || o.ID != id {
		t.Errorf("OpenGame after Reopen: %+v, %v", o, err)
	}
	if _, err := db.Commit(ctx, id, storage.Move{Entries: []storage.Entry{entry(4)}}); err != nil {
		t.Errorf("a move after Reopen: %v", err)
	}
	if ld, err := db.Load(ctx, id); err != nil || len(ld.Entries) != 4 || ld.Log.GameEndReason != "" {
		t.Errorf("loaded after Reopen: %v, entries %d", err, len(ld.Entries))
	}

	// A channel that has a new game by now keeps it.
	if _, err := db.Commit(ctx, id, storage.Move{Entries: []storage.Entry{entry(5)}, Finish: fin}); err != nil {
		t.Fatal(err)
	}
	g2, err := db.CreateGame(ctx, storage.NewGame{Channel: channel("reopen"), Title: "1822CA"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Reopen(ctx, id); !errors.Is(err, storage.ErrChannelBusy) {
		t.Errorf("reopening in a busy channel: %v, want ErrChannelBusy", err)
	}
	if g, err := db.Game(ctx, id); err != nil || g.Status != storage.Finished || g.EndReason != "bankrupt" {
		t.Errorf("after a refused Reopen: %+v, %v", g, err)
	}
	if _, err := db.SetStatus(ctx, g2.ID, storage.Abandoned); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Reopen(ctx, g2.ID); !errors.Is(err, storage.ErrStatus) {
		t.Errorf("reopening an abandoned game: %v, want ErrStatus", err)
	}
	if _, err := db.Reopen(ctx, 999999); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("reopening a missing game: %v, want ErrNotFound", err)
	}
}
