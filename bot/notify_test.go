package bot

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"pbc/session"
	"pbc/storage"
)

// dmAdapter is a fakeAdapter that can send direct messages.
type dmAdapter struct {
	fakeAdapter
	dmMu sync.Mutex
	dms  []sentDM
}

// sentDM is one direct message a dmAdapter sent.
type sentDM struct {
	ch         storage.Channel
	user, text string
}

func (a *dmAdapter) DM(_ context.Context, ch storage.Channel, user string, r Reply) error {
	a.dmMu.Lock()
	defer a.dmMu.Unlock()
	a.dms = append(a.dms, sentDM{ch: ch, user: user, text: r.Text})
	return nil
}

func (a *dmAdapter) sent() []sentDM {
	a.dmMu.Lock()
	defer a.dmMu.Unlock()
	return append([]sentDM(nil), a.dms...)
}

// ask submits a message and returns the core's last reply to it.
func ask(t *testing.T, c *Core, ch storage.Channel, u User, text string) Reply {
	t.Helper()
	w := &replyWait{done: make(chan struct{})}
	c.Submit(Message{Channel: ch, User: u, Text: text, Respond: w})
	select {
	case <-w.done:
	case <-time.After(time.Minute):
		t.Fatalf("%q: no end of handling", text)
	}
	if len(w.replies) == 0 {
		t.Fatalf("%q: no reply", text)
	}
	return w.replies[len(w.replies)-1]
}

// settle waits until the core has no reminder queued or being sent. RemindDue
// marks a game's reminder pending before it returns and the job clears the
// mark once it has posted, so after settle every reminder RemindDue queued
// has been posted, and a reminder it should not have queued would show.
func settle(t *testing.T, c *Core) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		c.mu.Lock()
		n := len(c.pending)
		c.mu.Unlock()
		if n == 0 {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatal("reminders still queued after a minute")
}

func TestNotifyCommands(t *testing.T) {
	t0 := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	ann := User{ID: "ann", Name: "Ann"}
	ch := storage.Channel{Platform: storage.Local, ID: "C1"}
	for _, c := range []struct {
		name  string
		dm    bool // the adapter can send direct messages
		say   []string
		reply []string // in the last reply
		want  storage.UserPrefs
	}{
		{"settings shown", true, []string{"notify"}, []string{"`notify dm`", "time zone is UTC"},
			storage.UserPrefs{}},
		{"direct messages", true, []string{"notify dm"}, []string{"direct message when it is your turn"},
			storage.UserPrefs{DM: true}},
		{"direct messages stopped", true, []string{"notify dm", "notify off"}, []string{"announced in the channel"},
			storage.UserPrefs{}},
		{"no direct messages on this chat", false, []string{"notify dm"}, []string{"cannot send direct messages"},
			storage.UserPrefs{}},
		{"quiet hours in a zone set before", true, []string{"notify tz Europe/Paris", "notify quiet 22-7"},
			[]string{"22:00–07:00 Europe/Paris"},
			storage.UserPrefs{Quiet: storage.QuietHours{From: 22 * 60, To: 7 * 60, TZ: "Europe/Paris"}}},
		{"quiet hours with their zone", true, []string{"notify quiet 23:30-6 America/Vancouver"},
			[]string{"23:30–06:00 America/Vancouver"},
			storage.UserPrefs{Quiet: storage.QuietHours{From: 23*60 + 30, To: 6 * 60, TZ: "America/Vancouver"}}},
		{"quiet hours ended, the zone kept", true, []string{"notify quiet 22-7 Europe/Paris", "notify quiet off"},
			[]string{"No quiet hours", "Europe/Paris"},
			storage.UserPrefs{Quiet: storage.QuietHours{TZ: "Europe/Paris"}}},
		{"away", true, []string{"notify tz Europe/Paris", "away 3d"}, []string{"away until Thu 4 Jun 14:00 Europe/Paris"},
			storage.UserPrefs{Quiet: storage.QuietHours{TZ: "Europe/Paris"}, AwayUntil: t0.Add(72 * time.Hour)}},
		{"back", true, []string{"away 3d", "back"}, nil, storage.UserPrefs{}},
		{"a bad span", true, []string{"away soon"}, []string{"is not a span; try `away 3d`"}, storage.UserPrefs{}},
		{"a bad zone", true, []string{"notify dm", "notify tz Mars/Olympus"}, []string{"time zone"},
			storage.UserPrefs{DM: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := openStore(t)
			var ad Adapter = &fakeAdapter{}
			if c.dm {
				ad = &dmAdapter{}
			}
			core := New(Options{Store: st, Commands: &echoCommands{}, Adapters: []Adapter{ad}, NoImages: true,
				Now: func() time.Time { return t0 }})
			defer core.Close(context.Background())
			var r Reply
			for _, text := range c.say {
				r = ask(t, core, ch, ann, text)
				if !r.Ephemeral {
					t.Errorf("%q answered in the channel: %q", text, r.Text)
				}
			}
			for _, w := range c.reply {
				if !strings.Contains(r.Text, w) {
					t.Errorf("reply %q does not say %q", r.Text, w)
				}
			}
			c.want.User = userOf(ch, ann.ID)
			if got, err := st.UserPrefs(context.Background(), c.want.User); err != nil || got != c.want {
				t.Errorf("stored %+v, %v; want %+v", got, err, c.want)
			}
		})
	}
}

