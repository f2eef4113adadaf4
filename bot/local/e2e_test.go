package local

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"pbc/bot"
	"pbc/commands"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/session/tabletop"
	"pbc/storage"
	"pbc/storage/sqlite"
)

// fixtureDirs are where ../shared/fixtures may be, seen from this package.
var fixtureDirs = []string{"../../../shared/fixtures", "../../../../shared/fixtures"}

func fixture(t *testing.T, name string) *action.GameLog {
	t.Helper()
	for _, dir := range fixtureDirs {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			continue
		}
		l, err := action.ReadGameLog(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	t.Skipf("skipping: fixture %s not found in %v", name, fixtureDirs)
	return nil
}

// clock is the bots' time, moved by the test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// running is one bot process: the store, the core and the playground.
type running struct {
	st     *sqlite.DB
	core   *bot.Core
	pg     *Adapter
	url    string
	cancel context.CancelFunc
	done   chan error
	// players are the signed-in browsers, by name; key is the access
	// secret they present (the invite link's) and host their Host header.
	players   map[string]*http.Client
	key, host string
}

// startBot opens the database and serves the playground on a free port.
func startBot(t *testing.T, db string, clk *clock, images bool) *running {
	t.Helper()
	return startBotWith(t, db, clk, images, Options{})
}

// startBotWith is startBot with playground options (a listener, a secret,
// admins).
func startBotWith(t *testing.T, db string, clk *clock, images bool, opt Options) *running {
	t.Helper()
	st, err := sqlite.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	if opt.Listener == nil {
		if opt.Listener, err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
			t.Fatal(err)
		}
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	opt.Logger = log
	pg := New(opt)
	core := bot.New(bot.Options{Store: st, Commands: &bot.Dispatcher{Store: st, Log: log, Now: clk.now}, Adapters: []bot.Adapter{pg},
		Logger: log, Now: clk.now, ReminderTick: time.Hour, NoImages: !images})
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{st: st, core: core, pg: pg, cancel: cancel, done: make(chan error, 1), players: map[string]*http.Client{}, key: opt.Secret}
	go func() { r.done <- core.Run(ctx) }()
	if r.url, err = pg.URL(context.Background()); err != nil {
		t.Fatal(err)
	}
	return r
}

// stop shuts the bot down as SIGTERM would and closes the database.
func (r *running) stop(t *testing.T) {
	t.Helper()
	r.cancel()
	if err := <-r.done; err != nil {
		t.Fatalf("bot stopped with %v", err)
	}
	if err := r.st.Close(); err != nil {
		t.Fatal(err)
	}
}

// say sends a command to the playground as user (signed in on first use)
// and returns the replies.
func (r *running) say(t *testing.T, channel, user, text string) []Event {
	t.Helper()
	body, _ := json.Marshal(sendRequest{Channel: channel, User: user, Tab: "tab-" + user, Text: text, Wait: true})
	resp := r.post(t, r.player(t, user), "api/send", body)
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("send %q: %s: %s", text, resp.Status, b)
	}
	var out sendResponse
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out.Replies
}

// line is one command of a game played by chat.
type line struct{ user, text string }

// script is the chat a fixture's players would have typed, from the
// command layer's translator.
func script(t *testing.T, l *action.GameLog) []line {
	t.Helper()
	var out []line
	_, _, err := tabletop.ReplayChatTrace(l, func(user, text string, rep commands.Reply) {
		out = append(out, line{user, text})
	})
	if err != nil {
		t.Fatalf("the fixture does not play by chat: %v", err)
	}
	return out
}

// TestPlayFixtureThroughPlaygroundWithRestart plays a whole recorded game
// through the playground's HTTP API, the core and a real SQLite file,
// restarting the bot halfway: the game ends with the recorded result, and
// the reminder schedule survives the restart.
func TestPlayFixtureThroughPlaygroundWithRestart(t *testing.T) {
	for _, name := range []string{"1822PNW/p19_merge_coal_company_1.json", "1822PNW/586.json"} {
		t.Run(strings.ReplaceAll(name, "/", "_"), func(t *testing.T) { playFixture(t, name) })
	}
}

