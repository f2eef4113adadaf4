package discord

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// request is one REST call the fake Discord received.
type request struct {
	Method, Path string
	JSON         map[string]any    // the JSON body, or payload_json of a multipart body
	Files        map[string][]byte // multipart files by file name
	At           time.Time
}

// fakeDiscord is a local Discord: the REST API the adapter calls and a
// gateway websocket that sends it events.
type fakeDiscord struct {
	t    *testing.T
	srv  *httptest.Server
	reqs chan request

	mu   sync.Mutex
	conn *websocket.Conn
	seq  int
	up   chan struct{} // closed once the client has identified
	// data answers GET requests by path (JSON); gets lists those made.
	data map[string]string
	gets []string
	// noThreads refuses to start threads, like a channel where the bot
	// may not.
	noThreads bool
	// expired refuses edits of interaction responses, as Discord does once
	// an interaction token is 15 minutes old.
	expired bool
}

// serve answers GET path with body (JSON, or a file's bytes).
func (f *fakeDiscord) serve(path, body string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.data[path] = body
}

// fetched reports how many GETs of path the fake answered.
func (f *fakeDiscord) fetched(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, g := range f.gets {
		if g == path {
			n++
		}
	}
	return n
}

// newFakeDiscord starts the fake and points discordgo's endpoints at it.
func newFakeDiscord(t *testing.T) *fakeDiscord {
	f := &fakeDiscord{t: t, reqs: make(chan request, 100), up: make(chan struct{}), data: map[string]string{
		"/api/v10/guilds/g1/roles": `[{"id":"g1","name":"@everyone","permissions":"0"}]`}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v10/gateway", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(map[string]string{"url": "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/gateway"})
	})
	mux.HandleFunc("/gateway/", f.gateway)
	mux.HandleFunc("/api/v10/", f.rest)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) { // any other version
		t.Errorf("%s %s: not API version %s", r.Method, r.URL.Path, APIVersion)
		http.NotFound(w, r)
	})
	mux.HandleFunc("GET /files/", f.rest) // attachments, downloaded by their URL
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	setEndpoints(f.srv.URL + "/")
	t.Cleanup(func() { setEndpoints("https://discord.com/") })
	return f
}

// setEndpoints points discordgo's REST endpoints at base, at APIVersion.
func setEndpoints(base string) { pointAt(base) }

// rest records a REST call and answers it with a plausible object.
func (f *fakeDiscord) rest(w http.ResponseWriter, r *http.Request) {
	req := request{Method: r.Method, Path: r.URL.Path, Files: map[string][]byte{}, At: time.Now()}
	body, _ := io.ReadAll(r.Body)
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch {
	case mt == "multipart/form-data":
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		for {
			p, err := mr.NextPart()
			if err != nil {
				break
			}
			b, _ := io.ReadAll(p)
			if p.FormName() == "payload_json" {
				_ = json.Unmarshal(b, &req.JSON)
			} else {
				req.Files[p.FileName()] = b
			}
		}
	case len(body) > 0:
		_ = json.Unmarshal(body, &req.JSON)
	}
	w.Header().Set("Content-Type", "application/json")
	if r.Method == http.MethodGet {
		// Reads (roles, members) answer from the fake's data and are
		// counted, not queued: the tests follow what the adapter sends.
		f.mu.Lock()
		f.gets = append(f.gets, r.URL.Path)
		body, ok := f.data[r.URL.Path]
		f.mu.Unlock()
		if !ok {
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, `{"message":"Unknown","code":10000}`)
			return
		}
		_, _ = io.WriteString(w, body)
		return
	}
	f.reqs <- req
	f.mu.Lock()
	expired := f.expired
	f.mu.Unlock()
	switch {
	case expired && r.Method == http.MethodPatch && strings.Contains(r.URL.Path, "/webhooks/"):
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = io.WriteString(w, `{"message":"Invalid Webhook Token","code":50027}`)
	case strings.HasSuffix(r.URL.Path, "/users/@me/channels"):
		_, _ = io.WriteString(w, `{"id":"dm1","type":1}`)
	case strings.HasSuffix(r.URL.Path, "/threads"):
		f.mu.Lock()
		refuse := f.noThreads
		f.mu.Unlock()
		if refuse {
			w.WriteHeader(http.StatusForbidden)
			_, _ = io.WriteString(w, `{"message":"Missing Permissions","code":50013}`)
			return
		}
		_, _ = io.WriteString(w, `{"id":"th1","type":11,"parent_id":"c1","name":"game"}`)
	case r.Method == http.MethodDelete || strings.HasSuffix(r.URL.Path, "/callback"):
		w.WriteHeader(http.StatusNoContent)
	case strings.Contains(r.URL.Path, "/commands"):
		_, _ = w.Write(body)
	default:
		_, _ = io.WriteString(w, `{"id":"m1","channel_id":"c1","content":""}`)
	}
}

// gateway speaks the gateway protocol: hello, identify, ready, heartbeats.
func (f *fakeDiscord) gateway(w http.ResponseWriter, r *http.Request) {
	if v := r.URL.Query().Get("v"); v != APIVersion {
		f.t.Errorf("the gateway is asked for version %q, want %s", v, APIVersion)
	}
	up := websocket.Upgrader{}
	c, err := up.Upgrade(w, r, nil)
	if err != nil {
		f.t.Errorf("gateway upgrade: %v", err)
		return
	}
	defer c.Close()
	f.mu.Lock()
	f.conn = c
	f.mu.Unlock()
	f.write(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 41250}})
	for {
		_, msg, err := c.ReadMessage()
		if err != nil {
			return
		}
		var p struct {
			Op int `json:"op"`
		}
		_ = json.Unmarshal(msg, &p)
		switch p.Op {
		case 1:
			f.write(map[string]any{"op": 11})
		case 2:
			f.dispatch("READY", map[string]any{
				"v": 9, "session_id": "sess", "user": map[string]any{"id": "bot1", "username": "pbc", "bot": true},
				"application": map[string]any{"id": "app1"}, "guilds": []any{},
			})
			close(f.up)
		}
	}
}

// write sends one gateway payload.
func (f *fakeDiscord) write(v any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.conn.WriteJSON(v); err != nil {
		f.t.Errorf("gateway write: %v", err)
	}
}

// dispatch sends an event (op 0) of type t.
func (f *fakeDiscord) dispatch(t string, d any) {
	f.mu.Lock()
	f.seq++
	s := f.seq
	f.mu.Unlock()
	f.write(map[string]any{"op": 0, "s": s, "t": t, "d": d})
}

// next returns the next REST call, failing after a few seconds.
func (f *fakeDiscord) next(t *testing.T) request {
	t.Helper()
	select {
	case r := <-f.reqs:
		return r
	case <-time.After(10 * time.Second):
		t.Fatal("no REST call from the adapter")
	}
	return request{}
}

// expect returns the next REST call, which must be method on a path ending
// with suffix.
func (f *fakeDiscord) expect(t *testing.T, method, suffix string) request {
	t.Helper()
	r := f.next(t)
	if r.Method != method || !strings.HasSuffix(r.Path, suffix) {
		t.Fatalf("got %s %s, want %s …%s", r.Method, r.Path, method, suffix)
	}
	return r
}

// url is the address of path on the fake.
func (f *fakeDiscord) url(path string) string { return f.srv.URL + path }
