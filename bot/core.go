package bot

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"time"

	"pbc/engine"
	"pbc/storage"
)

// Defaults of Options.
const (
	DefaultRemindEvery  = 24 * time.Hour
	DefaultReminderTick = time.Minute
	DefaultCatchupAfter = 30 * time.Minute
	DefaultDrainTimeout = 30 * time.Second
	DefaultJobTimeout   = 2 * time.Minute
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

	mu       sync.Mutex
	pending  map[storage.GameID]bool // reminders queued but not yet sent
	base     context.Context         // jobs' parent: lives past shutdown
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
	c := &Core{opt: opt, store: opt.Store, cmds: opt.Commands, log: opt.Logger, now: opt.Now,
		adapters: map[storage.Platform]Adapter{}, lanes: newLanes(), pending: map[storage.GameID]bool{}}
	for _, a := range opt.Adapters {
		c.adapters[a.Platform()] = a
	}
	c.base, c.stopBase = context.WithCancel(context.Background())
	return c
}

// Run runs the adapters and the reminder loop until ctx ends or an adapter
// stops. Then it stops taking messages (those still arriving are told the
// bot is restarting), finishes the ones in hand (up to DrainTimeout) while
// the adapters can still deliver the replies, stops the adapters and
// returns the error of an adapter that failed, if any.
func (c *Core) Run(ctx context.Context) error {
	actx, stopAdapters := context.WithCancel(context.Background())
	defer stopAdapters()
	stopped := make(chan struct{})
	var once sync.Once
	errc := make(chan error, len(c.adapters))
	var adapters sync.WaitGroup
	for _, a := range c.adapters {
		adapters.Go(func() {
			c.log.Info("adapter starting", "platform", a.Platform())
			err := a.Run(actx, c)
			if actx.Err() != nil {
				return
			}
			// An adapter that stops (a console at end of input, a
			// connection lost for good) stops the bot.
			if err != nil {
				c.log.Error("adapter failed", "platform", a.Platform(), "err", err)
				errc <- err
			} else {
				c.log.Info("adapter stopped", "platform", a.Platform())
			}
			once.Do(func() { close(stopped) })
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
	ok := c.lanes.add(m.Channel, func() {
		ctx, cancel := context.WithTimeout(c.base, c.opt.JobTimeout)
		defer cancel()
		c.handle(ctx, m)
	})
	if !ok {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = m.Respond.Respond(ctx, Reply{Text: "The bot is restarting; send that again in a minute.", Ephemeral: true})
		if f, ok := m.Respond.(Finisher); ok {
			f.Finish()
		}
	}
}

// mention writes a mention of a user for platform p.
func (c *Core) mention(p storage.Platform, userID, name string) string {
	if a := c.adapters[p]; a != nil && userID != "" {
		return a.Mention(userID)
	}
	if name == "" {
		name = userID
	}
	return "@" + name
}

// handle runs one message and answers it.
func (c *Core) handle(ctx context.Context, m Message) {
	if f, ok := m.Respond.(Finisher); ok {
		defer f.Finish()
	}
	start := time.Now()
	log := c.log.With("platform", m.Channel.Platform, "workspace", m.Channel.Workspace,
		"channel", m.Channel.ID, "user", m.User.ID, "kind", m.Kind.String())
	text := strings.TrimSpace(m.Text)
	verb, args, _ := strings.Cut(text, " ")
	var err error
	switch strings.ToLower(verb) {
	case "catchup", "catch-up":
		err = c.explicitCatchup(ctx, m)
	case "remind", "reminders", "quiet":
		err = c.settings(ctx, m, strings.ToLower(verb), strings.TrimSpace(args))
	default:
		err = c.command(ctx, m, log)
	}
	if err != nil {
		log.Error("message failed", "text", text, "err", err)
		msg := "Sorry, something went wrong; nothing was changed. Try again."
		if errors.Is(err, context.DeadlineExceeded) {
			msg = "Sorry, that took too long; try again."
		}
		_ = m.Respond.Respond(ctx, Reply{Text: msg, Ephemeral: true})
		return
	}
	log.Info("message handled", "text", text, "took", time.Since(start).Round(time.Millisecond))
}

// command runs a message through the command layer and replies with the
// text, the pictures and a mention of whoever must act next.
func (c *Core) command(ctx context.Context, m Message, log *slog.Logger) error {
	res, err := c.cmds.Do(ctx, Request{Channel: m.Channel, User: m.User, Text: m.Text})
	if err != nil {
		return err
	}
	if res.Refused {
		log.Info("command refused", "text", m.Text, "reason", res.Text)
		return m.Respond.Respond(ctx, Reply{Text: res.Text, Ephemeral: true})
	}
	var ld *storage.Loaded
	if res.Game != 0 && (res.Changed || res.Show != (Show{})) {
		if ld, err = c.store.Load(ctx, res.Game); err != nil {
			return err
		}
	}
	if res.Changed && ld != nil && res.FromSeq > 0 {
		c.autoCatchup(ctx, m, ld, res.FromSeq, log)
	}
	reply := Reply{Text: res.Text, Buttons: res.Buttons}
	if res.Changed && len(reply.Buttons) == 0 {
		reply.Buttons = Buttons(res.State)
	}
	if ld != nil && res.State != nil {
		if res.Changed {
			c.reschedule(ctx, ld.Game, res.State, log)
		}
		if line, ids := c.nextLine(m.Channel.Platform, res.State, ld.Seats, res.Next); line != "" && res.Changed {
			reply.Text = strings.TrimRight(reply.Text, "\n") + "\n" + line
			reply.Mentions = ids
		}
		show := res.Show
		if res.Changed && res.FromSeq > 0 {
			show.Map, show.Market = true, true
		}
		if imgs, err := c.pictures(ctx, m.Channel, ld, res.State, show, res.FromSeq); err != nil {
			log.Error("drawing failed", "game", ld.Game.ID, "err", err)
		} else {
			reply.Images = imgs
		}
	}
	if ld != nil && res.State == nil && res.Changed {
		c.reschedule(ctx, ld.Game, nil, log)
	}
	if len(reply.Images) == 0 && len(res.Images) > 0 {
		reply.Images = res.Images
	}
	return m.Respond.Respond(ctx, reply)
}

// nextLine is the "your turn" line mentioning whoever must act in g, with
// the user ids mentioned.
func (c *Core) nextLine(p storage.Platform, g *engine.Game, seats []storage.Seat, next []string) (string, []string) {
	if g == nil || g.Finished() {
		return "", nil
	}
	actors := Actors(g, seats)
	if next != nil {
		actors = actors[:0]
		for _, id := range next {
			a := Actor{UserID: id, Name: id}
			for _, s := range seats {
				if s.UserID == id {
					a.Name = s.DisplayName
				}
			}
			actors = append(actors, a)
		}
	}
	var parts, ids []string
	for _, a := range actors {
		who := c.mention(p, a.UserID, a.Name)
		if a.UserID != "" {
			ids = append(ids, a.UserID)
		}
		if a.For != "" {
			who += " (for " + a.For + ")"
		}
		parts = append(parts, who)
	}
	if len(parts) == 0 {
		return "", nil
	}
	return "Your turn: " + strings.Join(parts, ", "), ids
}
