package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/commands/offers"
	"pbc/commands/views"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/render"
	"pbc/session/tabletop"
	"pbc/storage"
)

// Session is one active game in memory. Its methods are safe for concurrent
// use; they run one at a time.
type Session struct {
	m  *Manager
	id storage.GameID

	mu    sync.Mutex
	rec   storage.Game
	seats []storage.Seat
	table *tabletop.Table
	times []int64 // when each log entry was written, Unix milliseconds
	seq   int     // log entries stored
	size  int64   // estimated bytes held; guarded by the manager's lock
	// stored is seq, readable without the session's lock.
	stored atomic.Int64
	// board and market digest what the pictures of the current state show,
	// so that a move draws the hexes it changed and posts only pictures
	// that changed.
	board  map[string]string
	mapKey string
	market string
	// events are the platform event ids of the game's latest stored moves,
	// so that a delivery repeated after a restart is recognised before it
	// is run again.
	events map[string]bool
	// gone marks a session dropped after a failed write: its table may hold
	// what the store does not, so whoever still holds it must reopen.
	gone bool
	// broken is why the game's log does not load (see broken.go).
	broken error
	// cur is the Turn of the state turnKey describes (turnNow); seatsVer
	// counts the seats' changes.
	cur      Turn
	turnKey  turnKey
	turnOK   bool
	seatsVer int
}

// User is the chat user sending a command.
type User struct {
	ID, Name string
	Admin    bool // may administer the channel
}

// Request is one command for a game.
type Request struct {
	User User
	Text string
	// Cmd is Text parsed; nil to parse it here.
	Cmd *notation.Command
	// At is one more than the log position a button or menu was offered
	// at (see Offer); 0 for a typed command. A choice offered before the
	// game moved on is refused.
	At int
	// EventID is the platform delivery this request came in; "" if none.
	EventID string
	// NoImages draws no pictures for this command (the channel has them
	// off); the digests of what players saw still move on.
	NoImages bool
	// Screens says which forms of the pictures to draw (PhoneScreens,
	// the zero value, or EveryScreen).
	Screens Screens
	// CatchupAfter, when positive, asks for a catch-up with a move
	// (Outcome.CatchUp) when the sender's previous action is older than
	// this and others moved since.
	CatchupAfter time.Duration
	// Reminder, when set, is the game's next reminder, written with the
	// move in the same transaction (storage.Move.Reminder); a zero Due
	// removes it. Its Game is filled in.
	Reminder *storage.Reminder
}

// Outcome is what a command did: the one answer the session gives, from
// which the chat core writes its reply.
type Outcome struct {
	Text string
	// Game is the game the command concerned (0 if none); Active says it
	// is being played (reminders are due).
	Game   storage.GameID
	Active bool
	// Refused says nothing changed and Text says why and what is legal.
	Refused bool
	// Stale says the choice was offered at an earlier position (refused).
	Stale bool
	// Duplicate says the same platform event was handled before: nothing
	// was done and nothing is to be answered.
	Duplicate bool
	// Changed says the log or the seats were written.
	Changed bool
	// Seq is the length of the game's log after the command: the position
	// the choices offered with this answer belong to.
	Seq      int
	Finished bool
	// Turn is who must act now and what each may do, as the command left
	// the game.
	Turn Turn
	// Next are who must act now: Turn.Actors.
	Next []Actor
	// Moves are the legal moves now: Turn.Moves.
	Moves *engine.Moves
	// Offer are the choices shown with the reply, to be marked Offer(Seq):
	// after a change, those of whom the reply addresses (Addressed); under
	// a query or a partial command, what it asks for; under a refusal, the
	// confirmation it needs; under a stale choice, none.
	Offer offers.Offer
	// CatchUp sums up for the sender what others did since their previous
	// action (Request.CatchupAfter), or nil.
	CatchUp *CatchUp
	// Reminded says Request.Reminder was written with the move.
	Reminded bool
	// Images are the pictures to post (the map and market that changed, or
	// what a query asked for); Files other attachments (an export).
	Images []Image
	Files  []File
	Title  string
}