// turnCommands answers every command with a move after which next must act.
type turnCommands struct{ next []Actor }

func (tc turnCommands) Do(_ context.Context, r Request) (Result, error) {
	return Result{Text: r.User.Name + " passed.\nmore detail", Changed: true, Seq: 1, Next: tc.next}, nil
}

func TestTurnDirectMessage(t *testing.T) {
	t0 := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC) // 14:00 in Paris
	ch := storage.Channel{Platform: storage.Local, ID: "g"}
	bob := Actor{PlayerID: 2, UserID: "bob", Name: "Bob"}
	ann := User{ID: "ann", Name: "Ann"}
	for _, c := range []struct {
		name   string
		prefs  storage.UserPrefs // Bob's
		next   []Actor
		noDM   bool // the adapter cannot send them
		wantDM bool
	}{
		{"asked for", storage.UserPrefs{DM: true}, []Actor{bob}, false, true},
		{"once for two companies", storage.UserPrefs{DM: true}, []Actor{bob, {PlayerID: 2, UserID: "bob", Name: "Bob", For: "SWW"}}, false, true},
		{"not asked for", storage.UserPrefs{}, []Actor{bob}, false, false},
		{"in quiet hours in their zone", storage.UserPrefs{DM: true,
			Quiet: storage.QuietHours{From: 13 * 60, To: 15 * 60, TZ: "Europe/Paris"}}, []Actor{bob}, false, false},
		{"quiet hours in another zone", storage.UserPrefs{DM: true,
			Quiet: storage.QuietHours{From: 13 * 60, To: 15 * 60, TZ: "America/Vancouver"}}, []Actor{bob}, false, true},
		{"away", storage.UserPrefs{DM: true, AwayUntil: t0.Add(time.Hour)}, []Actor{bob}, false, false},
		{"back from away", storage.UserPrefs{DM: true, AwayUntil: t0.Add(-time.Hour)}, []Actor{bob}, false, true},
		{"the mover's own turn", storage.UserPrefs{DM: true}, []Actor{{UserID: "ann", Name: "Ann"}}, false, false},
		{"an adapter without direct messages", storage.UserPrefs{DM: true}, []Actor{bob}, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := openStore(t)
			ctx := context.Background()
			for _, id := range []string{"ann", "bob"} {
				p := c.prefs
				p.User = userOf(ch, id)
				if err := st.SetUserPrefs(ctx, p); err != nil {
					t.Fatal(err)
				}
			}
			ad := &dmAdapter{}
			var adapter Adapter = ad
			if c.noDM {
				adapter = &ad.fakeAdapter
			}
			core := New(Options{Store: st, Commands: turnCommands{c.next}, Adapters: []Adapter{adapter}, NoImages: true,
				Now: func() time.Time { return t0 }})
			defer core.Close(ctx)
			r := ask(t, core, ch, ann, "pass")
			if !strings.Contains(r.Text, "Your turn: <"+c.next[0].UserID+">") {
				t.Errorf("the reply %q does not mention whose turn it is", r.Text)
			}
			dms := ad.sent()
			if !c.wantDM {
				if len(dms) != 0 {
					t.Errorf("direct messages %+v, want none", dms)
				}
				return
			}
			if len(dms) != 1 || dms[0].user != "bob" || dms[0].ch != ch ||
				!strings.Contains(dms[0].text, "your turn in #g") || !strings.Contains(dms[0].text, "Ann passed.") ||
				strings.Contains(dms[0].text, "more detail") {
				t.Errorf("direct messages %+v, want one to bob saying it is his turn in #g after Ann passed", dms)
			}
		})
	}
}

