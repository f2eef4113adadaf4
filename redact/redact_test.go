package redact

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"testing"
)

const (
	discordToken = "MTA4NzYyMzQ1Njc4OTAxMjM0NQ.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB"
	interaction  = "aW50ZXJhY3Rpb246MTEx0123456789abcdefghijklmnop"
	slackBot     = "xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOpQrStUvWx"
	slackApp     = "xapp-1-A0123456789-1234567890123-abcdef0123456789"
	configured   = "playground-secret-42"
)

func TestString(t *testing.T) {
	r := New(configured, "", "short")
	for _, tc := range []struct {
		name, in string
		secrets  []string // must not survive
		keep     []string // must survive
	}{
		{"discord interaction callback",
			`Post "https://discord.com/api/v10/interactions/111/` + interaction + `/callback": context canceled`,
			[]string{interaction}, []string{"/interactions/111/", "/callback", "context canceled"}},
		{"discord webhook follow-up",
			"PATCH https://discord.com/api/v10/webhooks/222333/" + interaction + "/messages/@original: 404",
			[]string{interaction}, []string{"/webhooks/222333/", "/messages/@original"}},
		{"discord webhook with query",
			"https://discord.com/api/webhooks/222333/" + interaction + "?wait=true",
			[]string{interaction}, []string{"?wait=true"}},
		{"slack response_url",
			`posting to https://hooks.slack.com/actions/T0123/456789/ZyXwVuTsRqPoNm: 410 Gone`,
			[]string{"ZyXwVuTsRqPoNm", "T0123/456789"}, []string{"https://hooks.slack.com/", ": 410 Gone"}},
		{"slack incoming webhook",
			"webhook https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXXXXX failed",
			[]string{"XXXXXXXXXXXXXXXX"}, []string{"failed"}},
		{"slack bot token", "auth.test with " + slackBot + " failed", []string{slackBot[5:]}, []string{"xoxb-", "failed"}},
		{"slack app token", "socket mode: " + slackApp, []string{slackApp[5:]}, []string{"xapp-"}},
		{"authorization header", "Authorization: Bot " + discordToken, []string{discordToken, "GhIjKl"}, []string{"Authorization: Bot "}},
		{"bearer", "Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345", []string{"abcdefghijklmnopqrstuvwxyz012345"}, []string{"Bearer "}},
		{"bare discord token", "token " + discordToken + " rejected", []string{discordToken, "GhIjKl"}, []string{"rejected"}},
		{"token in a form", "POST chat.postMessage token=abc123def456&channel=C1", []string{"abc123def456"}, []string{"channel=C1"}},
		{"configured secret", "invite ?s=" + configured + " printed", []string{configured}, []string{"printed"}},
		{"short configured strings are ignored", "a short word", nil, []string{"a short word"}},
		{"ordinary text", "the bot is restarting; send that again", nil, []string{"the bot is restarting; send that again"}},
		{"hexes and commands", "lay 57 D23 r1 at /interactions/ page", nil, []string{"lay 57 D23 r1 at /interactions/ page"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := r.String(tc.in)
			for _, s := range tc.secrets {
				if strings.Contains(got, s) {
					t.Errorf("%q still shows %q", got, s)
				}
			}
			for _, s := range tc.keep {
				if !strings.Contains(got, s) {
					t.Errorf("%q lost %q", got, s)
				}
			}
			if len(tc.secrets) > 0 && !strings.Contains(got, Mask) {
				t.Errorf("%q carries no %s", got, Mask)
			}
		})
	}
}

// secretURL prints a URL with a token, like an *url.URL or a library's type.
type secretURL struct{ u string }

func (s secretURL) String() string { return s.u }

type nilStringer struct{ p *int }

func (n *nilStringer) String() string { return fmt.Sprint(*n.p) }

func TestHandler(t *testing.T) {
	hook := "https://discord.com/api/v10/interactions/111/" + interaction + "/callback"
	u, _ := url.Parse("https://hooks.slack.com/actions/T1/2/" + interaction)
	wrapped := fmt.Errorf("discord: respond: %w", &url.Error{Op: "Post", URL: hook, Err: errors.New("context canceled")})
	for _, json := range []bool{false, true} {
		for _, tc := range []struct {
			name string
			log  func(l *slog.Logger)
			keep string
		}{
			{"message", func(l *slog.Logger) { l.Info("posting to " + hook) }, "posting to"},
			{"string attribute", func(l *slog.Logger) { l.Info("posted", "url", hook) }, "posted"},
			{"wrapped error", func(l *slog.Logger) { l.Error("reply failed", "err", wrapped) }, "context canceled"},
			{"stringer", func(l *slog.Logger) { l.Warn("hook", "u", u) }, "hooks.slack.com"},
			{"custom stringer", func(l *slog.Logger) { l.Warn("hook", "u", secretURL{hook}) }, "interactions/111"},
			{"bytes", func(l *slog.Logger) { l.Debug("body", "b", []byte(hook)) }, "body"},
			{"group", func(l *slog.Logger) { l.Info("req", slog.Group("http", "url", hook, "status", 404)) }, "404"},
			{"with attributes", func(l *slog.Logger) { l.With("token", "Bot "+discordToken).Info("connecting") }, "connecting"},
			{"with group", func(l *slog.Logger) { l.WithGroup("g").Info("x", "err", wrapped) }, "context canceled"},
			{"configured token", func(l *slog.Logger) { l.Info("config", "v", map[string]string{"t": configured}) }, "config"},
			{"nil stringer left to the handler", func(l *slog.Logger) { l.Info("nil", "v", &nilStringer{}) }, "nil"},
		} {
			t.Run(fmt.Sprintf("%s json=%v", tc.name, json), func(t *testing.T) {
				var b bytes.Buffer
				opts := &slog.HandlerOptions{Level: slog.LevelDebug}
				var next slog.Handler = slog.NewTextHandler(&b, opts)
				if json {
					next = slog.NewJSONHandler(&b, opts)
				}
				tc.log(slog.New(NewHandler(next, New(configured))))
				got := b.String()
				for _, s := range []string{interaction, discordToken, configured} {
					if strings.Contains(got, s) {
						t.Errorf("the line shows a secret: %s", got)
					}
				}
				if !strings.Contains(got, tc.keep) {
					t.Errorf("the line lost %q: %s", tc.keep, got)
				}
			})
		}
	}
}

func BenchmarkHandler(b *testing.B) {
	err := errors.New("discord: respond: Post \"https://discord.com/api/v10/interactions/111/" + interaction + "/callback\": EOF")
	for _, tc := range []struct {
		name string
		wrap func(slog.Handler) slog.Handler
	}{
		{"plain", func(h slog.Handler) slog.Handler { return h }},
		{"redacted", func(h slog.Handler) slog.Handler { return NewHandler(h, New(configured, slackBot)) }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var buf bytes.Buffer
			l := slog.New(tc.wrap(slog.NewTextHandler(&buf, nil)))
			b.ReportAllocs()
			for b.Loop() {
				buf.Reset()
				l.Info("message handled", "platform", "discord", "channel", "123456", "user", "789", "text", "lay 57 D23 r1", "err", err)
			}
		})
	}
}
