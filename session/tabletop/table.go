package tabletop

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/commands/offers"
	"pbc/commands/resolve"
	"pbc/commands/views"
	"pbc/engine"
	"pbc/engine/action"
)

// Table is one channel's game as the command layer sees it: the engine game,
// its 18xx.games log (every action ever sent, undos included, as storage
// keeps it) and who sits where.
type Table struct {
	commands.Position
	// Senders holds, for each action of Log, the user who sent it ("" if
	// imported).
	Senders []string
	Creator string
	// Imported is how many actions of Log came from an 18xx.games import;
	// the engine trusts those as recorded (see engine.Replay) and checks
	// every later one.
	Imported int

	// stage, when set, hands applied actions to a replay in progress
	// instead of the game (ReplayChat).
	stage func(a action.Action) error
	// round marks the round in play, for the digest at its end.
	round *roundMark

	// hist keeps copies of earlier states, so that an undo or a redo
	// rebuilds from the nearest instead of replaying the whole log.
	hist history
}

// NewTable starts a new game of title for the seats, in seat order, with the
// setup seed and optional rules.
func NewTable(titleName string, options []string, seed int64, seats []commands.Seat, creator string) (*Table, error) {
	l := &action.GameLog{Title: titleName, Settings: action.Settings{
		Seed: json.RawMessage(strconv.FormatInt(seed, 10)), OptionalRules: options}}
	for _, s := range seats {
		l.Players = append(l.Players, action.Player{ID: s.Player, Name: s.Name})
	}
	t := &Table{Position: commands.Position{Log: l, Seats: append([]commands.Seat(nil), seats...)}, Creator: creator}
	if err := t.load(); err != nil {
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
	t := &Table{Position: commands.Position{Game: g, Log: l}, Creator: creator, Imported: len(l.Actions), Senders: make([]string, len(l.Actions))}
	for _, p := range l.Players {
		t.Seats = append(t.Seats, commands.Seat{Player: p.ID, Name: p.Name})
	}
	return t, nil
}

// LoadTable rebuilds a stored table from its log, seats and senders; the
// first imported actions of the log came from an 18xx.games import.
func LoadTable(l *action.GameLog, seats []commands.Seat, senders []string, creator string, imported int) (*Table, error) {
	t := &Table{Position: commands.Position{Log: l, Seats: seats}, Senders: senders, Creator: creator, Imported: imported}
	for len(t.Senders) < len(l.Actions) {
		t.Senders = append(t.Senders, "")
	}
	if err := t.load(); err != nil {
		return nil, err
	}
	return t, nil
}

// load replays the log of a table just made: imported actions trusted as
// 18xx.games recorded them, later ones checked. It keeps no checkpoint: a
// table that never undoes costs one game.
func (t *Table) load() error {
	g, err := engine.Replay(t.Log, engine.ReplayOptions{Played: true, Imported: t.Imported})
	if err != nil {
		return err
	}
	t.Game = g
	return nil
}

// rebuild replays the log into a fresh game after an undo, a redo or a
// failure, from the table's nearest checkpoint (the first turns them on);
// a recorded game replays as 18xx.games recorded it. On error the table
// keeps its game.
func (t *Table) rebuild() error {
	if t.Recorded {
		g, err := engine.Replay(t.Log, engine.ReplayOptions{})
		if err != nil {
			return err
		}
		t.Game = g
		return nil
	}
	g, err := t.hist.rebuild(t.Log, t.Imported)
	if err != nil {
		return err
	}
	t.Game = g
	return nil
}

// Exec runs one chat command from a user and returns the reply. A refused
// command changes nothing.
func (t *Table) Exec(req commands.Request) commands.Reply {
	cmd, err := notation.Parse(req.Text)
	if err != nil {
		return commands.Reply{Text: notation.Sentence(err.Error())}
	}
	return t.Do(req, cmd)
}

// Do runs an already parsed command.
func (t *Table) Do(req commands.Request, cmd *notation.Command) (rep commands.Reply) {
	defer func() {
		if r := recover(); r != nil {
			rep = commands.Reply{Err: fmt.Errorf("%s: panic: %v\n%s", cmd.Verb, r, debug.Stack())}
			_ = t.rebuild()
		}
		if !rep.OK {
			rep.Text = notation.Sentence(rep.Text)
		}
	}()
	if notation.Runs(cmd.Verb) != notation.RunTable {
		return commands.Reply{Text: fmt.Sprintf("`%s` is answered by the bot, not by the game's table", cmd.Verb)}
	}
	if notation.IsQuery(cmd.Verb) && cmd.Verb != notation.Games {
		return views.Query(&t.Position, cmd)
	}
	switch cmd.Verb {
	case notation.Undo:
		return t.undo(req)
	case notation.Redo:
		return t.redo(req)
	case notation.Agree, notation.Refuse:
		if p := t.pendingRequests(); cmd.Verb == notation.Refuse && p.undoBy == "" && len(p.endVotes) > 0 {
			return t.refuseEnd(req)
		}
		return t.answer(req, cmd.Verb == notation.Agree)
	case notation.End:
		return t.end(req, cmd)
	case notation.Kick, notation.Replace, notation.Join, notation.Leave:
		return t.seating(req, cmd)
	case notation.Games:
		return t.games(req)
	case notation.New, notation.Start, notation.Import:
		return commands.Reply{Text: fmt.Sprintf("this channel already has a %s game; `%s` is for a channel without one", t.Log.Title, cmd.Verb)}
	}
	if t.Game.Finished() {
		return commands.Reply{Text: "the game is over; " + t.Standings()}
	}
	seat := t.SeatOf(req.User)
	if seat == nil {
		return commands.Reply{Text: "you are not playing in this game; anyone may ask `status`, `map`, `company X` and so on"}
	}
	if notation.Partial(cmd) {
		return t.narrow(seat, cmd)
	}
	a, err := resolve.Build(&t.Position, seat, cmd, req)
	if err != nil {
		return commands.Reply{Text: err.Error()}
	}
	if t.stage == nil {
		if why := resolve.PreRefusal(&t.Position, a); why != "" {
			return commands.Reply{Text: why}
		}
	}
	if !cmd.Confirm && !t.Recorded && t.stage == nil {
		if why, _ := t.confirmation(a); why != "" {
			return commands.Reply{Text: why}
		}
	}
	return t.apply(req, a)
}

// games tells the user whether they play here and whether it is their turn
// (the bot lists games across channels itself).
func (t *Table) games(req commands.Request) commands.Reply {
	seat := t.SeatOf(req.User)
	if seat == nil {
		return commands.Reply{OK: true, Text: "You do not play in this channel's " + t.Log.Title + " game."}
	}
	text := fmt.Sprintf("You play %s in this channel's %s game", seat.Name, t.Log.Title)
	if _, user := t.WhoActs(); user == req.User && !t.Game.Finished() {
		text += "; it is your turn"
	}
	return commands.Reply{OK: true, Text: text + "."}
}

// apply applies a built action and appends it to the log.
func (t *Table) apply(req commands.Request, a action.Action) commands.Reply {
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
		return commands.Reply{OK: true, Text: offers.Confirm(&t.Position, a), Action: a}
	}
	round := t.roundBefore()
	was := views.BeforeMove(&t.Position, round)
	if err := t.Game.Apply(a); err != nil {
		return engineReply(err)
	}
	t.record(req.User, a)
	text := offers.Said(&t.Position, a)
	if words, ok := offers.ProgramWords(&t.Position, a); ok {
		text = words
	}
	if notes := offers.ProgramNotes(&t.Position, a); notes != "" {
		text += " " + notes
	}
	// What the move did beyond itself goes under it, one line each.
	under := views.Consequences(&t.Position, was, a)
	digest := t.roundAfter(round)
	if digest != "" {
		under = append(under, digest)
	}
	if skipped := views.MergerSkipped(&t.Position, was, a); skipped != "" {
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
func engineReply(err error) commands.Reply {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return commands.Reply{Text: engineRefusal(err)}
	}
	return commands.Reply{Err: fmt.Errorf("engine: %w", err)}
}

// engineRefusal is the player-readable text of an engine error; one that is
// not a refusal of the rules says only that something went wrong.
func engineRefusal(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return notation.Capitalize(offers.HumanRefusal(re.Msg)) + "."
	}
	return internalErrorText
}

// internalErrorText is what a player sees of an internal error.
const internalErrorText = "Sorry, an internal error stopped that move; nothing changed."

// nextReply finishes a successful reply with who acts next.
func (t *Table) nextReply(text string) commands.Reply {
	rep := commands.Reply{OK: true}
	g := t.Game
	if g.Finished() {
		rep.Text = text + " The game is over: " + t.Standings()
		return rep
	}
	who, user := t.WhoActs()
	rep.Text = text + " Next: " + who + "."
	if user != "" {
		rep.Next = []string{user}
	}
	return rep
}
