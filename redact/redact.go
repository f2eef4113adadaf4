// Package redact keeps secrets out of log lines: chat platforms put
// tokens in URLs (a Discord interaction's token, a Slack response_url) and
// libraries quote those URLs in their errors. A Redactor rewrites them, and
// Handler applies it to every message and attribute of a slog.Handler.
package redact

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Mask replaces a secret.
const Mask = "[REDACTED]"

// pattern is a shape of secrets, with the part to keep as $1 and a quick
// test that a string may hold one: most log values are short words, and a
// regular expression costs more than a scan.
type pattern struct {
	maybe func(string) bool
	re    *regexp.Regexp
	with  string
}

// patterns are the shapes of secrets, compiled when first used: commands
// that log nothing (a one-shot replay) do not pay for them at start-up.
var patterns = sync.OnceValue(func() []pattern {
	return []pattern{
		// Discord: /interactions/<id>/<token>/callback, /webhooks/<app>/<token>[/messages/…].
		{has("/interactions/", "/webhooks/"), regexp.MustCompile(`(/(?:interactions|webhooks)/[0-9]+/)[^/\s?#"'<>]+`), "${1}" + Mask},
		// Slack: response_url and incoming webhooks, all under hooks.slack.com.
		{hasFold("hooks.slack.com/"), regexp.MustCompile(`(?i)(hooks\.slack\.com/)[^\s"'<>]*[^\s"'<>:;,.)]`), "${1}" + Mask}, // a colon or full stop after the URL stays
		// Slack tokens: xoxb-, xoxp-, xoxa-, xoxe-, xoxe.xoxp-, xapp-, …
		{has("xox", "xapp-"), regexp.MustCompile(`\b(xox[a-z](?:\.xox[a-z])?-|xapp-)[A-Za-z0-9-]+`), "${1}" + Mask},
		// An Authorization value: "Bot <token>", "Bearer <token>".
		{has("Bot", "Bearer"), regexp.MustCompile(`\b((?:Bot|Bearer)\s+)[A-Za-z0-9._~+/=-]{20,}`), "${1}" + Mask},
		// A Discord bot token (or any JWT-like token): three base64url parts.
		{func(s string) bool { return len(s) >= 47 && strings.Count(s, ".") >= 2 }, regexp.MustCompile(`\b[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{20,}`), Mask},
		// A token in a query string or form: token=…, secret=….
		{has("="), regexp.MustCompile(`(?i)\b((?:token|secret|access_token)=)[^&\s"'<>]+`), "${1}" + Mask},
	}
})

// has reports whether a string holds one of subs.
func has(subs ...string) func(string) bool {
	return func(s string) bool {
		for _, sub := range subs {
			if strings.Contains(s, sub) {
				return true
			}
		}
		return false
	}
}

// hasFold is has ignoring case (sub in lower case).
func hasFold(sub string) func(string) bool {
	return func(s string) bool { return strings.Contains(strings.ToLower(s), sub) }
}

// minSecret is the shortest configured secret replaced wherever it
// appears: shorter strings would mask ordinary words.
const minSecret = 8

// Redactor rewrites the secrets in strings: the shapes above, and the
// configured secrets themselves wherever they appear.
type Redactor struct {
	secrets []string // longest first, so that one inside another goes whole
}

// New returns a redactor that also masks each of secrets (empty and very
// short ones are ignored).
func New(secrets ...string) *Redactor {
	r := &Redactor{}
	for _, s := range secrets {
		if s = strings.TrimSpace(s); len(s) >= minSecret && !slices.Contains(r.secrets, s) {
			r.secrets = append(r.secrets, s)
		}
	}
	slices.SortFunc(r.secrets, func(a, b string) int { return len(b) - len(a) })
	return r
}

// String returns s with its secrets masked.
func (r *Redactor) String(s string) string {
	if s == "" {
		return s
	}
	for _, sec := range r.secrets {
		if strings.Contains(s, sec) {
			s = strings.ReplaceAll(s, sec, Mask)
		}
	}
	for _, p := range patterns() {
		if p.maybe(s) {
			s = p.re.ReplaceAllString(s, p.with)
		}
	}
	return s
}