func TestAvailable(t *testing.T) {
	t0 := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	ch := storage.Channel{Platform: storage.Local, ID: "a"}
	st := openStore(t)
	ctx := context.Background()
	for id, p := range map[string]storage.UserPrefs{
		"away":  {AwayUntil: t0.Add(50 * time.Hour)},
		"quiet": {Quiet: storage.QuietHours{From: 11 * 60, To: 13 * 60}},
		// Away until the middle of their quiet hours: free at their end.
		"both": {AwayUntil: t0.Add(22 * time.Hour), Quiet: storage.QuietHours{From: 9 * 60, To: 11 * 60}},
		"here": {DM: true},
	} {
		p.User = userOf(ch, id)
		if err := st.SetUserPrefs(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	core := New(Options{Store: st, Commands: &echoCommands{}, NoImages: true})
	defer core.Close(ctx)
	names := func(as []Actor) string {
		var s []string
		for _, a := range as {
			s = append(s, a.Name)
		}
		return strings.Join(s, ",")
	}
	for _, c := range []struct {
		name       string
		actors     []string
		ping, held string
		next       time.Time
	}{
		{"everyone here", []string{"here", "nobody"}, "here,nobody", "", time.Time{}},
		{"an unclaimed seat is pinged", []string{""}, "", "", time.Time{}},
		{"away", []string{"away"}, "", "away", t0.Add(50 * time.Hour)},
		{"quiet", []string{"quiet"}, "", "quiet", t0.Add(time.Hour)},
		{"away, then quiet", []string{"both"}, "", "both", t0.Add(23 * time.Hour)},
		{"the first of the held", []string{"away", "quiet", "here"}, "here", "away,quiet", t0.Add(time.Hour)},
	} {
		t.Run(c.name, func(t *testing.T) {
			var actors []Actor
			for _, id := range c.actors {
				actors = append(actors, Actor{UserID: id, Name: id})
			}
			ping, held, next, err := core.available(ctx, ch, actors, t0)
			if err != nil {
				t.Fatal(err)
			}
			if c.name == "an unclaimed seat is pinged" {
				if len(ping) != 1 || len(held) != 0 {
					t.Errorf("ping %v held %v", ping, held)
				}
				return
			}
			if names(ping) != c.ping || names(held) != c.held || !next.Equal(c.next) {
				t.Errorf("ping %q held %q next %v; want %q, %q, %v", names(ping), names(held), next, c.ping, c.held, c.next)
			}
		})
	}
}

// remindedGame imports half a fixture into a channel served by a dmAdapter
// and returns the core (on clk), the adapter, the game and who acts in it.
func remindedGame(t *testing.T, clk *fakeClock) (*Core, *dmAdapter, storage.Store, storage.Game, Actor) {
	t.Helper()
	st := openStore(t)
	ch := storage.Channel{Platform: storage.Local, ID: "stall"}
	sg, g := halfGame(t, st, ch, "1822PNW/586.json")
	actors := session.ActorsOf(g, g.Moves(), mustSeats(t, st, sg.ID))
	if len(actors) != 1 || actors[0].UserID == "" {
		t.Fatalf("want one seated player to act in the imported game, have %+v", actors)
	}
	ad := &dmAdapter{}
	c := New(Options{Store: st, Commands: &echoCommands{}, Adapters: []Adapter{ad}, Now: clk.now, NoImages: true})
	t.Cleanup(func() { c.Close(context.Background()) })
	c.reschedule(context.Background(), sg.ID, sg.Channel, true, slog.Default())
	return c, ad, st, sg, actors[0]
}

func TestRemindersLeaveOutAwayAndQuietPlayers(t *testing.T) {
	t0 := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name  string
		prefs storage.UserPrefs
		// The reminder due at t0+24h, checked at t0+25h: posted or held
		// until wantDue (the first reminder counts as sent when posted).
		posted  bool
		wantDue time.Time
		wantDM  bool
	}{
		{"no preferences", storage.UserPrefs{}, true, t0.Add(25*time.Hour + 48*time.Hour), false},
		{"a direct message too", storage.UserPrefs{DM: true}, true, t0.Add(25*time.Hour + 48*time.Hour), true},
		{"away", storage.UserPrefs{DM: true, AwayUntil: t0.Add(72 * time.Hour)}, false, t0.Add(72 * time.Hour), false},
		{"back before the reminder", storage.UserPrefs{AwayUntil: t0.Add(2 * time.Hour)}, true, t0.Add(25*time.Hour + 48*time.Hour), false},
		{"in their quiet hours", storage.UserPrefs{Quiet: storage.QuietHours{From: 14 * 60, To: 18 * 60, TZ: "Europe/Paris"}},
			false, time.Date(2026, 6, 2, 16, 0, 0, 0, time.UTC), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			clk := &fakeClock{t: t0}
			core, ad, st, sg, actor := remindedGame(t, clk)
			ctx := context.Background()
			p := c.prefs
			p.User = userOf(sg.Channel, actor.UserID)
			if err := st.SetUserPrefs(ctx, p); err != nil {
				t.Fatal(err)
			}
			clk.add(25 * time.Hour)
			core.RemindDue(ctx)
			settle(t, core)
			posts := ad.posted()
			if c.posted != (len(posts) == 1) || len(posts) > 1 {
				t.Fatalf("posts %+v, want a reminder: %v", posts, c.posted)
			}
			if c.posted && !strings.Contains(posts[0].Text, "<"+actor.UserID+">, a reminder") {
				t.Errorf("reminder %q does not mention %s", posts[0].Text, actor.UserID)
			}
			due, err := st.DueReminders(ctx, t0.Add(1000*time.Hour))
			if err != nil || len(due) != 1 || !due[0].Due.Equal(c.wantDue) {
				t.Fatalf("due %+v, %v; want at %v", due, err, c.wantDue)
			}
			if sent := map[bool]int{true: 1}[c.posted]; due[0].Sent != sent {
				t.Errorf("%d reminders counted, want %d", due[0].Sent, sent)
			}
			dms := ad.sent()
			if c.wantDM != (len(dms) == 1) || len(dms) > 1 || (c.wantDM && !strings.Contains(dms[0].text, "A reminder: it is your turn in the 1822PNW game in #stall")) {
				t.Errorf("direct messages %+v, want one: %v", dms, c.wantDM)
			}
		})
	}
}

