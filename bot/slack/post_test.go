package slack

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/slack-go/slack"

	"pbc/bot"
	"pbc/storage"
)

// slash sends a /pbc command and returns the message the handler gets.
func slash(t *testing.T, f *fakeSlack, h *stubHandler, id, text string) bot.Message {
	t.Helper()
	f.envelope(id, "slash_commands", map[string]any{
		"command": "/pbc", "text": text, "team_id": "T1", "channel_id": "C1",
		"user_id": "U1", "user_name": "alice", "trigger_id": id, "response_url": f.ResponseURL(id)})
	f.expect(t, "ack")
	select {
	case m := <-h.got:
		return m
	case <-time.After(10 * time.Second):
		t.Fatalf("%q did not reach the handler", text)
	}
	return bot.Message{}
}

func TestRetryOn429(t *testing.T) {
	f := newFakeSlack(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	start(t, f, h)
	m := slash(t, f, h, "env1", "status")

	f.mu.Lock()
	f.limited["chat.postMessage"] = 1
	f.mu.Unlock()
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "Stock round 1."}); err != nil {
		t.Fatalf("a 429 then success: %v", err)
	}
	first := f.expect(t, "chat.postMessage")
	second := f.expect(t, "chat.postMessage")
	if second.Form.Get("text") != "Stock round 1." {
		t.Errorf("retried post %v", second.Form)
	}
	if wait := second.At.Sub(first.At); wait < 900*time.Millisecond {
		t.Errorf("retried after %v, want Retry-After's second", wait)
	}

	// Past the retries, the error reaches the core, which tries again.
	f.mu.Lock()
	f.limited["chat.postMessage"] = 10
	f.mu.Unlock()
	a2, err := New(Options{BotToken: "xoxb-test", AppToken: "xapp-test", APIURL: f.APIURL(), Retries: 1})
	if err != nil {
		t.Fatal(err)
	}
	err = a2.Post(context.Background(), storage.Channel{Platform: storage.Slack, ID: "C1"}, bot.Reply{Text: "x"})
	if err == nil || !strings.Contains(err.Error(), "rate limit") {
		t.Errorf("rate limited past the retries: %v", err)
	}
	f.expect(t, "chat.postMessage")
	f.expect(t, "chat.postMessage")
}

func TestChoicesAfterSharedPictures(t *testing.T) {
	f := newFakeSlack(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	start(t, f, h)
	m := slash(t, f, h, "env1", "pay")

	f.mu.Lock()
	f.unshared = 2 // files.info says "not yet" twice
	f.mu.Unlock()
	img := testPNG(t)
	ping := "Your turn: <@U2>"
	err := m.Respond.Respond(context.Background(), bot.Reply{Text: "Alice pays.\n" + ping, Ping: ping,
		Mentions: []string{"U2"}, Images: []bot.Image{{Name: "map.png", PNG: img}},
		Buttons: []bot.Button{{Label: "pass", Command: "pass", At: 7}}})
	if err != nil {
		t.Fatal(err)
	}
	f.expect(t, "files.getUploadURLExternal")
	f.expect(t, "upload")
	done := f.expect(t, "files.completeUploadExternal")
	if c := done.Form.Get("initial_comment"); c != "Alice pays." {
		t.Errorf("shared with %q, want the text without the ping line", c)
	}
	for range 3 {
		f.expect(t, "files.info")
	}
	choose := f.expect(t, "chat.postMessage")
	if choose.Form.Get("text") != ping || !strings.Contains(choose.Form.Get("blocks"), `"value":"@7 pass"`) {
		t.Errorf("after the pictures %v, want the ping with the choices", choose.Form)
	}
}

func TestSlashFallsBackToResponseURL(t *testing.T) {
	f := newFakeSlack(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	start(t, f, h)
	m := slash(t, f, h, "env1", "pass")

	f.mu.Lock()
	f.failPost = "not_in_channel"
	f.mu.Unlock()
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "Alice passes & waits.",
		Buttons: []bot.Button{{Label: "undo", Command: "undo"}}}); err != nil {
		t.Fatal(err)
	}
	f.expect(t, "chat.postMessage")
	r := f.expect(t, "respond")
	var msg struct {
		Text         string `json:"text"`
		ResponseType string `json:"response_type"`
		Blocks       []any  `json:"blocks"`
	}
	if err := json.Unmarshal(r.Body, &msg); err != nil {
		t.Fatal(err)
	}
	if msg.ResponseType != "in_channel" || !strings.Contains(msg.Text, "Alice passes &amp; waits.") ||
		!strings.Contains(msg.Text, "invite me") || len(msg.Blocks) != 2 {
		t.Errorf("response URL got %s", r.Body)
	}
}

