package sqlite

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"testing"
	"time"

	"pbc/storage"
)

// tickingClock makes db's clock advance a second at each reading, so that
// any write that stamps a time shows.
func tickingClock(db *DB) {
	t := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	db.now = func() time.Time {
		t = t.Add(time.Second)
		return t
	}
}

// snapshot is everything of a game a move can write.
type snapshot struct {
	Game      storage.Game
	Rows      []storage.Entry
	Seats     []storage.Seat // every holder of every seat
	Events    map[string]int // event id -> the log's length after its move
	Reminders int
}

// snap reads game id's snapshot.
func snap(t *testing.T, db *DB, id storage.GameID) snapshot {
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
	rows, err := db.r.QueryContext(ctx, "SELECT event_id, seq FROM move_events WHERE game_id = ?", id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	s.Events = map[string]int{}
	for rows.Next() {
		var ev string
		var seq int
		if err := rows.Scan(&ev, &seq); err != nil {
			t.Fatal(err)
		}
		s.Events[ev] = seq
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if err := db.r.QueryRowContext(ctx, "SELECT COUNT(*) FROM reminders WHERE game_id = ?", id).Scan(&s.Reminders); err != nil {
		t.Fatal(err)
	}
	return s
}

// playedGame is an active three-seat game in channel ch whose log holds two
// messages, committed as the moves of events "e1" and "e2", with a reminder.
func playedGame(t *testing.T, db *DB, ch string) storage.GameID {
	t.Helper()
	ctx := context.Background()
	g := activeGame(t, db, ch)
	for seq := 1; seq <= 2; seq++ {
		m := storage.Move{Entries: []storage.Entry{{Seq: seq, Action: message(seq, "hello"), UserID: "u1"}}, EventID: fmt.Sprint("e", seq)}
		if _, err := db.Commit(ctx, g.ID, m); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.SetReminder(ctx, g.ID, db.now()); err != nil {
		t.Fatal(err)
	}
	return g.ID
}

// entry is a message entry at seq.
func entry(seq int) storage.Entry {
	return storage.Entry{Seq: seq, Action: message(seq, "move"), UserID: "u2"}
}

func TestCommitThatFailsWritesNothing(t *testing.T) {
	ctx := context.Background()
	db, _ := openTest(t)
	tickingClock(db)
	finished := func(t *testing.T, db *DB, ch string) storage.GameID {
		id := playedGame(t, db, ch)
		if _, err := db.Finish(ctx, id, "bank", map[string]int{"1": 10}); err != nil {
			t.Fatal(err)
		}
		return id
	}
	forming := func(t *testing.T, db *DB, ch string) storage.GameID {
		g, err := db.CreateGame(ctx, storage.NewGame{Channel: testChannel(ch), Title: "1822CA", Seed: 1, Creator: "u1"})
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
		game    func(t *testing.T, db *DB, ch string) storage.GameID // playedGame if nil
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

func TestCommitWritesTheWholeMove(t *testing.T) {
	ctx := context.Background()
	db, _ := openTest(t)
	tickingClock(db)
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
			wantEvents := maps.Clone(before.Events)
			if c.move.EventID != "" {
				wantEvents[c.move.EventID] = c.wantRows
			}
			if !reflect.DeepEqual(after.Events, wantEvents) || after.Reminders != 1 {
				t.Errorf("events %v (want %v), %d reminders", after.Events, wantEvents, after.Reminders)
			}
			if c.move.EventID == "" {
				return
			}
			// The same delivery again, even moved on to the next seq.
			again := c.move
			again.Entries = nil
			for k := range c.move.Entries {
				again.Entries = append(again.Entries, entry(c.wantRows+1+k))
			}
			if _, err := db.Commit(ctx, id, again); !errors.Is(err, storage.ErrDuplicate) {
				t.Errorf("the move's event again: %v, want ErrDuplicate", err)
			}
			if s := snap(t, db, id); !reflect.DeepEqual(s, after) {
				t.Errorf("a duplicate wrote to the game")
			}
		})
	}
}

func TestCommitThatFinishesTheGame(t *testing.T) {
	ctx := context.Background()
	db, _ := openTest(t)
	tickingClock(db)
	id := playedGame(t, db, "finish")
	g0, err := db.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if due, err := db.DueReminders(ctx, db.now()); err != nil || len(due) != 1 || due[0].Game != id {
		t.Fatalf("before the end, due reminders: %+v, %v", due, err)
	}
	result := map[string]int{"1": 412, "2": 380, "3": 97}
	m := storage.Move{Entries: []storage.Entry{entry(3), entry(4)}, EventID: "last",
		Seats:  []storage.SeatChange{{Order: 2, UserID: "u9", DisplayName: "Dee"}},
		Finish: &storage.Finish{Reason: "stock_market", Result: result}}
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
	if _, err := db.OpenGame(ctx, testChannel("finish")); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("OpenGame after the end: %v, want ErrNotFound", err)
	}
	if due, err := db.DueReminders(ctx, db.now().Add(time.Hour)); err != nil || len(due) != 0 {
		t.Errorf("due reminders after the end: %+v, %v", due, err)
	}
	if s := snap(t, db, id); s.Reminders != 0 || len(s.Rows) != 4 || s.Events["last"] != 4 {
		t.Errorf("after the end: %d reminders, %d rows, events %v", s.Reminders, len(s.Rows), s.Events)
	}
	ld, err := db.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if ld.Log.GameEndReason != "stock_market" || !reflect.DeepEqual(ld.Log.Result, want.Result) || ld.Log.Players[2].Name != "Dee" {
		t.Errorf("loaded log: end %q, result %v, players %+v", ld.Log.GameEndReason, ld.Log.Result, ld.Log.Players)
	}
	before := snap(t, db, id)
	// A double-clicked "end": the same event is a duplicate, not a status error.
	again := m
	again.Entries = []storage.Entry{entry(5)}
	if _, err := db.Commit(ctx, id, again); !errors.Is(err, storage.ErrDuplicate) {
		t.Errorf("the last move's event again: %v, want ErrDuplicate", err)
	}
	if _, err := db.Commit(ctx, id, storage.Move{Entries: []storage.Entry{entry(5)}, EventID: "late"}); !errors.Is(err, storage.ErrStatus) {
		t.Errorf("a move after the end: %v, want ErrStatus", err)
	}
	if s := snap(t, db, id); !reflect.DeepEqual(s, before) {
		t.Errorf("refused moves wrote to the finished game")
	}
}
