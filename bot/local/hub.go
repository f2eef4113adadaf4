package local

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"strconv"
	"sync"
	"time"
)

// Event is one line of a playground channel: a player's command or a reply
// of the bot, as the page shows it.
type Event struct {
	ID      int64  `json:"id"`
	Channel string `json:"channel"`
	From    string `json:"from"` // the player's name, or "pbc"
	Bot     bool   `json:"bot,omitempty"`
	// Stale marks the refusal of a choice offered before the game moved
	// on: the page disables the buttons and menus it came from. (Beside
	// Bot, it adds no padding.)
	Stale   bool      `json:"stale,omitempty"`
	Text    string    `json:"text"`
	Images  []Picture `json:"images,omitempty"`
	Buttons []Choice  `json:"buttons,omitempty"`
	// Files (attachments to download) and Menus are pointers as few
	// events have any: a history of a few Events then stays within its
	// allocation size class (with the allocator's header, 4 Events take
	// at most 1 KB), and channel histories hold many events.
	Files    *[]Picture `json:"files,omitempty"`
	Menus    *[]Menu    `json:"menus,omitempty"`
	Mentions []string   `json:"mentions,omitempty"`
	// To is the tab an ephemeral reply is for; "" for everyone. toUser is
	// the user of that tab: another user's page never sees it.
	To     string `json:"to,omitempty"`
	toUser string
	// Attached names the files a player sent with a command.
	Attached []string  `json:"attached,omitempty"`
	ReplyTo  int64     `json:"reply_to,omitempty"`
	At       time.Time `json:"at"`
}

// menus are the event's menus, if any.
func (e Event) menus() []Menu {
	if e.Menus == nil {
		return nil
	}
	return *e.Menus
}

// Picture is an image of an event, served by the playground.
type Picture struct {
	URL  string `json:"url"`
	Name string `json:"name"`
	Alt  string `json:"alt"`
	// Screen is the screens it is shown on ("" all, "phone", "wide",
	// or "tap": only opened from another picture); Opens the URL a tap
	// on it opens ("" for its own).
	Screen string `json:"screen,omitempty"`
	Opens  string `json:"opens,omitempty"`
}

// Choice is a button under a reply.
type Choice struct {
	Label   string `json:"label"`
	Command string `json:"command"`
	Danger  bool   `json:"danger,omitempty"`
}

// Menu is a select menu under a reply: choosing an option sends its
// Command as a button press would.
type Menu struct {
	Placeholder string       `json:"placeholder"`
	Options     []MenuChoice `json:"options"`
}

// MenuChoice is one option of a Menu.
type MenuChoice struct {
	Label       string `json:"label"`
	Command     string `json:"command"` // bot.MenuOption.Value: the position and the command
	Description string `json:"description,omitempty"`
}

// Limits of what the hub keeps in memory.
const (
	historyLen = 300 // events per channel
	subBuffer  = 256 // events a slow page may fall behind
	// DefaultImageBytes bounds the PNG bytes kept for the pages, and
	// DefaultHistoryBytes the channels' histories, unless Options say.
	DefaultImageBytes   = 96 << 20
	DefaultHistoryBytes = 32 << 20
)

// hub keeps each channel's recent events and images and fans new events out
// to the pages watching the channel. Channels nobody uses are forgotten
// (see evict), so that its memory stays bounded however many are made.
type hub struct {
	mu       sync.Mutex
	now      func() time.Time
	idle     time.Duration // a channel unused for this long is forgotten
	max      int           // channels kept at most
	next     int64
	channels map[string]*room
	images   map[string][]byte
	order    []string // image ids, oldest first
	size     int
	// maxImages and maxHistory bound the images' bytes and the histories'
	// estimated bytes (histBytes); past them the oldest images, and the
	// idlest channels, go.
	maxImages, maxHistory int
	histBytes             int
	// chat keeps the histories in the store too (nil: memory only).
	chat *chatLog
}

// room is one channel's history and watchers.
type room struct {
	history []Event
	bytes   int // estimated bytes of history
	subs    map[*sub]bool
	last    time.Time // last event or watcher change
}

// sub is one page's stream of a channel.
type sub struct {
	user, tab string
	ch        chan Event
}

func newHub(max int, idle time.Duration, now func() time.Time) *hub {
	return &hub{now: now, idle: idle, max: max, channels: map[string]*room{}, images: map[string][]byte{},
		maxImages: DefaultImageBytes, maxHistory: DefaultHistoryBytes}
}

// eventBytes estimates what an event holds in memory: its texts, choices
// and the slices and strings around them.
func eventBytes(e Event) int {
	n := 256 + len(e.Channel) + len(e.From) + len(e.Text) + 8*len(e.Mentions)
	for _, m := range e.Mentions {
		n += len(m)
	}
	for _, p := range e.Images {
		n += 64 + len(p.URL) + len(p.Name) + len(p.Alt)
	}
	for _, b := range e.Buttons {
		n += 48 + len(b.Label) + len(b.Command)
	}
	if e.Menus != nil {
		for _, m := range *e.Menus {
			n += 64 + len(m.Placeholder)
			for _, o := range m.Options {
				n += 64 + len(o.Label) + len(o.Command) + len(o.Description)
			}
		}
	}
	if e.Files != nil {
		for _, f := range *e.Files {
			n += 64 + len(f.URL) + len(f.Name)
		}
	}
	return n
}

