package local

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"pbc/bot"
)

// recorder keeps the messages the playground hands to the bot and answers
// each with "ok".
type recorder struct {
	mu   sync.Mutex
	msgs []bot.Message
	// files holds each attachment's content, read when it arrived.
	files []string
}

func (rc *recorder) Submit(m bot.Message) {
	rc.mu.Lock()
	rc.msgs = append(rc.msgs, m)
	for _, f := range m.Attachments {
		body, err := f.Open(context.Background())
		if err == nil {
			b, _ := io.ReadAll(body)
			body.Close()
			rc.files = append(rc.files, string(b))
		}
	}
	rc.mu.Unlock()
	_ = m.Respond.Respond(context.Background(), bot.Reply{Text: "ok"})
	m.Respond.(bot.Finisher).Finish()
}

func (rc *recorder) Suggest(context.Context, bot.Query) []bot.Choice { return nil }

func (rc *recorder) last() bot.Message {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if len(rc.msgs) == 0 {
		return bot.Message{}
	}
	return rc.msgs[len(rc.msgs)-1]
}

// serveRecorder serves a playground with opt in front of a recorder.
func serveRecorder(t *testing.T, opt Options) (*Adapter, *recorder, string) {
	t.Helper()
	a := New(opt)
	rc := &recorder{}
	stop, cancel := context.WithCancel(context.Background())
	srv := httptest.NewServer(a.Handler(rc, stop))
	t.Cleanup(srv.Close)
	t.Cleanup(cancel) // before the server closes: end the streams
	return a, rc, srv.URL + "/"
}

func sendBody(user, text string) []byte {
	b, _ := json.Marshal(sendRequest{Channel: "c", User: user, Tab: "t", Text: text, Wait: true})
	return b
}

// TestSessionIdentity: a claimed name's session acts as that name only;
// no session is refused; a name in use elsewhere cannot be claimed.
func TestSessionIdentity(t *testing.T) {
	_, rc, base := serveRecorder(t, Options{Admins: []string{"Carol"}, AdminKey: testAdminKey})

	anon := browserClient(t)
	for _, c := range []struct{ method, path string }{
		{http.MethodPost, "api/send"}, {http.MethodGet, "api/events?channel=c"}, {http.MethodGet, "api/me"},
		{http.MethodGet, "api/suggest?channel=c"}, {http.MethodGet, "img/1-00/map.png"},
	} {
		t.Run("no session "+c.path, func(t *testing.T) {
			var body []byte
			if c.method == http.MethodPost {
				body = sendBody("", "status")
			}
			if r := request(t, anon, c.method, base, c.path, "", body); r.StatusCode != http.StatusUnauthorized {
				t.Errorf("%s %s without a session: %s", c.method, c.path, r.Status)
			} else {
				drain(r)
			}
		})
	}
	if n := len(rc.msgs); n != 0 {
		t.Fatalf("the bot got %d messages from nobody", n)
	}

	alice := browserClient(t)
	body, _ := json.Marshal(loginRequest{Name: "alice"})
	r := request(t, alice, http.MethodPost, base, "api/login", "", body)
	var cookie *http.Cookie
	for _, c := range r.Cookies() {
		if c.Name == sessionCookie {
			cookie = c
		}
	}
	drain(r)
	if r.StatusCode != http.StatusOK || cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode ||
		len(cookie.Value) < 40 {
		t.Fatalf("claiming alice: %s, cookie %+v", r.Status, cookie)
	}

	cases := []struct {
		name   string
		client *http.Client
		user   string
		status int
		acts   string // the user the bot sees, "" if refused
	}{
		{"alice as alice", alice, "alice", http.StatusOK, "alice"},
		{"alice naming nobody", alice, "", http.StatusOK, "alice"},
		{"alice naming bob", alice, "bob", http.StatusForbidden, ""},
		{"no session naming alice", anon, "alice", http.StatusUnauthorized, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := len(rc.msgs)
			r := request(t, c.client, http.MethodPost, base, "api/send", "", sendBody(c.user, "status"))
			msg := drain(r)
			if r.StatusCode != c.status {
				t.Fatalf("%s: %s", r.Status, msg)
			}
			if c.acts == "" {
				if len(rc.msgs) != before {
					t.Errorf("a refused request reached the bot as %s", rc.last().User.ID)
				}
				return
			}
			if m := rc.last(); m.User.ID != c.acts || m.User.Admin {
				t.Errorf("the bot sees %+v, want %s (not an admin)", m.User, c.acts)
			}
		})
	}

	// Another browser cannot take alice while her session is in use, nor
	// claim the bot's name or a name that reads as two words.
	for _, c := range []struct {
		name   string
		status int
	}{{"alice", http.StatusConflict}, {"ALICE", http.StatusConflict}, {"pbc", http.StatusBadRequest},
		{"bob smith", http.StatusBadRequest}, {"", http.StatusBadRequest}} {
		t.Run("claim "+c.name, func(t *testing.T) {
			body, _ := json.Marshal(loginRequest{Name: c.name})
			if r := request(t, browserClient(t), http.MethodPost, base, "api/login", "", body); r.StatusCode != c.status {
				t.Errorf("claiming %q from another browser: %s, want %d", c.name, r.Status, c.status)
			} else {
				drain(r)
			}
		})
	}

	// A configured admin is one; switching names frees the old one.
	claim(t, alice, base, "", "carol")
	drain(request(t, alice, http.MethodPost, base, "api/send", "", sendBody("carol", "status")))
	if m := rc.last(); m.User.ID != "carol" || !m.User.Admin {
		t.Errorf("carol, a configured admin: %+v", m.User)
	}
	claim(t, browserClient(t), base, "", "alice")
}

