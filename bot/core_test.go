package bot

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"pbc/engine/action"
	"pbc/storage"
	"pbc/storage/sqlite"
)

// fixtureDirs are where ../shared/fixtures may be, seen from this package.
var fixtureDirs = []string{"../../shared/fixtures", "../../../shared/fixtures"}

// fixture reads a fixture log, skipping the test without the shared folder.
func fixture(t testing.TB, name string) *action.GameLog {
	t.Helper()
	for _, dir := range fixtureDirs {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			continue
		}
		defer f.Close()
		l, err := action.ReadGameLog(f)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	t.Skipf("skipping: fixture %s not found in %v", name, fixtureDirs)
	return nil
}

// openStore opens a fresh SQLite database in a temporary directory.
func openStore(t testing.TB) *sqlite.DB {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "pbc.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// fakeAdapter records what the core posts.
type fakeAdapter struct {
	mu    sync.Mutex
	posts []Reply
	fail  bool // Post fails
}

func (a *fakeAdapter) Platform() storage.Platform { return storage.Local }
func (a *fakeAdapter) Run(ctx context.Context, h Handler) error {
	<-ctx.Done()
	return nil
}
func (a *fakeAdapter) Post(_ context.Context, _ storage.Channel, r Reply) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.fail {
		return errors.New("fake adapter: post failed")
	}
	a.posts = append(a.posts, r)
	return nil
}
func (a *fakeAdapter) setFail(fail bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.fail = fail
}
func (a *fakeAdapter) Mention(id string) string { return "<" + id + ">" }

func (a *fakeAdapter) posted() []Reply {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]Reply(nil), a.posts...)
}

// echoCommands answers every command with its text after a pause.
type echoCommands struct {
	pause time.Duration
	// started, if set, gets each command's text as it begins.
	started chan string
}

func (e *echoCommands) Do(ctx context.Context, r Request) (Result, error) {
	if e.started != nil {
		e.started <- r.Text
	}
	time.Sleep(e.pause)
	return Result{Text: r.Channel.ID + ":" + r.Text}, nil
}

func TestChannelOrder(t *testing.T) {
	cmds := &echoCommands{pause: 2 * time.Millisecond}
	c := New(Options{Store: openStore(t), Commands: cmds, NoImages: true, QueueLimit: -1})
	var mu sync.Mutex
	got := map[string][]string{}
	var wg sync.WaitGroup
	for i := range 40 {
		for _, ch := range []string{"a", "b", "c"} {
			wg.Add(1)
			c.Submit(Message{Channel: storage.Channel{Platform: storage.Local, ID: ch}, User: User{ID: "u"},
				Text: fmt.Sprint(i), Respond: ResponderFunc(func(_ context.Context, r Reply) error {
					defer wg.Done()
					mu.Lock()
					defer mu.Unlock()
					got[ch] = append(got[ch], r.Text)
					return nil
				})})
		}
	}
	wg.Wait()
	c.Close(context.Background())
	for _, ch := range []string{"a", "b", "c"} {
		for i, text := range got[ch] {
			if want := fmt.Sprintf("%s:%d", ch, i); text != want {
				t.Fatalf("channel %s reply %d is %q, want %q: out of order", ch, i, text, want)
			}
		}
	}
}

// meetCommands answers a command of a channel only once a command of each
// of its channels has begun: channels run one at a time never meet.
type meetCommands struct {
	begun map[string]chan struct{}
}

func (m *meetCommands) Do(ctx context.Context, r Request) (Result, error) {
	close(m.begun[r.Channel.ID])
	for id, b := range m.begun {
		select {
		case <-b:
		case <-ctx.Done():
			return Result{}, fmt.Errorf("channel %s waited for %s: %w", r.Channel.ID, id, ctx.Err())
		}
	}
	return Result{Text: "met"}, nil
}

func TestChannelsRunInParallel(t *testing.T) {
	cmds := &meetCommands{begun: map[string]chan struct{}{"a": make(chan struct{}), "b": make(chan struct{}), "c": make(chan struct{})}}
	c := New(Options{Store: openStore(t), Commands: cmds, NoImages: true, JobTimeout: time.Minute})
	defer c.Close(context.Background())
	replied := make(chan string, len(cmds.begun))
	for ch := range cmds.begun {
		c.Submit(Message{Channel: storage.Channel{Platform: storage.Local, ID: ch}, User: User{ID: "u"}, Text: "x",
			Respond: ResponderFunc(func(_ context.Context, r Reply) error { replied <- ch + ": " + r.Text; return nil })})
	}
	for range cmds.begun {
		if got := <-replied; !strings.HasSuffix(got, ": met") {
			t.Errorf("reply %q: the channels did not run at once", got)
		}
	}
}

