package local

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
)

// Cookies of the playground. Both are HTTP-only and SameSite=Strict: a page
// of another site can neither read them nor make the browser send them.
const (
	sessionCookie = "pbc_session" // the claimed name's session token
	accessCookie  = "pbc_access"  // proof that the invite link (the secret) was given
)

// Limits of the sessions kept in memory.
const (
	// sessionIdle ends a session nobody used for that long.
	sessionIdle = 24 * time.Hour
	// claimAfter is how long a name stays its session's while that session
	// is idle: then another browser may claim it (a player who lost the
	// cookie of a private window gets the name back).
	claimAfter = 30 * time.Minute
	// maxSessions bounds the sessions held at once.
	maxSessions = 10000
	// MinSecretLen is the shortest access secret accepted.
	MinSecretLen = 16
)

// ErrNoSecret is CheckExposure's answer for a playground that other
// machines could reach and that has no access secret.
var ErrNoSecret = errors.New("the playground would be reachable from other machines without an access secret")

// CheckExposure refuses a playground address that other machines can reach
// (anything but a loopback address or "localhost") unless an access secret
// of at least MinSecretLen characters is given.
func CheckExposure(addr, secret string) error {
	if secret != "" && len(secret) < MinSecretLen {
		return fmt.Errorf("the playground's access secret is %d characters long; use %d or more", len(secret), MinSecretLen)
	}
	if secret == "" && !loopbackAddr(addr) {
		return fmt.Errorf("listen address %s: %w", addr, ErrNoSecret)
	}
	return nil
}

// loopbackAddr reports whether a listen address ("host:port") is reachable
// from this machine only. A host name other than localhost may resolve to
// anything, so it counts as reachable.
func loopbackAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// session is a browser's claim of a name.
type session struct {
	token string
	user  string
	last  time.Time
}

// sessions holds the claimed names; one name has at most one session.
type sessions struct {
	mu      sync.Mutex
	now     func() time.Time
	byToken map[string]*session
	byName  map[string]*session // by folded name
}

func newSessions(now func() time.Time) *sessions {
	return &sessions{now: now, byToken: map[string]*session{}, byName: map[string]*session{}}
}

// errNameTaken refuses a claim of a name another browser uses.
var errNameTaken = errors.New("name taken")

// errFull refuses a claim when maxSessions are held.
var errFull = errors.New("too many sessions")

// claim gives name to a new session, ending the browser's previous one
// (old, "" if none). A name held by another active session is refused.
func (s *sessions) claim(name, old string) (*session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	key := foldName(name)
	if held := s.byName[key]; held != nil && held.token != old && now.Sub(held.last) < claimAfter {
		return nil, errNameTaken
	}
	if prev := s.byToken[old]; prev != nil {
		s.drop(prev)
	}
	if held := s.byName[key]; held != nil {
		s.drop(held)
	}
	if len(s.byToken) >= maxSessions {
		s.sweep(now)
		if len(s.byToken) >= maxSessions {
			return nil, errFull
		}
	}
	var b [32]byte
	_, _ = rand.Read(b[:])
	ses := &session{token: base64.RawURLEncoding.EncodeToString(b[:]), user: name, last: now}
	s.byToken[ses.token] = ses
	s.byName[key] = ses
	return ses, nil
}

// user returns the user of a session token and marks the session used.
func (s *sessions) user(token string) (string, bool) {
	if token == "" {
		return "", false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ses := s.byToken[token]
	now := s.now()
	if ses == nil || now.Sub(ses.last) > sessionIdle {
		if ses != nil {
			s.drop(ses)
		}
		return "", false
	}
	ses.last = now
	return ses.user, true
}

// end ends a session.
func (s *sessions) end(token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ses := s.byToken[token]; ses != nil {
		s.drop(ses)
	}
}

// count is the number of sessions held.
func (s *sessions) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.byToken)
}

func (s *sessions) drop(ses *session) {
	delete(s.byToken, ses.token)
	if s.byName[foldName(ses.user)] == ses {
		delete(s.byName, foldName(ses.user))
	}
}

// sweep ends the sessions idle past sessionIdle.
func (s *sessions) sweep(now time.Time) {
	for _, ses := range s.byToken {
		if now.Sub(ses.last) > sessionIdle {
			s.drop(ses)
		}
	}
}

// foldName is the form two names are compared in: "Alice" and "alice" are
// one player, so that neither can pass for the other.
func foldName(name string) string { return strings.ToLower(name) }

