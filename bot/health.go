package bot

import (
	"context"
	"errors"
	"fmt"

	"pbc/storage"
)

// Health is the bot's state for an operator (/healthz).
type Health struct {
	OK        bool            `json:"ok"`
	Store     string          `json:"store"` // "ok", or why it cannot be read
	Platforms []AdapterHealth `json:"platforms"`
}

// Pinger is implemented by stores with a cheaper check than a lookup.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Health reads the store with a cheap query and reports each platform
// connection: OK when the store answers and every platform is up.
func (c *Core) Health(ctx context.Context) Health {
	h := Health{OK: true, Store: "ok", Platforms: c.Adapters()}
	if err := c.checkStore(ctx); err != nil {
		h.OK, h.Store = false, err.Error()
	}
	for _, p := range h.Platforms {
		if !p.Up() {
			h.OK = false
		}
	}
	return h
}

// checkStore looks up a game that never exists: a store that answers "not
// found" is reachable.
func (c *Core) checkStore(ctx context.Context) error {
	if p, ok := c.store.(Pinger); ok {
		return p.Ping(ctx)
	}
	_, err := c.store.Game(ctx, 0)
	if err == nil || errors.Is(err, storage.ErrNotFound) {
		return nil
	}
	return fmt.Errorf("store: %w", err)
}
