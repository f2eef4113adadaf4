package storage

import (
	"context"
	"time"
)

// ChatEvent is one message of a playground channel's history, as the page
// shows it (Data is its JSON), kept so that the history outlives a restart.
type ChatEvent struct {
	Channel string
	ID      int64 // the playground's event id: increasing across the process's lifetimes
	At      time.Time
	Data    []byte
}

// ChatHistory keeps the playground channels' recent messages. Both stores
// implement it.
type ChatHistory interface {
	// AppendChat stores e and drops the channel's messages older than its
	// keep newest.
	AppendChat(ctx context.Context, e ChatEvent, keep int) error
	// ChatHistory returns a channel's newest messages, at most limit,
	// oldest first.
	ChatHistory(ctx context.Context, channel string, limit int) ([]ChatEvent, error)
	// LastChatID is the largest event id stored (0 if none).
	LastChatID(ctx context.Context) (int64, error)
}
