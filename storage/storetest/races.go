package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	"pbc/engine/action"
	"pbc/storage"
)

func testRacingAppends(t *testing.T, open Open) {
	const writers, perWriter = 8, 20
	ctx := context.Background()
	db1, another := open(t)
	db2 := another()
	g := activeGame(t, db1, "race")
	var (
		mu        sync.Mutex
		acked     = map[string]int{} // message -> acknowledged seq
		conflicts int
		wg        sync.WaitGroup
	)
	for w := range writers {
		db := db1
		if w%2 == 1 {
			db = db2
		}
		wg.Go(func() {
			seq := 1 // deliberately stale from the start
			for k := range perWriter {
				text := fmt.Sprintf("w%d-%d", w, k)
				for {
					e, err := db.Append(ctx, g.ID, storage.Entry{Seq: seq, Action: message(w*1000+k, text), UserID: fmt.Sprint(w)})
					var c *storage.ConflictError
					if errors.As(err, &c) {
						mu.Lock()
						conflicts++
						mu.Unlock()
						seq = c.Next // may be stale again by the time we retry
						continue
					}
					if err != nil {
						t.Errorf("writer %d: %v", w, err)
						return
					}
					mu.Lock()
					acked[text] = e.Seq
					mu.Unlock()
					seq = e.Seq + 1
					break
				}
			}
		})
	}
	wg.Wait()

	ld, err := db1.Load(ctx, g.ID)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if len(ld.Entries) != writers*perWriter || len(acked) != writers*perWriter {
		t.Fatalf("log has %d entries, %d acknowledged, want %d", len(ld.Entries), len(acked), writers*perWriter)
	}
	seen := map[string]bool{}
	for i, a := range ld.Log.Actions {
		m, ok := a.(*action.Message)
		if !ok {
			t.Fatalf("seq %d: %T", i+1, a)
		}
		if seen[m.Message] {
			t.Errorf("seq %d: %q written twice", i+1, m.Message)
		}
		seen[m.Message] = true
		if acked[m.Message] != i+1 {
			t.Errorf("seq %d holds %q, acknowledged at seq %d", i+1, m.Message, acked[m.Message])
		}
		if ld.Entries[i].Seq != i+1 || !json.Valid(ld.Entries[i].Action) {
			t.Errorf("entry %d: seq %d", i, ld.Entries[i].Seq)
		}
	}
	if conflicts == 0 {
		t.Error("no append ever conflicted; the test did not race")
	}
}

// raceCommits runs rounds of commits by two writers on two stores of one
// database, started together: move(w, r) is what writer w commits in round
// r. It returns the first store, the game and each round's two errors.
func raceCommits(t *testing.T, open Open, rounds int, move func(w, r int) storage.Move) (storage.Store, storage.GameID, [][2]error) {
	t.Helper()
	ctx := context.Background()
	db1, another := open(t)
	db2 := another()
	g := activeGame(t, db1, "race")
	errs := make([][2]error, rounds)
	for r := range rounds {
		start := make(chan struct{})
		var wg sync.WaitGroup
		for w, db := range []storage.Store{db1, db2} {
			wg.Go(func() {
				<-start
				_, errs[r][w] = db.Commit(ctx, g.ID, move(w, r))
			})
		}
		close(start)
		wg.Wait()
	}
	return db1, g.ID, errs
}

