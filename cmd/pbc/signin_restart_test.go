package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// TestSignInSurvivesARestart runs the command twice on one database, as a
// restart does: the player signed in before it is still signed in after
// it; right after it another browser cannot claim that name, nor one that
// looks like it; and an admin's name gives no admin rights on its own.
func TestSignInSurvivesARestart(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pbc.db")
	vars := map[string]string{"PBC_LISTEN": "127.0.0.1:0", "PBC_PLAYGROUND_ADMINS": "admin",
		"PBC_PLAYGROUND_ADMIN_KEY": "admin-key-admin-key"}
	run := func() (string, func()) {
		ctx, cancel := context.WithCancel(context.Background())
		var out syncBuffer
		done := make(chan int, 1)
		go func() { done <- serve(ctx, []string{"--db", db}, env(vars), &out, io.Discard) }()
		link := regexp.MustCompile(`open (http://\S+/) in your browser`)
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if m := link.FindStringSubmatch(out.String()); m != nil {
				return m[1], func() {
					cancel()
					if code := <-done; code != 0 {
						t.Errorf("exit %d", code)
					}
				}
			}
		}
		cancel()
		t.Fatalf("no playground address in %q", out.String())
		return "", nil
	}
	browser := func() *http.Client {
		jar, _ := cookiejar.New(nil)
		return &http.Client{Jar: jar, Timeout: 10 * time.Second}
	}
	login := func(c *http.Client, base string, body map[string]string) (int, map[string]any) {
		b, _ := json.Marshal(body)
		r, err := c.Post(base+"api/login", "application/json", bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		var me map[string]any
		_ = json.NewDecoder(r.Body).Decode(&me)
		return r.StatusCode, me
	}

	base, stop := run()
	alice := browser()
	if code, me := login(alice, base, map[string]string{"name": "alice"}); code != http.StatusOK || me["user"] != "alice" {
		t.Fatalf("alice signs in: %d %v", code, me)
	}
	stop()

	base, stop = run()
	defer stop()
	r, err := alice.Get(base + "api/me")
	if err != nil {
		t.Fatal(err)
	}
	var me map[string]any
	_ = json.NewDecoder(r.Body).Decode(&me)
	r.Body.Close()
	if r.StatusCode != http.StatusOK || me["user"] != "alice" {
		t.Errorf("after the restart alice's browser: %d %v, want still signed in", r.StatusCode, me)
	}
	for _, name := range []string{"alice", "\u0430lice", "ａｌｉｃｅ", "al\u0131ce"} {
		if code, me := login(browser(), base, map[string]string{"name": name}); code != http.StatusConflict {
			t.Errorf("another browser claims %q right after the restart: %d %v, want 409", name, code, me)
		}
	}
	for _, name := range []string{"admin", "ADMIN"} {
		if code, me := login(browser(), base, map[string]string{"name": name}); code == http.StatusOK || me["admin"] == true {
			t.Errorf("%q from a fresh browser without the admin key: %d %v", name, code, me)
		}
	}
	if code, me := login(browser(), base, map[string]string{"name": "admin", "admin_key": "admin-key-admin-key"}); code != http.StatusOK || me["admin"] != true {
		t.Errorf("admin with the admin key: %d %v", code, me)
	}
}
