package local

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"pbc/internal/names"
	"pbc/storage"
)

// Sign-ins. A browser claims a name and gets a sign-in (the session
// cookie's token); the store keeps it, as a hash, so that it outlives a
// restart. The first browser to claim a name becomes its holder and gets a
// personal sign-in link, which gives the name back in any browser. While
// the name has a live sign-in or a seat at an open game, no other browser
// may claim it without that link; names are compared by names.Key, so a
// look-alike (Cyrillic а for a, full-width letters, case) is the same name.
// Admin rights come from the admin key (or a link made with it), never from
// a name alone.

// Limits of the sign-ins.
const (
	// signInTTL is how long a sign-in lasts after its last use.
	signInTTL = 14 * 24 * time.Hour
	// refreshAfter is how stale a sign-in's stored expiry may grow before
	// a use writes it again (uses are many, writes few).
	refreshAfter = time.Hour
	// maxCached bounds the sign-ins held in memory; the store holds all.
	maxCached = 10000
)

// parkedPrefix marks the stored row of a name a browser switched away from:
// no cookie's token hashes to it, it holds the name against no one, and
// it lets that browser take the name back.
const parkedPrefix = "parked:"

// Refusals of a claim.
var (
	errNameTaken = errors.New("name taken")
	errBadLink   = errors.New("that sign-in link is not (or no longer) valid")
	errAdminName = errors.New("admin name")
)

// sessions are the playground's sign-ins: in the store, with a bounded
// cache of those in use.
type sessions struct {
	st       storage.SignIns
	now      func() time.Time
	adminKey string
	admins   []string

	mu    sync.Mutex
	cache map[string]storage.SignIn // by token hash
}

func newSessions(st storage.SignIns, now func() time.Time, adminKey string, admins []string) *sessions {
	if st == nil {
		st = newMemSignIns()
	}
	return &sessions{st: st, now: now, adminKey: adminKey, admins: admins, cache: map[string]storage.SignIn{}}
}

// hashOf is what the store keeps of a token, a link or a browser id.
func hashOf(kind, secret string) string {
	sum := sha256.Sum256([]byte("pbc playground " + kind + "\x00" + secret))
	return hex.EncodeToString(sum[:])
}

func randomToken() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// isAdminName reports whether name is one of the configured admins'.
func (s *sessions) isAdminName(name string) bool {
	for _, n := range s.admins {
		if names.Same(strings.TrimSpace(n), name) {
			return true
		}
	}
	return false
}

// claimResult is a granted claim: the sign-in, its token (for the cookie)
// and, when the browser became the name's holder, its personal link key.
type claimResult struct {
	signIn storage.SignIn
	token  string
	link   string
}

// claim signs browser in as name, or as the holder of link when one is
// given; adminKey proves an admin's name. The browser's current sign-in
// (old token, "" if none) is parked.
func (s *sessions) claim(ctx context.Context, name, browser, old, link, adminKey string) (claimResult, error) {
	now := s.now()
	bh := hashOf("browser", browser)
	admin := false
	var h storage.Holder
	newHolder := false
	if link != "" {
		var err error
		if h, err = s.st.HolderByLink(ctx, hashOf("link", link)); errors.Is(err, storage.ErrNotFound) {
			return claimResult{}, errBadLink
		} else if err != nil {
			return claimResult{}, err
		}
		name, admin = h.Name, h.Admin && s.isAdminName(h.Name)
	} else {
		key := names.Key(name)
		held, err := s.st.Holder(ctx, key)
		found := err == nil
		if err != nil && !errors.Is(err, storage.ErrNotFound) {
			return claimResult{}, err
		}
		live, err := s.st.NameSignIns(ctx, key, now)
		if err != nil {
			return claimResult{}, err
		}
		mine, taken := false, false
		for _, si := range live {
			if si.BrowserHash == bh {
				mine, admin = true, si.Admin
			} else if !strings.HasPrefix(si.TokenHash, parkedPrefix) {
				taken = true
			}
		}
		if !mine && !taken {
			seatedAs := name
			if found {
				seatedAs = held.Name
			}
			if taken, err = s.st.Seated(ctx, storage.Local, seatedAs); err != nil {
				return claimResult{}, err
			}
			taken = taken && found // a seat with no holder yet is the first claimer's
		}
		if taken && !mine {
			return claimResult{}, errNameTaken
		}
		if s.isAdminName(name) && !mine {
			if s.adminKey == "" || !equal(adminKey, s.adminKey) {
				return claimResult{}, errAdminName
			}
			admin = true
		}
		if found && mine {
			h, name = held, held.Name
		} else {
			h, newHolder = storage.Holder{NameKey: key, Name: name, Admin: admin, Created: now}, true
		}
	}
	res := claimResult{token: randomToken()}
	if newHolder {
		res.link = randomToken()
		h.LinkHash = hashOf("link", res.link)
		if err := s.st.SaveHolder(ctx, h); err != nil {
			return claimResult{}, err
		}
	}
	res.signIn = storage.SignIn{TokenHash: hashOf("session", res.token), BrowserHash: bh, Name: name,
		NameKey: h.NameKey, Admin: admin, Expires: now.Add(signInTTL)}
	if err := s.st.SaveSignIn(ctx, res.signIn); err != nil {
		return claimResult{}, err
	}
	// The browser's sign-in as another name, or an earlier one as this,
	// is parked: it frees that name but lets this browser take it back.
	if old != "" {
		if prev, ok := s.lookup(ctx, old); ok {
			s.end(ctx, old)
			if prev.NameKey != h.NameKey {
				prev.TokenHash = parkedPrefix + prev.BrowserHash + ":" + prev.NameKey
				_ = s.st.SaveSignIn(ctx, prev)
			}
		}
	}
	_ = s.st.EndSignIn(ctx, parkedPrefix+bh+":"+h.NameKey)
	s.remember(res.signIn)
	return res, nil
}

