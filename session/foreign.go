package session

import (
	"context"
	"fmt"

	"pbc/storage"
)

// behind reports whether another writer (another process on the same
// database) changed s's game since s was loaded or last wrote: the game's
// record (seats handed over, the game ended) and its last log entry must
// be as the session left them. Two small reads per message keep a
// process's answers, and the positions its choices are offered at, current
// with what other processes did; without them a query would show a past
// state, a current choice would be refused as no longer current, and a
// seat handed over elsewhere would still move here.
func (m *Manager) behind(ctx context.Context, s *Session) (bool, error) {
	s.mu.Lock()
	seq, last, broken := s.seq, int64(0), s.broken != nil || s.gone
	if seq > 0 && seq <= len(s.times) {
		last = s.times[seq-1]
	}
	rec := s.rec
	s.mu.Unlock()
	if broken {
		return false, nil // a broken game's own commands read the store
	}
	g, err := m.store.Game(ctx, s.id)
	if err != nil {
		return false, fmt.Errorf("game %d: checking for other writers: %w", s.id, err)
	}
	if g.Status != rec.Status || g.UpdatedAt.UnixMilli() != rec.UpdatedAt.UnixMilli() {
		return true, nil
	}
	// The record's time has a millisecond's grain: the log is checked too.
	rows, err := m.store.Rows(ctx, s.id, max(seq-1, 0))
	if err != nil {
		return false, fmt.Errorf("game %d: checking for other writers: %w", s.id, err)
	}
	if seq == 0 {
		return len(rows) > 0, nil
	}
	// Truncated (a repair), appended to, or truncated and appended to.
	return len(rows) != 1 || rows[0].Seq != seq || rows[0].At.UnixMilli() != last, nil
}

// fresh returns s if no other writer changed its game, else forgets it so
// that the next open reloads it.
func (m *Manager) fresh(ctx context.Context, s *Session) (bool, error) {
	b, err := m.behind(ctx, s)
	if err != nil || !b {
		return err == nil, err
	}
	m.log.Debug("another process wrote the game: reloading", "game", s.id)
	m.forget(s)
	return false, nil
}

// errBehind is the reason given when a session kept falling behind other
// writers while it was being opened.
var errBehind = fmt.Errorf("session: other writers kept changing the game: %w", storage.ErrConflict)
