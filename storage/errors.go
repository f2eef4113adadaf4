package storage

import (
	"errors"
	"fmt"
)

// Errors that Store methods return, to be tested with errors.Is.
var (
	// ErrNotFound means no such game (or no open game in the channel).
	ErrNotFound = errors.New("storage: not found")
	// ErrConflict means an append or commit lost a race; reload the game and retry.
	ErrConflict = errors.New("storage: conflicting append")
	// ErrDuplicate means a commit answers a platform event the game has
	// already answered (a redelivered request); nothing was written.
	ErrDuplicate = errors.New("storage: event already answered")
	// ErrChannelBusy means the channel already has a forming or active game.
	ErrChannelBusy = errors.New("storage: channel already has an open game")
	// ErrStatus means the game's status does not allow the operation.
	ErrStatus = errors.New("storage: not allowed in the game's status")
	// ErrInvalid means an argument is malformed (bad platform, action JSON, seat).
	ErrInvalid = errors.New("storage: invalid input")
	// ErrCorrupt means a stored row cannot be read; see CorruptError.
	ErrCorrupt = errors.New("storage: corrupt data")
)

// ConflictError is returned by Append and Commit when the expected sequence
// number is not the next one: another writer got there first, or the caller's
// state is stale. Next at or below the caller's own log length means the log
// was truncated under it: reload the game whole.
type ConflictError struct {
	Game GameID
	Seq  int // the sequence number the caller tried to write
	Next int // the sequence number the log expects now
}

// Error says which seq was tried and which one the log expects.
func (e *ConflictError) Error() string {
	return fmt.Sprintf("storage: game %d: append at seq %d, but the log is at seq %d: reload and retry", e.Game, e.Seq, e.Next)
}

// Is makes errors.Is(err, ErrConflict) true.
func (e *ConflictError) Is(target error) bool { return target == ErrConflict }

// CorruptError reports a stored row that cannot be read: a hand-edited or
// damaged action (Seq > 0), a missing action, or a bad game record (Seq 0).
type CorruptError struct {
	Game   GameID
	Seq    int
	Reason string
}

// Error names the game, the seq (if any) and the reason.
func (e *CorruptError) Error() string {
	if e.Seq == 0 {
		return fmt.Sprintf("storage: game %d: corrupt game record: %s", e.Game, e.Reason)
	}
	return fmt.Sprintf("storage: game %d: corrupt action at seq %d: %s", e.Game, e.Seq, e.Reason)
}

// Is makes errors.Is(err, ErrCorrupt) true.
func (e *CorruptError) Is(target error) bool { return target == ErrCorrupt }