func TestEphemeralKeepsPicturesAndChoices(t *testing.T) {
	f := newFakeSlack(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	start(t, f, h)
	m := slash(t, f, h, "env1", "catchup")

	err := m.Respond.Respond(context.Background(), bot.Reply{Text: "While you were away: …", Ephemeral: true,
		Images:  []bot.Image{{Name: "map.png", PNG: testPNG(t)}},
		Buttons: []bot.Button{{Label: "pass", Command: "pass", At: 3}},
		Menus:   []bot.Menu{{Placeholder: "Buy…", At: 3, Options: []bot.MenuOption{{Label: "GWR", Command: "buy GWR"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	open := f.expect(t, "conversations.open")
	if open.Form.Get("users") != "U1" {
		t.Errorf("direct message to %v", open.Form)
	}
	f.expect(t, "files.getUploadURLExternal")
	f.expect(t, "upload")
	if d := f.expect(t, "files.completeUploadExternal"); d.Form.Get("channel_id") != "DU1" {
		t.Errorf("pictures shared in %q, want the direct message", d.Form.Get("channel_id"))
	}
	e := f.expect(t, "chat.postEphemeral")
	blocks := e.Form.Get("blocks")
	if !strings.Contains(e.Form.Get("text"), "direct messages") || !strings.Contains(blocks, `"value":"@3 pass"`) ||
		!strings.Contains(blocks, `"static_select"`) || !strings.Contains(blocks, `"value":"@3 buy GWR"`) {
		t.Errorf("ephemeral %v", e.Form)
	}

	// An ephemeral the bot may not post goes through the response URL.
	f.mu.Lock()
	f.failEphemeral = "channel_not_found"
	f.mu.Unlock()
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "Not your turn.", Ephemeral: true}); err != nil {
		t.Fatal(err)
	}
	f.expect(t, "chat.postEphemeral")
	if r := f.expect(t, "respond"); !strings.Contains(string(r.Body), `"response_type":"ephemeral"`) {
		t.Errorf("response URL got %s", r.Body)
	}
}

func TestLongReplySplitPingFirst(t *testing.T) {
	f := newFakeSlack(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	start(t, f, h)
	m := slash(t, f, h, "env1", "log")

	var lines []string
	for i := range 400 {
		lines = append(lines, strings.Repeat("x", 20)+" <b> & "+string(rune('a'+i%26)))
	}
	ping := "Your turn: <@U2>"
	text := strings.Join(lines, "\n") + "\n" + ping
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: text, Ping: ping,
		Buttons: []bot.Button{{Label: "pass", Command: "pass"}}}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for len(got) < 20 {
		c := f.expect(t, "chat.postMessage")
		got = append(got, c.Form.Get("text"))
		if n := len([]rune(c.Form.Get("text"))); n > maxText {
			t.Errorf("part %d has %d characters", len(got), n)
		}
		if strings.Contains(c.Form.Get("blocks"), "pass") {
			break
		}
	}
	if len(got) < 4 {
		t.Fatalf("%d parts", len(got))
	}
	if !strings.HasPrefix(got[0], ping+"\n") {
		t.Errorf("first part starts %q, want the ping", got[0][:40])
	}
	all := strings.Join(got, "\n")
	if strings.Count(all, "&lt;b&gt; &amp;") != 400 || strings.Contains(all, "<b>") {
		t.Errorf("user text not escaped (or lost) across the parts")
	}
}

func TestEscapeAndSplit(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a < b & c > d", "a &lt; b &amp; c &gt; d"},
		{"Your turn: <@U12AB>, <@W9>", "Your turn: <@U12AB>, <@W9>"},
		{"in <#C123>", "in <#C123>"},
		{"<!channel> <@u1> <script>", "&lt;!channel&gt; &lt;@u1&gt; &lt;script&gt;"},
		{"<@U1|eve>", "&lt;@U1|eve&gt;"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if got := escape(tc.in); got != tc.want {
				t.Errorf("escape(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
	for _, tc := range []struct {
		name, in string
		limit    int
		want     []string
	}{
		{"short", "abc", 10, []string{"abc"}},
		{"lines", "aaaa\nbbbb\ncccc", 10, []string{"aaaa\nbbbb", "cccc"}},
		{"words", "aaaa bbbb cccc", 10, []string{"aaaa bbbb", "cccc"}},
		{"entity", "aaaaaaa&amp;b", 10, []string{"aaaaaaa", "&amp;b"}},
		{"runes", "ééééé", 2, []string{"éé", "éé", "é"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := split(tc.in, tc.limit)
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("split(%q, %d) = %q, want %q", tc.in, tc.limit, got, tc.want)
			}
		})
	}
}

func TestResponseURLKeptOutOfErrors(t *testing.T) {
	f := newFakeSlack(t)
	a, err := New(Options{BotToken: "xoxb-test", AppToken: "xapp-test", APIURL: f.APIURL()})
	if err != nil {
		t.Fatal(err)
	}
	link := "http://127.0.0.1:1/actions/T1/secret-token"
	err = a.webhook(context.Background(), link, &slack.WebhookMessage{Text: "x"})
	if err == nil || strings.Contains(err.Error(), "secret-token") {
		t.Errorf("error %v, want one without the URL", err)
	}
}
