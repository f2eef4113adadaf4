package session

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"pbc/engine"
	"pbc/render"
	"pbc/storage"
	"pbc/storage/sqlite"
)

// newStore opens a fresh SQLite database.
func newStore(t testing.TB) *sqlite.DB {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "pbc.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// newGame stores an active 1822PNW game of ann, ben and cy in channel ch.
func newGame(t *testing.T, st storage.Store, ch string) storage.GameID {
	t.Helper()
	ctx := context.Background()
	sg, err := st.CreateGame(ctx, storage.NewGame{Channel: storage.Channel{Platform: storage.Local, ID: ch},
		Title: "1822PNW", Seed: 7, Creator: "ann"})
	if err != nil {
		t.Fatal(err)
	}
	for i, u := range []string{"ann", "ben", "cy"} {
		if _, err := st.AddSeat(ctx, sg.ID, storage.Seat{Order: i, PlayerID: i + 1, UserID: u, DisplayName: u}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.SetStatus(ctx, sg.ID, storage.Active); err != nil {
		t.Fatal(err)
	}
	return sg.ID
}

// next is the user the game waits for.
func next(t *testing.T, m *Manager, id storage.GameID) string {
	t.Helper()
	out, err := m.Do(context.Background(), id, Request{User: User{ID: "ann"}, Text: "status"})
	if err != nil || len(out.Next) == 0 {
		t.Fatalf("status: %+v, %v", out, err)
	}
	return out.Next[0].UserID
}

func TestMemoryBoundsTheSessionsKept(t *testing.T) {
	st := newStore(t)
	budget := 3 * estimate(0)
	m := New(Options{Store: st, Memory: budget, NoImages: true})
	var ids []storage.GameID
	for i := range 8 {
		id := newGame(t, st, fmt.Sprint("c", i))
		ids = append(ids, id)
		if _, err := m.Open(context.Background(), id); err != nil {
			t.Fatal(err)
		}
		if got := m.Stats(); got.Bytes > budget || got.Sessions > 3 {
			t.Fatalf("after %d games: %+v, over the budget of %d bytes", i+1, got, budget)
		}
	}
	// A dropped session reloads on its next use, and plays on.
	user := next(t, m, ids[0])
	out, err := m.Do(context.Background(), ids[0], Request{User: User{ID: user}, Text: "pass"})
	if err != nil || out.Refused || !out.Changed || out.Seq != 1 {
		t.Fatalf("pass in a game dropped from memory: %+v, %v", out, err)
	}
}

func TestASessionBehindThisProcessReloads(t *testing.T) {
	st := newStore(t)
	m := New(Options{Store: st, NoImages: true})
	ctx := context.Background()
	id := newGame(t, st, "c")
	old, err := m.Open(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	// The session is dropped while a move is on its way through it (memory
	// ran short); meanwhile a reader loads the game again.
	m.Forget(id)
	fresh, err := m.Open(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	first := next(t, m, id)
	if out, err := old.Exec(ctx, Request{User: User{ID: first}, Text: "pass"}); err != nil || out.Refused {
		t.Fatalf("pass through the dropped session: %+v, %v", out, err)
	}
	// The next move goes to the game as it is, not as the reader loaded it.
	second := ""
	if err := fresh.View(func(v View) error { second = v.Actors()[0].UserID; return nil }); err != nil {
		t.Fatal(err)
	}
	if second != first {
		t.Fatalf("the reader's session already moved on: %s, want %s", second, first)
	}
	now := next(t, m, id)
	if now == first {
		t.Fatalf("after %s passed the game still waits for %s", first, now)
	}
	out, err := m.Do(ctx, id, Request{User: User{ID: now}, Text: "pass"})
	if err != nil || out.Refused || out.Seq != 2 {
		t.Fatalf("pass by %s after a pass through a dropped session: %+v, %v", now, out, err)
	}
}

func TestAStaleRefusalReloads(t *testing.T) {
	st := newStore(t)
	ctx := context.Background()
	id := newGame(t, st, "c")
	a := New(Options{Store: st, NoImages: true})
	b := New(Options{Store: st, NoImages: true}) // another process
	first := next(t, a, id)
	if _, err := a.Open(ctx, id); err != nil {
		t.Fatal(err)
	}
	if out, err := b.Do(ctx, id, Request{User: User{ID: first}, Text: "pass"}); err != nil || out.Refused {
		t.Fatalf("pass in the other process: %+v, %v", out, err)
	}
	second := next(t, b, id)
	// In a, the game still waits for first: without a reload second's pass
	// would be refused as out of turn.
	out, err := a.Do(ctx, id, Request{User: User{ID: second}, Text: "pass"})
	if err != nil || out.Refused || out.Seq != 2 {
		t.Fatalf("pass by %s in a process behind the store: %+v, %v", second, out, err)
	}
}

func TestEventsRemembered(t *testing.T) {
	e := newEventSet(3)
	for _, c := range []struct {
		id   string
		want bool
	}{{"a", true}, {"a", false}, {"b", true}, {"c", true}, {"d", true}, {"a", true}, {"d", false}} {
		if got := e.add(c.id); got != c.want {
			t.Errorf("add(%q) = %v, want %v", c.id, got, c.want)
		}
	}
	if e.len() != 3 {
		t.Errorf("%d ids kept, want 3", e.len())
	}
}

func TestExportOfAPlayedGame(t *testing.T) {
	st := newStore(t)
	m := New(Options{Store: st, NoImages: true})
	id := newGame(t, st, "c")
	out, err := m.Do(context.Background(), id, Request{User: User{ID: "ben"}, Text: "export"})
	if err != nil || out.Refused || len(out.Files) != 1 {
		t.Fatalf("export: %+v, %v", out, err)
	}
	if f := out.Files[0]; !strings.HasSuffix(f.Name, ".json") || !strings.Contains(string(f.Data), `"title":"1822PNW"`) {
		t.Errorf("export file %s: %.200s", f.Name, f.Data)
	}
}

// sized is a drawer that holds n bytes.
type sized int

func (sized) Draw(io.Writer, *engine.Game, render.MapOptions) error { return nil }
func (n sized) Bytes() int                                          { return int(n) }

func TestPicturesBoundedByBytes(t *testing.T) {
	cs := newCanvases(100)
	for id := range storage.GameID(5) {
		cs.put(id, sized(40))
	}
	if n, used := cs.stats(); n != 2 || used != 80 {
		t.Errorf("%d canvases of %d bytes kept, want the 2 latest (80 bytes)", n, used)
	}
	if c := cs.get(4); c != sized(40) {
		t.Errorf("the latest canvas was not kept: %v", c)
	}
	cs.put(9, sized(500)) // larger than the whole bound: not kept
	if n, used := cs.stats(); n != 1 || used != 40 {
		t.Errorf("after an oversized canvas: %d kept, %d bytes", n, used)
	}
}
