package bot

import (
	"cmp"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"pbc/storage"
)

// Defaults of the adapter supervision Options.
const (
	DefaultRetryBackoff = time.Second
	DefaultRetryMax     = 5 * time.Minute
)

// The states of a platform connection (AdapterHealth.State).
const (
	AdapterStarting   = "starting"   // Run not called yet
	AdapterConnecting = "connecting" // Run called; the adapter says it is not connected yet
	AdapterRunning    = "running"    // Run in progress (and connected, for a Connector)
	AdapterRetrying   = "retrying"   // Run failed; waiting before the next try
	AdapterStopped    = "stopped"    // Run returned for good, or the bot is stopping
)

// Connector is implemented by adapters that know whether their connection
// is up while Run goes on (a gateway that reconnects by itself); without it
// an adapter whose Run is in progress counts as connected.
type Connector interface {
	Connected() bool
}

// permanent marks an adapter error that retrying cannot mend.
type permanent struct{ error }

func (p permanent) Unwrap() error { return p.error }

// Permanent marks err, returned by an adapter's Run, as one retrying cannot
// mend (a rejected token, an address that cannot be listened on): the core
// stops the bot with it instead of trying again.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return permanent{err}
}

// IsPermanent reports whether err was marked with Permanent.
func IsPermanent(err error) bool {
	var p permanent
	return errors.As(err, &p)
}

// AdapterHealth is where one platform connection stands.
type AdapterHealth struct {
	Platform storage.Platform `json:"platform"`
	State    string           `json:"state"`
	// Failures counts the failures since the connection last held for
	// longer than the longest wait; Restarts every retry since start.
	Failures  int       `json:"failures,omitempty"`
	Restarts  int       `json:"restarts,omitempty"`
	LastError string    `json:"last_error,omitempty"`
	FailedAt  time.Time `json:"failed_at,omitzero"`
	RetryAt   time.Time `json:"retry_at,omitzero"`
}

// Up reports whether the connection serves messages.
func (h AdapterHealth) Up() bool { return h.State == AdapterRunning }

// supervision is the adapters' health, kept by Run.
type supervision struct {
	mu    sync.Mutex
	state map[storage.Platform]*AdapterHealth
}

// update changes p's health under the lock.
func (s *supervision) update(p storage.Platform, f func(h *AdapterHealth)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.state == nil {
		s.state = map[storage.Platform]*AdapterHealth{}
	}
	h := s.state[p]
	if h == nil {
		h = &AdapterHealth{Platform: p, State: AdapterStarting}
		s.state[p] = h
	}
	f(h)
}

// Adapters returns the health of each platform connection, by platform.
func (c *Core) Adapters() []AdapterHealth {
	c.sup.mu.Lock()
	out := make([]AdapterHealth, 0, len(c.adapters))
	for p, a := range c.adapters {
		h := AdapterHealth{Platform: p, State: AdapterStarting}
		if s := c.sup.state[p]; s != nil {
			h = *s
		}
		if h.State == AdapterRunning {
			if cn, ok := a.(Connector); ok && !cn.Connected() {
				h.State = AdapterConnecting
			}
		}
		out = append(out, h)
	}
	c.sup.mu.Unlock()
	slices.SortFunc(out, func(a, b AdapterHealth) int { return cmp.Compare(a.Platform, b.Platform) })
	return out
}

// supervise runs a until ctx ends, running it again after a failure with
// exponential backoff and jitter, so that one platform's outage leaves the
// others (and the playground) serving. It returns stop true when the bot
// is to stop: a returned without error before ctx ended (a console at end
// of input), or with an error marked Permanent (returned too).
func (c *Core) supervise(ctx context.Context, a Adapter) (stop bool, err error) {
	p := a.Platform()
	defer c.sup.update(p, func(h *AdapterHealth) { h.State, h.RetryAt = AdapterStopped, time.Time{} })
	for {
		c.log.Info("adapter starting", "platform", p)
		c.sup.update(p, func(h *AdapterHealth) { h.State, h.RetryAt = AdapterRunning, time.Time{} })
		started := time.Now()
		err := a.Run(ctx, c)
		if ctx.Err() != nil {
			return false, nil
		}
		if err == nil {
			c.log.Info("adapter stopped", "platform", p)
			return true, nil
		}
		if IsPermanent(err) {
			c.log.Error("adapter failed for good", "platform", p, "err", err)
			c.sup.update(p, func(h *AdapterHealth) { h.LastError, h.FailedAt = err.Error(), time.Now() })
			return true, err
		}
		var wait time.Duration
		var failures int
		c.sup.update(p, func(h *AdapterHealth) {
			if time.Since(started) > c.opt.RetryMax {
				h.Failures = 0 // it held for a while: this is a new outage
			}
			h.Failures++
			h.Restarts++
			failures = h.Failures
			wait = backoff(c.opt.RetryBackoff, c.opt.RetryMax, h.Failures)
			h.State, h.LastError, h.FailedAt, h.RetryAt = AdapterRetrying, err.Error(), time.Now(), time.Now().Add(wait)
		})
		c.log.Error("adapter failed; retrying", "platform", p, "failures", failures,
			"retry_in", wait.Round(time.Millisecond), "err", err)
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return false, nil
		case <-t.C:
		}
	}
}

// backoff is the wait before try n+1 after n failures: first doubling
// from first up to max, then a random point in its upper half, so that
// processes that lost a connection together do not all come back at once.
func backoff(first, max time.Duration, n int) time.Duration {
	d := first
	for i := 1; i < n && d < max; i++ {
		d *= 2
	}
	d = min(d, max)
	half := d / 2
	return half + rand.N(d-half+1)
}
