package commands

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/render"
)

// Seat is a player's place at a table and the chat user holding it.
type Seat struct {
	Player int    // the player's id in the game (actions' entity)
	Name   string // the player's name in the game
	User   string // platform user id; "" while unclaimed (imported games)
}

// Table is one channel's game as the command layer sees it: the engine game,
// its 18xx.games log (every action ever sent, undos included, as storage
// keeps it) and who sits where.
type Table struct {
	Game  *engine.Game
	Log   *action.GameLog
	Seats []Seat
	// Senders holds, for each action of Log, the user who sent it ("" if
	// imported).
	Senders []string
	Creator string
	// Imported is how many actions of Log came from an 18xx.games import;
	// the engine trusts those as recorded (see engine.Replay) and checks
	// every later one.
	Imported int

	// recorded marks a table replaying a recorded game through chat
	// (ReplayChat): every action is trusted as 18xx.games recorded it, and
	// revenues stated in run commands are taken as given.
	recorded bool
	// stage, when set, hands applied actions to a replay in progress
	// instead of the game (ReplayChat).
	stage func(a action.Action) error
	cache movesCache
	// round marks the round in play, for the digest at its end.
	round *roundMark

	// Rebuild, when set, rebuilds the game after an undo or redo (or a
	// failure) instead of a full replay of the log: a session keeping
	// checkpoints sets it. It must return the same game as engine.Replay
	// of the log, played here after its imported entries.
	Rebuild func(l *action.GameLog, imported int) (*engine.Game, error)
	// Acting is who the headers of the pictures a query draws name as
	// acting: the session's answer (nil reads it from the game).
	Acting *render.Acting
}

// Request is one chat message to a table.
type Request struct {
	User  string // platform user id of the sender
	Admin bool   // the sender is a channel admin
	Text  string
	// Autos are auto actions to attach to the action the text makes; only
	// ReplayChat sets them, from the recorded log.
	Autos []action.Action
	// RecentEnd says the move that ended the game was made less than
	// UndoEndWindow ago, so its mover may undo it alone; the session,
	// which knows when moves were made, sets it.
	RecentEnd bool
}

// Reply is the answer to a request.
type Reply struct {
	Text string
	// OK is false when the request was refused; nothing changed then.
	OK bool
	// Action is the action appended to the log, for the caller to store;
	// nil when the log did not change.
	Action action.Action
	// Next lists the users whose turn it now is, to be mentioned.
	Next []string
	// Image is a picture to post with the text (map, market), if any.
	Image *Image
	// Err is an internal failure (a bug, not a refusal): nothing changed,
	// and the caller logs it and shows a generic message, never its text.
	Err error
}

// Image is a rendered picture.
type Image struct {
	Name string // file name, "map.png"
	Data []byte
}

// refusal is a refused request: what was wrong and what would be legal.
type refusal struct{ msg string }

// Error returns the message.
func (r *refusal) Error() string { return r.msg }

// refuse makes a refusal.
func refuse(format string, args ...any) error {
	return &refusal{msg: fmt.Sprintf(format, args...)}
}

// NewTable starts a new game of title for the seats, in seat order, with the
// setup seed and optional rules.
func NewTable(titleName string, options []string, seed int64, seats []Seat, creator string) (*Table, error) {
	l := &action.GameLog{Title: titleName, Settings: action.Settings{
		Seed: json.RawMessage(strconv.FormatInt(seed, 10)), OptionalRules: options}}
	for _, s := range seats {
		l.Players = append(l.Players, action.Player{ID: s.Player, Name: s.Name})
	}
	t := &Table{Log: l, Seats: append([]Seat(nil), seats...), Creator: creator}
	if err := t.rebuild(); err != nil {
		return nil, err
	}
	return t, nil
}

// ImportTable takes over a game exported from 18xx.games. Its seats are
// unclaimed until players `join` them.
func ImportTable(l *action.GameLog, creator string) (*Table, error) {
	g, err := engine.Replay(l, engine.ReplayOptions{})
	if err != nil {
		return nil, fmt.Errorf("the log does not replay: %w", err)
	}
	t := &Table{Game: g, Log: l, Creator: creator, Imported: len(l.Actions), Senders: make([]string, len(l.Actions))}
	for _, p := range l.Players {
		t.Seats = append(t.Seats, Seat{Player: p.ID, Name: p.Name})
	}
	return t, nil
}

// LoadTable rebuilds a stored table from its log, seats and senders; the
// first imported actions of the log came from an 18xx.games import.
func LoadTable(l *action.GameLog, seats []Seat, senders []string, creator string, imported int) (*Table, error) {
	t := &Table{Log: l, Seats: seats, Senders: senders, Creator: creator, Imported: imported}
	for len(t.Senders) < len(l.Actions) {
		t.Senders = append(t.Senders, "")
	}
	if err := t.rebuild(); err != nil {
		return nil, err
	}
	return t, nil
}

