package local

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"
	"unicode"

	"pbc/internal/names"
	"pbc/storage"
)

// Cookies of the playground. Both are HTTP-only and SameSite=Strict: a page
// of another site can neither read them nor make the browser send them.
const (
	sessionCookie = "pbc_session" // the claimed name's session token
	accessCookie  = "pbc_access"  // proof that the invite link (the secret) was given
	browserCookie = "pbc_browser" // the browser's own id: it may take back names it switched from
)

// MinSecretLen is the shortest access secret (and admin key) accepted.
const MinSecretLen = 16

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

// validName checks a claimed name: a mention of it must read as one word,
// and nobody may sign as the bot, or as a name that looks like it.
func validName(name string) error {
	switch {
	case name == "":
		return errors.New("choose a name")
	case len([]rune(name)) > names.MaxRunes:
		return fmt.Errorf("a name has at most %d characters", names.MaxRunes)
	case names.Same(name, BotName):
		return fmt.Errorf("%q is the bot's name", name)
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' {
			return errors.New("a name has letters, digits, - and _ only")
		}
	}
	return names.Check(name)
}

// loginRequest is the body of POST /api/login: a name to claim, or the
// key of a personal sign-in link; an admin's name needs the admin key.
type loginRequest struct {
	Name     string `json:"name"`
	Link     string `json:"link,omitempty"`
	AdminKey string `json:"admin_key,omitempty"`
}

// meResponse is the answer of GET /api/me and POST /api/login.
type meResponse struct {
	User    string `json:"user"`
	Admin   bool   `json:"admin"`
	MaxFile int64  `json:"max_file"` // the largest file the page may send
	// Link is the personal sign-in link's key, given once: when the
	// browser became the name's holder, or asked for a new link.
	Link string `json:"link,omitempty"`
}

// login claims a name for the browser and sets its session cookie.
func (a *Adapter) login(w http.ResponseWriter, r *http.Request) {
	var req loginRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4<<10)).Decode(&req); err != nil {
		http.Error(w, "bad request: "+err.Error(), http.StatusBadRequest)
		return
	}
	name := strings.TrimSpace(req.Name)
	link := strings.TrimSpace(req.Link)
	if link == "" {
		if err := validName(name); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
	}
	old := ""
	if c, err := r.Cookie(sessionCookie); err == nil {
		old = c.Value
	}
	browser := ""
	if c, err := r.Cookie(browserCookie); err == nil && len(c.Value) >= 32 {
		browser = c.Value
	} else {
		browser = randomToken()
		http.SetCookie(w, &http.Cookie{Name: browserCookie, Value: browser, Path: "/", HttpOnly: true,
			SameSite: http.SameSiteStrictMode, Secure: secure(r), MaxAge: 400 * 24 * 3600})
	}
	res, err := a.sessions.claim(r.Context(), name, browser, old, link, req.AdminKey)
	switch {
	case errors.Is(err, errNameTaken):
		http.Error(w, name+" is taken: it has a seat or is signed in elsewhere. If it is yours, open your "+
			"personal sign-in link (shown when you first signed in, and under \"My link\" in a browser signed in as "+name+
			"); otherwise choose another name", http.StatusConflict)
		return
	case errors.Is(err, errBadLink):
		http.Error(w, err.Error()+": sign in with your name, or ask for a new link in a browser signed in as you", http.StatusForbidden)
		return
	case errors.Is(err, errAdminName):
		http.Error(w, name+" is an admin's name: it signs in with the admin link only", http.StatusForbidden)
		return
	case err != nil:
		a.log.Error("playground sign-in", "err", err)
		http.Error(w, "the sign-in could not be kept; try again later", http.StatusServiceUnavailable)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: res.token, Path: "/", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: secure(r), MaxAge: int(signInTTL / time.Second)})
	me := a.me(res.signIn)
	me.Link = res.link
	writeJSON(w, me)
}

// newLink gives the signed-in player a new personal sign-in link; the old
// one stops working.
func (a *Adapter) newLink(w http.ResponseWriter, r *http.Request) {
	si, ok := a.signIn(r)
	if !ok {
		http.Error(w, "claim a name first", http.StatusUnauthorized)
		return
	}
	link, err := a.sessions.newLink(r.Context(), si)
	if err != nil {
		a.log.Error("playground sign-in link", "err", err)
		http.Error(w, "no link could be made; try again later", http.StatusServiceUnavailable)
		return
	}
	me := a.me(si)
	me.Link = link
	writeJSON(w, me)
}

// logout ends the browser's session.
func (a *Adapter) logout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(sessionCookie); err == nil {
		a.sessions.end(r.Context(), c.Value)
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: secure(r), MaxAge: -1})
	w.WriteHeader(http.StatusNoContent)
}

// whoami answers who the browser plays as.
func (a *Adapter) whoami(w http.ResponseWriter, r *http.Request) {
	si, ok := a.signIn(r)
	if !ok {
		http.Error(w, "claim a name first", http.StatusUnauthorized)
		return
	}
	writeJSON(w, a.me(si))
}

func (a *Adapter) me(si storage.SignIn) meResponse {
	return meResponse{User: si.Name, Admin: si.Admin, MaxFile: MaxFileBytes}
}

// signIn is the request's sign-in.
func (a *Adapter) signIn(r *http.Request) (storage.SignIn, bool) {
	c, err := r.Cookie(sessionCookie)
	if err != nil {
		return storage.SignIn{}, false
	}
	return a.sessions.user(r.Context(), c.Value)
}

// sessionUser is the user of the request's session.
func (a *Adapter) sessionUser(r *http.Request) (string, bool) {
	si, ok := a.signIn(r)
	return si.Name, ok
}

// actingUser checks that a request names the session's user (or nobody)
// and returns that user's sign-in; otherwise it answers 401 or 403 itself.
func (a *Adapter) actingUser(w http.ResponseWriter, r *http.Request, named string) (storage.SignIn, bool) {
	si, ok := a.signIn(r)
	if !ok {
		http.Error(w, "claim a name first", http.StatusUnauthorized)
		return si, false
	}
	if named != "" && named != si.Name {
		http.Error(w, fmt.Sprintf("this browser plays as %s, not %s", si.Name, named), http.StatusForbidden)
		return si, false
	}
	return si, true
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
