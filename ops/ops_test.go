package ops

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"pbc/bot"
	"pbc/redact"
	"pbc/session"
	"pbc/storage"
	"pbc/storage/sqlite"
)

// adapter is a platform connection for the tests: Run fails with err while
// it is set, else serves until the end.
type adapter struct {
	platform storage.Platform
	err      error
	runs     atomic.Int32
	running  chan struct{} // closed by the first run that serves
}

func (a *adapter) Platform() storage.Platform { return a.platform }
func (a *adapter) Run(ctx context.Context, h bot.Handler) error {
	a.runs.Add(1)
	if a.err != nil {
		return a.err
	}
	close(a.running)
	<-ctx.Done()
	return nil
}
func (a *adapter) Post(context.Context, storage.Channel, bot.Reply) error { return nil }
func (a *adapter) Mention(id string) string                               { return "@" + id }

// rig is a core over a real SQLite store with its metrics, running.
type rig struct {
	t    *testing.T
	core *bot.Core
	srv  *httptest.Server
}

func newRig(t *testing.T, images bool, adapters ...bot.Adapter) *rig {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "pbc.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	m := NewMetrics()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	sm := session.New(session.Options{Store: st, Log: quiet, Observe: m.Stage, NoImages: !images})
	core := bot.New(bot.Options{Store: st, Commands: &bot.Dispatcher{Store: st, Manager: sm, Log: quiet},
		Adapters: adapters, Logger: quiet, Observer: m, NoImages: !images, ReminderTick: time.Hour,
		RetryBackoff: time.Hour})
	m.Watch(core, sm)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- core.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	srv := httptest.NewServer(Handler(Options{Core: core, Metrics: m, Redact: redact.New().String}))
	t.Cleanup(srv.Close)
	return &rig{t: t, core: core, srv: srv}
}

// say sends text as user to channel "t" and returns the last reply.
func (r *rig) say(user, text string) bot.Reply {
	r.t.Helper()
	var last bot.Reply
	done := make(chan struct{})
	r.core.Submit(bot.Message{Channel: storage.Channel{Platform: storage.Local, ID: "t"}, User: bot.User{ID: user, Name: user},
		Text: text, Respond: responder{reply: func(rep bot.Reply) { last = rep }, done: done}})
	<-done
	return last
}

type responder struct {
	reply func(bot.Reply)
	done  chan struct{}
}

func (r responder) Respond(_ context.Context, rep bot.Reply) error { r.reply(rep); return nil }
func (r responder) Finish()                                        { close(r.done) }

// scrape reads /metrics into series → value.
func (r *rig) scrape() map[string]float64 {
	r.t.Helper()
	resp, err := http.Get(r.srv.URL + "/metrics")
	if err != nil {
		r.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		r.t.Fatalf("/metrics: %s, %s", resp.Status, resp.Header.Get("Content-Type"))
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			r.t.Fatalf("/metrics line %q: %v", line, err)
		}
		out[line[:i]] = v
	}
	return out
}

