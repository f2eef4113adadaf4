package session

import (
	"context"
	"testing"
)

// Another process's writes are seen by a session kept in memory before it
// answers: its views, the positions it offers choices at, its seats.
func TestAnotherProcessesWritesAreSeen(t *testing.T) {
	ctx := context.Background()
	st := newStore(t)
	id := newGame(t, st, "c")
	a := New(Options{Store: st, NoImages: true})
	b := New(Options{Store: st, NoImages: true}) // another process
	first := next(t, a, id)
	if out, err := b.Do(ctx, id, Request{User: User{ID: first}, Text: "pass"}); err != nil || out.Refused {
		t.Fatalf("pass in the other process: %+v, %v", out, err)
	}
	second := next(t, b, id)
	t.Run("a query shows the move", func(t *testing.T) {
		if got := next(t, a, id); got != second {
			t.Fatalf("the kept session waits for %s; the game waits for %s", got, second)
		}
	})
	t.Run("a choice at the current position is applied", func(t *testing.T) {
		out, err := a.Do(ctx, id, Request{User: User{ID: second}, Text: "pass", At: Offer(1)})
		if err != nil || out.Refused || out.Stale || out.Seq != 2 {
			t.Fatalf("a choice offered at position %d, sent to the kept session: %+v, %v", Offer(1), out, err)
		}
	})
	t.Run("a seat handed over is seen", func(t *testing.T) {
		third := next(t, b, id)
		out, err := b.Do(ctx, id, Request{User: User{ID: "ann", Admin: true}, Text: "replace " + third + " dee"})
		if err != nil || out.Refused {
			t.Fatalf("replace in the other process: %+v, %v", out, err)
		}
		if got := next(t, a, id); got != "dee" {
			t.Fatalf("after %s's seat went to dee, the kept session waits for %s", third, got)
		}
	})
}