// Image is a PNG picture.
type Image struct {
	Name, Alt string
	PNG       []byte
	// Screen says which screens the picture is for: "" every screen;
	// ScreenPhone or ScreenWide one form of a picture drawn in both;
	// ScreenTap a picture shown only when a tap on another opens it.
	Screen string
	// Opens names the picture of the same reply that a tap on this one
	// opens ("" for itself): the whole map behind a region.
	Opens string
}

// File is an attachment other than a picture.
type File struct {
	Name, Type string
	Data       []byte
}

// Actor is a seated player who must act now.
type Actor struct {
	PlayerID int
	UserID   string // "" for an unclaimed seat or the house's
	Name     string
	House    bool   // the house player holds the seat
	For      string // the company they act for, "" when they act for themselves
	Corp     string // that company's id
}

// Offer is the At of a choice offered when the log has seq entries.
func Offer(seq int) int { return seq + 1 }

// errReopen asks the caller to open the game's session again: it was
// dropped, or another writer got to the store first.
var errReopen = errors.New("session: reopen")

// conflict is errReopen after a lost race, with the log position the
// command was built on.
type conflict struct{ seq int }

func (c *conflict) Error() string { return fmt.Sprintf("session: the log moved past %d", c.seq) }
func (c *conflict) Unwrap() error { return errReopen }

// build makes a session of a loaded game.
func (m *Manager) build(ld *storage.Loaded) (*Session, error) {
	seats := make([]commands.Seat, len(ld.Seats))
	for i, st := range ld.Seats {
		seats[i] = commands.Seat{Player: st.PlayerID, Name: st.DisplayName, User: st.UserID}
	}
	senders := make([]string, len(ld.Entries))
	times := make([]int64, len(ld.Entries))
	for i, e := range ld.Entries {
		senders[i], times[i] = e.UserID, e.At.UnixMilli()
	}
	s := &Session{m: m, id: ld.Game.ID, rec: ld.Game, seats: ld.Seats, times: times, seq: len(ld.Entries)}
	s.stored.Store(int64(s.seq))
	t, err := tabletop.LoadTable(ld.Log, seats, senders, ld.Game.Creator, importedEntries(ld))
	if err != nil {
		return nil, fmt.Errorf("game %d does not replay: %w", ld.Game.ID, err)
	}
	s.table = t
	t.Checkpoint()
	s.board = render.BoardDigest(t.Game)
	s.mapKey, s.market = render.MapDigest(t.Game), render.MarketDigest(t.Game)
	s.size = estimate(len(ld.Log.Actions))
	s.events = map[string]bool{}
	for _, id := range ld.Events {
		s.events[id] = true
	}
	return s, nil
}

// importedEntries counts the log entries of an 18xx.games import: the
// leading ones nobody here sent.
func importedEntries(ld *storage.Loaded) int {
	n := 0
	for ld.Game.Imported && n < len(ld.Entries) && ld.Entries[n].UserID == "" {
		n++
	}
	return n
}

// estimate is the heap a session of a log of n actions holds: the engine
// state and about 370 bytes an action for the decoded log and the table,
// as BenchmarkSessionFootprint measures on late fixtures (620–660 KB for
// some 1,290 actions).
func estimate(n int) int64 { return gameBytes + int64(n)*370 }

// gameBytes is about what one engine state holds beside its log, with
// the digests of the pictures it drew: a 1822PNW game just started holds
// 240 KB (BenchmarkStartedTableFootprint).
const gameBytes = 240 << 10

// Game is the stored record of the session's game as of its last write.
func (s *Session) Game() storage.Game {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rec
}