// visible reports whether an event is shown to user's tab.
func (e Event) visible(user, tab string) bool {
	return e.To == "" || (e.To == tab && e.toUser == user)
}

// room returns a channel's room, making it (and making room for it).
func (h *hub) room(channel string) *room {
	r := h.channels[channel]
	if r == nil {
		for len(h.channels) >= h.max && h.evictOne() {
		}
		r = &room{subs: map[*sub]bool{}}
		for _, e := range h.chat.history(channel) {
			r.history = append(r.history, e)
			r.bytes += eventBytes(e)
		}
		h.histBytes += r.bytes
		h.channels[channel] = r
	}
	r.last = h.now()
	return r
}

// evictOne forgets the channel idle the longest, preferring those nobody
// watches; its watchers' streams end (the pages reconnect to an empty
// channel).
func (h *hub) evictOne() bool {
	var oldest string
	var or *room
	for name, r := range h.channels {
		if or == nil || evictFirst(r, or) {
			oldest, or = name, r
		}
	}
	if or == nil {
		return false
	}
	h.drop(oldest, or)
	return true
}

// evictFirst reports whether r goes before than: unwatched first, then
// the longest idle.
func evictFirst(r, than *room) bool {
	if rw, tw := len(r.subs) > 0, len(than.subs) > 0; rw != tw {
		return !rw
	}
	return r.last.Before(than.last)
}

func (h *hub) drop(name string, r *room) {
	for s := range r.subs {
		close(s.ch)
	}
	h.histBytes -= r.bytes
	delete(h.channels, name)
}

// evict forgets the channels nobody watched or wrote to for h.idle.
func (h *hub) evict() {
	h.mu.Lock()
	defer h.mu.Unlock()
	now := h.now()
	for name, r := range h.channels {
		if len(r.subs) == 0 && now.Sub(r.last) >= h.idle {
			h.drop(name, r)
		}
	}
}

// janitor evicts idle channels until ctx ends.
func (h *hub) janitor(ctx context.Context) {
	t := time.NewTicker(max(min(h.idle/4, time.Minute), time.Second))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			h.evict()
		}
	}
}

// channelCount is the number of channels kept.
func (h *hub) channelCount() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.channels)
}

// nextID is the next event id. With the histories kept in the store, ids
// are the time in microseconds (or one more than the last): a history read
// back, written by an earlier run or another process, never holds an id
// this process gives out again, which a page would take for a message it
// has shown.
func (h *hub) nextID() int64 {
	h.next++
	if h.chat != nil {
		h.next = max(h.next, h.now().UnixMicro())
	}
	return h.next
}

// publish numbers e, keeps it and sends it to the channel's pages.
func (h *hub) publish(e Event) Event {
	h.mu.Lock()
	defer h.mu.Unlock()
	e.ID = h.nextID()
	if e.At.IsZero() {
		e.At = h.now()
	}
	r := h.room(e.Channel)
	r.history = append(r.history, e)
	h.chat.add(e)
	size := eventBytes(e)
	r.bytes += size
	h.histBytes += size
	if len(r.history) > historyLen {
		cut := len(r.history) - historyLen
		for _, old := range r.history[:cut] {
			b := eventBytes(old)
			r.bytes -= b
			h.histBytes -= b
		}
		r.history = append([]Event(nil), r.history[cut:]...)
	}
	// Past the histories' budget the idlest other channels go (their
	// games stay in the store; their pages reconnect to an empty history).
	for h.histBytes > h.maxHistory && len(h.channels) > 1 {
		name, idlest := "", (*room)(nil)
		for n, o := range h.channels {
			if o != r && (idlest == nil || evictFirst(o, idlest)) {
				name, idlest = n, o
			}
		}
		if idlest == nil {
			break
		}
		h.drop(name, idlest)
	}
	for s := range r.subs {
		if !e.visible(s.user, s.tab) {
			continue
		}
		select {
		case s.ch <- e:
		default: // too slow: drop it; the page reconnects and reloads
			delete(r.subs, s)
			close(s.ch)
		}
	}
	return e
}

// subscribe returns the channel's history as user's tab sees it and a
// stream of the events to come.
func (h *hub) subscribe(channel, user, tab string) ([]Event, *sub) {
	h.mu.Lock()
	defer h.mu.Unlock()
	r := h.room(channel)
	var hist []Event
	for _, e := range r.history {
		if e.visible(user, tab) {
			hist = append(hist, e)
		}
	}
	s := &sub{user: user, tab: tab, ch: make(chan Event, subBuffer)}
	r.subs[s] = true
	return hist, s
}

// unsubscribe stops a stream.
func (h *hub) unsubscribe(channel string, s *sub) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if r := h.channels[channel]; r != nil && r.subs[s] {
		delete(r.subs, s)
		close(s.ch)
		r.last = h.now()
	}
}

// addImage keeps a PNG and returns its id; the oldest are forgotten past
// maxImages.
func (h *hub) addImage(png []byte) string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	h.mu.Lock()
	defer h.mu.Unlock()
	id := strconv.FormatInt(h.nextID(), 10) + "-" + hex.EncodeToString(b[:])
	h.images[id] = png
	h.order = append(h.order, id)
	h.size += len(png)
	for h.size > h.maxImages && len(h.order) > 1 {
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
