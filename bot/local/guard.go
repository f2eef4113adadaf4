package local

import (
	"mime"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// guard keeps the playground to the people it serves.
//
//   - Host: on a loopback address only loopback names are answered; on any
//     other, IP addresses, localhost and the configured Hosts. A page of a
//     name that rebinds to this machine is refused (no DNS rebinding).
//   - Access: with a secret, nothing is served to a request that does not
//     present it (see hasAccess); without one, nothing is served on a
//     non-loopback address.
//   - Posts: other sites may not post commands (a JSON body forces a CORS
//     preflight, and a foreign Origin is refused).
//   - Sessions: the API and the pictures need a claimed name.
func (a *Adapter) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; frame-ancestors 'none'")
		w.Header().Set("Referrer-Policy", "no-referrer") // the invite link's key stays here
		local, _ := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
		loopback := local != nil && isLoopback(local)
		if !a.allowedHost(r.Host, loopback) {
			http.Error(w, "forbidden host: this playground does not answer to "+r.Host+
				" (its operator can allow the name with PBC_PLAYGROUND_HOSTS)", http.StatusForbidden)
			return
		}
		switch {
		case a.opt.Secret != "":
			if !a.hasAccess(w, r) {
				http.Error(w, "this playground is private: open the invite link its operator gave you", http.StatusUnauthorized)
				return
			}
		case !loopback:
			http.Error(w, "this playground has no access secret, so it serves this machine only", http.StatusForbidden)
			return
		}
		if r.Method == http.MethodPost {
			if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
				http.Error(w, "send JSON", http.StatusUnsupportedMediaType)
				return
			}
			if o := r.Header.Get("Origin"); o != "" && !sameOrigin(o, r.Host) {
				http.Error(w, "forbidden origin", http.StatusForbidden)
				return
			}
		}
		if needsSession(r) {
			if _, ok := a.sessionUser(r); !ok {
				http.Error(w, "claim a name first", http.StatusUnauthorized)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// needsSession reports whether a request must come from a claimed name:
// everything but the page itself and claiming (or leaving) a name.
func needsSession(r *http.Request) bool {
	p := r.URL.Path
	switch {
	case p == "/api/login" || p == "/api/logout":
		return false
	case strings.HasPrefix(p, "/api/") || strings.HasPrefix(p, "/img/") || strings.HasPrefix(p, "/file/"):
		return true
	}
	return false
}

// sameOrigin reports whether an Origin header is this playground's (over
// HTTP, or HTTPS through a proxy).
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && strings.EqualFold(u.Host, host)
}

// allowedHost reports whether the playground answers to a Host header.
func (a *Adapter) allowedHost(hostport string, loopback bool) bool {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if host == "" {
		return false
	}
	if slices.ContainsFunc(a.opt.Hosts, func(h string) bool { return strings.EqualFold(strings.TrimSpace(h), host) }) {
		return true
	}
	if loopbackHost(host) {
		return true
	}
	// An address typed as a number cannot be rebound to another machine.
	return !loopback && net.ParseIP(strings.Trim(host, "[]")) != nil
}

// isLoopback reports whether a listening address is a loopback one.
func isLoopback(a net.Addr) bool {
	host, _, err := net.SplitHostPort(a.String())
	ip := net.ParseIP(host)
	return err == nil && ip != nil && ip.IsLoopback()
}

// loopbackHost reports whether a host name (no port) names this machine.
func loopbackHost(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}