// rebuild replays the log into a fresh game: imported actions trusted as
// 18xx.games recorded them, later ones checked. On error the table keeps
// its game.
func (t *Table) rebuild() error {
	if t.recorded {
		g, err := engine.Replay(t.Log, engine.ReplayOptions{})
		if err != nil {
			return err
		}
		t.Game = g
		return nil
	}
	replay := func(l *action.GameLog, imported int) (*engine.Game, error) {
		return engine.Replay(l, engine.ReplayOptions{Played: true, Imported: imported})
	}
	if t.Rebuild != nil {
		replay = t.Rebuild
	}
	g, err := replay(t.Log, t.Imported)
	if err != nil {
		return err
	}
	t.Game = g
	return nil
}

// seatOf is the seat held by user, or nil.
func (t *Table) seatOf(user string) *Seat {
	if user == "" {
		return nil
	}
	for i := range t.Seats {
		if t.Seats[i].User == user {
			return &t.Seats[i]
		}
	}
	return nil
}

// userOf is the user seated for player p ("" if none).
func (t *Table) userOf(p *engine.Player) string {
	if p == nil {
		return ""
	}
	for _, s := range t.Seats {
		if s.Player == p.ID {
			return s.User
		}
	}
	return ""
}

// Exec runs one chat command from a user and returns the reply. A refused
// command changes nothing.
func (t *Table) Exec(req Request) Reply {
	cmd, err := Parse(req.Text)
	if err != nil {
		return Reply{Text: sentence(err.Error())}
	}
	return t.Do(req, cmd)
}

// Do runs an already parsed command.
func (t *Table) Do(req Request, cmd *Command) (rep Reply) {
	defer func() {
		if r := recover(); r != nil {
			rep = Reply{Err: fmt.Errorf("%s: panic: %v\n%s", cmd.Verb, r, debug.Stack())}
			_ = t.rebuild()
		}
		if !rep.OK {
			rep.Text = sentence(rep.Text)
		}
	}()
	if Runs(cmd.Verb) != RunTable {
		return Reply{Text: fmt.Sprintf("`%s` is answered by the bot, not by the game's table", cmd.Verb)}
	}
	if IsQuery(cmd.Verb) && cmd.Verb != Games {
		return t.query(cmd)
	}
	switch cmd.Verb {
	case Undo:
		return t.undo(req)
	case Redo:
		return t.redo(req)
	case Agree, Refuse:
		if p := t.pendingRequests(); cmd.Verb == Refuse && p.undoBy == "" && len(p.endVotes) > 0 {
			return t.refuseEnd(req)
		}
		return t.answer(req, cmd.Verb == Agree)
	case End:
		return t.end(req, cmd)
	case Kick, Replace, Join, Leave:
		return t.seating(req, cmd)
	case Games:
		return t.games(req)
	case New, Start, Import:
		return Reply{Text: fmt.Sprintf("this channel already has a %s game; `%s` is for a channel without one", t.Log.Title, cmd.Verb)}
	}
	if t.Game.Finished() {
		return Reply{Text: "the game is over; " + t.standings()}
	}
	seat := t.seatOf(req.User)
	if seat == nil {
		return Reply{Text: "you are not playing in this game; anyone may ask `status`, `map`, `company X` and so on"}
	}
	if partial(cmd) {
		return t.narrow(seat, cmd)
	}
	a, err := t.build(seat, cmd, req)
	if err != nil {
		return Reply{Text: err.Error()}
	}
	if why := t.preRefusal(a); why != "" {
		return Reply{Text: why}
	}
	if !cmd.Confirm && !t.recorded && t.stage == nil {
		if why, _ := t.confirmation(a); why != "" {
			return Reply{Text: why}
		}
	}
	return t.apply(req, a)
}

// games tells the user whether they play here and whether it is their turn
// (the bot lists games across channels itself).
func (t *Table) games(req Request) Reply {
	seat := t.seatOf(req.User)
	if seat == nil {
		return Reply{OK: true, Text: "You do not play in this channel's " + t.Log.Title + " game."}
	}
	text := fmt.Sprintf("You play %s in this channel's %s game", seat.Name, t.Log.Title)
	if _, user := t.whoActs(); user == req.User && !t.Game.Finished() {
		text += "; it is your turn"
	}
	return Reply{OK: true, Text: text + "."}
}

