package bot

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"pbc/storage"
	"pbc/storage/sqlite"
)

// replies collects what the core answers to one message.
type replies struct {
	mu   sync.Mutex
	got  []Reply
	fail func(n int) error // the error of the n-th Respond (1-based), if any
	n    int
	done chan struct{}
}

func newReplies() *replies { return &replies{done: make(chan struct{})} }

func (r *replies) Respond(_ context.Context, rep Reply) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.n++
	if r.fail != nil {
		if err := r.fail(r.n); err != nil {
			return err
		}
	}
	r.got = append(r.got, rep)
	return nil
}

func (r *replies) Finish() { close(r.done) }

// text joins the replies' texts.
func (r *replies) text() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var parts []string
	for _, rep := range r.got {
		parts = append(parts, rep.Text)
	}
	return strings.Join(parts, "\n")
}

// last is the last reply (zero if none).
func (r *replies) last() Reply {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.got) == 0 {
		return Reply{}
	}
	return r.got[len(r.got)-1]
}

// table is a channel with a core over a real SQLite file, for the tests of
// the session path.
type table struct {
	t    *testing.T
	path string
	st   *sqlite.DB
	ad   *fakeAdapter
	core *Core
	ch   storage.Channel
}

// newTable opens a store and a core (no pictures) on a fresh channel.
func newTable(t *testing.T) *table {
	t.Helper()
	path := filepath.Join(t.TempDir(), "pbc.db")
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	tb := &table{t: t, path: path, st: st, ad: &fakeAdapter{}, ch: storage.Channel{Platform: storage.Local, ID: "game"}}
	tb.core = tb.newCore(st)
	return tb
}

// newCore is another bot process over store st.
func (tb *table) newCore(st storage.Store) *Core {
	c := New(Options{Store: st, Commands: &Dispatcher{Store: st}, Adapters: []Adapter{tb.ad}, NoImages: true,
		ReplyBackoff: time.Millisecond})
	tb.t.Cleanup(func() { c.Close(context.Background()) })
	return c
}

// send submits a message to core c and waits until it is handled.
func (tb *table) send(c *Core, m Message) *replies {
	tb.t.Helper()
	r, ok := m.Respond.(*replies)
	if !ok {
		r = newReplies()
		m.Respond = r
	}
	if m.Channel == (storage.Channel{}) {
		m.Channel = tb.ch
	}
	if m.User.Name == "" {
		m.User.Name = m.User.ID
	}
	c.Submit(m)
	select {
	case <-r.done:
	case <-time.After(30 * time.Second):
		tb.t.Fatalf("%q: no answer", m.Text)
	}
	return r
}

// say sends typed text as user to the main core.
func (tb *table) say(user, text string) *replies {
	tb.t.Helper()
	return tb.send(tb.core, Message{User: User{ID: user}, Text: text})
}

// started begins a 1822PNW game of ann, ben and cy.
func (tb *table) started() {
	tb.t.Helper()
	for _, c := range []struct{ user, text string }{{"ann", "new 1822PNW"}, {"ben", "join"}, {"cy", "join"}, {"ann", "start"}} {
		if r := tb.say(c.user, c.text); r.last().Ephemeral {
			tb.t.Fatalf("%s: %q refused: %s", c.user, c.text, r.text())
		}
	}
}

// log is the stored log's action types.
func (tb *table) log() []string {
	tb.t.Helper()
	sg, err := tb.st.OpenGame(context.Background(), tb.ch)
	if err != nil {
		tb.t.Fatal(err)
	}
	ld, err := tb.st.Load(context.Background(), sg.ID)
	if err != nil {
		tb.t.Fatal(err)
	}
	var out []string
	for _, e := range ld.Entries {
		var v struct{ Type string }
		_ = json.Unmarshal(e.Action, &v)
		out = append(out, v.Type)
	}
	return out
}

// mover is the user whose turn it is, from a status query's mention.
func (tb *table) mover() string {
	tb.t.Helper()
	res, err := tb.core.cmds.Do(context.Background(), Request{Channel: tb.ch, User: User{ID: "ann"}, Text: "status"})
	if err != nil || len(res.Next) == 0 {
		tb.t.Fatalf("status: %+v, %v", res, err)
	}
	return res.Next[0].UserID
}

