package slack

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pbc/bot"
	"pbc/storage"
	"pbc/storage/sqlite"
)

// live runs a real core over a fresh SQLite store with an adapter on the
// fake until the test ends.
func live(t *testing.T, f *fakeSlack, opt Options, noImages bool) *Adapter {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "pbc.db"))
	if err != nil {
		t.Fatal(err)
	}
	opt.BotToken, opt.AppToken, opt.APIURL = "xoxb-test", "xapp-test", f.APIURL()
	a, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	core := bot.New(bot.Options{Store: st, Commands: &bot.Dispatcher{Store: st}, Adapters: []bot.Adapter{a},
		NoImages: noImages, RemindEvery: -1})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- core.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Error("the core did not stop")
		}
		st.Close()
	})
	select {
	case <-f.up:
	case <-time.After(10 * time.Second):
		t.Fatal("the adapter did not connect over Socket Mode")
	}
	return a
}

// posts are the message calls (posts, ephemerals, shares, updates) the
// fake gets until one (not an update) whose text contains until, skipping
// acknowledgements and uploads.
func (f *fakeSlack) posts(t *testing.T, until string) []call {
	t.Helper()
	var out []call
	deadline := time.After(60 * time.Second)
	for {
		select {
		case c := <-f.calls:
			switch c.Method {
			case "chat.postMessage", "chat.postEphemeral", "files.completeUploadExternal", "chat.update", "chat.delete":
				out = append(out, c)
				if c.Method != "chat.update" && strings.Contains(c.Form.Get("text")+c.Form.Get("initial_comment"), until) {
					return out
				}
			}
		case <-deadline:
			t.Fatalf("nothing with %q; got %v", until, methods(out))
			return nil
		}
	}
}

// withoutUpdates drops the chat.update calls, which retire older choices
// (the `new` message's Join and Start buttons) when they are overtaken and
// may come in after the post that overtook them.
func withoutUpdates(cs []call) []call {
	var out []call
	for _, c := range cs {
		if c.Method != "chat.update" {
			out = append(out, c)
		}
	}
	return out
}

func methods(cs []call) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Method+" "+c.Form.Get("text")+c.Form.Get("initial_comment"))
	}
	return out
}

func TestSlackThreadGame(t *testing.T) {
	f := newFakeSlack(t)
	a := live(t, f, Options{}, false)

	// `new` in the channel opens a thread: the root, then the game's
	// answer in it.
	f.typed("e1", "U1", "!new 1822PNW", "C1", "", "100.0001")
	got := f.posts(t, "New 1822PNW game")
	root := got[0]
	if root.Method != "chat.postMessage" || root.Form.Get("thread_ts") != "" ||
		!strings.Contains(root.Form.Get("text"), "1822PNW game by <@U1>") {
		t.Fatalf("first post %s %v, want the thread's root in the channel", root.Method, root.Form)
	}
	thread := "1700000000.000001" // the fake's first ts
	inThread := func(cs []call) {
		t.Helper()
		for _, c := range cs {
			if c.Method == "chat.update" || c.Method == "chat.delete" {
				continue
			}
			if c.Form.Get("thread_ts") != thread || c.Form.Get("channel")+c.Form.Get("channel_id") != "C1" {
				t.Errorf("%s %q: thread_ts %q in %q, want thread %s in C1", c.Method,
					c.Form.Get("text")+c.Form.Get("initial_comment"), c.Form.Get("thread_ts"),
					c.Form.Get("channel")+c.Form.Get("channel_id"), thread)
			}
		}
	}
	inThread(got[1:])

	// Commands typed in the thread play its game and answer in it.
	f.typed("e2", "U2", "!join", "C1", thread, "100.0002")
	inThread(f.posts(t, "Bob"))
	f.typed("e3", "U3", "pbc join", "C1", thread, "100.0003")
	inThread(f.posts(t, "Cy"))
	f.typed("e4", "U1", "!start", "C1", thread, "100.0004")
	started := f.posts(t, "Your turn")
	inThread(started)
	var shared, ping bool
	for _, c := range started {
		shared = shared || c.Method == "files.completeUploadExternal"
		if c.Method == "chat.postMessage" && strings.Contains(c.Form.Get("text"), "Your turn: <@U") {
			ping = shared // the ping comes after the pictures
		}
	}
	if !shared || !ping {
		t.Errorf("start: pictures shared %v, ping after them %v; calls %v", shared, ping, methods(started))
	}

	// The channel itself has no game: the thread's game is not its.
	f.typed("e5", "U2", "!status", "C1", "", "100.0005")
	if c := withoutUpdates(f.posts(t, "no game"))[0]; c.Form.Get("thread_ts") != "" {
		t.Errorf("status in the channel answered in thread %q", c.Form.Get("thread_ts"))
	}

	// Slack sends no slash commands from threads: one in the channel is
	// told where its game is played.
	f.envelope("e6", "slash_commands", map[string]any{"command": "/pbc", "text": "pass", "team_id": "T1",
		"channel_id": "C1", "user_id": "U2", "trigger_id": "e6"})
	if c := withoutUpdates(f.posts(t, "no game")); !strings.Contains(c[0].Form.Get("text"), "played in threads") {
		t.Errorf("slash in the channel: %v", methods(c))
	}

	// A reminder goes into the thread.
	ch := storage.Channel{Platform: storage.Slack, Workspace: "T1", ID: "C1/" + thread}
	if err := a.Post(context.Background(), ch, bot.Reply{Text: "Reminder: your turn, <@U2>", Ping: "Reminder: your turn, <@U2>"}); err != nil {
		t.Fatal(err)
	}
	inThread(f.posts(t, "Reminder"))
}

func TestInPlaceChannelAndRefusedNew(t *testing.T) {
	f := newFakeSlack(t)
	live(t, f, Options{InPlace: []string{"C9"}}, true)

	// A channel that plays in place: no thread.
	f.typed("e1", "U1", "!new 1822PNW", "C9", "", "100.0001")
	for _, c := range f.posts(t, "New 1822PNW game") {
		if c.Form.Get("thread_ts") != "" || strings.Contains(c.Form.Get("text"), "play here in the thread") {
			t.Errorf("in place: %s %v", c.Method, c.Form)
		}
	}
	// A thread there is about the channel's game, and answered in itself.
	f.typed("e1b", "U2", "!join", "C9", "1700000000.000002", "100.0011")
	if got := f.posts(t, "Bob joins"); got[0].Form.Get("thread_ts") != "1700000000.000002" {
		t.Errorf("join in a thread of an in-place channel: %v", got[0].Form)
	}

	// An unknown title is refused in the channel, without a thread.
	f.typed("e2", "U1", "!new 1899XYZ", "C1", "", "100.0002")
	if got := f.posts(t, "I know"); len(got) != 1 || got[0].Method != "chat.postEphemeral" || got[0].Form.Get("thread_ts") != "" {
		t.Errorf("unknown title: %v", methods(got))
	}
	// A refused `new` leaves no empty thread behind.
	f.typed("e3", "U1", "!new 1822PNW nosuchoption", "C1", "", "100.0003")
	got := f.posts(t, "has no option")
	if len(got) != 2 || got[0].Method != "chat.postMessage" || got[1].Method != "chat.postEphemeral" ||
		got[1].Form.Get("thread_ts") != "" {
		t.Fatalf("refused new: %v, want the root, then the refusal in the channel", methods(got))
	}
	if d := f.expect(t, "chat.delete"); d.Form.Get("ts") != got[0].ts {
		t.Errorf("deleted %v, want the root %s", d.Form, got[0].ts)
	}
}