func TestStalledGameBacksOffThenAsksAnAdmin(t *testing.T) {
	t0 := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	clk := &fakeClock{t: t0}
	core, ad, st, sg, actor := remindedGame(t, clk)
	ctx := context.Background()
	// Checked every day at 12:01 for four weeks: a reminder after one day,
	// then two, four, and at most seven; an admin asked once, on day 3.
	var reminded, asked []int
	seen := 0
	for day := 1; day <= 28; day++ {
		clk.t = t0.Add(time.Duration(day)*24*time.Hour + time.Minute)
		core.RemindDue(ctx)
		settle(t, core)
		posts := ad.posted()
		for _, p := range posts[seen:] {
			switch {
			case strings.Contains(p.Text, "a reminder"):
				reminded = append(reminded, day)
			case strings.Contains(p.Text, "has been waiting"):
				asked = append(asked, day)
				for _, w := range []string{"waiting 3 days for " + actor.Name, "<creator>", "`kick @", "`replace @", "@someone`", "`end`"} {
					if !strings.Contains(p.Text, w) {
						t.Errorf("the admin is asked %q, without %q", p.Text, w)
					}
				}
				if len(p.Mentions) != 1 || p.Mentions[0] != sg.Creator {
					t.Errorf("the stall message mentions %v, want the creator %q", p.Mentions, sg.Creator)
				}
			default:
				t.Errorf("unexpected post %q", p.Text)
			}
		}
		seen = len(posts)
	}
	if got, want := join(reminded), "1,3,7,14,21,28"; got != want {
		t.Errorf("reminded on days %s, want %s", got, want)
	}
	if got, want := join(asked), "3"; got != want {
		t.Errorf("an admin asked on days %s, want %s", got, want)
	}
	// A move starts the wait again: the next reminder one cadence on.
	core.reschedule(ctx, sg.ID, sg.Channel, true, slog.Default())
	due, err := st.DueReminders(ctx, clk.now().Add(1000*time.Hour))
	if err != nil || len(due) != 1 || due[0].Sent != 0 || due[0].Asked || !due[0].Since.Equal(clk.now()) ||
		!due[0].Due.Equal(clk.now().Add(24*time.Hour)) {
		t.Errorf("after a move, due %+v, %v; want a fresh wait, due in 24h", due, err)
	}
}

func join(days []int) string {
	var s []string
	for _, d := range days {
		s = append(s, strconv.Itoa(d))
	}
	return strings.Join(s, ",")
}

func TestReminderGap(t *testing.T) {
	day := 24 * time.Hour
	for _, c := range []struct {
		every time.Duration
		sent  int
		want  time.Duration
	}{
		{day, 0, day}, {day, 1, 2 * day}, {day, 2, 4 * day}, {day, 3, 7 * day}, {day, 50, 7 * day},
		{12 * time.Hour, 4, 7 * day}, {12 * time.Hour, 3, 4 * day},
		{10 * day, 0, 10 * day}, {10 * day, 5, 10 * day}, // a cadence past the cap stays as it is
	} {
		if got := reminderGap(c.every, c.sent); got != c.want {
			t.Errorf("reminderGap(%v, %d) = %v, want %v", c.every, c.sent, got, c.want)
		}
	}
}

