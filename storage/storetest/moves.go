package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"pbc/storage"
)

// farFuture is a time by which every reminder a test sets is due.
var farFuture = time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC)

// snapshot is everything of a game a move can write, as the Store shows it.
type snapshot struct {
	Game      storage.Game
	Rows      []storage.Entry
	Seats     []storage.Seat // every holder of every seat
	Events    []string       // the remembered event ids, sorted
	Reminders []storage.Reminder
}

// snap reads game id's snapshot.
func snap(t *testing.T, db storage.Store, id storage.GameID) snapshot {
	t.Helper()
	ctx := context.Background()
	var s snapshot
	var err error
	if s.Game, err = db.Game(ctx, id); err != nil {
		t.Fatal(err)
	}
	if s.Rows, err = db.Rows(ctx, id, 0); err != nil {
		t.Fatal(err)
	}
	if s.Seats, err = db.SeatHistory(ctx, id); err != nil {
		t.Fatal(err)
	}
	ld, err := db.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	s.Events = slices.Sorted(slices.Values(ld.Events))
	due, err := db.DueReminders(ctx, farFuture)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range due {
		if r.Game == id {
			s.Reminders = append(s.Reminders, r)
		}
	}
	return s
}

// later waits until the store's clock, to the millisecond, has moved on,
// so that a write's time shows.
func later() { time.Sleep(2 * time.Millisecond) }

func testAppendSequenceCheck(t *testing.T, open Open) {
	ctx := context.Background()
	db, _ := open(t)
	id := playedGame(t, db, "conflict")
	for _, seq := range []int{1, 2, 4, 9} {
		for _, how := range []string{"Commit", "Append"} {
			var err error
			if how == "Commit" {
				_, err = db.Commit(ctx, id, storage.Move{Entries: []storage.Entry{entry(seq)}})
			} else {
				_, err = db.Append(ctx, id, entry(seq))
			}
			var c *storage.ConflictError
			if !errors.As(err, &c) || !errors.Is(err, storage.ErrConflict) || c.Game != id || c.Seq != seq || c.Next != 3 {
				t.Errorf("%s at seq %d: %v, want a conflict at seq %d with the log at 3", how, seq, err, seq)
			}
		}
	}
	if _, err := db.Append(ctx, id, storage.Entry{Seq: 0, Action: message(1, "x")}); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("Append at seq 0: %v, want ErrInvalid", err)
	}
	if _, err := db.Append(ctx, id+999, entry(1)); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("Append to a missing game: %v, want ErrNotFound", err)
	}
	e, err := db.Append(ctx, id, entry(3))
	if err != nil || e.Seq != 3 || e.At.IsZero() {
		t.Fatalf("Append at the next seq: %+v, %v", e, err)
	}
	if rows, err := db.Rows(ctx, id, 0); err != nil || len(rows) != 3 || !bytes.Equal(rows[2].Action, entry(3).Action) || rows[2].At.Sub(e.At).Abs() >= time.Millisecond {
		t.Fatalf("rows after the append: %+v, %v", rows, err)
	}
}

