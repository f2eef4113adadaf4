package local

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"pbc/storage"
)

// The channels' histories are kept in the store too (the newest chatKeep
// messages of each), so that a restart, or a channel the hub forgot to
// stay within its budget, shows the page its recent chat again. Messages
// for one tab only are not kept. Pictures, files and choices are kept in
// memory only: a history read back shows the text.

// chatKeep is how many messages of a channel the store keeps.
const chatKeep = 100

// chatQueue is how many messages may wait to be written.
const chatQueue = 1024

// chatLog writes the hub's messages to the store, off the hub's lock.
type chatLog struct {
	st  storage.ChatHistory
	log *slog.Logger
	q   chan Event
}

func newChatLog(st storage.ChatHistory, log *slog.Logger) *chatLog {
	return &chatLog{st: st, log: log, q: make(chan Event, chatQueue)}
}

// add queues a message; a full queue drops it (the store's copy of the
// history is a convenience, never worth holding a move up).
func (c *chatLog) add(e Event) {
	if c == nil || e.To != "" {
		return
	}
	select {
	case c.q <- e:
	default:
		c.log.Warn("chat history: a message was not kept (the store is slow)", "channel", e.Channel)
	}
}

// run writes queued messages until ctx ends.
func (c *chatLog) run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case e := <-c.q:
			data, err := json.Marshal(e)
			if err == nil {
				err = c.st.AppendChat(ctx, storage.ChatEvent{Channel: e.Channel, ID: e.ID, At: e.At, Data: data}, chatKeep)
			}
			if err != nil && ctx.Err() == nil {
				c.log.Warn("chat history: a message was not kept", "channel", e.Channel, "err", err)
			}
		}
	}
}

// history reads a channel's kept messages back, as text.
func (c *chatLog) history(channel string) []Event {
	if c == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	kept, err := c.st.ChatHistory(ctx, channel, chatKeep)
	if err != nil {
		c.log.Warn("chat history: not read", "channel", channel, "err", err)
		return nil
	}
	var out []Event
	for _, k := range kept {
		var e Event
		if json.Unmarshal(k.Data, &e) != nil {
			continue
		}
		e.Images, e.Files, e.Buttons, e.Menus = nil, nil, nil, nil
		out = append(out, e)
	}
	return out
}

// lastID is the largest message id kept, for the hub to count on from.
func (c *chatLog) lastID() int64 {
	if c == nil {
		return 0
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	id, err := c.st.LastChatID(ctx)
	if err != nil {
		c.log.Warn("chat history: last id not read", "err", err)
	}
	return id
}
