package bot

import (
	"context"
	"time"

	"pbc/engine"
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
	// Attachments are the files sent with the message (a log to import).
	Attachments []Attachment
	// CatchupAfter asks for a catch-up with a move (Result.CatchUp) when
	// the sender was away this long while others moved; 0 for none.
	CatchupAfter time.Duration
	// Reminder is the game's next reminder, written with a move
	// (Result.Reminded); a zero Due removes it, nil leaves it alone.
	Reminder *storage.Reminder
}

// Result is what a command did.
type Result struct {
	// Text is the reply; it names who acts next.
	Text string
	// Refused says the command was refused (Text says why and what would be
	// legal) and nothing changed; Stale that it was a choice offered before
	// the game moved on.
	Refused, Stale bool
	// Duplicate says the same platform event was handled already: there is
	// nothing to answer.
	Duplicate bool
	// Game is the channel's game the command concerned (0 if none).
	Game storage.GameID
	// Changed says the game's log or seats were written.
	Changed bool
	// Seq is the game's log length after the command: the position the
	// choices offered with the reply belong to.
	Seq int
	// Active says the game is being played (reminders are due); Finished
	// that it just ended or was over.
	Active, Finished bool
	// Next are who must act now, mentioned when the game changed, unless
	// Asked are set.
	Next []Actor
	// Asked are who must answer a request pending at the table, mentioned
	// instead of Next when the game changed (session.Outcome.Addressed).
	Asked []Actor
	// Moves are the legal moves now, for buttons (nil if none); a snapshot
	// safe to read anywhere.
	Moves *engine.Moves
	// Buttons and Menus are the choices offered with the reply, marked
	// with the position they were offered at.
	Buttons []Button
	Menus   []Menu
	// CatchUp is what others did since the sender's previous action, to
	// be sent before the reply (Request.CatchupAfter), or nil.
	CatchUp *session.CatchUp
	// Reminded says Request.Reminder was written with the change.
	Reminded bool
	// Images and Files are attachments for the reply.
	Images []Image
	Files  []File
}

// Actor is a seated player who must act now.
type Actor = session.Actor
