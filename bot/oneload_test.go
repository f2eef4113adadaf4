package bot

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"pbc/engine/action"
	"pbc/storage"
)

// countingStore is a real store that counts the calls that read it and
// the calls that write it.
type countingStore struct {
	storage.Store
	mu            sync.Mutex
	reads, writes map[string]int
}

func newCountingStore(st storage.Store) *countingStore {
	return &countingStore{Store: st, reads: map[string]int{}, writes: map[string]int{}}
}

func (c *countingStore) read(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reads[name]++
}

func (c *countingStore) write(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.writes[name]++
}

// counts returns the reads and writes since the last reset, and resets.
func (c *countingStore) counts() (reads, writes map[string]int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	reads, writes = c.reads, c.writes
	c.reads, c.writes = map[string]int{}, map[string]int{}
	return reads, writes
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func (c *countingStore) CreateGame(ctx context.Context, g storage.NewGame) (storage.Game, error) {
	c.write("CreateGame")
	return c.Store.CreateGame(ctx, g)
}
func (c *countingStore) Game(ctx context.Context, id storage.GameID) (storage.Game, error) {
	c.read("Game")
	return c.Store.Game(ctx, id)
}
func (c *countingStore) OpenGame(ctx context.Context, ch storage.Channel) (storage.Game, error) {
	c.read("OpenGame")
	return c.Store.OpenGame(ctx, ch)
}
func (c *countingStore) ListGames(ctx context.Context, f storage.Filter) ([]storage.Game, error) {
	c.read("ListGames")
	return c.Store.ListGames(ctx, f)
}
func (c *countingStore) SetStatus(ctx context.Context, id storage.GameID, to storage.Status) (storage.Game, error) {
	c.write("SetStatus")
	return c.Store.SetStatus(ctx, id, to)
}
func (c *countingStore) Finish(ctx context.Context, id storage.GameID, reason string, result map[string]int) (storage.Game, error) {
	c.write("Finish")
	return c.Store.Finish(ctx, id, reason, result)
}
func (c *countingStore) Reopen(ctx context.Context, id storage.GameID) (storage.Game, error) {
	c.write("Reopen")
	return c.Store.Reopen(ctx, id)
}
func (c *countingStore) AddSeat(ctx context.Context, id storage.GameID, s storage.Seat) (storage.Seat, error) {
	c.write("AddSeat")
	return c.Store.AddSeat(ctx, id, s)
}
func (c *countingStore) ReplaceSeat(ctx context.Context, id storage.GameID, order int, userID, name string) (storage.Seat, error) {
	c.write("ReplaceSeat")
	return c.Store.ReplaceSeat(ctx, id, order, userID, name)
}
func (c *countingStore) Seats(ctx context.Context, id storage.GameID) ([]storage.Seat, error) {
	c.read("Seats")
	return c.Store.Seats(ctx, id)
}
func (c *countingStore) SeatHistory(ctx context.Context, id storage.GameID) ([]storage.Seat, error) {
	c.read("SeatHistory")
	return c.Store.SeatHistory(ctx, id)
}
func (c *countingStore) Append(ctx context.Context, id storage.GameID, e storage.Entry) (storage.Entry, error) {
	c.write("Append")
	return c.Store.Append(ctx, id, e)
}
func (c *countingStore) Commit(ctx context.Context, id storage.GameID, m storage.Move) (storage.Game, error) {
	c.write("Commit")
	return c.Store.Commit(ctx, id, m)
}
func (c *countingStore) Rows(ctx context.Context, id storage.GameID, after int) ([]storage.Entry, error) {
	c.read("Rows")
	return c.Store.Rows(ctx, id, after)
}
func (c *countingStore) Truncate(ctx context.Context, id storage.GameID, keep int, by string) (int, error) {
	c.write("Truncate")
	return c.Store.Truncate(ctx, id, keep, by)
}
func (c *countingStore) Load(ctx context.Context, id storage.GameID) (*storage.Loaded, error) {
	c.read("Load")
	return c.Store.Load(ctx, id)
}
func (c *countingStore) Import(ctx context.Context, ch storage.Channel, creator string, l *action.GameLog) (storage.Game, error) {
	c.write("Import")
	return c.Store.Import(ctx, ch, creator, l)
}
func (c *countingStore) Export(ctx context.Context, id storage.GameID, w io.Writer) error {
	c.read("Export")
	return c.Store.Export(ctx, id, w)
}
func (c *countingStore) ChannelSettings(ctx context.Context, ch storage.Channel) (storage.ChannelSettings, error) {
	c.read("ChannelSettings")
	return c.Store.ChannelSettings(ctx, ch)
}
func (c *countingStore) SetChannelSettings(ctx context.Context, s storage.ChannelSettings) error {
	c.write("SetChannelSettings")
	return c.Store.SetChannelSettings(ctx, s)
}
func (c *countingStore) SetReminder(ctx context.Context, id storage.GameID, due time.Time) error {
	c.write("SetReminder")
	return c.Store.SetReminder(ctx, id, due)
}
func (c *countingStore) SaveReminder(ctx context.Context, r storage.Reminder) error {
	c.write("SaveReminder")
	return c.Store.SaveReminder(ctx, r)
}
func (c *countingStore) ClearReminder(ctx context.Context, id storage.GameID) error {
	c.write("ClearReminder")
	return c.Store.ClearReminder(ctx, id)
}
func (c *countingStore) DueReminders(ctx context.Context, now time.Time) ([]storage.Reminder, error) {
	c.read("DueReminders")
	return c.Store.DueReminders(ctx, now)
}
func (c *countingStore) ClaimReminders(ctx context.Context, now time.Time, lease time.Duration) ([]storage.Reminder, error) {
	c.write("ClaimReminders")
	return c.Store.ClaimReminders(ctx, now, lease)
}
func (c *countingStore) UserPrefs(ctx context.Context, u storage.UserRef) (storage.UserPrefs, error) {
	c.read("UserPrefs")
	return c.Store.UserPrefs(ctx, u)
}
func (c *countingStore) SetUserPrefs(ctx context.Context, p storage.UserPrefs) error {
	c.write("SetUserPrefs")
	return c.Store.SetUserPrefs(ctx, p)
}

// countedTable is seated's game over a counting store, played a move in so
// that its session is held and the channel's settings were read.
func countedTable(t *testing.T) (*table, *countingStore, Reply) {
	t.Helper()
	tb := seated(t, "Alice", "Zoë", "Bob")
	cs := newCountingStore(tb.st)
	tb.core = tb.newCore(cs)
	r := mustAccept(t, "Alice's pass", tb.sayAs("Alice", "pass"))
	return tb, cs, r
}

// checkOnePass fails unless what ran since the last counts took one
// session open, at most two store reads and one write.
func checkOnePass(t *testing.T, what string, tb *table, cs *countingStore, opens int64) {
	t.Helper()
	reads, writes := cs.counts()
	if n := tb.core.sessions.Stats().Opens - opens; n != 1 {
		t.Errorf("%s opened the session %d times, want 1", what, n)
	}
	if total(reads) > 2 {
		t.Errorf("%s read the store %d times (%v), want at most 2", what, total(reads), reads)
	}
	if total(writes) != 1 {
		t.Errorf("%s wrote the store %d times (%v), want 1", what, total(writes), writes)
	}
	t.Logf("%s: %d session open(s), store reads %v, writes %v", what, tb.core.sessions.Stats().Opens-opens, reads, writes)
}

func TestOneMoveOneLoad(t *testing.T) {
	tb, cs, _ := countedTable(t)
	cs.counts()
	opens := tb.core.sessions.Stats().Opens
	mustAccept(t, "Zoë's pass", tb.sayAs("Zoë", "pass"))
	checkOnePass(t, "a typed move", tb, cs, opens)
}

func TestOnePressOneLoad(t *testing.T) {
	tb, cs, r := countedTable(t)
	pass := button(t, r, "pass")
	cs.counts()
	opens := tb.core.sessions.Stats().Opens
	mustAccept(t, "Zoë's press", tb.pressAs("Zoë", pass, "press-1"))
	checkOnePass(t, "a button press", tb, cs, opens)
}

// TestCatchUpComesFromTheSameOpen: a player back after others moved gets
// the catch-up before the reply to their move, worked out from the open
// that applied the move.
func TestCatchUpComesFromTheSameOpen(t *testing.T) {
	tb := seated(t, "Alice", "Zoë", "Bob")
	cs := newCountingStore(tb.st)
	tb.core = New(Options{Store: cs, Commands: &Dispatcher{Store: cs}, Adapters: []Adapter{tb.ad}, NoImages: true,
		CatchupAfter: time.Nanosecond})
	t.Cleanup(func() { tb.core.Close(context.Background()) })
	r := mustAccept(t, "Alice's pass", tb.sayAs("Alice", "pass"))
	if len(r.Menus) == 0 || len(r.Menus[0].Options) == 0 {
		t.Fatalf("no bid menu for Zoë: %+v", r)
	}
	amounts := tb.sayAs("Zoë", r.Menus[0].Options[0].Command)
	if len(amounts.Menus) == 0 || len(amounts.Menus[0].Options) == 0 {
		t.Fatalf("no amounts for %q: %+v", r.Menus[0].Options[0].Command, amounts)
	}
	mustAccept(t, "Zoë's bid", tb.sayAs("Zoë", amounts.Menus[0].Options[0].Command))
	mustAccept(t, "Zoë's pass", tb.sayAs("Zoë", "pass"))
	mustAccept(t, "Bob's pass", tb.sayAs("Bob", "pass"))
	cs.counts()
	opens := tb.core.sessions.Stats().Opens
	got := tb.send(tb.core, Message{User: User{ID: "alice", Name: "Alice"}, Text: "pass"})
	if len(got.got) != 2 || !got.got[0].Ephemeral || !strings.HasPrefix(got.got[0].Text, "Since your last move: 3 moves by Bob and Zoë.") {
		t.Fatalf("Alice's move was not answered by a catch-up, then the reply: %q", got.text())
	}
	checkOnePass(t, "a move with a catch-up", tb, cs, opens)
}

// TestHeldGameEndedElsewhere: a process that holds a channel's game finds
// it without the store, and still sees when another process ended it: the
// channel is free for a new game.
func TestHeldGameEndedElsewhere(t *testing.T) {
	tb := seated(t, "Alice", "Zoë", "Bob")
	mustAccept(t, "Alice's pass", tb.sayAs("Alice", "pass")) // this process holds the game
	other := tb.newCore(tb.st)
	admin := User{ID: "admin", Name: "admin", Admin: true}
	if r := tb.send(other, Message{User: admin, Text: "end confirm"}).last(); r.Ephemeral || !strings.Contains(r.Text, "over") {
		t.Fatalf("the other process did not end the game: %q", r.Text)
	}
	r := tb.send(tb.core, Message{User: User{ID: "alice", Name: "Alice"}, Text: "new 1822PNW"}).last()
	if r.Ephemeral || !strings.Contains(r.Text, "1822PNW") || strings.Contains(r.Text, "already") {
		t.Fatalf("a new game in the channel after the other process ended the old one: %q", r.Text)
	}
	if sg, err := tb.st.OpenGame(context.Background(), tb.ch); err != nil || sg.Status != storage.Forming {
		t.Fatalf("the channel's open game: %+v, %v; want a forming one", sg, err)
	}
}

// TestSettingsCachedWithAnOwner: the core keeps the settings a message
// reads; its own changes replace them at once, another process's are read
// again once they are settingsTTL old.
func TestSettingsCachedWithAnOwner(t *testing.T) {
	ctx := context.Background()
	st := newCountingStore(openStore(t))
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	c := New(Options{Store: st, Commands: &echoCommands{}, Now: func() time.Time { return now }})
	defer c.Close(ctx)
	ch := storage.Channel{Platform: storage.Local, ID: "cache"}
	for range 3 {
		if _, err := c.channelSettings(ctx, ch); err != nil {
			t.Fatal(err)
		}
	}
	if reads, _ := st.counts(); reads["ChannelSettings"] != 1 {
		t.Errorf("three reads of a channel's settings asked the store %d times, want 1", reads["ChannelSettings"])
	}
	mine := storage.ChannelSettings{Channel: ch, ReminderEvery: 12 * time.Hour}
	if err := c.setChannelSettings(ctx, mine); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.channelSettings(ctx, ch); got.ReminderEvery != mine.ReminderEvery {
		t.Errorf("after its own change the core reads %v, want %v", got.ReminderEvery, mine.ReminderEvery)
	}
	theirs := storage.ChannelSettings{Channel: ch, ReminderEvery: 6 * time.Hour}
	if err := st.Store.SetChannelSettings(ctx, theirs); err != nil { // another process
		t.Fatal(err)
	}
	now = now.Add(settingsTTL + time.Second)
	if got, _ := c.channelSettings(ctx, ch); got.ReminderEvery != theirs.ReminderEvery {
		t.Errorf("%v after another process's change the core reads %v, want %v", settingsTTL, got.ReminderEvery, theirs.ReminderEvery)
	}
}