// apply applies a built action and appends it to the log.
func (t *Table) apply(req Request, a action.Action) Reply {
	env := a.Env()
	env.Type = action.TypeName(a)
	env.ID = t.nextID()
	if len(req.Autos) > 0 {
		env.AutoActions = req.Autos
	}
	if t.stage != nil {
		if err := t.stage(a); err != nil {
			return engineReply(err)
		}
		t.record(req.User, a)
		return Reply{OK: true, Text: t.confirm(a), Action: a}
	}
	round := t.roundBefore()
	was := t.beforeMove(round)
	if err := t.Game.Apply(a); err != nil {
		return engineReply(err)
	}
	t.record(req.User, a)
	text := t.said(a)
	if words, ok := t.programWords(a); ok {
		text = words
	}
	if notes := t.programNotes(a); notes != "" {
		text += " " + notes
	}
	// What the move did beyond itself goes under it, one line each.
	under := t.consequences(was, a)
	digest := t.roundAfter(round)
	if digest != "" {
		under = append(under, digest)
	}
	if skipped := t.mergerSkipped(was, a); skipped != "" {
		under = append(under, skipped)
	}
	rep := t.nextReply(text)
	if len(under) > 0 {
		// The consequences and the digest go between the move and who acts next.
		rep.Text = text + "\n" + strings.Join(under, "\n") + "\n" + strings.TrimPrefix(rep.Text[len(text):], " ")
	}
	rep.Action = a
	return rep
}

// record appends an applied action to the log.
func (t *Table) record(user string, a action.Action) {
	t.Log.Actions = append(t.Log.Actions, a)
	t.Senders = append(t.Senders, user)
}

// nextID is the id of the next action (ids run 1, 2, 3 over the whole log).
func (t *Table) nextID() int {
	id := 0
	for _, a := range t.Log.Actions {
		id = max(id, a.Env().ID)
	}
	return id + 1
}

// engineReply answers an engine error: a refusal of the rules is shown to
// the player; anything else is internal (Reply.Err), which the caller logs
// and never shows.
func engineReply(err error) Reply {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return Reply{Text: engineRefusal(err)}
	}
	return Reply{Err: fmt.Errorf("engine: %w", err)}
}

// engineRefusal is the player-readable text of an engine error; one that is
// not a refusal of the rules says only that something went wrong.
func engineRefusal(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return capitalize(humanRefusal(re.Msg)) + "."
	}
	return internalErrorText
}

// internalErrorText is what a player sees of an internal error.
const internalErrorText = "Sorry, an internal error stopped that move; nothing changed."

// sentence makes a reply a sentence: a capital first and a full stop last.
func sentence(s string) string {
	s = capitalize(strings.TrimSpace(s))
	if s != "" && !strings.ContainsAny(s[len(s)-1:], ".?!") {
		s += "."
	}
	return s
}

// capitalize gives the first letter its title case: a whole rune, so that
// "émile" is "Émile"; letters of scripts without case stay as they are.
func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || r == utf8.RuneError {
		return s
	}
	t := unicode.ToTitle(r)
	if t == r {
		return s
	}
	return string(t) + s[n:]
}

// nextReply finishes a successful reply with who acts next.
func (t *Table) nextReply(text string) Reply {
	rep := Reply{OK: true}
	g := t.Game
	if g.Finished() {
		rep.Text = text + " The game is over: " + t.standings()
		return rep
	}
	who, user := t.whoActs()
	rep.Text = text + " Next: " + who + "."
	if user != "" {
		rep.Next = []string{user}
	}
	return rep
}

// whoActs names the entity whose turn it is and its user.
func (t *Table) whoActs() (string, string) {
	e := waitingEntity(t)
	if e == nil {
		e = currentEntity(t.Game)
	}
	if e == nil {
		return "nobody", ""
	}
	p := controller(t.Game, e)
	label := entityLabel(e)
	if p != nil && any(p) != e {
		label += " (" + p.Name + ")"
	}
	return label, t.userOf(p)
}

// standings lists the players by value.
func (t *Table) standings() string {
	g := t.Game
	type row struct {
		name  string
		value int
	}
	var rows []row
	for _, p := range g.Players {
		rows = append(rows, row{p.Name, g.PlayerValue(p)})
	}
	for i := 1; i < len(rows); i++ {
		for j := i; j > 0 && rows[j].value > rows[j-1].value; j-- {
			rows[j], rows[j-1] = rows[j-1], rows[j]
		}
	}
	parts := make([]string, len(rows))
	for i, r := range rows {
		parts[i] = fmt.Sprintf("%s %s", r.name, engine.Money(r.value))
	}
	reason := g.EndReason()
	if reason != "" {
		reason = " (" + strings.ReplaceAll(reason, "_", " ") + ")"
	}
	return strings.Join(parts, ", ") + reason + "."
}