func testRacingCommitsAtOneSeq(t *testing.T, open Open) {
	const rounds = 30
	ctx := context.Background()
	// Each round both writers commit a two-entry move at the same seq,
	// handing seat 0 to themselves: exactly one wins.
	db, id, errs := raceCommits(t, open, rounds, func(w, r int) storage.Move {
		return storage.Move{
			Entries: []storage.Entry{
				{Seq: 2*r + 1, Action: message(w, fmt.Sprint("w", w, "-", r, "a")), UserID: fmt.Sprint(w)},
				{Seq: 2*r + 2, Action: message(w, fmt.Sprint("w", w, "-", r, "b")), UserID: fmt.Sprint(w)},
			},
			EventID: fmt.Sprint("w", w, "-", r),
			Seats:   []storage.SeatChange{{Order: 0, UserID: fmt.Sprint(w), DisplayName: fmt.Sprint("W", w)}},
		}
	})
	winners := make([]int, rounds)
	for r, e := range errs {
		var c *storage.ConflictError
		switch {
		case e[0] == nil && errors.As(e[1], &c):
			winners[r] = 0
		case e[1] == nil && errors.As(e[0], &c):
			winners[r] = 1
		default:
			t.Fatalf("round %d: %v and %v; want one commit and one conflict", r, e[0], e[1])
		}
		if c.Seq != 2*r+1 || c.Next != 2*r+3 {
			t.Errorf("round %d: the loser's conflict says seq %d, next %d; want %d and %d", r, c.Seq, c.Next, 2*r+1, 2*r+3)
		}
	}
	s := snap(t, db, id)
	if len(s.Rows) != 2*rounds || len(s.Events) != rounds || len(s.Seats) != 3+rounds {
		t.Fatalf("%d rows, %d events, %d seat holders; want %d, %d, %d", len(s.Rows), len(s.Events), len(s.Seats), 2*rounds, rounds, 3+rounds)
	}
	events := map[string]bool{}
	for _, e := range s.Events {
		events[e] = true
	}
	for r, w := range winners {
		for k, half := range []string{"a", "b"} {
			row := s.Rows[2*r+k]
			if want := message(w, fmt.Sprint("w", w, "-", r, half)); string(row.Action) != string(want) || row.UserID != fmt.Sprint(w) {
				t.Errorf("round %d: seq %d holds %s by %q, want the winner's %s", r, row.Seq, row.Action, row.UserID, want)
			}
		}
		if !events[fmt.Sprint("w", w, "-", r)] || events[fmt.Sprint("w", 1-w, "-", r)] {
			t.Errorf("round %d: the winner's event is not remembered, or the loser's is", r)
		}
	}
	if seats, err := db.Seats(ctx, id); err != nil || seats[0].UserID != fmt.Sprint(winners[rounds-1]) {
		t.Errorf("seat 0 is held by %+v (%v), want the last winner", seats, err)
	}
}

func testRacingCommitsOfOneEvent(t *testing.T, open Open) {
	const rounds = 30
	ctx := context.Background()
	// The same delivery reaches two writers (a retried request): same event
	// id, each with its own idea of the move, both at the next seq.
	db, id, errs := raceCommits(t, open, rounds, func(w, r int) storage.Move {
		return storage.Move{
			Entries: []storage.Entry{{Seq: r + 1, Action: message(w, fmt.Sprint("w", w, "-", r))}},
			EventID: fmt.Sprint("ev-", r),
		}
	})
	for r, e := range errs {
		if !(e[0] == nil && errors.Is(e[1], storage.ErrDuplicate)) && !(e[1] == nil && errors.Is(e[0], storage.ErrDuplicate)) {
			t.Fatalf("round %d: %v and %v; want one commit and one duplicate", r, e[0], e[1])
		}
	}
	s := snap(t, db, id)
	if len(s.Rows) != rounds || len(s.Events) != rounds {
		t.Fatalf("%d rows and %d events, want %d of each", len(s.Rows), len(s.Events), rounds)
	}
	// A writer that lost a seq race with the same event and retries at the
	// next seq is still a duplicate.
	if _, err := db.Commit(ctx, id, storage.Move{Entries: []storage.Entry{entry(rounds + 1)}, EventID: "ev-0"}); !errors.Is(err, storage.ErrDuplicate) {
		t.Errorf("an old event at the next seq: %v, want ErrDuplicate", err)
	}
}

func testRacingCreates(t *testing.T, open Open) {
	const rounds = 10
	ctx := context.Background()
	db1, another := open(t)
	stores := []storage.Store{db1, another()}
	for r := range rounds {
		ch := channel(fmt.Sprint("create-", r))
		var errs [2]error
		start := make(chan struct{})
		var wg sync.WaitGroup
		for w, st := range stores {
			wg.Go(func() {
				<-start
				_, errs[w] = st.CreateGame(ctx, storage.NewGame{Channel: ch, Title: "1822PNW", Creator: fmt.Sprint(w)})
			})
		}
		close(start)
		wg.Wait()
		if !(errs[0] == nil && errors.Is(errs[1], storage.ErrChannelBusy)) && !(errs[1] == nil && errors.Is(errs[0], storage.ErrChannelBusy)) {
			t.Fatalf("round %d: %v and %v; want one game and one ErrChannelBusy", r, errs[0], errs[1])
		}
		if games, err := db1.ListGames(ctx, storage.Filter{Channel: &ch}); err != nil || len(games) != 1 {
			t.Fatalf("round %d: %d games in the channel, %v", r, len(games), err)
		}
	}
}