// Exec runs one command.
func (s *Session) Exec(ctx context.Context, req Request) (out Outcome, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer func() {
		if r := recover(); r != nil { // the table may hold what the store does not
			s.drop()
			out, err = Outcome{}, fmt.Errorf("game %d: panic: %v\n%s", s.id, r, debug.Stack())
		}
	}()
	if s.gone {
		return Outcome{}, errReopen
	}
	if s.broken != nil {
		return s.brokenExec(ctx, req)
	}
	if w, _, _ := strings.Cut(strings.TrimSpace(req.Text), " "); notation.VerbOf(w) == notation.Export {
		f, err := s.export(ctx)
		if err != nil {
			return Outcome{}, err
		}
		out := s.answer(commands.Reply{Text: fmt.Sprintf("The log of this %s game (%d entries), in the 18xx.games format.", s.rec.Title, s.seq)})
		out.Files = []File{f}
		return out, nil
	}
	start := time.Now()
	cmd := req.Cmd
	if cmd == nil {
		var err error
		if cmd, err = notation.Parse(req.Text); err != nil {
			return s.refusal(notation.Sentence(err.Error())), nil
		}
	}
	if req.EventID != "" && s.events[req.EventID] {
		return Outcome{Duplicate: true}, nil
	}
	req, cmd = s.joinByName(req, cmd)
	if req.At > 0 && req.At != Offer(s.seq) && !notation.IsQuery(cmd.Verb) {
		out := s.answer(commands.Reply{})
		// The choices now may be someone else's: the reply says whose
		// turn it is and offers nothing.
		out.Text = strings.TrimSpace("That choice is no longer current: the game has moved on since it was offered. " +
			out.Turn.whoseTurn())
		out.Refused, out.Stale = true, true
		return out, nil
	}
	if cmd.Verb == notation.House {
		return s.refusal("This game is running: the game's creator or an admin can `replace NAME house` to give the house a player's seat."), nil
	}
	if notation.IsQuery(cmd.Verb) { // the headers of the pictures it draws; the answer needs the Turn anyway
		s.table.Acting = s.turnNow().Acting()
	}
	if cmd.Verb == notation.MapView && cmd.Target == "" {
		// The whole map is drawn on the game's canvas, which only what
		// changed since it was last drawn costs.
		text, opts := views.MapQuery(&s.table.Position)
		out := s.answer(commands.Reply{Text: text})
		out.Images = s.draw(ctx, true, false, opts)
		return out, nil
	}
	var undone []string // the house's moves taken back before an undo
	if cmd.Verb == notation.Undo {
		if undone, err = s.undoHouse(ctx, req); err != nil {
			return Outcome{}, err
		}
	}
	rep, err := s.tableDo(ctx, commands.Request{User: req.User.ID, Admin: req.User.Admin, Text: req.Text,
		RecentEnd: s.recentEnd()}, cmd)
	if err != nil {
		return Outcome{}, err
	}
	if !notation.IsQuery(cmd.Verb) { // a query's time is mostly its picture's
		s.m.since(StageApply, start)
	}
	if rep.Err != nil {
		s.drop()
		return Outcome{}, rep.Err
	}
	if len(undone) > 0 {
		rep.Text = strings.Join(undone, "\n") + "\n" + rep.Text
		if !rep.OK { // what the house took back is written: it is answered as a change
			out := s.answer(commands.Reply{Text: rep.Text})
			out.Changed = true
			out.Offer = out.offerAddressed()
			return out, nil
		}
	}
	if !rep.OK {
		// A refusal may come from a state another process has moved past:
		// then reload and try again rather than refuse a legal move.
		if rows, err := s.m.store.Rows(ctx, s.id, s.seq); err == nil && len(rows) > 0 {
			s.drop()
			return Outcome{}, errReopen
		}
		out := s.refusal(rep.Text)
		if notation.MayConfirmCmd(cmd) { // the confirmation the move needs
			if o := s.table.OfferFor(req.User.ID, cmd, req.Text, true); o.Confirms() {
				out.Offer = o
			}
		}
		return out, nil
	}
	changes := seatChanges(s.seats, s.table.Seats, req.User)
	if rep.Action == nil && len(changes) == 0 {
		out := s.answer(rep)
		if rep.Image != nil {
			out.Images = []Image{{Name: rep.Image.Name, Alt: s.alt(rep.Image.Name, out.Turn), PNG: rep.Image.Data}}
		}
		if !out.Finished && notation.WantsOfferCmd(cmd) {
			out.Offer = s.table.OfferFor(req.User.ID, cmd, req.Text, false)
		}
		return out, nil
	}
	if err := s.commit(ctx, req, rep.Action, changes); err != nil {
		if errors.Is(err, storage.ErrDuplicate) {
			return Outcome{Duplicate: true}, nil
		}
		return Outcome{}, err
	}
	if said, last, err := s.houseMoves(ctx); err != nil {
		// The command itself is stored: it is answered, the failure logged.
		s.m.log.Error("the house could not play", "game", s.id, "err", err)
	} else if last != nil {
		rep.Text = strings.TrimRight(rep.Text, "\n") + "\n" + strings.Join(said, "\n")
		rep.Action = last.Action
	}
	out = s.answer(rep)
	out.Changed, out.Reminded = true, req.Reminder != nil
	out.Offer = out.offerAddressed()
	if rep.Action != nil {
		out.Images = s.pictures(ctx, rep.Action, !req.NoImages, req.Screens, out.Turn)
		out.CatchUp = s.catchUp(req)
	}
	if out.Finished { // the game no longer occupies the channel
		s.m.pictures.drop(s.id)
		s.m.forget(s)
	}
	return out, nil
}

