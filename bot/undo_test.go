package bot

import (
	"context"
	"encoding/json"
	"testing"

	"pbc/engine"
	"pbc/session"
)

// undoSession is a late 1822PNW game played a few moves on through chat,
// so that its last moves can be undone and redone.
func undoSession(t testing.TB, noImages bool) (*chatSession, []chatMove) {
	t.Helper()
	g := newBenchGame(t, fixture(t, benchPNW), 0.90)
	st := openStore(t)
	c := benchCore(st, noImages)
	t.Cleanup(func() { c.Close(context.Background()) })
	s := &chatSession{core: c, store: st, game: g, prefix: "undo"}
	if err := s.restart(); err != nil {
		t.Fatal(err)
	}
	var played []chatMove
	for range 3 {
		played = append(played, g.moves[s.next])
		if _, err := s.move(); err != nil {
			t.Fatal(err)
		}
	}
	return s, played
}

// sameAsReload fails unless the session's game is exactly what a reload of
// the stored log builds.
func sameAsReload(t *testing.T, s *chatSession, what string) {
	t.Helper()
	ctx := context.Background()
	sg, err := s.store.OpenGame(ctx, s.ch)
	if err != nil {
		t.Fatal(err)
	}
	ld, err := s.store.Load(ctx, sg.ID)
	if err != nil {
		t.Fatal(err)
	}
	imported := 0
	for imported < len(ld.Entries) && ld.Entries[imported].UserID == "" {
		imported++
	}
	want, err := engine.Replay(ld.Log, engine.ReplayOptions{Played: true, Imported: imported})
	if err != nil {
		t.Fatalf("%s: the stored log does not replay: %v", what, err)
	}
	sess, err := s.core.sessions.Open(ctx, sg.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []byte
	_ = sess.View(func(v session.View) error {
		got, _ = json.Marshal(v.Game().Snapshot(true))
		return nil
	})
	if w, _ := json.Marshal(want.Snapshot(true)); string(w) != string(got) {
		t.Fatalf("%s: the session's game differs from a reload of its log", what)
	}
}

func TestUndoRedoFromCheckpoints(t *testing.T) {
	s, played := undoSession(t, true)
	last := played[len(played)-1]
	user := User{ID: last.user, Name: s.game.names[last.user]}
	for i := range 5 {
		if _, err := send(s.core, s.ch, user, "undo"); err != nil {
			t.Fatalf("undo %d: %v", i, err)
		}
		sameAsReload(t, s, "after an undo")
		if _, err := send(s.core, s.ch, user, "redo"); err != nil {
			t.Fatalf("redo %d: %v", i, err)
		}
		sameAsReload(t, s, "after a redo")
	}
	// Undo three moves back (everyone's own, as an admin may), then play on.
	admin := User{ID: "admin", Name: "admin", Admin: true}
	for i := range 3 {
		if _, err := send(s.core, s.ch, admin, "undo"); err != nil {
			t.Fatalf("undo %d of 3: %v", i, err)
		}
		sameAsReload(t, s, "after undoing several moves")
	}
	m := played[0]
	if _, err := send(s.core, s.ch, User{ID: m.user, Name: s.game.names[m.user]}, m.text); err != nil {
		t.Fatalf("the first move again after undoing it: %v", err)
	}
	sameAsReload(t, s, "after playing on")
}

// BenchmarkUndoRedo times an undo and its redo late in a game (one op is
// the pair), through the core, with the pictures they change.
func BenchmarkUndoRedo(b *testing.B) {
	s, played := undoSession(b, false)
	last := played[len(played)-1]
	user := User{ID: last.user, Name: s.game.names[last.user]}
	b.ReportAllocs()
	var cpu int64
	for b.Loop() {
		before := cpuTime()
		for _, text := range []string{"undo", "redo"} {
			if _, err := send(s.core, s.ch, user, text); err != nil {
				b.Fatal(err)
			}
		}
		cpu += int64(cpuTime() - before)
	}
	b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
}