func TestShutdownFinishesMessageInHand(t *testing.T) {
	cmds := &echoCommands{pause: 300 * time.Millisecond, started: make(chan string, 1)}
	ad := &fakeAdapter{}
	c := New(Options{Store: openStore(t), Commands: cmds, Adapters: []Adapter{ad}, NoImages: true, ReminderTick: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- c.Run(ctx) }()
	replied := make(chan string, 2)
	respond := ResponderFunc(func(_ context.Context, r Reply) error { replied <- r.Text; return nil })
	ch := storage.Channel{Platform: storage.Local, ID: "x"}
	c.Submit(Message{Channel: ch, Text: "slow", Respond: respond})
	<-cmds.started // in hand: the shutdown must wait for it
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := <-replied; got != "x:slow" {
		t.Errorf("reply %q", got)
	}
	c.Submit(Message{Channel: ch, Text: "late", Respond: respond})
	if got := <-replied; !strings.Contains(got, "restarting") {
		t.Errorf("a message after shutdown got %q, want a restarting notice", got)
	}
}

func TestNextDue(t *testing.T) {
	paris := storage.QuietHours{From: 22 * 60, To: 7*60 + 30, TZ: "Europe/Paris"}
	day := storage.QuietHours{From: 9 * 60, To: 17 * 60}
	at := func(s string) time.Time {
		tm, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	for _, c := range []struct {
		q        storage.QuietHours
		in, want string
	}{
		{storage.QuietHours{}, "2026-06-01T03:00:00Z", "2026-06-01T03:00:00Z"},
		{paris, "2026-06-01T12:00:00Z", "2026-06-01T12:00:00Z"},                               // 14:00 in Paris
		{paris, "2026-06-01T21:00:00Z", "2026-06-02T05:30:00Z"},                               // 23:00 → 07:30 next day
		{paris, "2026-06-02T01:00:00Z", "2026-06-02T05:30:00Z"},                               // 03:00 → 07:30 same day
		{paris, "2026-06-02T05:30:00Z", "2026-06-02T05:30:00Z"},                               // the end is not quiet
		{day, "2026-06-01T10:15:00Z", "2026-06-01T17:00:00Z"},                                 // within a daytime span
		{day, "2026-06-01T08:59:00Z", "2026-06-01T08:59:00Z"},                                 // before it
		{paris, "2026-01-10T22:30:00Z", "2026-01-11T06:30:00Z"},                               // winter time: 23:30 → 07:30 CET
		{storage.QuietHours{From: 0, To: 60}, "2026-06-01T00:10:00Z", "2026-06-01T01:00:00Z"}, // UTC
	} {
		if got := NextDue(at(c.in), c.q); !got.Equal(at(c.want)) {
			t.Errorf("NextDue(%s, %+v) = %s, want %s", c.in, c.q, got.UTC().Format(time.RFC3339), c.want)
		}
	}
}

func TestSettingsCommands(t *testing.T) {
	st := openStore(t)
	c := New(Options{Store: st, Commands: &echoCommands{}, NoImages: true})
	defer c.Close(context.Background())
	ch := storage.Channel{Platform: storage.Local, ID: "s"}
	say := func(text string) Reply {
		got := make(chan Reply, 1)
		c.Submit(Message{Channel: ch, User: User{ID: "boss", Admin: true}, Text: text,
			Respond: ResponderFunc(func(_ context.Context, r Reply) error { got <- r; return nil })})
		return <-got
	}
	if r := say("remind"); !strings.Contains(r.Text, "every 24h (the default)") {
		t.Errorf("remind: %q", r.Text)
	}
	if r := say("remind every 12h"); !strings.Contains(r.Text, "every 12h") {
		t.Errorf("remind every 12h: %q", r.Text)
	}
	if r := say("quiet 22:00-7:30 Europe/Paris"); !strings.Contains(r.Text, "22:00–07:30 Europe/Paris") {
		t.Errorf("quiet: %q", r.Text)
	}
	s, err := st.ChannelSettings(context.Background(), ch)
	if err != nil || s.ReminderEvery != 12*time.Hour || s.Quiet != (storage.QuietHours{From: 22 * 60, To: 7*60 + 30, TZ: "Europe/Paris"}) {
		t.Errorf("stored settings %+v, %v", s, err)
	}
	if r := say("remind off"); !strings.Contains(r.Text, "off") {
		t.Errorf("remind off: %q", r.Text)
	}
	for _, bad := range []string{"remind soon", "remind 5m", "quiet 25-3", "quiet 22-7 Mars/Olympus"} {
		if r := say(bad); !r.Ephemeral {
			t.Errorf("%q was accepted: %q", bad, r.Text)
		}
	}
}

func TestStripPrefix(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"!pass", "pass", true},
		{"pbc buy SWW", "buy SWW", true},
		{"PBC status", "status", true},
		{"<@B1> lay 57 D23", "lay 57 D23", true},
		{"! pass", "", false},
		{"nice move", "", false},
		{"pbcstatus", "", false},
	} {
		got, ok := StripPrefix(c.in, "<@B1>")
		if got != c.want || ok != c.ok {
			t.Errorf("StripPrefix(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