// TestAccessSecret: with a secret, only requests presenting it are served;
// the invite link's key becomes a cookie.
func TestAccessSecret(t *testing.T) {
	const secret = "s3cret-s3cret-s3cret"
	_, _, base := serveRecorder(t, Options{Secret: secret})
	for _, c := range []struct{ name, path string }{{"page", ""}, {"script", "app.js"}, {"login", "api/login"},
		{"wrong key", "?key=nope"}, {"events", "api/events?channel=c"}} {
		t.Run("refused "+c.name, func(t *testing.T) {
			method, body := http.MethodGet, []byte(nil)
			if c.path == "api/login" {
				method, body = http.MethodPost, []byte(`{"name":"alice"}`)
			}
			r := request(t, browserClient(t), method, base, c.path, "", body)
			if msg := drain(r); r.StatusCode != http.StatusUnauthorized || !strings.Contains(msg, "invite link") {
				t.Errorf("%s: %s %q", c.path, r.Status, msg)
			}
		})
	}
	invited := browserClient(t)
	r := request(t, invited, http.MethodGet, base, "?key="+secret, "", nil)
	if page := drain(r); r.StatusCode != http.StatusOK || !strings.Contains(page, "playground") {
		t.Fatalf("the invite link: %s", r.Status)
	}
	var access *http.Cookie
	for _, c := range r.Cookies() {
		if c.Name == accessCookie {
			access = c
		}
	}
	if access == nil || !access.HttpOnly || access.SameSite != http.SameSiteStrictMode || strings.Contains(access.Value, secret) {
		t.Fatalf("the access cookie: %+v", access)
	}
	claim(t, invited, base, "", "alice") // the cookie is enough from now on
	if r := request(t, invited, http.MethodPost, base, "api/send", "", sendBody("", "status")); r.StatusCode != http.StatusOK {
		t.Errorf("send with the access cookie: %s", r.Status)
	} else {
		drain(r)
	}
	// A script may present the secret as a bearer token instead.
	req, _ := http.NewRequest(http.MethodGet, base+"app.js", nil)
	req.Header.Set("Authorization", "Bearer "+secret)
	if r, err := http.DefaultClient.Do(req); err != nil || r.StatusCode != http.StatusOK {
		t.Errorf("bearer: %v %v", r.Status, err)
	}
}

// TestCheckExposure is the start check: an address other machines can
// reach needs a secret.
func TestCheckExposure(t *testing.T) {
	for _, c := range []struct {
		addr, secret string
		ok           bool
	}{
		{"127.0.0.1:8822", "", true},
		{"localhost:8822", "", true},
		{"[::1]:8822", "", true},
		{"0.0.0.0:8822", "", false},
		{":8822", "", false},
		{"192.168.1.5:8822", "", false},
		{"pbc.example.com:8822", "", false},
		{"0.0.0.0:8822", "0123456789abcdef", true},
		{"0.0.0.0:8822", "short", false},
		{"127.0.0.1:8822", "short", false},
	} {
		t.Run(c.addr+"/"+c.secret, func(t *testing.T) {
			err := CheckExposure(c.addr, c.secret)
			if (err == nil) != c.ok {
				t.Fatalf("CheckExposure(%q, %q) = %v", c.addr, c.secret, err)
			}
			if err != nil && c.secret == "" && !errors.Is(err, ErrNoSecret) {
				t.Errorf("no secret: %v is not ErrNoSecret", err)
			}
		})
	}
	// Run refuses too, before it listens.
	a := New(Options{Addr: "0.0.0.0:0", Logger: quiet()})
	if err := a.Run(context.Background(), &recorder{}); !errors.Is(err, ErrNoSecret) {
		t.Errorf("Run on 0.0.0.0 with no secret: %v", err)
	}
}

// TestFarAddress: on an address other machines reach, a foreign Host is
// refused even with the secret; a request without the secret is refused,
// and so is any request when no secret is configured at all.
func TestFarAddress(t *testing.T) {
	const secret = "s3cret-s3cret-s3cret"
	for _, c := range []struct {
		name, secret, host, key string
		status                  int
	}{
		{"IP host with key", secret, "192.0.2.10:8822", secret, http.StatusOK},
		{"configured host with key", secret, "pbc.example.com", secret, http.StatusOK},
		{"foreign host with key", secret, "rebound.example:8822", secret, http.StatusForbidden},
		{"IP host without key", secret, "192.0.2.10:8822", "", http.StatusUnauthorized},
		{"no secret configured", "", "192.0.2.10:8822", "", http.StatusForbidden},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := New(Options{Secret: c.secret, Hosts: []string{"pbc.example.com"}, Logger: quiet()})
			srv := httptest.NewUnstartedServer(a.Handler(&recorder{}, context.Background()))
			srv.Listener = farListener{srv.Listener}
			srv.Start()
			defer srv.Close()
			path := ""
			if c.key != "" {
				path = "?key=" + c.key
			}
			r := request(t, browserClient(t), http.MethodGet, srv.URL+"/", path, c.host, nil)
			if msg := drain(r); r.StatusCode != c.status {
				t.Errorf("%s: %s %q", c.host, r.Status, msg)
			}
		})
	}
}