// lookup returns the live sign-in of a token, from the cache or the store.
func (s *sessions) lookup(ctx context.Context, token string) (storage.SignIn, bool) {
	if token == "" {
		return storage.SignIn{}, false
	}
	th := hashOf("session", token)
	now := s.now()
	s.mu.Lock()
	si, ok := s.cache[th]
	s.mu.Unlock()
	if !ok {
		var err error
		if si, err = s.st.SignIn(ctx, th, now); err != nil {
			return storage.SignIn{}, false
		}
		s.remember(si)
	}
	if !now.Before(si.Expires) {
		s.forget(th)
		return storage.SignIn{}, false
	}
	return si, true
}

// user returns the sign-in of a token and marks it used: its expiry moves
// on (written to the store at most every refreshAfter).
func (s *sessions) user(ctx context.Context, token string) (storage.SignIn, bool) {
	si, ok := s.lookup(ctx, token)
	if !ok {
		return si, false
	}
	if next := s.now().Add(signInTTL); next.Sub(si.Expires) >= refreshAfter {
		si.Expires = next
		if err := s.st.SaveSignIn(ctx, si); err == nil {
			s.remember(si)
		}
	}
	return si, true
}

// newLink gives the holder of si's name a new personal link (the old one
// stops working) and returns it.
func (s *sessions) newLink(ctx context.Context, si storage.SignIn) (string, error) {
	h, err := s.st.Holder(ctx, si.NameKey)
	if err != nil {
		return "", fmt.Errorf("the holder of %s: %w", si.Name, err)
	}
	link := randomToken()
	h.LinkHash = hashOf("link", link)
	h.Admin = h.Admin || si.Admin
	if err := s.st.SaveHolder(ctx, h); err != nil {
		return "", err
	}
	return link, nil
}

// end ends a sign-in.
func (s *sessions) end(ctx context.Context, token string) {
	th := hashOf("session", token)
	s.forget(th)
	_ = s.st.EndSignIn(ctx, th)
}

// sweep removes the expired sign-ins from the store and the cache.
func (s *sessions) sweep(ctx context.Context) {
	now := s.now()
	_, _ = s.st.SweepSignIns(ctx, now)
	s.mu.Lock()
	defer s.mu.Unlock()
	for th, si := range s.cache {
		if !now.Before(si.Expires) {
			delete(s.cache, th)
		}
	}
}

// count is the number of sign-ins cached.
func (s *sessions) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.cache)
}

func (s *sessions) remember(si storage.SignIn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.cache) >= maxCached {
		for th := range s.cache { // the store keeps them: drop any half
			delete(s.cache, th)
			if len(s.cache) < maxCached/2 {
				break
			}
		}
	}
	s.cache[si.TokenHash] = si
}

func (s *sessions) forget(th string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.cache, th)
}

// sweepSignIns removes expired sign-ins every hour until ctx ends.
func (a *Adapter) sweepSignIns(ctx context.Context) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			a.sessions.sweep(ctx)
		}
	}
}
