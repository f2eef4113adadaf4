package session

import (
	"maps"
	"slices"
	"time"

	"pbc/engine"
	"pbc/render"
	"pbc/storage"
)

// CatchUp is what others did between a player's previous action and their
// move: the states before and after, for a summary and a map of what
// changed. The games are the caller's own.
type CatchUp struct {
	From, To      int // log positions: after the previous action, before the move
	Before, After *engine.Game
	Moves         int      // the entries others sent between them
	Movers        []string // who sent them, by seat name, sorted
	// Acting is who acts in After, for the headers of its pictures.
	Acting *render.Acting
}

// catchUp is the catch-up due with a move just committed (Request.
// CatchupAfter), or nil; the caller holds s.mu. It is worked out from the
// same open as the move, from the session's checkpoints.
func (s *Session) catchUp(req Request) *CatchUp {
	if req.CatchupAfter <= 0 || s.table == nil {
		return nil
	}
	senders, seq := s.table.Senders, s.seq
	if seq > len(senders) || seq > len(s.times) {
		return nil
	}
	prev, others := -1, 0
	for i := 0; i < seq-1; i++ {
		if senders[i] == req.User.ID {
			prev, others = i+1, 0
		} else {
			others++
		}
	}
	if prev < 0 || others == 0 || s.m.opt.Now().Sub(time.UnixMilli(s.times[prev-1])) < req.CatchupAfter {
		return nil
	}
	before, err := s.stateAt(prev)
	if err != nil {
		s.m.log.Error("catch-up not worked out", "game", s.id, "err", err)
		return nil
	}
	after, err := s.stateAt(seq - 1)
	if err != nil {
		s.m.log.Error("catch-up not worked out", "game", s.id, "err", err)
		return nil
	}
	c := &CatchUp{From: prev, To: seq - 1, Before: before, After: after,
		Acting: Turn{Actors: actors(after, after.Moves(), s.seats)}.Acting()}
	movers := map[string]bool{}
	for _, u := range senders[prev : seq-1] {
		if u != req.User.ID {
			c.Moves++
			movers[SeatName(s.seats, u)] = true
		}
	}
	c.Movers = slices.Sorted(maps.Keys(movers))
	return c
}

// stateAt rebuilds the game after its first n log entries from the nearest
// checkpoint; the caller holds s.mu and owns the game returned.
func (s *Session) stateAt(n int) (*engine.Game, error) {
	t := s.table
	if t == nil {
		return nil, s.broken
	}
	l := *t.Log
	l.Actions = t.Log.Actions[:min(max(n, 0), len(t.Log.Actions))]
	return t.StateAt(&l, min(t.Imported, len(l.Actions)))
}

// SeatName is the display name of the seat a user holds: "an import" for
// imported entries, "someone" for a user who holds no seat now.
func SeatName(seats []storage.Seat, user string) string {
	for _, s := range seats {
		if s.UserID == user && s.DisplayName != "" {
			return s.DisplayName
		}
	}
	if user == "" {
		return "an import"
	}
	return "someone"
}