// TestUndoAsksTheMover plays through the real core and a SQLite file: bob's
// undo of alice's move asks alice first, and her agreement undoes it;
// with a session, naming someone else is refused. Served on loopback, and
// on an address other machines reach (with the secret, an IP Host, and a
// foreign Host refused).
func TestUndoAsksTheMover(t *testing.T) {
	const secret = "s3cret-s3cret-s3cret"
	for _, far := range []bool{false, true} {
		t.Run(map[bool]string{false: "loopback", true: "far"}[far], func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			opt := Options{Listener: ln, Admins: []string{"dana"}, AdminKey: testAdminKey}
			if far {
				opt.Listener, opt.Secret = farListener{ln}, secret
			}
			b := startBotWith(t, filepath.Join(t.TempDir(), "pbc.db"), &clock{t: time.Now()}, false, opt)
			defer b.stop(t)
			if far {
				b.host = "192.0.2.10:8822"
				foreign := browserClient(t)
				r := request(t, foreign, http.MethodGet, b.url, "?key="+secret, "rebound.example:8822", nil)
				if drain(r); r.StatusCode != http.StatusForbidden {
					t.Errorf("a foreign Host: %s", r.Status)
				}
				r = request(t, foreign, http.MethodPost, b.url, "api/login", b.host, []byte(`{"name":"mallory"}`))
				if drain(r); r.StatusCode != http.StatusUnauthorized {
					t.Errorf("claiming a name without the secret: %s", r.Status)
				}
				// The invite link alone gives no name: sending needs a session.
				invited := browserClient(t)
				drain(request(t, invited, http.MethodGet, b.url, "?key="+secret, b.host, nil))
				r = request(t, invited, http.MethodPost, b.url, "api/send", b.host, sendBody("alice", "status"))
				if drain(r); r.StatusCode != http.StatusUnauthorized {
					t.Errorf("sending with the secret but no session: %s", r.Status)
				}
			}
			undoByOther(t, b)
		})
	}
}

// undoByOther is TestUndoAsksTheMover's game.
func undoByOther(t *testing.T, b *running) {
	t.Helper()
	const ch = "t1"
	b.say(t, ch, "alice", "new 1822PNW")
	b.say(t, ch, "alice", "join")
	b.say(t, ch, "bob", "join")
	b.say(t, ch, "carol", "join")
	start := b.say(t, ch, "alice", "start")
	// The seats are dealt at start (1.8.16): the first to act moves, and
	// someone else asks to undo it.
	first := start[len(start)-1].Text
	mover := ""
	for _, name := range []string{"alice", "bob", "carol"} {
		if strings.Contains(first, "Your turn: @"+name) {
			mover = name
		}
	}
	if mover == "" {
		t.Fatalf("nobody to act after the start: %s", first)
	}
	other := "bob"
	if mover == "bob" {
		other = "carol"
	}
	moved := b.say(t, ch, mover, "pass")
	if last := moved[len(moved)-1]; last.To != "" || !strings.Contains(last.Text, mover+" passes") {
		t.Fatalf("%s's pass: %+v", mover, last)
	}

	// With the other's session, naming the mover is refused and nothing happens.
	body, _ := json.Marshal(sendRequest{Channel: ch, User: mover, Tab: "x", Text: "undo", Wait: true})
	if r := b.post(t, b.player(t, other), "api/send", body); r.StatusCode != http.StatusForbidden {
		t.Fatalf("%s naming %s: %s", other, mover, r.Status)
	} else {
		drain(r)
	}

	ask := b.say(t, ch, other, "undo")
	if last := ask[len(ask)-1]; !strings.Contains(last.Text, "asks to undo") || !strings.Contains(last.Text, "reply `agree` or `refuse`") ||
		!contains(last.Mentions, mover) {
		t.Fatalf("%s's undo of %s's move should ask %s first: %+v", other, mover, mover, last)
	}
	done := b.say(t, ch, mover, "agree")
	if last := done[len(done)-1]; !strings.Contains(last.Text, "Undone") {
		t.Fatalf("%s agreeing: %+v", mover, last)
	}
	// An admin's undo needs nobody's consent.
	b.say(t, ch, mover, "pass")
	admin := b.say(t, ch, "dana", "undo")
	if last := admin[len(admin)-1]; !strings.Contains(last.Text, "Undone") {
		t.Fatalf("the admin's undo: %+v", last)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// quiet is a logger that writes nothing.
func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }
