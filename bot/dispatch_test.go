package bot

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"pbc/session"
	"pbc/storage"
)

// conflictOnce is a store whose first append loses a race.
type conflictOnce struct {
	storage.Store
	lost atomic.Bool
}

func (s *conflictOnce) Commit(ctx context.Context, id storage.GameID, m storage.Move) (storage.Game, error) {
	if len(m.Entries) > 0 && s.lost.CompareAndSwap(false, true) {
		return storage.Game{}, &storage.ConflictError{Game: id, Seq: m.Entries[0].Seq, Next: m.Entries[0].Seq}
	}
	return s.Store.Commit(ctx, id, m)
}

// do runs a command as user and fails the test on an internal error.
func do(t *testing.T, d *Dispatcher, ch storage.Channel, user, text string) Result {
	t.Helper()
	res, err := d.Do(context.Background(), Request{Channel: ch, User: User{ID: user, Name: user}, Text: text})
	if err != nil {
		t.Fatalf("%s: %q: %v", user, text, err)
	}
	return res
}

func TestLobbyAndRetry(t *testing.T) {
	st := &conflictOnce{Store: openStore(t)}
	d := &Dispatcher{Store: st}
	ch := storage.Channel{Platform: storage.Local, ID: "lobby"}
	ctx := context.Background()

	for _, c := range []struct{ user, text, want string }{
		{"ann", "status", "no game in this channel"},
		{"ann", "new 1822XX", "I know 1822PNW"},
		{"ann", "new 1822PNW turbo", "has no option"},
		{"ann", "new 1822PNW short", "New 1822PNW Short Scenario game"},
		{"ann", "join", "already have a seat"},
		{"ben", "start", "Only a seated player"},
		{"ann", "start", "needs at least 3"},
		{"ben", "join", "ben joins"},
		{"cy", "join", "cy joins"},
		{"cy", "leave", "cy leaves"},
		{"ann", "start", "Seat 3 is empty"},
		{"dee", "join", "dee joins"},
		{"ann", "new 1822CA", "is being set up here"},
		{"ann", "start", "begins"},
		{"dee", "games", "1822PNW Short Scenario in #lobby (active)"},
	} {
		res := do(t, d, ch, c.user, c.text)
		if !strings.Contains(res.Text, c.want) {
			t.Errorf("%s: %q: %q, want %q", c.user, c.text, res.Text, c.want)
		}
	}
	sg, err := st.OpenGame(ctx, ch)
	if err != nil || sg.Status != storage.Active || sg.Title != "1822PNW Short Scenario" {
		t.Fatalf("game %+v, %v", sg, err)
	}
	// 1.8.16: the seats are dealt from the stored seed, each keeping its player id.
	seats, _ := st.Seats(ctx, sg.ID)
	var users, want []string
	for _, s := range seats {
		users = append(users, fmt.Sprintf("%d:%s", s.PlayerID, s.UserID))
	}
	joined := []storage.Seat{{Order: 0, PlayerID: 1, UserID: "ann"}, {Order: 1, PlayerID: 2, UserID: "ben"}, {Order: 2, PlayerID: 3, UserID: "dee"}}
	for _, s := range session.DealSeats(joined, sg.Seed) {
		want = append(want, fmt.Sprintf("%d:%s", s.PlayerID, s.UserID))
	}
	if strings.Join(users, ",") != strings.Join(want, ",") {
		t.Errorf("seats %v, want %v dealt from seed %d", users, want, sg.Seed)
	}

	// The first move's append loses a race; it is retried and stored once.
	res := do(t, d, ch, "nobody", "pass")
	if !res.Refused {
		t.Errorf("a non-player's pass was accepted: %q", res.Text)
	}
	var mover string
	for _, a := range do(t, d, ch, "", "status").Next {
		mover = a.UserID
	}
	if res := do(t, d, ch, mover, "games"); !strings.Contains(res.Text, "your turn") {
		t.Errorf("games for %s: %q, want your turn", mover, res.Text)
	}
	res = do(t, d, ch, mover, "pass")
	if res.Refused || !res.Changed || res.Seq != 1 {
		t.Fatalf("pass by %s: %+v", mover, res)
	}
	if !st.lost.Load() {
		t.Error("the append never lost its race")
	}
	ld, err := st.Load(ctx, sg.ID)
	if err != nil || len(ld.Entries) != 1 || ld.Entries[0].UserID != mover {
		t.Errorf("log %+v, %v; want one pass by %s", ld.Entries, err, mover)
	}
}