// validName checks a claimed name: a mention of it must read as one word,
// and nobody may sign as the bot.
func validName(name string) error {
	switch {
	case name == "":
		return errors.New("choose a name")
	case len([]rune(name)) > 32:
		return errors.New("a name has at most 32 characters")
	case strings.EqualFold(name, BotName):
		return fmt.Errorf("%q is the bot's name", name)
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' {
			return errors.New("a name has letters, digits, - and _ only")
		}
	}
	return nil
}

// loginRequest is the body of POST /api/login.
type loginRequest struct {
	Name string `json:"name"`
}

// meResponse is the answer of GET /api/me and POST /api/login.
type meResponse struct {
	User    string `json:"user"`
	Admin   bool   `json:"admin"`
	MaxFile int64  `json:"max_file"` // the largest file the page may send
}

// login claims a name for the browser and sets its session cookie.
func (a *Adapter) login(w http.ResponseWriter, r *http.Request) {
	var req loginRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4<<10)).Decode(&req); err != nil {
		http.Error(w, "bad request: "+err.Error(), http.StatusBadRequest)
		return
	}
	name := strings.TrimSpace(req.Name)
	if err := validName(name); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	old := ""
	if c, err := r.Cookie(sessionCookie); err == nil {
		old = c.Value
	}
	ses, err := a.sessions.claim(name, old)
	switch {
	case errors.Is(err, errNameTaken):
		http.Error(w, name+" is playing in another browser; choose another name (or sign out there)", http.StatusConflict)
		return
	case err != nil:
		http.Error(w, "the playground is full; try again later", http.StatusServiceUnavailable)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: ses.token, Path: "/", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: secure(r), MaxAge: int(sessionIdle / time.Second)})
	writeJSON(w, a.me(name))
}

// logout ends the browser's session.
func (a *Adapter) logout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(sessionCookie); err == nil {
		a.sessions.end(c.Value)
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: secure(r), MaxAge: -1})
	w.WriteHeader(http.StatusNoContent)
}

// whoami answers who the browser plays as.
func (a *Adapter) whoami(w http.ResponseWriter, r *http.Request) {
	user, ok := a.sessionUser(r)
	if !ok {
		http.Error(w, "claim a name first", http.StatusUnauthorized)
		return
	}
	writeJSON(w, a.me(user))
}

func (a *Adapter) me(user string) meResponse {
	return meResponse{User: user, Admin: a.isAdmin(user), MaxFile: MaxFileBytes}
}

// sessionUser is the user of the request's session.
func (a *Adapter) sessionUser(r *http.Request) (string, bool) {
	c, err := r.Cookie(sessionCookie)
	if err != nil {
		return "", false
	}
	return a.sessions.user(c.Value)
}

// isAdmin reports whether user is one of the configured admins.
func (a *Adapter) isAdmin(user string) bool {
	return slices.ContainsFunc(a.opt.Admins, func(n string) bool { return foldName(strings.TrimSpace(n)) == foldName(user) })
}

// actingUser checks that a request names the session's user (or nobody)
// and returns that user; otherwise it answers 401 or 403 itself.
func (a *Adapter) actingUser(w http.ResponseWriter, r *http.Request, named string) (string, bool) {
	user, ok := a.sessionUser(r)
	if !ok {
		http.Error(w, "claim a name first", http.StatusUnauthorized)
		return "", false
	}
	if named != "" && named != user {
		http.Error(w, fmt.Sprintf("this browser plays as %s, not %s", user, named), http.StatusForbidden)
		return "", false
	}
	return user, true
}

// accessToken is what the access cookie holds: derived from the secret, so
// that the cookie is not the secret itself.
func accessToken(secret string) string {
	sum := sha256.Sum256([]byte("pbc playground access\x00" + secret))
	return hex.EncodeToString(sum[:])
}

// hasAccess reports whether a request presents the access secret: its
// cookie, the invite link's key parameter or an Authorization bearer. A
// key given in the link sets the cookie, so that it is given once.
func (a *Adapter) hasAccess(w http.ResponseWriter, r *http.Request) bool {
	want := a.opt.Secret
	if c, err := r.Cookie(accessCookie); err == nil && equal(c.Value, accessToken(want)) {
		return true
	}
	if bearer, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok && equal(bearer, want) {
		return true
	}
	if key := r.URL.Query().Get("key"); key != "" && equal(key, want) {
		http.SetCookie(w, &http.Cookie{Name: accessCookie, Value: accessToken(want), Path: "/", HttpOnly: true,
			SameSite: http.SameSiteStrictMode, Secure: secure(r), MaxAge: 30 * 24 * 3600})
		return true
	}
	return false
}

func equal(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// secure reports whether the browser reached the playground over HTTPS
// (directly or through a proxy), where cookies should say so.
func secure(r *http.Request) bool {
	return r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https")
}
