package bot

import (
	"context"
	"sync"

	"pbc/storage"
)

// lanes runs jobs one at a time per channel, in the order they were queued,
// and different channels' jobs in parallel.
type lanes struct {
	mu     sync.Mutex
	byKey  map[storage.Channel]*lane
	closed bool
	wg     sync.WaitGroup
}

// lane is one channel's queue; running says whether a goroutine drains it.
type lane struct {
	jobs    []func()
	running bool
}

func newLanes() *lanes { return &lanes{byKey: map[storage.Channel]*lane{}} }

// add queues job on ch's lane; it reports false once the lanes are closed.
func (ls *lanes) add(ch storage.Channel, job func()) bool {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if ls.closed {
		return false
	}
	l := ls.byKey[ch]
	if l == nil {
		l = &lane{}
		ls.byKey[ch] = l
	}
	l.jobs = append(l.jobs, job)
	if !l.running {
		l.running = true
		ls.wg.Add(1)
		go ls.drain(ch, l)
	}
	return true
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
