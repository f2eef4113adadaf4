package multiproc

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"pbc/bot/local"
	"pbc/commands"
	"pbc/engine"
	"pbc/session/tabletop"
	"pbc/storage"
	"pbc/storage/postgres"
	"pbc/storage/postgres/pgtest"
)

// scale is the size of a run of TestManyProcesses.
type scale struct {
	tables, idle int           // channels played; channels left waiting for a reminder
	run          time.Duration // how long the tables play
	killEvery    time.Duration
}

func (s scale) String() string {
	return fmt.Sprintf("%d tables, %d waiting, %v, a kill every %v", s.tables, s.idle, s.run, s.killEvery)
}

// TestManyProcesses runs three pbc processes on one PostgreSQL database,
// a dozen channels playing through them at once, each channel's messages
// going to the processes in turn, while one process after another is
// killed with SIGKILL and started again. No acknowledged move may be lost
// or applied twice, each game must be in the state a fresh replay of its
// log gives, and each due reminder must be sent once.
func TestManyProcesses(t *testing.T) {
	db := pgtest.URL(t)
	sc := scale{tables: 12, idle: 4, run: 30 * time.Second, killEvery: 3 * time.Second}
	if testing.Short() {
		sc = scale{tables: 4, idle: 2, run: 8 * time.Second, killEvery: 2 * time.Second}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	st, err := postgres.Open(ctx, db) // migrates before the processes start
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	bin := buildPbc(t)
	rem := newReminders()
	c := startCluster(t, bin, db, 3, "200ms", nil)
	for _, p := range c.procs {
		p.mu.Lock()
		p.onStart = func(p *proc, gen int, _ string) { rem.attach(ctx, c, p, gen) }
		p.mu.Unlock()
	}

	tables := make([]*table, sc.tables+sc.idle)
	for i := range tables {
		tables[i] = newTable(ctx, c, fmt.Sprintf("mp%02d", i), uint64(i+1))
		// Text replies only: the pictures would take the machine's time.
		set := storage.ChannelSettings{Channel: local.Channel(tables[i].ch), Images: storage.ImagePrefs{Off: true}}
		if err := st.SetChannelSettings(ctx, set); err != nil {
			t.Fatal(err)
		}
	}
	errs := make(chan error, len(tables))
	for _, tb := range tables {
		go func() { errs <- tb.setUp(ctx) }()
	}
	for range tables {
		if err := <-errs; err != nil {
			t.Fatal(err, "\n", c.logs())
		}
	}
	playing, idle := tables[:sc.tables], tables[sc.tables:]

	// The waiting games' reminders fall due one after another during the run.
	start := time.Now()
	want := map[storage.GameID]string{}
	for i, tb := range idle {
		g, err := st.OpenGame(ctx, local.Channel(tb.ch))
		if err != nil {
			t.Fatal(err)
		}
		want[g.ID] = tb.ch
		rem.add(ctx, c, tb.ch, tb.players[0])
		due := start.Add(time.Second + time.Duration(i)*(sc.run-3*time.Second)/time.Duration(max(1, len(idle)-1)))
		if err := st.SaveReminder(ctx, storage.Reminder{Game: g.ID, Due: due, Since: start}); err != nil {
			t.Fatal(err)
		}
	}

	runCtx, stopRun := context.WithTimeout(ctx, sc.run)
	defer stopRun()
	kills, killErrs := 0, make(chan error, 1)
	var wg sync.WaitGroup
	wg.Go(func() {
		rng := rand.New(rand.NewPCG(1, 2))
		until(runCtx, sc.killEvery, func() {
			p := c.procs[rng.IntN(len(c.procs))]
			p.kill()
			kills++
			if err := p.start(); err != nil {
				select {
				case killErrs <- err:
				default:
				}
			}
		})
	})
	for _, tb := range playing {
		wg.Go(func() { tb.play(runCtx) })
	}
	wg.Wait()
	select {
	case err := <-killErrs:
		t.Fatalf("restarting a process: %v\n%s", err, c.logs())
	default:
	}
	time.Sleep(time.Second) // the last reminders' streams
	elapsed := time.Since(start)

	var sum tally
	moves, stuck := 0, 0
	for _, tb := range playing {
		t.Run(tb.ch, func(t *testing.T) {
			for _, p := range tb.problems {
				t.Error(p)
			}
			moves += checkTable(ctx, t, c, st, tb)
		})
		sum.acked += tb.acked
		sum.recovered += tb.recovered
		sum.dropped += tb.dropped
		sum.refused += tb.refused
		sum.failures += tb.failures
		sum.staleCur += tb.staleCur
		if tb.stuck {
			stuck++
		}
	}
	sent, held := checkReminders(ctx, t, db, rem, want)
	t.Logf("%s: %d kills in %v; %d moves in the logs (%d acknowledged, %d found applied after a lost reply, "+
		"%d sent again after a failed delivery, %d refused by the rules), %d failed deliveries, %d current choices refused, %d scripts stopped early; "+
		"reminders: %d due, %d sent once, %d held by a killed process's lease",
		sc, kills, elapsed.Round(time.Second), moves, sum.acked, sum.recovered, sum.dropped, sum.refused, sum.failures, sum.staleCur,
		stuck, len(want), sent, held)
	if t.Failed() {
		t.Log(c.logs())
	}
}

// checkTable compares a table's log in the store with the moves the
// driver sent, and each process's view of the game with a fresh replay of
// that log. It returns the log's length.
func checkTable(ctx context.Context, t *testing.T, c *cluster, st storage.Store, tb *table) int {
	g, err := st.ListGames(ctx, storage.Filter{Channel: &storage.Channel{Platform: storage.Local, ID: tb.ch}, Limit: 1})
	if err != nil || len(g) != 1 {
		t.Fatalf("the channel's game: %v (%d)", err, len(g))
	}
	ld, err := st.Load(ctx, g[0].ID)
	if err != nil {
		t.Fatalf("loading the game: %v", err)
	}
	for at, s := range tb.slots {
		if at > len(ld.Entries) {
			if s.acked {
				t.Errorf("lost: the acknowledged %s by %s at %d is not in the log (%d entries); it was answered %q",
					s.verb, s.user, at, len(ld.Entries), s.reply)
			} else {
				t.Errorf("the %s by %s at %d, found applied, is not in the log (%d entries)", s.verb, s.user, at, len(ld.Entries))
			}
			continue
		}
		e := ld.Entries[at-1]
		var a struct {
			Type string `json:"type"`
		}
		_ = json.Unmarshal(e.Action, &a)
		if e.UserID != s.user || !sameVerb(s.verb, a.Type) {
			t.Errorf("log entry %d is a %s by %s; %s sent a %s there", at, a.Type, e.UserID, s.user, s.verb)
		}
	}
	for i := range ld.Entries {
		if _, ok := tb.slots[i+1]; !ok {
			t.Errorf("applied twice or unasked: log entry %d (%s) matches no move sent", i+1, ld.Entries[i].Action)
		}
	}
	if _, err := engine.Replay(ld.Log, engine.ReplayOptions{}); err != nil {
		t.Errorf("the log does not replay: %v", err)
		return len(ld.Entries)
	}
	seats := make([]commands.Seat, len(ld.Seats))
	for i, s := range ld.Seats {
		seats[i] = commands.Seat{Player: s.PlayerID, Name: s.DisplayName, User: s.UserID}
	}
	senders := make([]string, len(ld.Entries))
	for i, e := range ld.Entries {
		senders[i] = e.UserID
	}
	fresh, err := tabletop.LoadTable(ld.Log, seats, senders, ld.Game.Creator, 0)
	if err != nil {
		t.Fatalf("replaying the log: %v", err)
	}
	want := fresh.Exec(commands.Request{User: tb.players[0], Text: "status"}).Text
	for _, p := range c.procs {
		evs, err := c.client.send(ctx, p, tb.players[0], tb.ch, "status", false, "")
		if err != nil {
			t.Errorf("status from pbc %d: %v", p.n, err)
			continue
		}
		got := firstText(evs)
		ok := len(evs) > 0 && strings.HasPrefix(evs[0].Text, want)
		if final, over := strings.CutPrefix(want, "Game over: "); over {
			// A finished game's status is the stored result: the same values.
			final, _, _ = strings.Cut(final, "\n")
			ok = len(evs) > 0 && strings.Contains(evs[0].Text, "is over: "+final)
		}
		if !ok {
			t.Errorf("pbc %d shows\n%s\nwhere a fresh replay of the log shows\n%s", p.n, got, want)
		}
	}
	return len(ld.Entries)
}

// reminders records the reminders each process posts, watching the
// waiting channels on every process after each start.
type reminders struct {
	mu       sync.Mutex
	channels map[string]string          // channel → user watching
	seen     map[string]map[string]bool // channel → process.start.event
}

func newReminders() *reminders {
	return &reminders{channels: map[string]string{}, seen: map[string]map[string]bool{}}
}

// add watches channel as user on every process from now on.
func (r *reminders) add(ctx context.Context, c *cluster, channel, user string) {
	r.mu.Lock()
	r.channels[channel] = user
	r.seen[channel] = map[string]bool{}
	r.mu.Unlock()
	for _, p := range c.procs {
		if _, gen, ok := p.view(); ok {
			go r.watch(ctx, c, p, gen, channel, user)
		}
	}
}

// attach watches every channel on p's start gen.
func (r *reminders) attach(ctx context.Context, c *cluster, p *proc, gen int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for ch, user := range r.channels {
		go r.watch(ctx, c, p, gen, ch, user)
	}
}

// watch streams one channel of one start of p, again after a failure
// while that start runs.
func (r *reminders) watch(ctx context.Context, c *cluster, p *proc, gen int, channel, user string) {
	for ctx.Err() == nil {
		if _, g, ok := p.view(); !ok || g != gen {
			return
		}
		_ = c.client.watch(ctx, p, user, channel, func(e event) {
			if e.Bot && strings.Contains(e.Text, "a reminder: it is your turn") {
				// A post is its id and time: a channel's history, kept in
				// the store, shows the same post again on every stream
				// (after a restart, on another process).
				r.mu.Lock()
				r.seen[channel][fmt.Sprintf("%d@%s", e.ID, e.At)] = true
				r.mu.Unlock()
			}
		})
		time.Sleep(100 * time.Millisecond)
	}
}

// checkReminders wants each due reminder posted once, or, if the process
// that claimed it was killed before posting, still held by its lease. It
// returns how many were sent and how many are held.
func checkReminders(ctx context.Context, t *testing.T, db string, r *reminders, want map[storage.GameID]string) (sent, held int) {
	conn, err := pgx.Connect(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	r.mu.Lock()
	defer r.mu.Unlock()
	for id, ch := range want {
		var n int
		var claimed *time.Time
		if err := conn.QueryRow(ctx, "SELECT sent, claimed_until FROM reminders WHERE game_id = $1", int64(id)).Scan(&n, &claimed); err != nil {
			t.Errorf("%s: the reminder's row: %v", ch, err)
			continue
		}
		seen := len(r.seen[ch])
		switch {
		case seen == 1 && n == 1:
			sent++
		case seen == 0 && n == 0 && claimed != nil && claimed.After(time.Now()):
			held++
		default:
			t.Errorf("%s: the reminder was posted %d times (%v) and counted %d times in the store (claimed until %v); want once",
				ch, seen, r.seen[ch], n, claimed)
		}
	}
	return sent, held
}

// actionOf is the action type each command verb the script sends makes.
var actionOf = map[string]string{"pass": "pass", "bid": "bid", "train": "buy_train", "run": "run_routes",
	"lay": "lay_tile", "acquire": "acquire_company", "buy": "buy_shares", "sell": "sell_shares", "par": "par"}

// sameVerb reports whether a logged action type can be what verb made
// (verbs the table above does not know are taken on trust).
func sameVerb(verb, typ string) bool {
	want, ok := actionOf[verb]
	return !ok || want == typ
}
