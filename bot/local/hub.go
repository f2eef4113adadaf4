package local

import (
	"crypto/rand"
	"encoding/hex"
	"strconv"
	"sync"
	"time"
)

// Event is one line of a playground channel: a player's command or a reply
// of the bot, as the page shows it.
type Event struct {
	ID       int64     `json:"id"`
	Channel  string    `json:"channel"`
	From     string    `json:"from"` // the player's name, or "pbc"
	Bot      bool      `json:"bot,omitempty"`
	Text     string    `json:"text"`
	Images   []Picture `json:"images,omitempty"`
	Files    []Picture `json:"files,omitempty"` // attachments to download
	Buttons  []Choice  `json:"buttons,omitempty"`
	Mentions []string  `json:"mentions,omitempty"`
	// To is the tab an ephemeral reply is for; "" for everyone.
	To      string    `json:"to,omitempty"`
	ReplyTo int64     `json:"reply_to,omitempty"`
	At      time.Time `json:"at"`
}

// Picture is an image of an event, served by the playground.
type Picture struct {
	URL  string `json:"url"`
	Name string `json:"name"`
	Alt  string `json:"alt"`
}

// Choice is a button under a reply.
type Choice struct {
	Label   string `json:"label"`
	Command string `json:"command"`
	Danger  bool   `json:"danger,omitempty"`
}

// Limits of what the hub keeps in memory.
const (
	historyLen = 300      // events per channel
	imageBytes = 96 << 20 // PNG bytes kept for the page
	subBuffer  = 256      // events a slow page may fall behind
)

// hub keeps each channel's recent events and images and fans new events out
// to the pages watching the channel.
type hub struct {
	mu      sync.Mutex
	next    int64
	history map[string][]Event
	subs    map[string]map[*sub]bool
	images  map[string][]byte
	order   []string // image ids, oldest first
	size    int
}

// sub is one page's stream of a channel.
type sub struct {
	tab string
	ch  chan Event
}

func newHub() *hub {
	return &hub{history: map[string][]Event{}, subs: map[string]map[*sub]bool{}, images: map[string][]byte{}}
}

// visible reports whether an event is shown to tab.
func (e Event) visible(tab string) bool { return e.To == "" || e.To == tab }

// publish numbers e, keeps it and sends it to the channel's pages.
func (h *hub) publish(e Event) Event {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.next++
	e.ID = h.next
	if e.At.IsZero() {
		e.At = time.Now()
	}
	hist := append(h.history[e.Channel], e)
	if len(hist) > historyLen {
		hist = append([]Event(nil), hist[len(hist)-historyLen:]...)
	}
	h.history[e.Channel] = hist
	for s := range h.subs[e.Channel] {
		if !e.visible(s.tab) {
			continue
		}
		select {
		case s.ch <- e:
		default: // too slow: drop it; the page reconnects and reloads
			delete(h.subs[e.Channel], s)
			close(s.ch)
		}
	}
	return e
}

// subscribe returns the channel's history as tab sees it and a stream of
// the events to come.
func (h *hub) subscribe(channel, tab string) ([]Event, *sub) {
	h.mu.Lock()
	defer h.mu.Unlock()
	var hist []Event
	for _, e := range h.history[channel] {
		if e.visible(tab) {
			hist = append(hist, e)
		}
	}
	s := &sub{tab: tab, ch: make(chan Event, subBuffer)}
	if h.subs[channel] == nil {
		h.subs[channel] = map[*sub]bool{}
	}
	h.subs[channel][s] = true
	return hist, s
}

// unsubscribe stops a stream.
func (h *hub) unsubscribe(channel string, s *sub) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs[channel][s] {
		delete(h.subs[channel], s)
		close(s.ch)
	}
}

// addImage keeps a PNG and returns its id; the oldest are forgotten past
// imageBytes.
func (h *hub) addImage(png []byte) string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	h.mu.Lock()
	defer h.mu.Unlock()
	h.next++
	id := strconv.FormatInt(h.next, 10) + "-" + hex.EncodeToString(b[:])
	h.images[id] = png
	h.order = append(h.order, id)
	h.size += len(png)
	for h.size > imageBytes && len(h.order) > 1 {
		old := h.order[0]
		h.order = h.order[1:]
		h.size -= len(h.images[old])
		delete(h.images, old)
	}
	return id
}

// image returns a kept PNG.
func (h *hub) image(id string) ([]byte, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	b, ok := h.images[id]
	return b, ok
}
