package bot

import (
	"context"
	"sync"
	"time"

	"pbc/storage"
)

// The settings a message needs (a channel's pictures and reminders, a
// user's notification preferences) are read once and kept a while: a
// move costs the store only its session's freshness check and its one
// write. The core owns the caches; its own changes replace what they hold
// at once, another process's are seen within settingsTTL.
const (
	settingsTTL     = 30 * time.Second
	settingsEntries = 4096 // per cache; past that it starts again empty
)

// ttlCache is a small cache of values read from the store.
type ttlCache[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]ttlEntry[V]
}

type ttlEntry[V any] struct {
	v  V
	at time.Time
}

// get returns the value of k, reading it with read when it is not held or
// is older than settingsTTL at now.
func (c *ttlCache[K, V]) get(k K, now time.Time, read func() (V, error)) (V, error) {
	c.mu.Lock()
	e, ok := c.m[k]
	c.mu.Unlock()
	if ok && now.Sub(e.at) < settingsTTL && !now.Before(e.at) {
		return e.v, nil
	}
	v, err := read()
	if err != nil {
		return v, err
	}
	c.put(k, v, now)
	return v, nil
}

// put holds v as k's value, read at now.
func (c *ttlCache[K, V]) put(k K, v V, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= settingsEntries {
		c.m = map[K]ttlEntry[V]{}
	}
	c.m[k] = ttlEntry[V]{v, now}
}

// channelSettings are the settings of ch, from the core's cache.
func (c *Core) channelSettings(ctx context.Context, ch storage.Channel) (storage.ChannelSettings, error) {
	return c.chanSet.get(ch, c.now(), func() (storage.ChannelSettings, error) { return c.store.ChannelSettings(ctx, ch) })
}

// setChannelSettings stores s and keeps it in the cache.
func (c *Core) setChannelSettings(ctx context.Context, s storage.ChannelSettings) error {
	if err := c.store.SetChannelSettings(ctx, s); err != nil {
		return err
	}
	c.chanSet.put(s.Channel, s, c.now())
	return nil
}

// userPrefs are the notification preferences of u, from the core's cache.
func (c *Core) userPrefs(ctx context.Context, u storage.UserRef) (storage.UserPrefs, error) {
	return c.prefs.get(u, c.now(), func() (storage.UserPrefs, error) { return c.store.UserPrefs(ctx, u) })
}

// setUserPrefs stores p and keeps it in the cache.
func (c *Core) setUserPrefs(ctx context.Context, p storage.UserPrefs) error {
	if err := c.store.SetUserPrefs(ctx, p); err != nil {
		return err
	}
	c.prefs.put(p.User, p, c.now())
	return nil
}

// nextReminder is the reminder a move in a channel with settings set
// starts: one cadence from now, outside the quiet hours, or none (a zero
// Due) when the channel has reminders off. A move that ends the game
// removes it whatever this says.
func (c *Core) nextReminder(set storage.ChannelSettings) *storage.Reminder {
	every := c.cadence(set)
	if every == 0 {
		return &storage.Reminder{}
	}
	now := c.now()
	return &storage.Reminder{Due: NextDue(now.Add(every), set.Quiet), Since: now}
}