// healthz reads /healthz.
func (r *rig) healthz() (int, bot.Health, string) {
	r.t.Helper()
	resp, err := http.Get(r.srv.URL + "/healthz")
	if err != nil {
		r.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var h bot.Health
	if err := json.Unmarshal(body, &h); err != nil {
		r.t.Fatalf("/healthz %s: %v", body, err)
	}
	return resp.StatusCode, h, string(body)
}

func TestMetricsCountMoves(t *testing.T) {
	pg := &adapter{platform: storage.Local, running: make(chan struct{})}
	r := newRig(t, true, pg)
	<-pg.running
	for _, c := range []struct{ user, text string }{{"ann", "new 1822PNW"}, {"ben", "join"}, {"cy", "join"}} {
		if rep := r.say(c.user, c.text); rep.Ephemeral {
			t.Fatalf("%q refused: %s", c.text, rep.Text)
		}
	}
	start := r.say("ann", "start")
	if start.Ephemeral || len(start.Mentions) == 0 {
		t.Fatalf("start: %+v", start)
	}
	mover := start.Mentions[0]
	const (
		moves    = `pbc_messages_total{outcome="move",platform="local"}`
		refusals = `pbc_messages_total{outcome="refused",platform="local"}`
		answers  = `pbc_messages_total{outcome="answer",platform="local"}`
	)
	before := r.scrape()
	pass := r.say(mover, "pass")
	if pass.Ephemeral || len(pass.Mentions) == 0 {
		t.Fatalf("%s's pass: %+v", mover, pass)
	}
	other := "" // neither who passed nor who is next
	for _, u := range []string{"ann", "ben", "cy"} {
		if u != mover && u != pass.Mentions[0] {
			other = u
		}
	}
	if rep := r.say(other, "pass"); !rep.Ephemeral {
		t.Fatalf("%s's pass out of turn was not refused: %s", other, rep.Text)
	}
	r.say(other, "status")
	after := r.scrape()
	for _, c := range []struct {
		series string
		delta  float64
	}{
		{moves, 1},
		{refusals, 1},
		{answers, 1},
		{`pbc_message_duration_seconds_count{platform="local"}`, 3},
		{`pbc_stage_duration_seconds_count{stage="apply"}`, 2}, // the pass and the refused one
		{`pbc_stage_duration_seconds_count{stage="store"}`, 1},
		{`pbc_stage_duration_seconds_count{stage="deliver"}`, 3},
	} {
		if got := after[c.series] - before[c.series]; got != c.delta {
			t.Errorf("%s moved by %v, want %v (before %v, after %v)", c.series, got, c.delta, before[c.series], after[c.series])
		}
	}
	for _, c := range []struct {
		series string
		want   float64
	}{
		{`pbc_sessions`, 1},
		{`pbc_renders_in_flight`, 0},
		{`pbc_platform_up{platform="local"}`, 1},
		{`pbc_platform_restarts_total{platform="local"}`, 0},
	} {
		if got, ok := after[c.series]; !ok || got != c.want {
			t.Errorf("%s is %v (present %v), want %v", c.series, got, ok, c.want)
		}
	}
	if after[`pbc_stage_duration_seconds_count{stage="render"}`] < 1 {
		t.Error("no picture drawing was timed; start draws the map")
	}
	if after[`pbc_messages_total{outcome="move",platform="local"}`] < 5 {
		t.Errorf("%v moves counted, want new, two joins, start and a pass", after[moves])
	}
	if _, ok := after["go_goroutines"]; !ok {
		t.Error("no Go runtime metrics")
	}
	if code, h, body := r.healthz(); code != http.StatusOK || !h.OK || h.Store != "ok" {
		t.Errorf("/healthz %d: %s", code, body)
	}
}

func TestHealthzDownAdapter(t *testing.T) {
	const token = "aW50ZXJhY3Rpb246MTEx0123456789abcdefghijklmnop"
	down := &adapter{platform: storage.Discord, running: make(chan struct{}),
		err: errors.New(`discord: respond: Post "https://discord.com/api/v10/interactions/111/` + token + `/callback": connection refused`)}
	pg := &adapter{platform: storage.Local, running: make(chan struct{})}
	r := newRig(t, false, down, pg)
	<-pg.running
	for down.runs.Load() == 0 || r.core.Adapters()[0].State != bot.AdapterRetrying {
		time.Sleep(time.Millisecond) // waits on what Adapters shows
	}
	code, h, body := r.healthz()
	if code != http.StatusServiceUnavailable || h.OK {
		t.Errorf("/healthz with discord down: %d %s", code, body)
	}
	if h.Store != "ok" || len(h.Platforms) != 2 {
		t.Errorf("/healthz: %s", body)
	}
	for _, p := range h.Platforms {
		switch p.Platform {
		case storage.Discord:
			if p.State != bot.AdapterRetrying || !strings.Contains(p.LastError, "connection refused") || p.RetryAt.IsZero() {
				t.Errorf("discord: %+v", p)
			}
		case storage.Local:
			if !p.Up() {
				t.Errorf("the playground: %+v", p)
			}
		}
	}
	if strings.Contains(body, token) {
		t.Errorf("/healthz shows the interaction token: %s", body)
	}
	m := r.scrape()
	if m[`pbc_platform_up{platform="discord"}`] != 0 || m[`pbc_platform_up{platform="local"}`] != 1 ||
		m[`pbc_platform_restarts_total{platform="discord"}`] != 1 {
		t.Errorf("platform metrics: up discord %v, local %v, restarts %v", m[`pbc_platform_up{platform="discord"}`],
			m[`pbc_platform_up{platform="local"}`], m[`pbc_platform_restarts_total{platform="discord"}`])
	}
}

func TestHealthzStoreDown(t *testing.T) {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "pbc.db"))
	if err != nil {
		t.Fatal(err)
	}
	core := bot.New(bot.Options{Store: st, Commands: &bot.Dispatcher{Store: st}, NoImages: true})
	defer core.Close(context.Background())
	srv := httptest.NewServer(Handler(Options{Core: core}))
	defer srv.Close()
	for _, tc := range []struct {
		name  string
		close bool
		want  int
	}{
		{"open", false, http.StatusOK},
		{"closed", true, http.StatusServiceUnavailable},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.close {
				st.Close()
			}
			resp, err := http.Get(srv.URL + "/healthz")
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.want || resp.Header.Get("Content-Type") != "application/json" {
				t.Errorf("/healthz %d %s: %s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
			}
		})
	}
}

// BenchmarkObserve is what the metrics add to one message: its count and
// time, and the four stages a move goes through.
func BenchmarkObserve(b *testing.B) {
	m := NewMetrics()
	b.ReportAllocs()
	for b.Loop() {
		m.Stage(session.StageApply, 300*time.Microsecond)
		m.Stage(session.StageStore, 2*time.Millisecond)
		m.Stage(session.StageRender, 40*time.Millisecond)
		m.Stage(bot.StageDeliver, time.Millisecond)
		m.Handled(storage.Discord, bot.OutcomeMove, 45*time.Millisecond)
	}
}
