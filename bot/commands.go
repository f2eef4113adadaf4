package bot

import (
	"context"
	"time"

	"pbc/session"
	"pbc/storage"
)

// Commands is the command layer the core drives: it turns one message into
// a change to the channel's stored game (or a query of it) and a short reply.
type Commands interface {
	Do(ctx context.Context, r Request) (Result, error)
}

// Request is one command for the command layer.
type Request struct {
	Channel storage.Channel
	User    User
	Text    string
	// At is the log position a button was offered at (0 when typed).
	At int
	// EventID is the platform delivery the message came in ("" if none).
	EventID string
	// NoImages asks for no pictures (the channel has them off).
	NoImages bool
	// Screens says which forms of the pictures to draw.
	Screens session.Screens
	// Attachments are the files sent with the message (a log to import).
	Attachments []Attachment
	// CatchupAfter asks for a catch-up with a move (Result.CatchUp) when
	// the sender was away this long while others moved; 0 for none.
	CatchupAfter time.Duration
	// Reminder is the game's next reminder, written with a move
	// (Result.Reminded); a zero Due removes it, nil leaves it alone.
	Reminder *storage.Reminder
}

// Result is what a command did: the session's outcome, which the lobby's
// commands give too (their Offer is always current: Active is false).
type Result = session.Outcome

// Actor is a seated player who must act now.
type Actor = session.Actor
