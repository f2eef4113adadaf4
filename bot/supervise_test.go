package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pbc/storage"
)

// flakyAdapter fails its first runs, then connects and serves.
type flakyAdapter struct {
	fails     int           // runs that fail
	hold      int           // the run that waits for release before failing
	release   chan struct{} // lets run number hold fail
	started   chan int      // each run's number, as it starts
	runs      atomic.Int32
	connected atomic.Bool
	up        chan struct{} // closed once a run has connected
	err       error         // what a failing run returns
}

func (a *flakyAdapter) Platform() storage.Platform { return storage.Discord }
func (a *flakyAdapter) Run(ctx context.Context, h Handler) error {
	n := int(a.runs.Add(1))
	a.started <- n
	if n == a.hold {
		select {
		case <-a.release:
		case <-ctx.Done():
			return nil
		}
	}
	if n <= a.fails {
		return a.err
	}
	a.connected.Store(true)
	close(a.up)
	<-ctx.Done()
	return nil
}
func (a *flakyAdapter) Connected() bool                                    { return a.connected.Load() }
func (a *flakyAdapter) Post(context.Context, storage.Channel, Reply) error { return nil }
func (a *flakyAdapter) Mention(id string) string                           { return "<@" + id + ">" }

// startedAdapter is a fakeAdapter that says when it runs.
type startedAdapter struct {
	fakeAdapter
	started chan struct{}
}

func (a *startedAdapter) Run(ctx context.Context, h Handler) error {
	close(a.started)
	return a.fakeAdapter.Run(ctx, h)
}

// syncBuffer is a log destination safe for concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func health(t *testing.T, c *Core, p storage.Platform) AdapterHealth {
	t.Helper()
	for _, h := range c.Adapters() {
		if h.Platform == p {
			return h
		}
	}
	t.Fatalf("no health for %s in %+v", p, c.Adapters())
	return AdapterHealth{}
}

func TestAdapterRetriedWhileOthersServe(t *testing.T) {
	flaky := &flakyAdapter{fails: 3, hold: 3, release: make(chan struct{}), started: make(chan int, 8),
		up: make(chan struct{}), err: errors.New("dial tcp: connection refused")}
	var logs syncBuffer
	pg := &startedAdapter{started: make(chan struct{})}
	c := New(Options{Store: openStore(t), Commands: &echoCommands{}, Adapters: []Adapter{flaky, pg},
		NoImages: true, ReminderTick: time.Hour, RetryBackoff: time.Millisecond, RetryMax: 4 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	for want := 1; want <= 3; want++ {
		if n := <-flaky.started; n != want {
			t.Fatalf("run %d started, want %d", n, want)
		}
	}
	<-pg.started
	// Run 3 is in progress and not connected: two failures behind it.
	h := health(t, c, storage.Discord)
	if h.State != AdapterConnecting || h.Restarts != 2 || !strings.Contains(h.LastError, "connection refused") {
		t.Errorf("while retrying, discord health is %+v", h)
	}
	if c.Health(ctx).OK {
		t.Error("health OK while discord is not connected")
	}
	if h := health(t, c, storage.Local); !h.Up() {
		t.Errorf("the playground is %+v while discord retries", h)
	}
	// The other adapter is served meanwhile.
	replied := make(chan string, 1)
	c.Submit(Message{Channel: storage.Channel{Platform: storage.Local, ID: "x"}, Text: "hello",
		Respond: ResponderFunc(func(_ context.Context, r Reply) error { replied <- r.Text; return nil })})
	if got := <-replied; got != "x:hello" {
		t.Errorf("the playground's message got %q while discord was down", got)
	}
	close(flaky.release)
	if n := <-flaky.started; n != 4 {
		t.Fatalf("run %d started, want 4", n)
	}
	<-flaky.up
	h = health(t, c, storage.Discord)
	if h.State != AdapterRunning || h.Restarts != 3 || h.Failures == 0 {
		t.Errorf("after reconnecting, discord health is %+v", h)
	}
	if hh := c.Health(ctx); !hh.OK {
		t.Errorf("health not OK once everything is connected: %+v", hh)
	}
	if got := strings.Count(logs.String(), "adapter failed; retrying"); got != 3 {
		t.Errorf("%d failures logged, want 3:\n%s", got, logs.String())
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run returned %v after a recovered outage", err)
	}
	if h := health(t, c, storage.Discord); h.State != AdapterStopped {
		t.Errorf("after Run, discord is %+v", h)
	}
}

func TestAdapterStopsTheBot(t *testing.T) {
	bad := errors.New("discord: 401 Unauthorized")
	for _, tc := range []struct {
		name string
		err  error
		want error
	}{
		{"end of input", nil, nil},
		{"permanent failure", Permanent(bad), bad},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stopAfter := &stoppingAdapter{err: tc.err}
			c := New(Options{Store: openStore(t), Commands: &echoCommands{}, Adapters: []Adapter{stopAfter, &fakeAdapter{}},
				NoImages: true, ReminderTick: time.Hour, RetryBackoff: time.Millisecond,
				Logger: slog.New(slog.NewTextHandler(&syncBuffer{}, nil))})
			err := c.Run(context.Background())
			if !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
				t.Errorf("Run returned %v, want %v", err, tc.want)
			}
			if n := stopAfter.runs.Load(); n != 1 {
				t.Errorf("the adapter ran %d times, want once", n)
			}
		})
	}
}

// stoppingAdapter returns err from its first run.
type stoppingAdapter struct {
	err  error
	runs atomic.Int32
}

func (a *stoppingAdapter) Platform() storage.Platform { return storage.Slack }
func (a *stoppingAdapter) Run(ctx context.Context, h Handler) error {
	a.runs.Add(1)
	return a.err
}
func (a *stoppingAdapter) Post(context.Context, storage.Channel, Reply) error { return nil }
func (a *stoppingAdapter) Mention(id string) string                           { return id }

func TestBackoff(t *testing.T) {
	for _, tc := range []struct {
		n        int
		lo, high time.Duration
	}{
		{1, 500 * time.Millisecond, time.Second},
		{2, time.Second, 2 * time.Second},
		{4, 4 * time.Second, 8 * time.Second},
		{9, 30 * time.Second, time.Minute}, // capped
		{100, 30 * time.Second, time.Minute},
	} {
		t.Run(fmt.Sprintf("%d failures", tc.n), func(t *testing.T) {
			seen := map[time.Duration]bool{}
			for range 50 {
				d := backoff(time.Second, time.Minute, tc.n)
				if d < tc.lo || d > tc.high {
					t.Fatalf("backoff after %d failures is %s, want within [%s, %s]", tc.n, d, tc.lo, tc.high)
				}
				seen[d] = true
			}
			if len(seen) < 2 {
				t.Errorf("backoff after %d failures is always %v: no jitter", tc.n, seen)
			}
		})
	}
}
