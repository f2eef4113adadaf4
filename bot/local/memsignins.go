package local

import (
	"context"
	"sync"
	"time"

	"pbc/storage"
)

// memSignIns keeps sign-ins in memory, for a playground run without a
// store that keeps them (tests): they end with the process.
type memSignIns struct {
	mu      sync.Mutex
	signIns map[string]storage.SignIn
	holders map[string]storage.Holder
}

var _ storage.SignIns = (*memSignIns)(nil)

func newMemSignIns() *memSignIns {
	return &memSignIns{signIns: map[string]storage.SignIn{}, holders: map[string]storage.Holder{}}
}

func (m *memSignIns) SaveSignIn(_ context.Context, s storage.SignIn) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.signIns[s.TokenHash] = s
	return nil
}

func (m *memSignIns) SignIn(_ context.Context, th string, now time.Time) (storage.SignIn, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.signIns[th]
	if !ok || !now.Before(s.Expires) {
		return storage.SignIn{}, storage.ErrNotFound
	}
	return s, nil
}

func (m *memSignIns) NameSignIns(_ context.Context, key string, now time.Time) ([]storage.SignIn, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []storage.SignIn
	for _, s := range m.signIns {
		if s.NameKey == key && now.Before(s.Expires) {
			out = append(out, s)
		}
	}
	return out, nil
}

func (m *memSignIns) EndSignIn(_ context.Context, th string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.signIns, th)
	return nil
}

func (m *memSignIns) SweepSignIns(_ context.Context, now time.Time) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for th, s := range m.signIns {
		if !now.Before(s.Expires) {
			delete(m.signIns, th)
			n++
		}
	}
	return n, nil
}

func (m *memSignIns) SaveHolder(_ context.Context, h storage.Holder) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.holders[h.NameKey] = h
	return nil
}

func (m *memSignIns) Holder(_ context.Context, key string) (storage.Holder, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	h, ok := m.holders[key]
	if !ok {
		return h, storage.ErrNotFound
	}
	return h, nil
}

func (m *memSignIns) HolderByLink(_ context.Context, lh string) (storage.Holder, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, h := range m.holders {
		if h.LinkHash == lh {
			return h, nil
		}
	}
	return storage.Holder{}, storage.ErrNotFound
}

// Seated is false: without a store there are no seats to read.
func (m *memSignIns) Seated(context.Context, storage.Platform, string) (bool, error) {
	return false, nil
}