// commit writes what a command did (its action, the seats it handed over,
// the game's end) in one storage.Move and brings the session's own
// bookkeeping up to date. On failure the session is dropped, since its
// table holds what the store does not; a lost race is a *conflict.
func (s *Session) commit(ctx context.Context, req Request, a action.Action, changes []storage.SeatChange) error {
	mv := storage.Move{EventID: req.EventID, Seats: changes}
	if r := req.Reminder; r != nil {
		rem := *r
		rem.Game = s.id
		mv.Reminder = &rem
	}
	now := s.m.opt.Now()
	if a != nil {
		raw, err := json.Marshal(a)
		if err != nil {
			s.drop()
			return fmt.Errorf("encoding the action: %w", err)
		}
		mv.Entries = []storage.Entry{{Seq: s.seq + 1, Action: raw, UserID: req.User.ID, At: now}}
		if s.table.Game.Finished() && !s.wasFinished() {
			mv.Finish = &storage.Finish{Reason: s.table.Game.EndReason(), Result: s.table.Game.Result()}
		}
	}
	wrote := time.Now()
	rec, err := s.m.store.Commit(ctx, s.id, mv)
	s.m.since(StageStore, wrote)
	if err != nil {
		s.drop()
		if errors.Is(err, storage.ErrConflict) {
			return &conflict{seq: s.seq}
		}
		if errors.Is(err, storage.ErrDuplicate) {
			return err
		}
		return fmt.Errorf("storing the move: %w", err)
	}
	s.rec = rec
	if req.EventID != "" {
		if len(s.events) >= storage.RecentEvents {
			clear(s.events)
		}
		s.events[req.EventID] = true
	}
	if len(changes) > 0 {
		s.seatsVer++
	}
	for _, c := range changes {
		for i := range s.seats {
			if s.seats[i].Order == c.Order {
				s.seats[i].UserID, s.seats[i].DisplayName = c.UserID, c.DisplayName
			}
		}
	}
	if a != nil {
		s.seq++
		s.stored.Store(int64(s.seq))
		s.m.wrote(s.id, s.seq)
		s.times = append(s.times, now.UnixMilli())
		s.table.Checkpoint()
		s.m.resize(s, estimate(len(s.table.Log.Actions))+int64(s.table.Checkpoints())*gameBytes)
	}
	return nil
}

// recentEnd reports whether the game is over and the move that ended it
// was written less than tabletop.UndoEndWindow ago.
func (s *Session) recentEnd() bool {
	if !s.table.Game.Finished() {
		return false
	}
	i := s.table.LastMove()
	if i < 0 || i >= len(s.times) {
		return false
	}
	return s.m.opt.Now().Sub(time.UnixMilli(s.times[i])) < tabletop.UndoEndWindow
}

// wasFinished reports whether the stored game is over already.
func (s *Session) wasFinished() bool { return s.rec.Status == storage.Finished }

// drop forgets the session after a failure: the next use reloads it.
func (s *Session) drop() {
	s.gone = true
	s.m.forget(s)
}

