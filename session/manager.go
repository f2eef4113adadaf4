// Package session keeps the games being played in memory, one session per
// active game, between the chat front ends (package bot) and the command
// layer and storage below them. A session owns the game's live table
// (session/tabletop: the decoded log, the engine state, the seats, pending
// requests and a few checkpoints of earlier states) and a digest of the
// board before the last move. A chat move is
// parsed once, applied once to the state in hand, written once (one
// storage.Move, in one transaction) and answered from the state in hand:
// nothing is reloaded or replayed on the way.
//
// The path of one move: the chat core (package bot) reads the channel's
// settings from its cache, parses the text once (the dispatcher) and finds
// the channel's session without the store (Manager.Playing); Open checks
// it against the store (two small reads, the only ones); Exec applies the
// command to the table in hand and commits the action, the seats it hands
// over and the next reminder in one storage.Move (the one write); then,
// under the same lock, it works out the Turn (who acts, who must answer a
// request, what each may do), the choices the reply offers, the pictures
// that changed and any catch-up due, and returns them as one Outcome, from
// which the core writes its reply and its mentions.
//
// Turn is the one answer to "who must act now and what may each person
// do": replies, mentions, buttons, menus, picture headers, reminders and
// direct messages all take it from there.
//
// The Manager owns a table's life around its play too: a game being set
// up (seats, the house player, the start and the dealing of seats), an
// import, a finished game reopened for an undo (lifecycle.go, import.go).
// The house player holds seats like a person and plays as soon as the game
// waits for it (house.go).
//
// The Manager owns the sessions. It keeps as many as its memory budget
// allows, dropping the least recently used; dropping one is safe at any
// time, since storage has everything (the next message reloads it). A
// session notices when another writer appended to its game (the store's
// sequence check) and reloads before anything is applied again.
package session

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"pbc/storage"
)

// Defaults of Options.
const (
	DefaultMemory   = 192 << 20 // bytes of sessions kept
	DefaultPictures = 96 << 20  // bytes of map canvases kept
	DefaultEvents   = 8192      // event ids remembered against duplicates
)

// Options configure a Manager.
type Options struct {
	Store storage.Store
	Log   *slog.Logger     // slog.Default() if nil
	Now   func() time.Time // the time moves are stamped with; time.Now if nil
	// Memory bounds the estimated bytes of the sessions kept (DefaultMemory
	// if 0).
	Memory int64
	// Pictures bounds the bytes of the map canvases kept to redraw only
	// what changed (DefaultPictures if 0; negative keeps none).
	Pictures int64
	// NoImages draws no pictures after moves.
	NoImages bool
	// Observe, when set, is told how long each stage of a command took
	// (StageApply, StageStore, StageRender), for metrics.
	Observe func(stage string, took time.Duration)
}

// Manager owns the sessions of one process.
type Manager struct {
	opt   Options
	store storage.Store
	log   *slog.Logger

	mu    sync.Mutex
	byID  map[storage.GameID]*list.Element // of *Session
	lru   list.List                        // front: most recently used
	used  int64
	loads map[storage.GameID]*loading
	// latest is the log length of each game this process last wrote, so
	// that a session loaded before a write by a session dropped meanwhile
	// is noticed as behind (eight bytes a game).
	latest map[storage.GameID]int
	// channels are the channels of the sessions kept, so that a message
	// finds its channel's game without asking the store.
	channels map[storage.Channel]storage.GameID
	opens    atomic.Int64 // calls of Open, for Stats

	events   *eventSet
	pictures *canvases
	drawing  atomic.Int64 // pictures being drawn now
}

// loading is a load in progress, shared by everyone who asks for the game
// meanwhile.
type loading struct {
	done chan struct{}
	s    *Session
	err  error
}

