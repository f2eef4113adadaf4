package local

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"pbc/bot"
	"pbc/commands/notation"
	"pbc/session"
)

// sendRequest is the body of POST /api/send.
type sendRequest struct {
	Channel string `json:"channel"`
	// User, if given, must be the session's user: a page that thinks it is
	// someone else (another tab switched the browser's name) is told so.
	User   string `json:"user,omitempty"`
	Tab    string `json:"tab"`
	Text   string `json:"text"`
	Button bool   `json:"button"` // sent by a button under a reply
	Wait   bool   `json:"wait"`   // answer with the replies once handled
	// ID names this delivery: the page sends a new one per click or
	// command, and a request sent again with the same id is dropped.
	ID string `json:"id,omitempty"`
	// Files are attachments of the command (a log to import).
	Files []upload `json:"files,omitempty"`
}

// sendResponse is the answer of POST /api/send.
type sendResponse struct {
	ID      int64   `json:"id"`
	Replies []Event `json:"replies,omitempty"`
}

// maxWait bounds how long a waiting send holds its request.
const maxWait = 3 * time.Minute

// send takes a player's command: it is shown to the channel and handed to
// the bot; replies are published as they come.
func (a *Adapter) send(w http.ResponseWriter, r *http.Request, h bot.Handler) {
	req, ok := a.readSend(w, r)
	if !ok {
		return
	}
	si, ok := a.actingUser(w, r, cleanName(req.User, 40))
	if !ok {
		return
	}
	user := si.Name
	req.Channel = cleanName(req.Channel, 40)
	req.Text = strings.TrimSpace(req.Text)
	if req.Text == "" && len(req.Files) > 0 {
		req.Text = string(notation.Import)
	}
	if req.Channel == "" || req.Text == "" {
		http.Error(w, "channel and text are needed", http.StatusBadRequest)
		return
	}
	if len(req.Text) > 2000 {
		http.Error(w, "the command is too long", http.StatusBadRequest)
		return
	}
	files, err := attachments(req.Files)
	if err != nil {
		http.Error(w, err.Error(), http.StatusRequestEntityTooLarge)
		return
	}
	text, at := req.Text, 0
	if req.Button {
		text, at = bot.ParseValue(text)
	}
	said := a.hub.publish(Event{Channel: req.Channel, From: user, Text: text, Attached: fileNames(files)})
	rs := &responder{a: a, channel: req.Channel, user: user, tab: req.Tab, replyTo: said.ID, done: make(chan struct{})}
	eventID := ""
	if req.ID != "" {
		eventID = "local:" + cleanName(req.ID, 64)
	}
	h.Submit(bot.Message{
		Channel:     Channel(req.Channel),
		User:        bot.User{ID: user, Name: user, Admin: si.Admin},
		Text:        text,
		Kind:        map[bool]bot.Kind{false: bot.KindTyped, true: bot.KindButton}[req.Button],
		At:          at,
		EventID:     eventID,
		Attachments: files,
		Respond:     rs,
		// The page shows each picture in the form that fits its
		// reader's screen.
		Screens: session.EveryScreen,
	})
	resp := sendResponse{ID: said.ID}
	if req.Wait {
		select {
		case <-rs.done:
		case <-r.Context().Done():
			return
		case <-time.After(maxWait):
			http.Error(w, "the bot did not answer in time", http.StatusGatewayTimeout)
			return
		}
		resp.Replies = rs.replies()
		writeJSON(w, resp)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusAccepted)
	writeJSON(w, resp)
}

// responder publishes the replies to one command.
type responder struct {
	a       *Adapter
	channel string
	user    string
	tab     string
	replyTo int64

	mu   sync.Mutex
	sent []Event
	once sync.Once
	done chan struct{}
}

// Respond publishes a reply (to the sender's tab only when ephemeral).
func (rs *responder) Respond(_ context.Context, r bot.Reply) error {
	if r.Empty() {
		return nil
	}
	e := rs.a.hub.publish(rs.a.event(rs.channel, rs.user, rs.tab, rs.replyTo, r))
	rs.mu.Lock()
	rs.sent = append(rs.sent, e)
	rs.mu.Unlock()
	return nil
}

// Finish marks the command handled.
func (rs *responder) Finish() { rs.once.Do(func() { close(rs.done) }) }

func (rs *responder) replies() []Event {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	return append([]Event(nil), rs.sent...)
}

// events streams a channel to a page as server-sent events: its history
// first, then each new event, with a comment every 20 s to keep it open.
func (a *Adapter) events(w http.ResponseWriter, r *http.Request, stop context.Context) {
	si, ok := a.actingUser(w, r, cleanName(r.URL.Query().Get("user"), 40))
	if !ok {
		return
	}
	user := si.Name
	channel := cleanName(r.URL.Query().Get("channel"), 40)
	tab := r.URL.Query().Get("tab")
	if channel == "" {
		http.Error(w, "channel is needed", http.StatusBadRequest)
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming is not supported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	hist, s := a.hub.subscribe(channel, user, tab)
	defer a.hub.unsubscribe(channel, s)
	write := func(e Event) bool {
		b, _ := json.Marshal(e)
		_, err := fmt.Fprintf(w, "id: %d\ndata: %s\n\n", e.ID, b)
		return err == nil
	}
	fmt.Fprint(w, "retry: 1000\n\n")
	for _, e := range hist {
		if !write(e) {
			return
		}
	}
	fl.Flush()
	keep := time.NewTicker(20 * time.Second)
	defer keep.Stop()
	for {
		select {
		case e, ok := <-s.ch:
			if !ok || !write(e) {
				return
			}
		case <-keep.C:
			// A page that watches keeps its session (and its name) alive;
			// the stream itself outlives the session, as it was allowed
			// when it opened and only reads what that user saw.
			a.sessionUser(r)
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
		case <-r.Context().Done():
			return
		case <-stop.Done():
			return
		}
		fl.Flush()
	}
}

// suggest answers completions for the page's input box.
func (a *Adapter) suggest(w http.ResponseWriter, r *http.Request, h bot.Handler) {
	q := r.URL.Query()
	si, ok := a.actingUser(w, r, cleanName(q.Get("user"), 40))
	if !ok {
		return
	}
	user := si.Name
	choices := bot.SendableChoices(h.Suggest(r.Context(), bot.Query{
		Channel: Channel(cleanName(q.Get("channel"), 40)),
		User:    bot.User{ID: user, Name: user},
		Command: q.Get("command"), Field: q.Get("field"), Prefix: q.Get("prefix"),
	}))
	writeJSON(w, choices)
}

// image serves a reply's picture.
func (a *Adapter) image(w http.ResponseWriter, r *http.Request) {
	b, ok := a.hub.image(r.PathValue("id"))
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "private, max-age=86400, immutable")
	_, _ = w.Write(b)
}

// file serves a reply's attachment as a download.
func (a *Adapter) file(w http.ResponseWriter, r *http.Request) {
	b, ok := a.hub.image(r.PathValue("id"))
	if !ok {
		http.NotFound(w, r)
		return
	}
	typ := "application/octet-stream"
	if strings.HasSuffix(r.PathValue("name"), ".json") {
		typ = "application/json"
	}
	w.Header().Set("Content-Type", typ)
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", cleanName(r.PathValue("name"), 80)))
	w.Header().Set("Cache-Control", "private, max-age=86400, immutable")
	_, _ = w.Write(b)
}

func writeJSON(w http.ResponseWriter, v any) {
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "application/json")
	}
	_ = json.NewEncoder(w).Encode(v)
}