// button is the reply's button for command.
func button(t *testing.T, r Reply, command string) Button {
	t.Helper()
	for _, b := range r.Buttons {
		if b.Command == command {
			return b
		}
	}
	t.Fatalf("no %q button under %q (buttons %+v)", command, r.Text, r.Buttons)
	return Button{}
}

// press sends a button's value as an adapter would, with an event id.
func (tb *table) press(c *Core, user string, b Button, event string) *replies {
	tb.t.Helper()
	cmd, at := ParseValue(b.Value())
	return tb.send(c, Message{User: User{ID: user}, Text: cmd, Kind: KindButton, At: at, EventID: event})
}

func TestExactlyOnceButtonPressedTwice(t *testing.T) {
	tb := newTable(t)
	tb.started()
	first := tb.mover()
	r := tb.say(first, "pass") // the reply offers pass to the next player
	if r.last().Ephemeral {
		t.Fatalf("pass refused: %s", r.text())
	}
	second := tb.mover()
	pass := button(t, r.last(), "pass")
	if pass.At == 0 {
		t.Fatalf("the pass button carries no position: %+v", pass)
	}
	one := tb.press(tb.core, second, pass, "click-1")
	two := tb.press(tb.core, second, pass, "click-2") // a second click: another interaction
	if one.last().Ephemeral {
		t.Fatalf("the first press was refused: %s", one.text())
	}
	if got := two.text(); !two.last().Ephemeral || !strings.Contains(got, "no longer current") {
		t.Errorf("the second press answered %q, want a refusal saying the choice is no longer current", got)
	}
	if got := tb.log(); len(got) != 2 || got[1] != "pass" {
		t.Errorf("log %v, want two passes", got)
	}
}

func TestExactlyOnceSameInteractionDeliveredTwice(t *testing.T) {
	tb := newTable(t)
	tb.started()
	first := tb.mover()
	m := Message{User: User{ID: first}, Text: "pass", Kind: KindSlash, EventID: "interaction:42"}
	one := tb.send(tb.core, m)
	two := tb.send(tb.core, m)
	if one.last().Ephemeral {
		t.Fatalf("the first delivery was refused: %s", one.text())
	}
	if len(two.got) != 0 {
		t.Errorf("the second delivery of one interaction was answered: %q", two.text())
	}
	// A restarted bot (nothing in memory) gets the same delivery again: the
	// store knows the event.
	restarted := tb.newCore(tb.st)
	if three := tb.send(restarted, m); len(three.got) != 0 {
		t.Errorf("a delivery repeated after a restart was answered: %q", three.text())
	}
	if got := tb.log(); len(got) != 1 {
		t.Errorf("log %v, want one pass", got)
	}
}

func TestExactlyOnceStaleButton(t *testing.T) {
	tb := newTable(t)
	tb.started()
	first := tb.mover()
	r := tb.say(first, "pass")
	second := tb.mover()
	old := button(t, r.last(), "pass")
	if rep := tb.say(second, "pass"); rep.last().Ephemeral { // the game moves on by typing
		t.Fatalf("pass refused: %s", rep.text())
	}
	stale := tb.press(tb.core, second, old, "click-old")
	if got := stale.text(); !stale.last().Ephemeral || !strings.Contains(got, "no longer current") {
		t.Errorf("a stale button answered %q, want a refusal saying it is no longer current", got)
	}
	// The choices now are the third player's: the refusal names whose turn
	// it is and offers none of them to the presser.
	if n := len(stale.last().Buttons) + len(stale.last().Menus); n != 0 {
		t.Errorf("the refusal of a stale button offers %d choices: %+v", n, stale.last().Buttons)
	}
	if third := tb.mover(); !strings.Contains(stale.text(), "It is "+third+"'s turn") {
		t.Errorf("the refusal of a stale button does not say it is %s's turn: %q", third, stale.text())
	}
	if got := tb.log(); len(got) != 2 {
		t.Errorf("log %v, want the two passes only", got)
	}
}