func TestSettingsNeedAnAdminOrTheCreator(t *testing.T) {
	for _, c := range []struct {
		name    string
		user    User
		game    bool   // the channel has a game, created by "maker"
		text    string // sent
		allowed bool
	}{
		{"an admin", User{ID: "boss", Admin: true}, true, "remind every 12h", true},
		{"the creator", User{ID: "maker"}, true, "remind every 12h", true},
		{"the creator, quiet hours", User{ID: "maker"}, true, "quiet 22-7", true},
		{"another player", User{ID: "other"}, true, "remind off", false},
		{"another player, quiet hours", User{ID: "other"}, true, "quiet 22-7 Europe/Paris", false},
		{"anyone may look", User{ID: "other"}, true, "remind", true},
		{"no game: an admin", User{ID: "boss", Admin: true}, false, "remind every 12h", true},
		{"no game: anyone else", User{ID: "maker"}, false, "remind every 12h", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := openStore(t)
			ctx := context.Background()
			ch := storage.Channel{Platform: storage.Local, ID: "p"}
			if c.game {
				if _, err := st.CreateGame(ctx, storage.NewGame{Channel: ch, Title: "1822PNW", Seed: 1, Creator: "maker"}); err != nil {
					t.Fatal(err)
				}
			}
			core := New(Options{Store: st, Commands: &echoCommands{}, NoImages: true})
			defer core.Close(ctx)
			r := ask(t, core, ch, c.user, c.text)
			set, err := st.ChannelSettings(ctx, ch)
			if err != nil {
				t.Fatal(err)
			}
			changed := set != (storage.ChannelSettings{Channel: ch})
			refused := strings.Contains(r.Text, "Only an admin or the creator")
			switch {
			case c.allowed && (refused || r.Ephemeral):
				t.Errorf("%q refused: %q", c.text, r.Text)
			case !c.allowed && (!refused || !r.Ephemeral || changed):
				t.Errorf("%q allowed (settings %+v): %q", c.text, set, r.Text)
			case c.allowed && c.text != "remind" && !changed:
				t.Errorf("%q accepted but nothing stored", c.text)
			}
		})
	}
}

func TestChannelLink(t *testing.T) {
	// Discord and Slack write their own (their adapters' tests); a
	// platform without links gets "#id".
	c := New(Options{Store: openStore(t), Commands: &echoCommands{}})
	ch := storage.Channel{Platform: storage.Local, ID: "table"}
	if got := c.channelLink(ch); got != "#table" {
		t.Errorf("channelLink(%+v) = %q, want #table", ch, got)
	}
	if got := c.channelRef(ch); got != "#table" {
		t.Errorf("channelRef(%+v) = %q, want #table", ch, got)
	}
}

// BenchmarkNotifyTurn times what a move costs more when its adapter can
// send direct messages: reading the next player's preferences, and the
// message when they asked for one (to a fake adapter).
func BenchmarkNotifyTurn(b *testing.B) {
	ch := storage.Channel{Platform: storage.Local, ID: "b"}
	for _, c := range []struct {
		name string
		dm   bool
	}{{"no-preferences", false}, {"dm", true}} {
		b.Run(c.name, func(b *testing.B) {
			st := openStore(b)
			ctx := context.Background()
			if c.dm {
				if err := st.SetUserPrefs(ctx, storage.UserPrefs{User: userOf(ch, "bob"), DM: true}); err != nil {
					b.Fatal(err)
				}
			}
			ad := &dmAdapter{}
			quiet := slog.New(slog.DiscardHandler)
			core := New(Options{Store: st, Commands: &echoCommands{}, Adapters: []Adapter{ad}, Logger: quiet, NoImages: true})
			defer core.Close(ctx)
			m := Message{Channel: ch, User: User{ID: "ann"}}
			res := Result{Text: "Ann passed.", Changed: true, Next: []Actor{{UserID: "bob", Name: "Bob"}}}
			b.ReportAllocs()
			for b.Loop() {
				core.notifyTurn(ctx, m, res, quiet)
			}
			if got := len(ad.sent()) > 0; got != c.dm {
				b.Fatalf("direct messages sent: %v, want %v", got, c.dm)
			}
		})
	}
}
