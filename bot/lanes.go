package bot

import (
	"context"
	"sync"
	"time"

	"pbc/storage"
)

// lanes runs jobs one at a time per channel, in the order they were queued,
// and different channels' jobs in parallel. A channel's queue is bounded:
// a burst of commands in one channel (a user holding a key down, a script)
// is answered "busy" instead of holding memory and delaying everyone else's
// commands there behind it.
type lanes struct {
	mu     sync.Mutex
	byKey  map[storage.Channel]*lane
	closed bool
	wg     sync.WaitGroup
	// limit is how many jobs a lane may hold waiting behind the running
	// one when offered (0: no limit).
	limit int
}

// admission is what became of a job offered to the lanes.
type admission int

// The fates of an offered job.
const (
	laneQueued admission = iota // it will run
	laneClosed                  // the lanes are closed: shutdown has begun
	laneFull                    // its channel's queue is full
)

// lane is one channel's queue; running says whether a goroutine drains it.
type lane struct {
	jobs    []func()
	running bool
}

// newLanes returns lanes whose queues hold up to limit waiting jobs
// offered (no limit if limit <= 0).
func newLanes(limit int) *lanes {
	return &lanes{byKey: map[storage.Channel]*lane{}, limit: max(limit, 0)}
}

// add queues job on ch's lane whatever its length (the bot's own jobs:
// reminders, at most one a game); it reports false once the lanes are
// closed.
func (ls *lanes) add(ch storage.Channel, job func()) bool {
	return ls.queue(ch, job, false) == laneQueued
}

// offer queues job on ch's lane unless the lane already holds its limit of
// waiting jobs (a user's message).
func (ls *lanes) offer(ch storage.Channel, job func()) admission {
	return ls.queue(ch, job, true)
}

func (ls *lanes) queue(ch storage.Channel, job func(), bounded bool) admission {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if ls.closed {
		return laneClosed
	}
	l := ls.byKey[ch]
	if l == nil {
		l = &lane{}
		ls.byKey[ch] = l
	}
	if bounded && ls.limit > 0 && len(l.jobs) >= ls.limit {
		return laneFull
	}
	l.jobs = append(l.jobs, job)
	if !l.running {
		l.running = true
		ls.wg.Add(1)
		go ls.drain(ch, l)
	}
	return laneQueued
}

// drain runs l's jobs until it is empty, then forgets the lane.
func (ls *lanes) drain(ch storage.Channel, l *lane) {
	defer ls.wg.Done()
	for {
		ls.mu.Lock()
		if len(l.jobs) == 0 {
			l.running = false
			delete(ls.byKey, ch)
			ls.mu.Unlock()
			return
		}
		job := l.jobs[0]
		l.jobs[0] = nil
		l.jobs = l.jobs[1:]
		ls.mu.Unlock()
		job()
	}
}

// close refuses new jobs and waits until the queued ones are done or ctx
// ends; it reports whether every job finished.
func (ls *lanes) close(ctx context.Context) bool {
	ls.mu.Lock()
	ls.closed = true
	ls.mu.Unlock()
	done := make(chan struct{})
	go func() {
		ls.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return true
	case <-ctx.Done():
		return false
	}
}

// turnAway answers a message its channel's lane did not take, at once and
// to the sender only.
func (c *Core) turnAway(m Message, fate admission) {
	text := "The bot is restarting; send that again in a minute."
	if fate == laneFull {
		text = "The bot is busy in this channel; try again in a moment."
		c.log.Warn("channel queue full; message turned away", "platform", m.Channel.Platform,
			"channel", m.Channel.ID, "user", m.User.ID)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = m.Respond.Respond(ctx, Reply{Text: text, Ephemeral: true})
	if f, ok := m.Respond.(Finisher); ok {
		f.Finish()
	}
}