func TestExactlyOnceConflictBetweenTwoWriters(t *testing.T) {
	tb := newTable(t)
	tb.started()
	other, err := sqlite.OpenShared(context.Background(), tb.path) // a second bot process on the same file
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	second := tb.newCore(other)
	first := tb.mover()
	tb.say("ben", "status") // the first process holds the game in memory

	// The other process records the first player's pass; the same typed
	// pass then reaches this process, which has not seen it: it is not
	// applied again for the next player.
	if r := tb.send(second, Message{User: User{ID: first}, Text: "pass"}); r.last().Ephemeral {
		t.Fatalf("pass refused: %s", r.text())
	}
	r := tb.say(first, "pass")
	if got := r.text(); !r.last().Ephemeral {
		t.Errorf("a command built on an old state was applied: %q", got)
	}
	if got := tb.log(); len(got) != 1 {
		t.Fatalf("log %v, want one pass", got)
	}

	// What the other process appends that changes nothing of the game (an
	// end vote) does not stop a command: it runs again on the new state.
	next := tb.mover()
	if r := tb.send(second, Message{User: User{ID: "cy"}, Text: "end"}); r.last().Ephemeral {
		t.Fatalf("end vote refused: %s", r.text())
	}
	if r := tb.say(next, "pass"); r.last().Ephemeral {
		t.Errorf("a pass after another process's end vote was refused: %s", r.text())
	}
	if got := tb.log(); len(got) != 3 || got[1] != "message" || got[2] != "pass" {
		t.Errorf("log %v, want pass, the vote, pass", got)
	}
}

func TestReplyFailureMoveStaysAndIsReported(t *testing.T) {
	for _, c := range []struct {
		name     string
		postFail bool // the channel post fails too
	}{{"posted instead", false}, {"told with the next reply", true}} {
		t.Run(c.name, func(t *testing.T) {
			tb := newTable(t)
			tb.started()
			tb.ad.setFail(c.postFail)
			first := tb.mover()
			r := newReplies()
			r.fail = func(int) error { return errors.New("the platform is down") }
			tb.send(tb.core, Message{User: User{ID: first}, Text: "pass", Respond: r})
			if r.n != 3 {
				t.Errorf("the reply was tried %d times, want 3", r.n)
			}
			if got := tb.log(); len(got) != 1 {
				t.Fatalf("log %v, want the pass recorded", got)
			}
			tb.ad.setFail(false)
			posts := tb.ad.posted()
			next := tb.say("ben", "status")
			all := next.text()
			for _, p := range posts {
				all += "\n" + p.Text
			}
			if strings.Contains(all, "nothing was changed") || strings.Contains(all, "not applied") {
				t.Errorf("a recorded move was reported as not done: %q", all)
			}
			if c.postFail {
				if !strings.Contains(next.text(), "was recorded") {
					t.Errorf("the next reply %q does not say the move was recorded", next.text())
				}
			} else if len(posts) != 1 || !strings.Contains(posts[0].Text, "Your turn") {
				t.Errorf("channel posts %+v, want the move's reply posted to the channel", posts)
			}
		})
	}
}

// corrupt spoils game id's log as a damaged database or an engine change
// would.
func corrupt(t *testing.T, path string, id storage.GameID, seq int, data string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`INSERT INTO actions (game_id, seq, data, user_id, created_at) VALUES (?, ?, ?, 'ann', 0)`,
		id, seq, data); err != nil {
		t.Fatal(err)
	}
}

