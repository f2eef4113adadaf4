package bot

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"pbc/session"
	"pbc/storage"
)

// Defaults of Options.
const (
	DefaultRemindEvery  = 24 * time.Hour
	DefaultReminderTick = time.Minute
	DefaultCatchupAfter = 30 * time.Minute
	DefaultDrainTimeout = 30 * time.Second
	DefaultJobTimeout   = 2 * time.Minute
	DefaultReplyBackoff = 500 * time.Millisecond
	DefaultQueueLimit   = 16
)

// Options configure a Core.
type Options struct {
	Store    storage.Store
	Commands Commands
	Adapters []Adapter
	Logger   *slog.Logger     // slog.Default() if nil
	Now      func() time.Time // time.Now if nil

	// RemindEvery is the reminder cadence of channels that have not set
	// one (DefaultRemindEvery if 0; negative for no reminders by default).
	RemindEvery time.Duration
	// ReminderTick is how often due reminders are looked for.
	ReminderTick time.Duration
	// CatchupAfter is how long a player must have been away, while others
	// moved, before their next move brings a catch-up summary.
	CatchupAfter time.Duration
	// DrainTimeout bounds the wait for queued messages at shutdown.
	DrainTimeout time.Duration
	// JobTimeout bounds the handling of one message or reminder.
	JobTimeout time.Duration
	// NoImages leaves the pictures out of every reply (tests, consoles
	// without a use for them).
	NoImages bool
	// Sessions holds the games in play; when nil, the Commands' own (a
	// Dispatcher's) or a new one over Store.
	Sessions *session.Manager
	// ReplyBackoff is the first wait before a failed reply to a recorded
	// move is tried again (doubling, three tries in all).
	ReplyBackoff time.Duration
	// QueueLimit is how many messages a channel may have waiting behind
	// the one being handled; more are answered "busy" (DefaultQueueLimit
	// if 0; negative for no limit).
	QueueLimit int
	// RetryBackoff is the first wait before an adapter whose Run failed is
	// run again (DefaultRetryBackoff if 0), doubling up to RetryMax
	// (DefaultRetryMax if 0), with jitter.
	RetryBackoff, RetryMax time.Duration
	// Observer is told how messages end and how long their stages take
	// (metrics); nil for none.
	Observer Observer
}

// Core is the platform-neutral bot: it owns the flow from a message to its
// reply, the per-channel ordering, reminders and catch-ups.
type Core struct {
	opt      Options
	store    storage.Store
	cmds     Commands
	log      *slog.Logger
	now      func() time.Time
	adapters map[storage.Platform]Adapter
	lanes    *lanes

	sessions *session.Manager
	obs      Observer
	sup      supervision
	// chanSet and prefs hold the settings read per message (see
	// settings_cache.go).
	chanSet ttlCache[storage.Channel, storage.ChannelSettings]
	prefs   ttlCache[storage.UserRef, storage.UserPrefs]

	mu       sync.Mutex
	pending  map[storage.GameID]bool    // reminders queued but not yet sent
	notices  map[storage.Channel]string // recorded moves whose reply was lost
	base     context.Context            // jobs' parent: lives past shutdown
	stopBase context.CancelFunc
}