// playFixture plays one fixture (see TestPlayFixtureThroughPlaygroundWithRestart).
func playFixture(t *testing.T, name string) {
	l := fixture(t, name)
	lines := script(t, l)
	db := filepath.Join(t.TempDir(), "pbc.db")
	clk := &clock{t: time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)}
	const channel = "e2e"
	ch := Channel(channel)

	// The fixture's set-up (title, seed, players) imported without its
	// actions: an active game whose seats the players claim by chat.
	b := startBot(t, db, clk, true)
	ctx := context.Background()
	head := *l
	head.Actions, head.Result, head.GameEndReason = nil, nil, ""
	sg, err := b.st.Import(ctx, ch, "creator", &head)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range l.Players {
		got := b.say(t, channel, tabletop.ChatUser(p.ID), "join "+p.Name)
		if len(got) != 1 || got[0].To != "" {
			t.Fatalf("join %s: %+v", p.Name, got)
		}
	}

	half := len(lines) / 2
	autoCatchups, mapShown := 0, false
	var due time.Time
	for i, ln := range lines {
		if i == half {
			// Restart: stop the bot, note the reminder due, start again.
			got, err := b.st.DueReminders(ctx, clk.now().Add(1000*time.Hour))
			if err != nil || len(got) != 1 {
				g2, _ := b.st.Game(ctx, sg.ID)
				far, ferr := b.st.DueReminders(ctx, time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC))
				t.Logf("far: %v %v", far, ferr)
				t.Fatalf("reminders before the restart: %v, %v (game %+v, now %v)", got, err, g2, clk.now())
			}
			due = got[0].Due
			b.stop(t)
			b = startBot(t, db, clk, i%2 == 0)
			got, err = b.st.DueReminders(ctx, clk.now().Add(1000*time.Hour))
			if err != nil || len(got) != 1 || !got[0].Due.Equal(due) {
				t.Fatalf("reminders after the restart: %v, %v; want due %v", got, err, due)
			}
			// The reminder fires once its time has come.
			clk.add(due.Sub(clk.now()) + time.Minute)
			b.core.RemindDue(ctx)
			// A day later, a catch-up sums up what the others did. The
			// channel runs its jobs in order: the reminder RemindDue
			// queued is posted before the catch-up is answered.
			cu := b.say(t, channel, ln.user, "catchup")
			if n := remindersIn(b.pg, channel); n != 1 {
				t.Errorf("%d reminders posted once due, want 1", n)
			}
			if len(cu) != 1 || cu[0].To == "" || !strings.HasPrefix(cu[0].Text, "Since your last move") ||
				!strings.Contains(cu[0].Text, "Cash: ") {
				t.Errorf("catch-up: %+v", cu)
			}
		}
		if ln.text == "end" || ln.text == "end confirm" {
			// The recorded players each vote to end; once the last vote
			// has ended the game, later lines have nothing to act on.
			if g, err := b.st.Game(ctx, sg.ID); err == nil && g.Status == storage.Finished {
				break
			}
		}
		clk.add(time.Minute)
		replies := b.say(t, channel, ln.user, ln.text)
		if len(replies) == 0 {
			t.Fatalf("command %d %q by %s: no reply", i, ln.text, ln.user)
		}
		if len(replies) > 1 && strings.HasPrefix(replies[0].Text, "Since your last move") && replies[0].To != "" {
			autoCatchups++
		}
		last := replies[len(replies)-1]
		if last.To != "" {
			t.Fatalf("command %d %q by %s refused: %s", i, ln.text, ln.user, last.Text)
		}
		if i == 0 && (len(last.Images) != 2 || last.Images[0].Name != "table-phone.png" || last.Images[0].Screen != "phone" ||
			last.Images[1].Name != "table.png" || last.Images[1].Screen != "wide" || !strings.Contains(last.Text, "Your turn: @")) {
			t.Errorf("the first bid's reply should mention who is next and carry the table picture alone, for a phone and a wide screen (the map and market did not change): %+v", last)
		}
		if strings.HasPrefix(ln.text, "lay ") && !mapShown {
			// The region for a phone, opening the whole map, which a
			// wide screen shows.
			if len(last.Images) < 2 || last.Images[0].Name != "map-region.png" || last.Images[0].Screen != "phone" ||
				last.Images[1].Name != "map.png" || last.Images[1].Screen != "wide" || last.Images[0].Opens != last.Images[1].URL {
				t.Errorf("command %d %q: a tile lay's reply carries no region and map: %+v", i, ln.text, last)
			}
			mapShown = true
		}
	}
	if autoCatchups == 0 {
		t.Error("nobody got a catch-up on coming back a day later")
	}
	sg, err = b.st.Game(ctx, sg.ID)
	if err != nil {
		t.Fatal(err)
	}
	if sg.Status != storage.Finished || !maps.Equal(sg.Result, l.Result) {
		t.Errorf("stored game %s with result %v, want finished with %v", sg.Status, sg.Result, l.Result)
	}
	ld, err := b.st.Load(ctx, sg.ID)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Replay(ld.Log, engine.ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(g.Result(), l.Result) {
		t.Errorf("the stored log replays to %v, want %v", g.Result(), l.Result)
	}
	if got, _ := b.st.DueReminders(ctx, clk.now().Add(1000*time.Hour)); len(got) != 0 {
		t.Errorf("a finished game still has reminders: %v", got)
	}
	b.stop(t)
	t.Logf("%d chat commands played; the reminder due %v survived the restart", len(lines), due)
}

// remindersIn counts the reminders posted to a playground channel.
func remindersIn(a *Adapter, channel string) int {
	hist, s := a.hub.subscribe(channel, "", "")
	a.hub.unsubscribe(channel, s)
	n := 0
	for _, e := range hist {
		if e.Bot && e.ReplyTo == 0 && strings.Contains(e.Text, "a reminder") {
			n++
		}
	}
	return n
}
