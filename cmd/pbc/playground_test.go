package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"pbc/bot/local"
)

// env is a fixed environment.
func env(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }

// TestPlaygroundStartCheck: the playground does not start open to the
// network; with a secret, or on loopback, or without the playground, it does.
func TestPlaygroundStartCheck(t *testing.T) {
	const secret = "0123456789abcdef0123"
	for _, c := range []struct {
		name string
		vars map[string]string
		want string // in the error; "" for none
	}{
		{"loopback", map[string]string{}, ""},
		{"all interfaces, no secret", map[string]string{"PBC_LISTEN": "0.0.0.0:8822"}, "Set PBC_PLAYGROUND_SECRET"},
		{"a LAN address, no secret", map[string]string{"PBC_LISTEN": "192.168.1.5:8822"}, "where other machines can reach it"},
		{"all interfaces, short secret", map[string]string{"PBC_LISTEN": "0.0.0.0:8822", "PBC_PLAYGROUND_SECRET": "abc"}, "16 or more"},
		{"all interfaces, secret", map[string]string{"PBC_LISTEN": "0.0.0.0:8822", "PBC_PLAYGROUND_SECRET": secret}, ""},
		{"Discord only, no secret", map[string]string{"PBC_LISTEN": "0.0.0.0:8822", "DISCORD_TOKEN": "t"}, ""},
		{"Discord and the playground, no secret", map[string]string{"PBC_LISTEN": "0.0.0.0:8822", "DISCORD_TOKEN": "t", "PBC_PLAYGROUND": "true"}, "PBC_PLAYGROUND_SECRET"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := parseServeConfig(flag.NewFlagSet("pbc", flag.ContinueOnError), nil, env(c.vars))
			if err != nil {
				t.Fatal(err)
			}
			_, err = playgroundOptions(cfg, env(c.vars))
			switch {
			case c.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("got %v, want an error saying %q", err, c.want)
			}
		})
	}
	opt, err := playgroundOptions(serveConfig{Local: local.Config{Listen: "127.0.0.1:1"}}, env(map[string]string{
		"PBC_PLAYGROUND_ADMINS": " alice, bob ,,", "PBC_PLAYGROUND_HOSTS": "pbc.example.com"}))
	if err != nil || !slices.Equal(opt.Admins, []string{"alice", "bob"}) || !slices.Equal(opt.Hosts, []string{"pbc.example.com"}) {
		t.Errorf("admins %q, hosts %q, %v", opt.Admins, opt.Hosts, err)
	}
}

// TestServeRefusesOpenPlayground runs the command as the Docker image
// would (all interfaces, no tokens): it stops at once with the reason, and
// creates no database.
func TestServeRefusesOpenPlayground(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pbc.db")
	var out, errOut bytes.Buffer
	code := serve(context.Background(), []string{"--db", db}, env(map[string]string{"PBC_LISTEN": "0.0.0.0:0"}), &out, &errOut)
	if code != 2 || !strings.Contains(errOut.String(), "PBC_PLAYGROUND_SECRET") {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	if m, _ := filepath.Glob(db + "*"); len(m) != 0 {
		t.Errorf("a refused start created %v", m)
	}
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestServeWithSecret runs the command with an access secret: it prints
// the invite address (the key left out, as the output is no terminal),
// and serves only requests that present the secret.
func TestServeWithSecret(t *testing.T) {
	const secret = "0123456789abcdef0123"
	ctx, cancel := context.WithCancel(context.Background())
	var out syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- serve(ctx, []string{"--db", filepath.Join(t.TempDir(), "pbc.db")},
			env(map[string]string{"PBC_LISTEN": "127.0.0.1:0", "PBC_PLAYGROUND_SECRET": secret}), &out, io.Discard)
	}()
	defer func() {
		cancel()
		if code := <-done; code != 0 {
			t.Errorf("exit %d", code)
		}
	}()
	link := regexp.MustCompile(`open (http://\S+)\?key=KEY in your browser`)
	var base string
	for deadline := time.Now().Add(10 * time.Second); base == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if m := link.FindStringSubmatch(out.String()); m != nil {
			base = m[1]
		}
	}
	if base == "" {
		t.Fatalf("no invite address in %q", out.String())
	}
	invite := base + "?key=" + secret
	for _, c := range []struct {
		url  string
		want int
	}{{base, http.StatusUnauthorized}, {base + "app.js", http.StatusUnauthorized}, {base + "?key=wrong-wrong-wrong", http.StatusUnauthorized},
		{invite, http.StatusOK}} {
		r, err := http.Get(c.url)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != c.want {
			t.Errorf("GET %s: %s, want %d", c.url, r.Status, c.want)
		}
	}
}

// TestInviteSecretNotLogged: with an access secret and its output going to
// a log (a buffer, a file or a pipe, as under Docker), neither standard
// output nor the log holds the secret; the output says where to find it.
func TestInviteSecretNotLogged(t *testing.T) {
	const secret = "s3cret-s3cret-s3cret"
	ctx, cancel := context.WithCancel(context.Background())
	var out, logged syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- serve(ctx, []string{"--db", filepath.Join(t.TempDir(), "pbc.db")},
			env(map[string]string{"PBC_LISTEN": "127.0.0.1:0", "PBC_PLAYGROUND_SECRET": secret}), &out, &logged)
	}()
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(out.String(), "in your browser") && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("exit %d", code)
	}
	if !strings.Contains(out.String(), "PBC_PLAYGROUND_SECRET") {
		t.Errorf("the output does not say where the key is: %q", out.String())
	}
	for what, s := range map[string]string{"standard output": out.String(), "the log": logged.String()} {
		if strings.Contains(s, secret) || strings.Contains(s, url.QueryEscape(secret)) {
			t.Errorf("%s holds the access secret: %q", what, s)
		}
	}
	if f, err := os.CreateTemp(t.TempDir(), "out"); err == nil {
		defer f.Close()
		if writesToTerminal(f) {
			t.Error("a file counts as a terminal")
		}
	}
}
