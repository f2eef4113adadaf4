package local

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"testing"

	"pbc/storage"
	"pbc/storage/sqlite"
)

// login posts a login request from c and returns the status and answer.
func login(t *testing.T, c *http.Client, base string, req loginRequest) (int, meResponse) {
	t.Helper()
	body, _ := json.Marshal(req)
	r := request(t, c, http.MethodPost, base, "api/login", "", body)
	var me meResponse
	if r.StatusCode == http.StatusOK {
		_ = json.NewDecoder(r.Body).Decode(&me)
	}
	drain(r)
	return r.StatusCode, me
}

// whoIs is GET /api/me from c: the user, or "" when signed out.
func whoIs(t *testing.T, c *http.Client, base string) meResponse {
	t.Helper()
	r := request(t, c, http.MethodGet, base, "api/me", "", nil)
	var me meResponse
	if r.StatusCode == http.StatusOK {
		_ = json.NewDecoder(r.Body).Decode(&me)
	}
	drain(r)
	return me
}

// TestSignInsSurviveARestart: with the store keeping sign-ins, a player
// signed in before a restart is still signed in after it; right after the
// restart another browser cannot claim that name, nor one that looks like
// it (Cyrillic а, full-width letters, dotless ı, capitals); the player's
// personal link gives the name back in any browser; a name with a seat
// stays its holder's after the player signs out.
func TestSignInsSurviveARestart(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "pbc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	opt := Options{SignIns: db}
	_, _, base := serveRecorder(t, opt)

	alice := browserClient(t)
	code, me := login(t, alice, base, loginRequest{Name: "alice"})
	if code != http.StatusOK || me.User != "alice" || len(me.Link) < 40 {
		t.Fatalf("alice signs in: %d %+v, want her name and a personal link", code, me)
	}
	link := me.Link

	_, _, base = serveRecorder(t, opt) // a restart: a new process on the same store
	if got := whoIs(t, alice, base); got.User != "alice" {
		t.Fatalf("after the restart alice's browser is %+v, want still signed in", got)
	}
	mallory := browserClient(t)
	for _, name := range []string{"alice", "ALICE", "\u0430lice", "alic\u0435", "ａｌｉｃｅ", "al\u0131ce"} {
		if code, me := login(t, mallory, base, loginRequest{Name: name}); code != http.StatusConflict {
			t.Errorf("another browser claims %q after the restart: %d %+v, want 409", name, code, me)
		}
	}
	if code, _ := login(t, mallory, base, loginRequest{Link: "not-a-link-not-a-link-not-a-link-xx"}); code != http.StatusForbidden {
		t.Errorf("a made-up link: %d, want 403", code)
	}

	// Her own link signs her in elsewhere, after another restart too.
	_, _, base = serveRecorder(t, opt)
	phone := browserClient(t)
	if code, me := login(t, phone, base, loginRequest{Link: link}); code != http.StatusOK || me.User != "alice" || me.Admin {
		t.Fatalf("alice's link: %d %+v", code, me)
	}

	// Seated, signed out everywhere: still hers, by the link only.
	g, err := db.CreateGame(ctx, storage.NewGame{Channel: Channel("t1"), Title: "1822PNW", Creator: "alice"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.AddSeat(ctx, g.ID, storage.Seat{Order: 0, PlayerID: 1, UserID: "alice", DisplayName: "alice"}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*http.Client{alice, phone} {
		drain(request(t, c, http.MethodPost, base, "api/logout", "", []byte("{}")))
	}
	if code, _ := login(t, mallory, base, loginRequest{Name: "alice"}); code != http.StatusConflict {
		t.Errorf("claiming a seated player's name once she signed out: %d, want 409", code)
	}
	if code, me := login(t, alice, base, loginRequest{Link: link}); code != http.StatusOK || me.User != "alice" {
		t.Errorf("alice's link after signing out: %d %+v", code, me)
	}
	// A name with neither a seat nor a sign-in is free again.
	if code, _ := login(t, mallory, base, loginRequest{Name: "bob"}); code != http.StatusOK {
		t.Fatalf("bob: %d", code)
	}
	drain(request(t, mallory, http.MethodPost, base, "api/logout", "", []byte("{}")))
	if code, _ := login(t, browserClient(t), base, loginRequest{Name: "bob"}); code != http.StatusOK {
		t.Errorf("a free name: %d", code)
	}
}

// TestAdminNeedsTheAdminKey: an admin's name never gives admin rights on
// its own: from a fresh browser, any spelling of it is refused without the
// admin key; with the key it is an admin, and so is its personal link.
func TestAdminNeedsTheAdminKey(t *testing.T) {
	const key = "the-admin-key-0123"
	for _, adminKey := range []string{key, ""} {
		_, _, base := serveRecorder(t, Options{Admins: []string{"admin"}, AdminKey: adminKey})
		for _, name := range []string{"ADMIN", "admin", "Admin", "\u0430dmin", "ａｄｍｉｎ"} {
			for _, tried := range []string{"", "wrong-key-wrong-key"} {
				code, me := login(t, browserClient(t), base, loginRequest{Name: name, AdminKey: tried})
				if code == http.StatusOK || me.Admin {
					t.Errorf("admin key %q: %q with key %q: %d %+v, want refused", adminKey, name, tried, code, me)
				}
			}
		}
		if adminKey == "" {
			continue
		}
		c := browserClient(t)
		code, me := login(t, c, base, loginRequest{Name: "admin", AdminKey: key})
		if code != http.StatusOK || !me.Admin || me.Link == "" {
			t.Fatalf("admin with the key: %d %+v", code, me)
		}
		if code, me := login(t, browserClient(t), base, loginRequest{Link: me.Link}); code != http.StatusOK || !me.Admin {
			t.Errorf("the admin's link: %d %+v", code, me)
		}
		if code, me := login(t, browserClient(t), base, loginRequest{Name: "carol", AdminKey: key}); code != http.StatusOK || me.Admin {
			t.Errorf("a player who is no admin, with the key: %d %+v", code, me)
		}
	}
}
