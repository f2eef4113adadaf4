package slack

import (
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// call is one Web API call (or file upload, or Socket Mode ack) the fake
// Slack received.
type call struct {
	Method string     // "chat.postMessage", "upload", "ack", …
	Form   url.Values // form fields
	Body   []byte     // an upload's bytes; an ack's JSON
	At     time.Time
}

// fakeSlack is a local Slack: the Web API, an upload endpoint and a Socket
// Mode websocket.
type fakeSlack struct {
	t     *testing.T
	srv   *httptest.Server
	calls chan call

	mu    sync.Mutex
	conn  *websocket.Conn
	up    chan struct{} // closed once the client is connected
	files int
}

func newFakeSlack(t *testing.T) *fakeSlack {
	f := &fakeSlack{t: t, calls: make(chan call, 100), up: make(chan struct{})}
	mux := http.NewServeMux()
	mux.HandleFunc("/api/{method}", f.api)
	mux.HandleFunc("/upload/{id}", f.upload)
	mux.HandleFunc("/link", f.socket)
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

// APIURL is the base URL of the fake Web API.
func (f *fakeSlack) APIURL() string { return f.srv.URL + "/api/" }

func (f *fakeSlack) api(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	method := r.PathValue("method")
	if method != "auth.test" && method != "apps.connections.open" && method != "users.info" {
		f.calls <- call{Method: method, Form: r.PostForm, At: time.Now()}
	}
	w.Header().Set("Content-Type", "application/json")
	var out any
	switch method {
	case "auth.test":
		out = map[string]any{"ok": true, "user_id": "UBOT", "user": "pbc", "team_id": "T1", "team": "Team", "bot_id": "B1"}
	case "apps.connections.open":
		if r.Header.Get("Authorization") != "Bearer xapp-test" {
			out = map[string]any{"ok": false, "error": "invalid_auth"}
			break
		}
		out = map[string]any{"ok": true, "url": "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/link"}
	case "users.info":
		out = map[string]any{"ok": true, "user": map[string]any{"id": r.PostForm.Get("user"), "name": "alice",
			"real_name": "Alice Liddell", "is_admin": r.PostForm.Get("user") == "U1", "profile": map[string]any{"display_name": "Alice"}}}
	case "chat.postMessage":
		out = map[string]any{"ok": true, "channel": r.PostForm.Get("channel"), "ts": "1.000001"}
	case "chat.postEphemeral":
		out = map[string]any{"ok": true, "message_ts": "1.000002"}
	case "files.getUploadURLExternal":
		f.mu.Lock()
		f.files++
		id := "F" + string(rune('0'+f.files))
		f.mu.Unlock()
		out = map[string]any{"ok": true, "upload_url": f.srv.URL + "/upload/" + id, "file_id": id}
	case "files.completeUploadExternal":
		out = map[string]any{"ok": true, "files": []any{}}
	default:
		out = map[string]any{"ok": false, "error": "unknown_method"}
	}
	_ = json.NewEncoder(w).Encode(out)
}

// upload takes a file's bytes, as files.slack.com does.
func (f *fakeSlack) upload(w http.ResponseWriter, r *http.Request) {
	var body []byte
	if mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "multipart/form-data" {
		mr := multipart.NewReader(r.Body, params["boundary"])
		for p, err := mr.NextPart(); err == nil; p, err = mr.NextPart() {
			if p.FormName() == "file" {
				body, _ = io.ReadAll(p)
			}
		}
	} else {
		body, _ = io.ReadAll(r.Body)
	}
	f.calls <- call{Method: "upload", Form: url.Values{"id": {r.PathValue("id")}}, Body: body, At: time.Now()}
	_, _ = io.WriteString(w, "OK - "+r.PathValue("id"))
}

// socket speaks Socket Mode: hello, pings, and records acknowledgements.
func (f *fakeSlack) socket(w http.ResponseWriter, r *http.Request) {
	// Socket Mode clients send an Origin of Slack's; this fake takes any.
	up := websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}
	c, err := up.Upgrade(w, r, nil)
	if err != nil {
		f.t.Errorf("socket upgrade: %v", err)
		return
	}
	defer c.Close()
	f.mu.Lock()
	f.conn = c
	f.mu.Unlock()
	f.send(map[string]any{"type": "hello", "num_connections": 1,
		"connection_info": map[string]any{"app_id": "A1"}, "debug_info": map[string]any{"host": "fake"}})
	close(f.up)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		t := time.NewTicker(500 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				f.mu.Lock()
				_ = c.WriteControl(websocket.PingMessage, []byte("ping"), time.Now().Add(time.Second))
				f.mu.Unlock()
			}
		}
	}()
	for {
		_, msg, err := c.ReadMessage()
		if err != nil {
			return
		}
		f.calls <- call{Method: "ack", Body: msg, At: time.Now()}
	}
}

// send writes a Socket Mode envelope.
func (f *fakeSlack) send(v any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.conn.WriteJSON(v); err != nil {
		f.t.Errorf("socket write: %v", err)
	}
}

// envelope sends a request of type typ with payload and returns when.
func (f *fakeSlack) envelope(id, typ string, payload any) time.Time {
	f.send(map[string]any{"envelope_id": id, "type": typ, "payload": payload, "accepts_response_payload": typ != "events_api"})
	return time.Now()
}

// expect returns the next call, which must be method.
func (f *fakeSlack) expect(t *testing.T, method string) call {
	t.Helper()
	select {
	case c := <-f.calls:
		if c.Method != method {
			t.Fatalf("got %s %v, want %s", c.Method, c.Form, method)
		}
		return c
	case <-time.After(10 * time.Second):
		t.Fatalf("no %s from the adapter", method)
	}
	return call{}
}