func testCommitWritesTheWholeMove(t *testing.T, open Open) {
	ctx := context.Background()
	db, _ := open(t)
	cases := []struct {
		name      string
		move      storage.Move
		wantRows  int
		wantSeats []string // current seats as "user/name"
	}{
		{"one entry", storage.Move{Entries: []storage.Entry{entry(3)}, EventID: "e3"}, 3, []string{"u1/Ann", "u2/Bob", "u3/Cy"}},
		{"several entries without an event", storage.Move{Entries: []storage.Entry{entry(3), entry(4), entry(5)}}, 5, []string{"u1/Ann", "u2/Bob", "u3/Cy"}},
		{"a claimed seat alone", storage.Move{Seats: []storage.SeatChange{{Order: 1, UserID: "u9", DisplayName: "Dee"}}, EventID: "claim"},
			2, []string{"u1/Ann", "u9/Dee", "u3/Cy"}},
		{"entries and two seats", storage.Move{Entries: []storage.Entry{entry(3)}, EventID: "e3",
			Seats: []storage.SeatChange{{Order: 2, UserID: "u9", DisplayName: "Dee"}, {Order: 0, UserID: "u8", DisplayName: "Eve"}}},
			3, []string{"u8/Eve", "u2/Bob", "u9/Dee"}},
		{"a freed seat keeps its name", storage.Move{Seats: []storage.SeatChange{{Order: 0}}}, 2, []string{"/Ann", "u2/Bob", "u3/Cy"}},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id := playedGame(t, db, fmt.Sprint("ok-", i))
			before := snap(t, db, id)
			later()
			g, err := db.Commit(ctx, id, c.move)
			if err != nil {
				t.Fatalf("Commit: %v", err)
			}
			after := snap(t, db, id)
			if !reflect.DeepEqual(g, after.Game) {
				t.Errorf("Commit returned\n %+v\nthe store has\n %+v", g, after.Game)
			}
			if g.Status != storage.Active || !g.UpdatedAt.After(before.Game.UpdatedAt) {
				t.Errorf("game after the move: %+v", g)
			}
			if len(after.Rows) != c.wantRows || !reflect.DeepEqual(after.Rows[:2], before.Rows) {
				t.Fatalf("the log has %d rows, want %d, the first two unchanged", len(after.Rows), c.wantRows)
			}
			for k, e := range c.move.Entries {
				got := after.Rows[2+k]
				if got.Seq != e.Seq || string(got.Action) != string(e.Action) || got.UserID != e.UserID || got.At.IsZero() {
					t.Errorf("row %d: %+v, want %+v", 2+k, got, e)
				}
			}
			seats, err := db.Seats(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for k, s := range seats {
				got = append(got, s.UserID+"/"+s.DisplayName)
				if s.PlayerID != k+1 {
					t.Errorf("seat %d now has player id %d, want %d", k, s.PlayerID, k+1)
				}
			}
			if !reflect.DeepEqual(got, c.wantSeats) {
				t.Errorf("seats: %v, want %v", got, c.wantSeats)
			}
			if n := len(after.Seats) - len(before.Seats); n != len(c.move.Seats) {
				t.Errorf("the seat history grew by %d holders, want %d", n, len(c.move.Seats))
			}
			wantEvents := before.Events
			if c.move.EventID != "" {
				wantEvents = slices.Sorted(slices.Values(append(slices.Clone(before.Events), c.move.EventID)))
			}
			if !reflect.DeepEqual(after.Events, wantEvents) || len(after.Reminders) != 1 {
				t.Errorf("events %v (want %v), reminders %v", after.Events, wantEvents, after.Reminders)
			}
		})
	}
}