// New returns a core; Run starts it.
func New(opt Options) *Core {
	if opt.Logger == nil {
		opt.Logger = slog.Default()
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.RemindEvery == 0 {
		opt.RemindEvery = DefaultRemindEvery
	}
	if opt.ReminderTick <= 0 {
		opt.ReminderTick = DefaultReminderTick
	}
	if opt.CatchupAfter == 0 {
		opt.CatchupAfter = DefaultCatchupAfter
	}
	if opt.DrainTimeout <= 0 {
		opt.DrainTimeout = DefaultDrainTimeout
	}
	if opt.JobTimeout <= 0 {
		opt.JobTimeout = DefaultJobTimeout
	}
	if opt.QueueLimit == 0 {
		opt.QueueLimit = DefaultQueueLimit
	}
	if opt.ReplyBackoff <= 0 {
		opt.ReplyBackoff = DefaultReplyBackoff
	}
	if opt.RetryBackoff <= 0 {
		opt.RetryBackoff = DefaultRetryBackoff
	}
	if opt.RetryMax <= 0 {
		opt.RetryMax = DefaultRetryMax
	}
	if opt.Observer == nil {
		opt.Observer = nopObserver{}
	}
	if opt.Sessions == nil {
		if d, ok := opt.Commands.(interface{ Sessions() *session.Manager }); ok {
			opt.Sessions = d.Sessions()
		} else {
			opt.Sessions = session.New(session.Options{Store: opt.Store, Log: opt.Logger, Now: opt.Now, NoImages: opt.NoImages})
		}
	}
	c := &Core{opt: opt, store: opt.Store, cmds: opt.Commands, log: opt.Logger, now: opt.Now,
		adapters: map[storage.Platform]Adapter{}, lanes: newLanes(opt.QueueLimit), pending: map[storage.GameID]bool{},
		notices: map[storage.Channel]string{}, sessions: opt.Sessions, obs: opt.Observer}
	for _, a := range opt.Adapters {
		c.adapters[a.Platform()] = a
	}
	if d, ok := opt.Commands.(*Dispatcher); ok && d.Links == nil {
		d.Links = coreLinks{c}
	}
	c.base, c.stopBase = context.WithCancel(context.Background())
	return c
}

// Run runs the adapters and the reminder loop until ctx ends or an adapter
// stops. An adapter whose Run fails is run again with backoff (see
// supervise) while the others go on serving; one that returns without
// error, or with a Permanent error, stops the bot. Then it stops taking
// messages (those still arriving are told the bot is restarting), finishes
// the ones in hand (up to DrainTimeout) while the adapters can still
// deliver the replies, stops the adapters and returns the Permanent error
// of an adapter, if any.
func (c *Core) Run(ctx context.Context) error {
	actx, stopAdapters := context.WithCancel(context.Background())
	defer stopAdapters()
	stopped := make(chan struct{})
	var once sync.Once
	errc := make(chan error, len(c.adapters))
	var adapters sync.WaitGroup
	for _, a := range c.adapters {
		adapters.Go(func() {
			stop, err := c.supervise(actx, a)
			if err != nil {
				errc <- err
			}
			if stop {
				once.Do(func() { close(stopped) })
			}
		})
	}
	rctx, stopReminders := context.WithCancel(ctx)
	reminders := make(chan struct{})
	go func() {
		defer close(reminders)
		c.reminderLoop(rctx)
	}()
	select {
	case <-ctx.Done():
	case <-stopped:
	}
	stopReminders()
	<-reminders
	c.log.Info("shutting down: finishing the messages in hand")
	dctx, cancel := context.WithTimeout(context.Background(), c.opt.DrainTimeout)
	defer cancel()
	if !c.lanes.close(dctx) {
		c.log.Warn("shutdown: gave up waiting for messages in hand")
	}
	stopAdapters()
	adapters.Wait()
	c.stopBase()
	close(errc)
	return <-errc
}

// Close stops taking messages and waits for the queued ones, like the end
// of Run; for cores driven without Run (tests, the console).
func (c *Core) Close(ctx context.Context) {
	c.lanes.close(ctx)
	c.stopBase()
}

// Submit queues m on its channel's lane. After shutdown has begun it
// answers that the bot is stopping.
func (c *Core) Submit(m Message) {
	if m.Respond == nil {
		m.Respond = ResponderFunc(func(context.Context, Reply) error { return nil })
	}
	fate := c.lanes.offer(m.Channel, func() {
		ctx, cancel := context.WithTimeout(c.base, c.opt.JobTimeout)
		defer cancel()
		c.handle(ctx, m)
	})
	if fate != laneQueued {
		c.turnAway(m, fate)
	}
}