// New returns a manager.
func New(opt Options) *Manager {
	if opt.Log == nil {
		opt.Log = slog.Default()
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Memory <= 0 {
		opt.Memory = DefaultMemory
	}
	if opt.Pictures == 0 {
		opt.Pictures = DefaultPictures
	}
	return &Manager{opt: opt, store: opt.Store, log: opt.Log, byID: map[storage.GameID]*list.Element{},
		loads: map[storage.GameID]*loading{}, latest: map[storage.GameID]int{}, channels: map[storage.Channel]storage.GameID{},
		events:   newEventSet(DefaultEvents),
		pictures: newCanvases(opt.Pictures)}
}

// Open returns the session of game id, loading it if it is not in memory.
// A game whose log does not load gets a session that says so (Broken) and
// offers the ways out; only a failure to read the store is an error.
// A session kept in memory is checked against the store first (behind):
// another process may have written the game since.
func (m *Manager) Open(ctx context.Context, id storage.GameID) (*Session, error) {
	m.opens.Add(1)
	for range maxAttempts {
		s, kept, err := m.open(ctx, id)
		if err != nil || !kept {
			return s, err
		}
		ok, err := m.fresh(ctx, s)
		if err != nil || ok {
			return s, err
		}
	}
	return nil, fmt.Errorf("game %d: %w", id, errBehind)
}

// open is Open without the check against the store; kept says the session
// was in memory already.
func (m *Manager) open(ctx context.Context, id storage.GameID) (s *Session, kept bool, err error) {
	m.mu.Lock()
	if el, ok := m.byID[id]; ok {
		s := el.Value.(*Session)
		if int(s.stored.Load()) >= m.latest[id] {
			m.lru.MoveToFront(el)
			m.mu.Unlock()
			return s, true, nil
		}
		m.used -= s.size // behind a write of this process: reload
		m.removeLocked(el)
	}
	if l, ok := m.loads[id]; ok {
		m.mu.Unlock()
		select {
		case <-l.done:
			return l.s, false, l.err
		case <-ctx.Done():
			return nil, false, ctx.Err()
		}
	}
	l := &loading{done: make(chan struct{})}
	m.loads[id] = l
	m.mu.Unlock()

	l.s, l.err = m.load(ctx, id)
	m.mu.Lock()
	delete(m.loads, id)
	if l.err == nil {
		m.keepLocked(l.s)
	}
	m.mu.Unlock()
	close(l.done)
	return l.s, false, l.err
}

// keepLocked adds s as the most recent session and drops the least recent
// ones past the budget (never s itself).
func (m *Manager) keepLocked(s *Session) {
	if el, ok := m.byID[s.id]; ok {
		m.used -= el.Value.(*Session).size
		m.removeLocked(el)
	}
	m.byID[s.id] = m.lru.PushFront(s)
	if s.broken == nil { // a broken game's own commands read the store
		m.channels[s.rec.Channel] = s.id
	}
	m.used += s.size
	for m.used > m.opt.Memory && m.lru.Len() > 1 {
		el := m.lru.Back()
		old := el.Value.(*Session)
		m.removeLocked(el)
		m.used -= old.size
		m.pictures.drop(old.id)
	}
}

// resize records that s now holds about size bytes.
func (m *Manager) resize(s *Session, size int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.byID[s.id]; ok && el.Value.(*Session) == s {
		m.used += size - s.size
		s.size = size
		m.lru.MoveToFront(el)
		return
	}
	s.size = size
}

// wrote records that this process wrote game id's log up to seq.
func (m *Manager) wrote(id storage.GameID, seq int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.latest[id] = max(m.latest[id], seq)
}

// Forget drops game id's session, if any; the next use reloads it from the
// store. Its pictures stay unless the game is over.
func (m *Manager) Forget(id storage.GameID) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.byID[id]; ok {
		m.used -= el.Value.(*Session).size
		m.removeLocked(el)
	}
}

// removeLocked drops the session of el from the kept ones; the caller
// holds m.mu and accounts for its size.
func (m *Manager) removeLocked(el *list.Element) {
	s := el.Value.(*Session)
	m.lru.Remove(el)
	delete(m.byID, s.id)
	if m.channels[s.rec.Channel] == s.id {
		delete(m.channels, s.rec.Channel)
	}
}

// Playing returns the game of the session kept for channel ch, if any: the
// channel's active (or broken) game as of its last check against the
// store. Opening it checks again; a game that is no longer active there
// is ErrNotActive.
func (m *Manager) Playing(ch storage.Channel) (storage.GameID, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	id, ok := m.channels[ch]
	return id, ok
}

// forget drops s if it is still the session kept for its game.
func (m *Manager) forget(s *Session) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.byID[s.id]; ok && el.Value.(*Session) == s {
		m.used -= s.size
		m.removeLocked(el)
	}
}

// Stats describes what a manager holds.
type Stats struct {
	Sessions      int
	Bytes         int64 // estimated bytes of the sessions
	Pictures      int   // map canvases kept
	PictureBytes  int64
	EventsTracked int
	Rendering     int   // pictures being drawn now
	Opens         int64 // calls of Open so far
}

// Stats returns what the manager holds now.
func (m *Manager) Stats() Stats {
	m.mu.Lock()
	st := Stats{Sessions: m.lru.Len(), Bytes: m.used}
	m.mu.Unlock()
	st.Pictures, st.PictureBytes = m.pictures.stats()
	st.EventsTracked = m.events.len()
	st.Rendering = int(m.drawing.Load())
	st.Opens = m.opens.Load()
	return st
}

// Seen reports whether the platform event id was handled already, and
// remembers it: a second delivery of one event is to be dropped. An empty
// id is never seen.
func (m *Manager) Seen(eventID string) bool {
	if eventID == "" {
		return false
	}
	return !m.events.add(eventID)
}

// ErrNotActive is returned for a game that is not being played.
var ErrNotActive = errors.New("session: the game is not active")

// load reads game id from the store and rebuilds its table.
func (m *Manager) load(ctx context.Context, id storage.GameID) (*Session, error) {
	ld, err := m.store.Load(ctx, id)
	var corrupt *storage.CorruptError
	if errors.As(err, &corrupt) {
		sg, gerr := m.store.Game(ctx, id)
		if gerr != nil {
			return nil, gerr
		}
		return m.brokenSession(sg, err), nil
	}
	if err != nil {
		return nil, fmt.Errorf("loading game %d: %w", id, err)
	}
	if ld.Game.Status != storage.Active {
		return nil, fmt.Errorf("game %d is %s: %w", id, ld.Game.Status, ErrNotActive)
	}
	s, err := m.build(ld)
	if err != nil {
		return m.brokenSession(ld.Game, locate(ld.Log, err)), nil
	}
	return s, nil
}