// refusal is a refused command's outcome.
func (s *Session) refusal(text string) Outcome {
	return Outcome{Text: text, Refused: true, Seq: s.seq, Title: s.rec.Title}
}

// answer is the outcome of an accepted command, with who acts next.
func (s *Session) answer(rep commands.Reply) Outcome {
	out := Outcome{Text: rep.Text, Seq: s.seq, Title: s.rec.Title, Turn: s.turnNow()}
	out.Finished, out.Next, out.Moves = out.Turn.Finished, out.Turn.Actors, out.Turn.Moves
	return out
}

// alt describes a picture of the game: what it shows and, for the
// pictures with a title strip, the strip's words (round, phase, who acts
// as turn says), so that the header can be read without the picture.
func (s *Session) alt(name string, turn Turn) string {
	switch name {
	case "map.png", "market.png", "table.png", regionPicture, phoneTablePicture:
		return altOf(name) + " · " + render.Header(s.table.Game, turn.Acting())
	}
	return altOf(name)
}

// altOf describes a picture by its file name.
func altOf(name string) string {
	switch name {
	case "map.png":
		return "the map"
	case "market.png":
		return "the stock market"
	case "table.png", phoneTablePicture:
		return "players, companies and trains"
	case regionPicture:
		return "a part of the map"
	}
	return name
}

// seatChanges lists the seats the table now gives to other users than the
// store has.
func seatChanges(stored []storage.Seat, now []commands.Seat, sender User) []storage.SeatChange {
	var out []storage.SeatChange
	for i, st := range now {
		if i >= len(stored) || st.User == stored[i].UserID {
			continue
		}
		name := stored[i].DisplayName
		if st.User == sender.ID && sender.Name != "" {
			name = sender.Name
		}
		out = append(out, storage.SeatChange{Order: stored[i].Order, UserID: st.User, DisplayName: name})
	}
	return out
}

// ActorsOf returns who must act in g, whose legal moves are m: the player
// the game waits for, or the president of the company it waits for, with
// their seats' users.
func ActorsOf(g *engine.Game, m *engine.Moves, seats []storage.Seat) []Actor {
	return actors(g, m, seats)
}

// actors is ActorsOf.
func actors(g *engine.Game, m *engine.Moves, seats []storage.Seat) []Actor {
	for _, mv := range m.Actors {
		if !mv.Waiting {
			continue
		}
		a := Actor{PlayerID: mv.Player}
		if mv.EntityType != action.EntityPlayer {
			a.For, a.Corp = notation.CorpLabel(mv.Name), mv.Name
		}
		if p := g.PlayerByID(a.PlayerID); p != nil {
			a.Name = p.Name
		}
		for _, st := range seats {
			if st.PlayerID == a.PlayerID {
				a.UserID, a.House = st.UserID, tabletop.IsHouse(st.UserID)
				if a.House { // never mentioned
					a.UserID = ""
				}
				if st.DisplayName != "" {
					a.Name = st.DisplayName
				}
			}
		}
		return []Actor{a}
	}
	return nil
}

// Addressed are who a reply to a change speaks to, and whether they are
// asked to answer a request (Turn.Asked) rather than to act (Turn.Actors):
// a request waiting for answers is what the table waits for first.
func (o Outcome) Addressed() (who []Actor, asked bool) {
	if !o.Changed {
		return nil, false
	}
	if len(o.Turn.Asked) > 0 {
		return o.Turn.Asked, true
	}
	if o.Finished {
		return nil, false
	}
	return o.Next, false
}

// offerAddressed are the choices of whom a change's reply addresses.
func (o Outcome) offerAddressed() offers.Offer {
	if _, asked := o.Addressed(); asked {
		return o.Turn.Answers
	}
	return o.Turn.Choices
}

// whoseTurn says whose turn it is, for a reply that offers nothing.
func (t Turn) whoseTurn() string {
	if t.Finished {
		return "The game is over."
	}
	if len(t.Actors) == 0 {
		return ""
	}
	a := t.Actors[0]
	if a.For != "" {
		return fmt.Sprintf("It is %s's turn (for %s).", a.Name, a.For)
	}
	return fmt.Sprintf("It is %s's turn.", a.Name)
}
