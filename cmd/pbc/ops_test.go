package main

import (
	"bytes"
	"context"
	"io"
	"log"
	"log/slog"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"pbc/bot/discord"
	"pbc/bot/slack"
)

// lockedBuffer is a buffer safe for a writer and a reader at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// eventually polls f, which reports whether what it waits for is there,
// failing the test after a generous while.
func eventually(t *testing.T, what string, f func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !f(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("still waiting for %s", what)
		}
	}
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestServeOpsEndpoints(t *testing.T) {
	env := map[string]string{
		"PBC_DB":         filepath.Join(t.TempDir(), "pbc.db"),
		"PBC_LISTEN":     "127.0.0.1:0",
		"PBC_OPS_LISTEN": "127.0.0.1:0",
	}
	var stdout, stderr lockedBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- serve(ctx, nil, func(k string) string { return env[k] }, &stdout, &stderr) }()
	addrRE := regexp.MustCompile(`operator endpoints.* addr=(\S+)`)
	var base string
	eventually(t, "the operator endpoints' address in the log", func() bool {
		if m := addrRE.FindStringSubmatch(stderr.String()); m != nil {
			base = "http://" + m[1]
			return true
		}
		return false
	})
	eventually(t, "/healthz to answer 200 once the playground serves", func() bool {
		code, _ := get(t, base+"/healthz")
		return code == http.StatusOK
	})
	_, body := get(t, base+"/healthz")
	if !strings.Contains(body, `"state":"running"`) || !strings.Contains(body, `"store":"ok"`) {
		t.Errorf("/healthz: %s", body)
	}
	code, metrics := get(t, base+"/metrics")
	for _, want := range []string{"pbc_sessions 0", `pbc_platform_up{platform="local"} 1`, "pbc_renders_in_flight 0"} {
		if code != http.StatusOK || !strings.Contains(metrics, want) {
			t.Errorf("/metrics (%d) lacks %q", code, want)
		}
	}
	cancel()
	if rc := <-done; rc != 0 {
		t.Errorf("serve returned %d:\n%s", rc, stderr.String())
	}
}

func TestServeOpsBadAddress(t *testing.T) {
	env := map[string]string{
		"PBC_DB":         filepath.Join(t.TempDir(), "pbc.db"),
		"PBC_LISTEN":     "127.0.0.1:0",
		"PBC_OPS_LISTEN": "127.0.0.1:-1",
	}
	var stderr lockedBuffer
	if rc := serve(context.Background(), nil, func(k string) string { return env[k] }, io.Discard, &stderr); rc != 1 {
		t.Errorf("serve with a bad operator address returned %d, want 1", rc)
	}
	if !strings.Contains(stderr.String(), "PBC_OPS_LISTEN") {
		t.Errorf("the error does not name the setting:\n%s", stderr.String())
	}
}

func TestSecretLoggerMasksEveryLogger(t *testing.T) {
	cfg := serveConfig{Discord: discord.Config{Token: "MTA4NzYyMzQ1Njc4OTAxMjM0NQ.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB"},
		Slack: slack.Config{BotToken: "xoxb-1-2-abcdefABCDEF", AppToken: "xapp-1-A1-2-abcdef"}}
	secret := "open-sesame-1234"
	getenv := func(k string) string {
		if k == envPlaygroundSecret {
			return secret
		}
		return ""
	}
	var b bytes.Buffer
	before := log.Writer()
	l, r, restore := secretLogger(cfg, getenv, &b)
	hook := "https://discord.com/api/v10/webhooks/99/aW50ZXJhY3Rpb24tdG9rZW4tZm9yLXRlc3Rz/messages/@original"
	for _, tc := range []struct {
		name string
		log  func()
	}{
		{"core logger", func() { l.Error("reply failed", "err", io.ErrUnexpectedEOF, "url", hook) }},
		{"default slog logger", func() { slog.Info("connect with " + cfg.Discord.Token) }},
		{"log package (libraries)", func() { log.Printf("[DG0] wsapi.go: token %s, app %s", cfg.Slack.BotToken, cfg.Slack.AppToken) }},
		{"playground secret", func() { l.Info("invite", "link", "http://host:8822/?secret="+secret) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b.Reset()
			tc.log()
			got := b.String()
			if got == "" {
				t.Fatal("nothing logged")
			}
			for _, s := range []string{cfg.Discord.Token, cfg.Slack.BotToken, cfg.Slack.AppToken, secret, "aW50ZXJhY3Rpb24tdG9rZW4tZm9yLXRlc3Rz"} {
				if strings.Contains(got, s) {
					t.Errorf("logged a secret: %s", got)
				}
			}
		})
	}
	if got := r.String("token " + cfg.Slack.BotToken); strings.Contains(got, "abcdefABCDEF") {
		t.Errorf("the redactor for /healthz leaves %q", got)
	}
	restore()
	if log.Writer() != before {
		t.Error("restore left the log package writing elsewhere")
	}
}
