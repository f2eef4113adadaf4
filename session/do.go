package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/session/tabletop"
	"pbc/storage"
)

// maxAttempts bounds how often a command is tried again after its session
// had to be reopened.
const maxAttempts = 4

// Do runs req at active game id. Callers drop a second delivery of the same
// platform event with Seen first; the store refuses a second move with the
// same event id even so (Outcome.Duplicate). When another writer appended to
// the game first, the session reloads; the command is run again only if
// what was appended cannot change its meaning (chat notes such as undo
// requests and end votes) and it was typed, not a choice offered at the old
// position: otherwise it is refused, saying what happened meanwhile.
func (m *Manager) Do(ctx context.Context, id storage.GameID, req Request) (Outcome, error) {
	for range maxAttempts {
		s, err := m.Open(ctx, id)
		if err != nil {
			return Outcome{}, err
		}
		due, err := s.dueHouse(ctx, req)
		if err != nil {
			return Outcome{}, err
		}
		out, err := s.Exec(ctx, req)
		if len(due) > 0 && err == nil && !out.Duplicate {
			out.Text = strings.Join(due, "\n") + "\n" + out.Text
			out.Changed = out.Changed || !out.Refused
		}
		out.Game, out.Active = id, !out.Finished
		var c *conflict
		switch {
		case errors.As(err, &c):
			s, err := m.Open(ctx, id)
			if err != nil {
				return Outcome{}, err
			}
			if moved := s.movedSince(c.seq); moved != "" || req.At > 0 {
				out := s.movedOn(moved)
				out.Game, out.Active = id, !out.Finished
				return out, nil
			}
			m.log.Info("append lost a race to a chat note; running the command again", "game", id)
		case errors.Is(err, errReopen):
		default:
			return out, err
		}
	}
	return Outcome{}, fmt.Errorf("game %d: still conflicting after %d attempts", id, maxAttempts)
}

// movedSince describes the game actions appended after log position seq,
// "" if there are none (only chat notes, or nothing).
func (s *Session) movedSince(seq int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.broken != nil || s.table == nil {
		return "the game changed"
	}
	var moves []string
	for _, a := range s.table.Log.Actions[min(seq, len(s.table.Log.Actions)):] {
		if _, ok := a.(*action.Message); !ok {
			moves = append(moves, action.TypeName(a))
		}
	}
	if len(moves) == 0 {
		return ""
	}
	return fmt.Sprintf("%d %s", len(moves), plural(len(moves), "move", "moves"))
}

// movedOn refuses a command that lost a race: the game moved on while it
// was on its way.
func (s *Session) movedOn(moved string) Outcome {
	s.mu.Lock()
	defer s.mu.Unlock()
	if moved == "" {
		moved = "another command"
	}
	text := "That choice is no longer current: " + moved + " came in first, so yours was not applied."
	if s.table != nil {
		rep := s.table.Exec(commands.Request{Text: string(notation.Status)})
		out := s.answer(rep)
		out.Text = text + " Send it again if you still want it.\n" + rep.Text
		out.Refused, out.Stale = true, true
		return out
	}
	out := s.refusal(text)
	out.Stale = true
	return out
}

// engineStatus is a status query as user.
func engineStatus(req Request) commands.Request {
	return commands.Request{User: req.User.ID, Admin: req.User.Admin, Text: string(notation.Status)}
}

// View is read access to a session's game, valid only inside the function
// given to Session.View.
type View struct {
	s *Session
}

// View runs f with the session's game; f must not keep what it reads
// (other than copies) nor change it.
func (s *Session) View(f func(v View) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gone {
		return errReopen
	}
	return f(View{s: s})
}

// Broken returns why the game does not load, or nil.
func (v View) Broken() error { return v.s.broken }

// Game is the engine state now (nil when broken).
func (v View) Game() *engine.Game {
	if v.s.table == nil {
		return nil
	}
	return v.s.table.Game
}

// Table is the command layer's table (nil when broken).
func (v View) Table() *tabletop.Table { return v.s.table }

// Record is the stored game record.
func (v View) Record() storage.Game { return v.s.rec }

// Seats are the current seats.
func (v View) Seats() []storage.Seat { return v.s.seats }

// Seq is the number of log entries.
func (v View) Seq() int { return v.s.seq }

// Senders are the users who sent each log entry ("" for imported ones).
func (v View) Senders() []string {
	if v.s.table == nil {
		return nil
	}
	return v.s.table.Senders
}

// Times are when each log entry was written, in Unix milliseconds.
func (v View) Times() []int64 { return v.s.times }

// Actors are who must act now.
func (v View) Actors() []Actor {
	return v.s.turnNow().Actors
}

// Turn is who must act now and what each may do.
func (v View) Turn() Turn { return v.s.turnNow() }

// Moves are the legal moves now (nil when broken or finished).
func (v View) Moves() *engine.Moves {
	if v.s.table == nil || v.s.table.Game.Finished() {
		return nil
	}
	return v.s.table.Moves()
}

// StateAt rebuilds the game after its first n log entries, from the nearest
// checkpoint; the game returned is the caller's own.
func (v View) StateAt(n int) (*engine.Game, error) {
	return v.s.stateAt(n)
}

// export writes the game's log as an 18xx.games JSON file.
func (s *Session) export(ctx context.Context) (File, error) {
	var b bytes.Buffer
	if err := s.m.store.Export(ctx, s.id, &b); err != nil {
		return File{}, err
	}
	name := strings.NewReplacer(" ", "-").Replace(s.rec.Title)
	return File{Name: fmt.Sprintf("%s-game-%d.json", name, s.id), Type: "application/json", Data: b.Bytes()}, nil
}
