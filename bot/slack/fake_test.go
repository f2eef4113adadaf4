package slack

import (
	"encoding/json"
	"fmt"
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
	ts     string // the ts a chat.postMessage was given
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
	ts    int // messages posted, for their ts

	// limited counts the 429s still to answer, by method.
	limited map[string]int
	// unshared counts the files.info answers still to say "not shared yet".
	unshared int
	// shares records where each completed upload was shared.
	shares map[string]share
	// failPost and failEphemeral make chat.postMessage and
	// chat.postEphemeral fail with these errors.
	failPost, failEphemeral string
	// downloads are the private files the fake serves, by name.
	downloads map[string][]byte
}

// share is where a completed upload went.
type share struct{ channel, thread string }

func newFakeSlack(t *testing.T) *fakeSlack {
	f := &fakeSlack{t: t, calls: make(chan call, 100), up: make(chan struct{}), limited: map[string]int{},
		shares: map[string]share{}, downloads: map[string][]byte{}}
	mux := http.NewServeMux()
	mux.HandleFunc("/api/{method}", f.api)
	mux.HandleFunc("/upload/{id}", f.upload)
	mux.HandleFunc("/respond/{id}", f.respond)
	mux.HandleFunc("/files/{name}", f.download)
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
	ts := ""
	if method == "chat.postMessage" {
		f.mu.Lock()
		f.ts++
		ts = fmt.Sprintf("1700000000.%06d", f.ts)
		f.mu.Unlock()
	}
	if method != "auth.test" && method != "apps.connections.open" && method != "users.info" {
		f.calls <- call{Method: method, Form: r.PostForm, At: time.Now(), ts: ts}
	}
	w.Header().Set("Content-Type", "application/json")
	f.mu.Lock()
	if f.limited[method] > 0 {
		f.limited[method]--
		f.mu.Unlock()
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(http.StatusTooManyRequests)
		_ = json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": "ratelimited"})
		return
	}
	f.mu.Unlock()
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
		id := r.PostForm.Get("user")
		name := map[string]string{"U2": "Bob", "U3": "Cy"}[id]
		if name == "" {
			name = "Alice"
		}
		out = map[string]any{"ok": true, "user": map[string]any{"id": id, "name": strings.ToLower(name),
			"real_name": name + " Liddell", "is_admin": id == "U1", "profile": map[string]any{"display_name": name}}}
	case "chat.postMessage":
		f.mu.Lock()
		fail := f.failPost
		f.mu.Unlock()
		if fail != "" {
			out = map[string]any{"ok": false, "error": fail}
			break
		}
		out = map[string]any{"ok": true, "channel": r.PostForm.Get("channel"), "ts": ts}
	case "chat.update", "chat.delete":
		out = map[string]any{"ok": true, "channel": r.PostForm.Get("channel"), "ts": r.PostForm.Get("ts")}
	case "conversations.open":
		out = map[string]any{"ok": true, "channel": map[string]any{"id": "D" + r.PostForm.Get("users")}}
	case "files.info":
		f.mu.Lock()
		sh, ok := f.shares[r.PostForm.Get("file")]
		waiting := f.unshared > 0
		if waiting {
			f.unshared--
		}
		f.mu.Unlock()
		file := map[string]any{"id": r.PostForm.Get("file"), "shares": map[string]any{}}
		if ok && !waiting {
			file["shares"] = map[string]any{"public": map[string]any{sh.channel: []any{
				map[string]any{"ts": "1700000000.900000", "thread_ts": sh.thread}}}}
		}
		out = map[string]any{"ok": true, "file": file}
	case "chat.postEphemeral":
		f.mu.Lock()
		fail := f.failEphemeral
		f.mu.Unlock()
		if fail != "" {
			out = map[string]any{"ok": false, "error": fail}
			break
		}
		out = map[string]any{"ok": true, "message_ts": "1.000002"}
	case "files.getUploadURLExternal":
		f.mu.Lock()
		f.files++
		id := "F" + string(rune('0'+f.files))
		f.mu.Unlock()
		out = map[string]any{"ok": true, "upload_url": f.srv.URL + "/upload/" + id, "file_id": id}
	case "files.completeUploadExternal":
		var files []struct {
			ID string `json:"id"`
		}
		_ = json.Unmarshal([]byte(r.PostForm.Get("files")), &files)
		f.mu.Lock()
		for _, fl := range files {
			f.shares[fl.ID] = share{r.PostForm.Get("channel_id"), r.PostForm.Get("thread_ts")}
		}
		f.mu.Unlock()
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

// respond takes a post to a response URL.
func (f *fakeSlack) respond(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.calls <- call{Method: "respond", Form: url.Values{"id": {r.PathValue("id")}}, Body: body, At: time.Now()}
	_, _ = io.WriteString(w, "ok")
}

// ResponseURL is a response URL of the fake.
func (f *fakeSlack) ResponseURL(id string) string { return f.srv.URL + "/respond/" + id }

// FileURL is the private download URL of a file the fake serves.
func (f *fakeSlack) FileURL(name string, data []byte) string {
	f.mu.Lock()
	f.downloads[name] = data
	f.mu.Unlock()
	return f.srv.URL + "/files/" + name
}

// download serves a private file to the bot token only, as
// files.slack.com does (others get a sign-in page).
func (f *fakeSlack) download(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	data, ok := f.downloads[r.PathValue("name")]
	f.mu.Unlock()
	if r.Header.Get("Authorization") != "Bearer xoxb-test" {
		w.Header().Set("Content-Type", "text/html")
		_, _ = io.WriteString(w, "<html>sign in</html>")
		return
	}
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	_, _ = w.Write(data)
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

// envelope sends a request of type typ with payload.
func (f *fakeSlack) envelope(id, typ string, payload any) {
	f.send(map[string]any{"envelope_id": id, "type": typ, "payload": payload, "accepts_response_payload": typ != "events_api"})
}

// typed sends a channel message event from user; thread is its thread_ts
// ("" at the channel's level).
func (f *fakeSlack) typed(id, user, text, channel, thread, ts string) {
	ev := map[string]any{"type": "message", "channel_type": "channel", "user": user, "text": text,
		"channel": channel, "ts": ts}
	if thread != "" {
		ev["thread_ts"] = thread
	}
	f.envelope(id, "events_api", map[string]any{"type": "event_callback", "team_id": "T1", "event_id": "Ev" + id, "event": ev})
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
