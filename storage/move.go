package storage

import (
	"fmt"
	"time"
)

// Move is what one chat move writes to a game, in one transaction.
type Move struct {
	// Entries are appended to the log in order; the first one's Seq must be
	// the next sequence number (a *ConflictError otherwise, and nothing is
	// written). May be empty (a seat change alone).
	Entries []Entry
	// EventID is the platform delivery the move answers (an interaction or
	// event id), "" for none. A game remembers its moves' event ids: a later
	// move with the same id is refused with ErrDuplicate and writes nothing.
	EventID string
	// Seats are seats the move hands to other users.
	Seats []SeatChange
	// Finish, when set, marks the game finished with this result (the move
	// that ends the game).
	Finish *Finish
	// Reminder, when set, is the game's next reminder, written as
	// SaveReminder does (a claim on the previous one ends); a zero Due
	// removes it, as ClearReminder does. Its Game must be the move's. A
	// move that finishes the game removes it whatever this says.
	Reminder *Reminder
}

// SeatChange hands seat Order to UserID (display name DisplayName); ""
// frees it. A freed seat with no DisplayName keeps its holder's name, which
// the exported log gives the player.
type SeatChange struct {
	Order       int
	UserID      string
	DisplayName string
}

// Finish is a finished game's end reason and result per 18xx.games player id.
type Finish struct {
	Reason string
	Result map[string]int
}

// maxEventID bounds Move.EventID; platform ids are far shorter, and a longer
// one is a caller's mistake rather than something to keep forever.
const maxEventID = 256

// PrepareMove checks m before an implementation writes it and returns it
// ready to store: actions compacted (CheckAction), entries timed now when
// they have no time. Entries must be numbered consecutively from a positive
// Seq, a seat may change once per move, and a move must write something; a
// violation is ErrInvalid. Whether the first Seq is the next one is the
// implementation's to check, in its transaction.
func PrepareMove(m Move, now time.Time) (Move, error) {
	if len(m.Entries) == 0 && len(m.Seats) == 0 && m.Finish == nil && m.EventID == "" && m.Reminder == nil {
		return m, fmt.Errorf("%w: an empty move", ErrInvalid)
	}
	if len(m.EventID) > maxEventID {
		return m, fmt.Errorf("%w: event id of %d bytes", ErrInvalid, len(m.EventID))
	}
	entries := make([]Entry, len(m.Entries))
	for i, e := range m.Entries {
		switch {
		case i == 0 && e.Seq <= 0:
			return m, fmt.Errorf("%w: seq %d", ErrInvalid, e.Seq)
		case i > 0 && e.Seq != m.Entries[0].Seq+i:
			return m, fmt.Errorf("%w: entry %d has seq %d after seq %d", ErrInvalid, i+1, e.Seq, m.Entries[i-1].Seq)
		}
		raw, err := CheckAction(e.Action)
		if err != nil {
			return m, fmt.Errorf("entry at seq %d: %w", e.Seq, err)
		}
		e.Action = raw
		if e.At.IsZero() {
			e.At = now
		}
		entries[i] = e
	}
	m.Entries = entries
	if r := m.Reminder; r != nil && r.Sent < 0 {
		return m, fmt.Errorf("%w: %d reminders sent", ErrInvalid, r.Sent)
	}
	seen := map[int]bool{}
	for _, s := range m.Seats {
		if seen[s.Order] {
			return m, fmt.Errorf("%w: seat %d changes twice in one move", ErrInvalid, s.Order)
		}
		seen[s.Order] = true
	}
	return m, nil
}
