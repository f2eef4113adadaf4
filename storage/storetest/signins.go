package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"pbc/storage"
)

// testSignIns: playground sign-ins and name holders are kept (as seen by
// another process, as after a restart), expire, end, and are swept; a
// seat at an open game counts, case aside.
func testSignIns(t *testing.T, open Open) {
	st, another := open(t)
	db, ok := st.(storage.SignIns)
	if !ok {
		t.Fatalf("%T does not keep sign-ins (storage.SignIns)", st)
	}
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Millisecond)
	a := storage.SignIn{TokenHash: "t1", BrowserHash: "b1", Name: "Alice", NameKey: "alice", Expires: now.Add(time.Hour)}
	b := storage.SignIn{TokenHash: "t2", BrowserHash: "b2", Name: "alice", NameKey: "alice", Admin: true, Expires: now.Add(time.Minute)}
	for _, s := range []storage.SignIn{a, b} {
		if err := db.SaveSignIn(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.SaveSignIn(ctx, storage.SignIn{TokenHash: "", NameKey: "x"}); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("a sign-in with no token: %v", err)
	}
	other := another().(storage.SignIns)
	got, err := other.SignIn(ctx, "t2", now)
	if err != nil || got != b {
		t.Errorf("SignIn(t2) = %+v, %v; want %+v", got, err, b)
	}
	if _, err := other.SignIn(ctx, "t2", now.Add(2*time.Minute)); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("an expired sign-in: %v", err)
	}
	if _, err := other.SignIn(ctx, "nope", now); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("no such sign-in: %v", err)
	}
	if live, err := other.NameSignIns(ctx, "alice", now.Add(2*time.Minute)); err != nil || len(live) != 1 || live[0] != a {
		t.Errorf("live sign-ins %+v, %v; want t1's only", live, err)
	}
	a.Expires = now.Add(2 * time.Hour) // a refresh replaces
	if err := db.SaveSignIn(ctx, a); err != nil {
		t.Fatal(err)
	}
	if got, _ := other.SignIn(ctx, "t1", now); got.Expires != a.Expires {
		t.Errorf("refreshed expiry %v, want %v", got.Expires, a.Expires)
	}
	if n, err := db.SweepSignIns(ctx, now.Add(2*time.Minute)); err != nil || n != 1 {
		t.Errorf("swept %d, %v; want t2", n, err)
	}
	if err := db.EndSignIn(ctx, "t1"); err != nil {
		t.Fatal(err)
	}
	if live, err := other.NameSignIns(ctx, "alice", now); err != nil || len(live) != 0 {
		t.Errorf("sign-ins after the end: %+v, %v", live, err)
	}

	h := storage.Holder{NameKey: "alice", Name: "Alice", LinkHash: "l1", Admin: true, Created: now}
	if err := db.SaveHolder(ctx, h); err != nil {
		t.Fatal(err)
	}
	if got, err := other.Holder(ctx, "alice"); err != nil || got != h {
		t.Errorf("Holder = %+v, %v; want %+v", got, err, h)
	}
	h.LinkHash, h.Admin = "l2", false // a new link replaces the old one
	if err := db.SaveHolder(ctx, h); err != nil {
		t.Fatal(err)
	}
	if _, err := other.HolderByLink(ctx, "l1"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("the replaced link still signs in: %v", err)
	}
	if got, err := other.HolderByLink(ctx, "l2"); err != nil || got != h {
		t.Errorf("HolderByLink = %+v, %v; want %+v", got, err, h)
	}
	if _, err := other.Holder(ctx, "bob"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("no holder: %v", err)
	}

	ch := storage.Channel{Platform: storage.Local, ID: "signins"}
	g, err := st.CreateGame(ctx, storage.NewGame{Channel: ch, Title: "1822PNW", Creator: "Alice"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddSeat(ctx, g.ID, storage.Seat{Order: 0, PlayerID: 1, UserID: "Alice", DisplayName: "Alice"}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p    storage.Platform
		user string
		want bool
	}{{storage.Local, "alice", true}, {storage.Local, "ALICE", true}, {storage.Local, "bob", false}, {storage.Discord, "Alice", false}} {
		if got, err := other.Seated(ctx, c.p, c.user); err != nil || got != c.want {
			t.Errorf("Seated(%s, %s) = %v, %v; want %v", c.p, c.user, got, err, c.want)
		}
	}
	if _, err := st.SetStatus(ctx, g.ID, storage.Abandoned); err != nil {
		t.Fatal(err)
	}
	if got, _ := other.Seated(ctx, storage.Local, "Alice"); got {
		t.Error("a seat at an abandoned game still counts")
	}
}
