package bot

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"pbc/engine"
	"pbc/session"
	"pbc/storage"
)

// fakeClock is a settable time source.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// halfGame imports the first half of a fixture into a playground channel
// and gives its seats to users named after the players.
func halfGame(t *testing.T, st storage.Store, ch storage.Channel, name string) (storage.Game, *engine.Game) {
	t.Helper()
	l := fixture(t, name)
	l.Actions = l.Actions[:len(l.Actions)/2]
	l.Result, l.GameEndReason = nil, ""
	ctx := context.Background()
	sg, err := st.Import(ctx, ch, "creator", l)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range l.Players {
		if _, err := st.ReplaceSeat(ctx, sg.ID, i, "user-"+p.Name, p.Name); err != nil {
			t.Fatal(err)
		}
	}
	g, err := engine.Replay(l, engine.ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return sg, g
}

func TestRemindersCadenceQuietHoursAndOnePerCadence(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	ch := storage.Channel{Platform: storage.Local, ID: "r"}
	sg, g := halfGame(t, st, ch, "1822PNW/586.json")
	clk := &fakeClock{t: time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)}
	ad := &fakeAdapter{}
	c := New(Options{Store: st, Commands: &echoCommands{}, Adapters: []Adapter{ad}, Now: clk.now, NoImages: true})
	defer c.Close(ctx)

	c.reschedule(ctx, sg.ID, sg.Channel, !g.Finished(), slog.Default())
	clk.add(23 * time.Hour)
	c.RemindDue(ctx)
	settle(t, c)
	if p := ad.posted(); len(p) != 0 {
		t.Fatalf("reminded before the cadence: %q", p[0].Text)
	}
	clk.add(2 * time.Hour)
	c.RemindDue(ctx)
	settle(t, c)
	posts := ad.posted()
	if len(posts) != 1 {
		t.Fatalf("%d reminders once due, want 1", len(posts))
	}
	actors := session.ActorsOf(g, g.Moves(), mustSeats(t, st, sg.ID))
	if len(actors) == 0 || actors[0].UserID == "" {
		t.Fatalf("no one to act in the imported game: %+v", actors)
	}
	want := "<" + actors[0].UserID + ">"
	if r := posts[0]; !strings.HasPrefix(r.Text, want) || len(r.Mentions) != 1 || r.Mentions[0] != actors[0].UserID ||
		!strings.Contains(r.Text, "1822PNW") || !strings.Contains(r.Text, "to act") {
		t.Errorf("reminder %q (mentions %v), want a mention of %s with the game, round and status", r.Text, r.Mentions, want)
	}
	// Checking again at once sends nothing: one reminder per cadence.
	c.RemindDue(ctx)
	settle(t, c)
	if n := len(ad.posted()); n != 1 {
		t.Errorf("%d reminders within one cadence, want 1", n)
	}
	// Quiet hours around the next due time push it to their end.
	if err := st.SetChannelSettings(ctx, storage.ChannelSettings{Channel: ch,
		Quiet: storage.QuietHours{From: 10 * 60, To: 15 * 60}}); err != nil {
		t.Fatal(err)
	}
	clk.add(24 * time.Hour) // 06-03 13:00 UTC; due 06-04 13:00, quiet
	c.reschedule(ctx, sg.ID, sg.Channel, !g.Finished(), slog.Default())
	due, _ := st.DueReminders(ctx, clk.now().Add(48*time.Hour))
	if len(due) != 1 || !due[0].Due.Equal(time.Date(2026, 6, 4, 15, 0, 0, 0, time.UTC)) {
		t.Errorf("due %+v, want 2026-06-04 15:00 UTC (the end of the quiet hours)", due)
	}
	// Turning reminders off clears the schedule.
	if err := st.SetChannelSettings(ctx, storage.ChannelSettings{Channel: ch, ReminderEvery: RemindersOff}); err != nil {
		t.Fatal(err)
	}
	c.reschedule(ctx, sg.ID, sg.Channel, !g.Finished(), slog.Default())
	if due, _ := st.DueReminders(ctx, clk.now().Add(1000*time.Hour)); len(due) != 0 {
		t.Errorf("reminders off, but due %+v", due)
	}
}

func mustSeats(t *testing.T, st storage.Store, id storage.GameID) []storage.Seat {
	t.Helper()
	s, err := st.Seats(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSummarize(t *testing.T) {
	l := fixture(t, "1822PNW/586.json")
	l.Result, l.GameEndReason = nil, ""
	full := l.Actions
	l.Actions = full[:len(full)/2]
	before, err := engine.Replay(l, engine.ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	l.Actions = full[:len(full)/2+40]
	after, err := engine.Replay(l, engine.ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	lines := Summarize(before, after)
	text := strings.Join(lines, "\n")
	if !strings.Contains(text, "Cash: ") {
		t.Errorf("summary without cash:\n%s", text)
	}
	if len(lines) < 3 || len(lines) > 10 {
		t.Errorf("summary of %d lines, want a few:\n%s", len(lines), text)
	}
	t.Logf("catch-up after 40 actions:\n%s", text)
}
