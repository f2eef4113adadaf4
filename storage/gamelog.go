package storage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"

	"pbc/engine/action"
)

// DecodeEntry decodes a stored action row of game id; a row that is not a
// valid 18xx.games action is reported as a *CorruptError naming its seq.
func DecodeEntry(id GameID, e Entry) (action.Action, error) {
	bad := func(format string, args ...any) error {
		return &CorruptError{Game: id, Seq: e.Seq, Reason: fmt.Sprintf(format, args...)}
	}
	switch {
	case len(bytes.TrimSpace(e.Action)) == 0:
		return nil, bad("empty action")
	case !utf8.Valid(e.Action): // the JSON decoder would quietly replace bad bytes
		return nil, bad("action is not UTF-8 text")
	}
	a, err := action.Decode(e.Action)
	if err == nil {
		return a, nil
	}
	// The decoder rejects bad JSON itself: a second pass over every good row,
	// only to word the error more plainly, is a share of every load.
	if !json.Valid(e.Action) {
		return nil, bad("action is not valid JSON: %.60q", e.Action)
	}
	return nil, bad("%v", err)
}

// DecodeEntries decodes game id's log rows, which must be numbered 1, 2, 3...
// in order, on all CPUs. The first bad or missing row is reported as a
// *CorruptError.
func DecodeEntries(id GameID, entries []Entry) ([]action.Action, error) {
	d := NewLogDecoder(id)
	for _, e := range entries {
		d.Add(e)
	}
	_, actions, err := d.Finish()
	return actions, err
}

// CheckAction validates an action's JSON before it is stored and returns it
// compacted; it fails with ErrInvalid.
func CheckAction(raw json.RawMessage) (json.RawMessage, error) {
	if _, err := DecodeEntry(0, Entry{Seq: 1, Action: raw}); err != nil {
		return nil, fmt.Errorf("%w: %s", ErrInvalid, err.(*CorruptError).Reason)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	return buf.Bytes(), nil
}

// ImportPlan is what an implementation writes, in one transaction, to import
// an 18xx.games log: the game, its seats, its actions and the log's header.
type ImportPlan struct {
	Game    Game
	Seats   []Seat
	Entries []Entry
	// Header is the log without its actions, kept so that Export can write
	// back the fields pbc does not model.
	Header json.RawMessage
}

// PlanImport prepares the import of log l into channel ch by creator at time
// now. The game is active, or finished with the log's result when the log
// has a game end reason; seats are unclaimed and named as in the log.
func PlanImport(ch Channel, creator string, l *action.GameLog, now time.Time) (*ImportPlan, error) {
	if !ch.Platform.Valid() || ch.ID == "" {
		return nil, fmt.Errorf("%w: channel %+v", ErrInvalid, ch)
	}
	if l.Title == "" {
		return nil, fmt.Errorf("%w: the log has no title", ErrInvalid)
	}
	g := Game{
		Channel:   ch,
		Title:     l.Title,
		Options:   l.Settings.OptionalRules,
		Seed:      l.Seed(),
		Status:    Active,
		Creator:   creator,
		Imported:  true,
		CreatedAt: now,
		UpdatedAt: now,
	}
	if l.GameEndReason != "" {
		g.Status, g.Result, g.EndReason, g.EndedAt = Finished, l.Result, l.GameEndReason, now
	}
	p := &ImportPlan{Game: g}
	seen := map[int]bool{}
	for i, pl := range l.Players {
		if seen[pl.ID] {
			return nil, fmt.Errorf("%w: player id %d appears twice", ErrInvalid, pl.ID)
		}
		seen[pl.ID] = true
		p.Seats = append(p.Seats, Seat{Order: i, PlayerID: pl.ID, DisplayName: pl.Name, Since: now})
	}
	for i, a := range l.Actions {
		raw, err := json.Marshal(a)
		if err != nil {
			return nil, fmt.Errorf("%w: action %d: %v", ErrInvalid, i+1, err)
		}
		at := now
		if n, err := strconv.ParseInt(string(a.Env().CreatedAt), 10, 64); err == nil {
			at = time.Unix(n, 0)
		}
		p.Entries = append(p.Entries, Entry{Seq: i + 1, Action: raw, At: at})
	}
	header := *l
	header.Actions = nil
	b, err := header.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	p.Header = b
	return p, nil
}

// volatile are the header fields of an imported log that describe its state
// when exported; they are dropped once the game has moved on.
var volatile = []string{"status", "turn", "round", "acting", "loaded", "updated_at", "finished_at", "manually_ended"}

// BuildLog assembles game g as an 18xx.games log from its current seats, its
// decoded actions and, for an imported game, the imported header and the
// number of actions the import brought. Players are named by their seats.
func BuildLog(g Game, seats []Seat, actions []action.Action, header json.RawMessage, imported int) (*action.GameLog, error) {
	l := new(action.GameLog)
	if len(header) > 0 {
		if err := l.UnmarshalJSON(header); err != nil {
			return nil, &CorruptError{Game: g.ID, Reason: fmt.Sprintf("import header: %v", err)}
		}
		if len(actions) != imported || g.Status != statusOf(l) {
			for _, k := range volatile {
				delete(l.Extra, k)
			}
		}
	} else {
		if err := l.ID.UnmarshalJSON([]byte(strconv.FormatInt(int64(g.ID), 10))); err != nil {
			return nil, err
		}
		l.Settings.Seed = json.RawMessage(strconv.FormatInt(g.Seed, 10))
		l.Settings.OptionalRules = g.Options
		if l.Settings.OptionalRules == nil {
			l.Settings.OptionalRules = []string{}
		}
	}
	l.Title = g.Title
	byID := map[int]action.Player{}
	for _, p := range l.Players {
		byID[p.ID] = p
	}
	l.Players = l.Players[:0]
	for _, s := range seats {
		p := byID[s.PlayerID]
		p.ID, p.Name = s.PlayerID, s.DisplayName
		l.Players = append(l.Players, p)
	}
	l.Actions = actions
	if l.Actions == nil {
		l.Actions = []action.Action{}
	}
	l.Result, l.GameEndReason = g.Result, g.EndReason
	return l, nil
}

// statusOf is the status an imported log was in.
func statusOf(l *action.GameLog) Status {
	if l.GameEndReason != "" {
		return Finished
	}
	return Active
}
