package session

import "sync"

// eventSet remembers the most recent platform event ids, at most max of
// them, so that a second delivery of one event is recognised. The store
// also refuses a second move with the same id, across restarts and
// processes; this set covers what is not stored (queries, refusals).
type eventSet struct {
	mu   sync.Mutex
	max  int
	ring []string
	next int
	ids  map[string]struct{}
}

func newEventSet(max int) *eventSet {
	return &eventSet{max: max, ring: make([]string, max), ids: make(map[string]struct{}, max)}
}

// add remembers id and reports whether it was new.
func (e *eventSet) add(id string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if _, ok := e.ids[id]; ok {
		return false
	}
	if old := e.ring[e.next]; old != "" {
		delete(e.ids, old)
	}
	e.ring[e.next] = id
	e.next = (e.next + 1) % e.max
	e.ids[id] = struct{}{}
	return true
}

// len is how many ids are remembered.
func (e *eventSet) len() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return len(e.ids)
}