func TestUnloadableGame(t *testing.T) {
	for _, c := range []struct {
		name, data, why string
	}{
		{"damaged row", `{"type":"pass","entity":`, "damaged"},
		{"no longer legal", `{"type":"bid","entity":3,"entity_type":"player","id":3,"company":"P1","price":5000}`, "no longer plays"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := newTable(t)
			tb.started()
			first := tb.mover()
			if r := tb.say(first, "pass"); r.last().Ephemeral {
				t.Fatalf("pass refused: %s", r.text())
			}
			sg, err := tb.st.OpenGame(context.Background(), tb.ch)
			if err != nil {
				t.Fatal(err)
			}
			corrupt(t, tb.path, sg.ID, 2, c.data)
			restarted := tb.newCore(tb.st) // loads the game afresh
			say := func(user, text string) *replies {
				return tb.send(restarted, Message{User: User{ID: user}, Text: text})
			}
			for _, text := range []string{"status", "pass", "new 1822CA"} {
				r := say("ben", text)
				if got := r.text(); !strings.Contains(got, "cannot be loaded") || !strings.Contains(got, c.why) ||
					!strings.Contains(got, "export") || strings.Contains(got, "went wrong") {
					t.Errorf("%q in a channel whose game does not load: %q", text, got)
				}
			}
			if got := say("ben", "undo").text(); !strings.Contains(got, "Only the game's creator or an admin") {
				t.Errorf("undo by a player: %q", got)
			}
			ex := say("ann", "export").last()
			if len(ex.Files) != 1 || !strings.Contains(string(ex.Files[0].Data), `"actions"`) ||
				!strings.Contains(string(ex.Files[0].Data), strings.Split(c.data, ",")[0]) {
				t.Fatalf("export: %q with files %+v", ex.Text, ex.Files)
			}
			r := say("ann", "undo")
			if got := r.text(); !strings.Contains(got, "loads again") {
				t.Fatalf("undo of the bad entry: %q", got)
			}
			if got := tb.log(); len(got) != 1 {
				t.Errorf("log %v after the repair, want the first pass", got)
			}
			if r := tb.send(restarted, Message{User: User{ID: tb.mover()}, Text: "pass"}); r.last().Ephemeral {
				t.Errorf("a move after the repair was refused: %s", r.text())
			}
			// Broken again, then given up: `new` works after `end`.
			corrupt(t, tb.path, sg.ID, 3, c.data)
			again := tb.newCore(tb.st)
			if got := tb.send(again, Message{User: User{ID: "ann"}, Text: "end"}).text(); !strings.Contains(got, "`new` starts another") {
				t.Errorf("end of a broken game: %q", got)
			}
			if r := tb.send(again, Message{User: User{ID: "ann"}, Text: "new 1822CA"}); r.last().Ephemeral {
				t.Errorf("new after ending a broken game: %s", r.text())
			}
		})
	}
}

// failingCommands fails every command: with a panic or an error.
type failingCommands struct{ panics bool }

func (f failingCommands) Do(context.Context, Request) (Result, error) {
	if f.panics {
		panic("index out of range [7] with length 3")
	}
	return Result{}, errors.New("storage: disk I/O error")
}

func TestInternalErrorsShowAnIncidentNotTheError(t *testing.T) {
	for _, c := range []struct {
		name   string
		panics bool
		secret string
	}{{"panic", true, "index out of range"}, {"storage error", false, "disk I/O"}} {
		t.Run(c.name, func(t *testing.T) {
			var logged strings.Builder
			log := slog.New(slog.NewTextHandler(&syncWriter{w: &logged}, nil))
			core := New(Options{Store: openStore(t), Commands: failingCommands{panics: c.panics}, NoImages: true, Logger: log})
			defer core.Close(context.Background())
			tb := &table{t: t, ch: storage.Channel{Platform: storage.Local, ID: "x"}}
			r := tb.send(core, Message{User: User{ID: "ann"}, Text: "pass"})
			got := r.text()
			if !strings.Contains(got, "incident ") || strings.Contains(got, c.secret) || !r.last().Ephemeral {
				t.Errorf("reply %q: want a private message with an incident id and without the error", got)
			}
			id := strings.Fields(got[strings.Index(got, "incident ")+len("incident "):])[0]
			id = strings.Trim(id, ");,.")
			if l := logged.String(); !strings.Contains(l, "level=ERROR") || !strings.Contains(l, "incident="+id) ||
				!strings.Contains(l, c.secret) {
				t.Errorf("log %q: want the error at Error with incident %s", l, id)
			}
		})
	}
}

// syncWriter serialises writes to w.
type syncWriter struct {
	mu sync.Mutex
	w  *strings.Builder
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}