func testCommitThatFailsWritesNothing(t *testing.T, open Open) {
	ctx := context.Background()
	db, _ := open(t)
	finished := func(t *testing.T, db storage.Store, ch string) storage.GameID {
		id := playedGame(t, db, ch)
		if _, err := db.Finish(ctx, id, "bank", map[string]int{"1": 10}); err != nil {
			t.Fatal(err)
		}
		return id
	}
	forming := func(t *testing.T, db storage.Store, ch string) storage.GameID {
		g, err := db.CreateGame(ctx, storage.NewGame{Channel: channel(ch), Title: "1822CA", Seed: 1, Creator: "u1"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.AddSeat(ctx, g.ID, storage.Seat{Order: 0, UserID: "u1", DisplayName: "Ann"}); err != nil {
			t.Fatal(err)
		}
		return g.ID
	}
	bad := storage.Entry{Seq: 4, Action: []byte(`{"type":`)}
	cases := []struct {
		name    string
		game    func(t *testing.T, db storage.Store, ch string) storage.GameID // playedGame if nil
		move    storage.Move
		want    error
		unknown bool // commit to a game that does not exist
	}{
		{name: "an invalid second entry", move: storage.Move{Entries: []storage.Entry{entry(3), bad}, EventID: "e3"}, want: storage.ErrInvalid},
		{name: "entries out of order", move: storage.Move{Entries: []storage.Entry{entry(3), entry(5)}}, want: storage.ErrInvalid},
		{name: "a seat that does not exist after entries and a good seat",
			move: storage.Move{Entries: []storage.Entry{entry(3), entry(4)}, EventID: "e3",
				Seats: []storage.SeatChange{{Order: 0, UserID: "u9", DisplayName: "Dee"}, {Order: 7, UserID: "u8"}}},
			want: storage.ErrNotFound},
		{name: "a seat changed twice", move: storage.Move{Seats: []storage.SeatChange{{Order: 1, UserID: "u9"}, {Order: 1, UserID: "u8"}}}, want: storage.ErrInvalid},
		{name: "a finish on a finished game", game: finished,
			move: storage.Move{Entries: []storage.Entry{entry(3)}, EventID: "e3", Finish: &storage.Finish{Reason: "bank"}}, want: storage.ErrStatus},
		{name: "a forming game", game: forming, move: storage.Move{Entries: []storage.Entry{entry(1)}, EventID: "e1"}, want: storage.ErrStatus},
		{name: "a stale seq", move: storage.Move{Entries: []storage.Entry{entry(2)}, EventID: "e3"}, want: storage.ErrConflict},
		{name: "a seq ahead of the log", move: storage.Move{Entries: []storage.Entry{entry(4)}, EventID: "e3",
			Finish: &storage.Finish{Reason: "bank"}}, want: storage.ErrConflict},
		{name: "an event already answered", move: storage.Move{Entries: []storage.Entry{entry(3)}, EventID: "e2"}, want: storage.ErrDuplicate},
		{name: "an event already answered, with a stale seq", move: storage.Move{Entries: []storage.Entry{entry(2)}, EventID: "e1"}, want: storage.ErrDuplicate},
		{name: "a seat change of an answered event", move: storage.Move{Seats: []storage.SeatChange{{Order: 2, UserID: "u9"}}, EventID: "e1"}, want: storage.ErrDuplicate},
		{name: "an empty move", move: storage.Move{}, want: storage.ErrInvalid},
		{name: "an unknown game", move: storage.Move{Entries: []storage.Entry{entry(1)}}, want: storage.ErrNotFound, unknown: true},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mk := c.game
			if mk == nil {
				mk = playedGame
			}
			id := mk(t, db, fmt.Sprint("fail-", i))
			before := snap(t, db, id)
			target := id
			if c.unknown {
				target = id + 1000
			}
			later()
			g, err := db.Commit(ctx, target, c.move)
			if !errors.Is(err, c.want) {
				t.Fatalf("Commit: %v, want %v", err, c.want)
			}
			if !reflect.DeepEqual(g, storage.Game{}) {
				t.Errorf("a failed Commit returned a game: %+v", g)
			}
			if after := snap(t, db, id); !reflect.DeepEqual(after, before) {
				t.Errorf("a failed Commit wrote to the game:\nbefore %+v\n after %+v", before, after)
			}
		})
	}
}

