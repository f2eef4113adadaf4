package session

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/storage"
)

// A game whose log no longer loads (a damaged row, or an engine change that
// tightened a rule the stored game used) keeps its channel usable: every
// command is answered with what went wrong and the ways out, which the
// game's creator or an admin can take: `export` the log as a file, `undo`
// (drop) the last entries until it loads, or `end` the game so that `new`
// works again.

// locate names the entry a replay error comes from when the error does not
// (an undo or redo that no longer resolves): the first entry whose log up
// to it no longer resolves, as an *engine.ReplayError.
func locate(l *action.GameLog, err error) error {
	var replay *engine.ReplayError
	var corrupt *storage.CorruptError
	if l == nil || errors.As(err, &replay) || errors.As(err, &corrupt) {
		return err
	}
	full, e := action.Effective(l.Actions)
	if e == nil || full != nil {
		return err
	}
	// A prefix that fails makes every longer one fail: the first failing
	// one is found by halving.
	lo, hi := 1, len(l.Actions) // the prefix of hi entries fails
	for lo < hi {
		mid := (lo + hi) / 2
		if _, e := action.Effective(l.Actions[:mid]); e != nil {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	_, e = action.Effective(l.Actions[:hi])
	typ := "?"
	if a := l.Actions[hi-1]; a != nil {
		typ = a.Env().Type
	}
	reason := e.Error()
	if rest, ok := strings.CutPrefix(reason, "action "); ok {
		if _, r, ok := strings.Cut(rest, "): "); ok {
			reason = r // the position is said as the entry's
		}
	}
	return &engine.ReplayError{Index: hi - 1, Type: typ, Reason: errors.New(reason)}
}

// brokenSession is the session of a game that does not load.
func (m *Manager) brokenSession(sg storage.Game, why error) *Session {
	m.log.Error("game does not load", "game", sg.ID, "channel", sg.Channel.ID, "err", why)
	return &Session{m: m, id: sg.ID, rec: sg, broken: why, size: 4 << 10}
}

// Broken returns why the game's log does not load, or nil.
func (s *Session) Broken() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.broken
}

// brokenExec answers a command at a game that does not load.
func (s *Session) brokenExec(ctx context.Context, req Request) (Outcome, error) {
	words := strings.Fields(strings.ToLower(req.Text))
	var verb notation.Verb
	if len(words) > 0 {
		verb = notation.VerbOf(words[0])
	}
	boss := req.User.Admin || (req.User.ID != "" && req.User.ID == s.rec.Creator)
	rows, err := s.m.store.Rows(ctx, s.id, 0)
	if err != nil {
		return Outcome{}, err
	}
	switch verb {
	case notation.Export, notation.Undo, notation.End:
		if !boss {
			return s.refusal(s.brokenText(len(rows)) + " Only the game's creator or an admin may do that."), nil
		}
	default:
		return s.refusal(s.brokenText(len(rows))), nil
	}
	switch verb {
	case notation.Export:
		data, err := s.rawExport(ctx, rows)
		if err != nil {
			return Outcome{}, err
		}
		return Outcome{Text: fmt.Sprintf("The log of game %d as stored (%d entries).", s.id, len(rows)), Seq: len(rows),
			Title: s.rec.Title, Files: []File{{Name: fmt.Sprintf("game-%d.json", s.id), Type: "application/json", Data: data}}}, nil
	case notation.Undo:
		if len(rows) == 0 {
			return s.refusal(s.brokenText(0) + " Its log has no entries to drop."), nil
		}
		n := 1
		if len(words) > 1 {
			if n, err = strconv.Atoi(words[1]); err != nil || n < 1 || n > len(rows) {
				return s.refusal(fmt.Sprintf("`undo N` drops the last N entries of the log; N is a number from 1 to %d.", len(rows))), nil
			}
		}
		if _, err := s.m.store.Truncate(ctx, s.id, len(rows)-n, req.User.ID); err != nil {
			return Outcome{}, err
		}
		s.drop()
		s.m.log.Warn("log entries dropped to repair a game", "game", s.id, "dropped", n, "by", req.User.ID)
		fresh, err := s.m.Open(ctx, s.id)
		if err != nil {
			return Outcome{}, err
		}
		text := fmt.Sprintf("Dropped the last %d %s of the log (kept aside in storage).", n, plural(n, "entry", "entries"))
		if fresh.Broken() != nil {
			return Outcome{Text: text + " " + fresh.brokenText(len(rows)-n), Changed: true, Seq: len(rows) - n, Title: s.rec.Title}, nil
		}
		fresh.mu.Lock()
		defer fresh.mu.Unlock()
		out := fresh.answer(fresh.table.Exec(engineStatus(req)))
		out.Text = text + " The game loads again:\n" + out.Text
		out.Changed = true
		return out, nil
	default: // end
		if _, err := s.m.store.SetStatus(ctx, s.id, storage.Abandoned); err != nil {
			return Outcome{}, err
		}
		s.drop()
		return Outcome{Text: fmt.Sprintf("The %s game here is ended (abandoned); its log stays in storage. `new` starts another.", s.rec.Title),
			Changed: true, Finished: true, Seq: len(rows), Title: s.rec.Title}, nil
	}
}

// brokenText says what is wrong and what can be done.
func (s *Session) brokenText(rows int) string {
	why := "its log cannot be read"
	hint := "`undo` drops the last entry, `undo 3` the last three"
	var corrupt *storage.CorruptError
	var replay *engine.ReplayError
	switch {
	case errors.As(s.broken, &corrupt) && corrupt.Seq > 0:
		why = fmt.Sprintf("entry %d of its log is damaged (%s)", corrupt.Seq, clip(corrupt.Reason, 80))
		if n := rows - corrupt.Seq + 1; n > 0 {
			hint = fmt.Sprintf("`undo %d` drops the log from that entry on", n)
		}
	case errors.As(s.broken, &replay):
		why = fmt.Sprintf("entry %d of its log (%s) no longer plays under the current rules: %s",
			replay.Index+1, replay.Type, clip(replay.Reason.Error(), 120))
		if n := rows - replay.Index; n > 0 {
			hint = fmt.Sprintf("`undo %d` drops the log from that entry on", n)
		}
	}
	return fmt.Sprintf("The %s game in this channel (game %d) cannot be loaded: %s. Nothing can be played until it is repaired. "+
		"The game's creator or an admin can `export` the log as a file; %s; or `end` the game, after which `new` starts another.",
		s.rec.Title, s.id, why, hint)
}

// rawExport writes the stored log as an 18xx.games game: the header from
// the game record and seats, then every row as stored (a row that is not
// JSON at all as a string, so nothing is lost).
func (s *Session) rawExport(ctx context.Context, rows []storage.Entry) ([]byte, error) {
	seats, err := s.m.store.Seats(ctx, s.id)
	if err != nil {
		return nil, err
	}
	type player struct {
		ID   int    `json:"id"`
		Name string `json:"name"`
	}
	doc := struct {
		ID       storage.GameID `json:"id"`
		Title    string         `json:"title"`
		Players  []player       `json:"players"`
		Settings struct {
			Seed          int64    `json:"seed"`
			OptionalRules []string `json:"optional_rules"`
		} `json:"settings"`
		Actions []json.RawMessage `json:"actions"`
	}{ID: s.id, Title: s.rec.Title, Actions: []json.RawMessage{}}
	doc.Settings.Seed, doc.Settings.OptionalRules = s.rec.Seed, s.rec.Options
	if doc.Settings.OptionalRules == nil {
		doc.Settings.OptionalRules = []string{}
	}
	for _, st := range seats {
		doc.Players = append(doc.Players, player{ID: st.PlayerID, Name: st.DisplayName})
	}
	for _, r := range rows {
		if json.Valid(r.Action) {
			doc.Actions = append(doc.Actions, bytes.Clone(r.Action))
			continue
		}
		q, _ := json.Marshal(string(r.Action))
		doc.Actions = append(doc.Actions, q)
	}
	return json.Marshal(doc)
}

// clip shortens s to at most n bytes.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