func testCommitThatFinishesTheGame(t *testing.T, open Open) {
	ctx := context.Background()
	db, _ := open(t)
	id := playedGame(t, db, "finish")
	g0, err := db.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	result := map[string]int{"1": 412, "2": 380, "3": 97}
	m := storage.Move{Entries: []storage.Entry{entry(3), entry(4)}, EventID: "last",
		Seats:  []storage.SeatChange{{Order: 2, UserID: "u9", DisplayName: "Dee"}},
		Finish: &storage.Finish{Reason: "stock_market", Result: result}}
	later()
	g, err := db.Commit(ctx, id, m)
	if err != nil {
		t.Fatalf("Commit: %v", err)
	}
	result["1"] = 0 // the store keeps its own copy
	want := g0
	want.Status, want.EndReason, want.Result = storage.Finished, "stock_market", map[string]int{"1": 412, "2": 380, "3": 97}
	want.UpdatedAt, want.EndedAt = g.UpdatedAt, g.UpdatedAt
	if !reflect.DeepEqual(g, want) || !g.UpdatedAt.After(g0.UpdatedAt) {
		t.Errorf("Commit returned\n %+v\nwant\n %+v", g, want)
	}
	if stored, err := db.Game(ctx, id); err != nil || !reflect.DeepEqual(stored, want) {
		t.Errorf("stored game: %+v, %v\nwant %+v", stored, err, want)
	}
	if _, err := db.OpenGame(ctx, channel("finish")); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("OpenGame after the end: %v, want ErrNotFound", err)
	}
	if s := snap(t, db, id); len(s.Reminders) != 0 || len(s.Rows) != 4 {
		t.Errorf("after the end: reminders %v, %d rows", s.Reminders, len(s.Rows))
	}
	if claimed, err := db.ClaimReminders(ctx, farFuture, time.Minute); err != nil || len(claimed) != 0 {
		t.Errorf("claimable reminders after the end: %v, %v", claimed, err)
	}
	ld, err := db.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if ld.Log.GameEndReason != "stock_market" || !reflect.DeepEqual(ld.Log.Result, want.Result) || ld.Log.Players[2].Name != "Dee" {
		t.Errorf("loaded log: end %q, result %v, players %+v", ld.Log.GameEndReason, ld.Log.Result, ld.Log.Players)
	}
	before := snap(t, db, id)
	if _, err := db.Commit(ctx, id, storage.Move{Entries: []storage.Entry{entry(5)}, EventID: "late"}); !errors.Is(err, storage.ErrStatus) {
		t.Errorf("a move after the end: %v, want ErrStatus", err)
	}
	if s := snap(t, db, id); !reflect.DeepEqual(s, before) {
		t.Errorf("a refused move wrote to the finished game")
	}
}

func testDuplicates(t *testing.T, open Open) {
	ctx := context.Background()
	db, another := open(t)
	id := playedGame(t, db, "dup")
	cases := []struct {
		name string
		move storage.Move
	}{
		{"the same move again", storage.Move{Entries: []storage.Entry{entry(2)}, EventID: "e2"}},
		{"moved on to the next seq", storage.Move{Entries: []storage.Entry{entry(3)}, EventID: "e1"}},
		{"a seat change alone", storage.Move{Seats: []storage.SeatChange{{Order: 0, UserID: "u9"}}, EventID: "e2"}},
		{"an event alone", storage.Move{EventID: "e1"}},
	}
	other := another()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := snap(t, db, id)
			for _, st := range []storage.Store{db, other} {
				if _, err := st.Commit(ctx, id, c.move); !errors.Is(err, storage.ErrDuplicate) {
					t.Errorf("Commit: %v, want ErrDuplicate", err)
				}
			}
			if after := snap(t, db, id); !reflect.DeepEqual(after, before) {
				t.Errorf("a duplicate wrote to the game")
			}
		})
	}
	ld, err := other.Load(ctx, id)
	if err != nil || !slices.Contains(ld.Events, "e1") || !slices.Contains(ld.Events, "e2") {
		t.Fatalf("Load's recent events: %v, %v", ld.Events, err)
	}
	// A double-clicked "end": the same event is a duplicate, not a status error.
	end := storage.Move{Entries: []storage.Entry{entry(3)}, EventID: "end", Finish: &storage.Finish{Reason: "bank"}}
	if _, err := db.Commit(ctx, id, end); err != nil {
		t.Fatal(err)
	}
	end.Entries = []storage.Entry{entry(4)}
	if _, err := other.Commit(ctx, id, end); !errors.Is(err, storage.ErrDuplicate) {
		t.Errorf("the last move's event again: %v, want ErrDuplicate", err)
	}
	long := storage.Move{Entries: []storage.Entry{entry(4)}, EventID: string(bytes.Repeat([]byte("x"), 300))}
	if _, err := db.Commit(ctx, id, long); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("an event id of 300 bytes: %v, want ErrInvalid", err)
	}
}
