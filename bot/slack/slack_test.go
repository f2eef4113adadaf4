package slack

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"strings"
	"testing"
	"time"

	"pbc/bot"
	"pbc/storage"
)

// stubHandler records the messages the adapter submits and the
// completions it asks for.
type stubHandler struct {
	got     chan bot.Message
	queries chan bot.Query // nil: none expected
	choices []bot.Choice
}

func (h *stubHandler) Submit(m bot.Message) { h.got <- m }

func (h *stubHandler) Suggest(_ context.Context, q bot.Query) []bot.Choice {
	if h.queries != nil {
		h.queries <- q
	}
	return h.choices
}

func testPNG(t *testing.T) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// start runs an adapter against the fake until the test ends.
func start(t *testing.T, f *fakeSlack, h bot.Handler) *Adapter {
	t.Helper()
	a, err := New(Options{BotToken: "xoxb-test", AppToken: "xapp-test", APIURL: f.APIURL()})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx, h) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Error("Run did not return after cancel")
		}
	})
	select {
	case <-f.up:
	case <-time.After(10 * time.Second):
		t.Fatal("the adapter did not connect over Socket Mode")
	}
	return a
}

// acked checks the next call is the acknowledgement of envelope id. The
// tests' handlers take a command only when the test reads it, after
// this: an acknowledgement that waited for the core would never come.
func acked(t *testing.T, f *fakeSlack, id string) {
	t.Helper()
	c := f.expect(t, "ack")
	var ack struct {
		EnvelopeID string `json:"envelope_id"`
	}
	if err := json.Unmarshal(c.Body, &ack); err != nil || ack.EnvelopeID != id {
		t.Fatalf("ack %s, want envelope %s", c.Body, id)
	}
}

func TestSlashCommandAckReplyWithImagesAndMention(t *testing.T) {
	f := newFakeSlack(t)
	h := &stubHandler{got: make(chan bot.Message)} // unbuffered: see acked
	a := start(t, f, h)

	f.envelope("env1", "slash_commands", map[string]any{
		"command": "/pbc", "text": "lay 57 D23 r1", "team_id": "T1", "channel_id": "C1",
		"user_id": "U1", "user_name": "alice", "trigger_id": "x"})
	acked(t, f, "env1")
	m := <-h.got
	wantCh := storage.Channel{Platform: storage.Slack, Workspace: "T1", ID: "C1"}
	if m.Channel != wantCh || m.User.ID != "U1" || m.User.Name != "Alice" || !m.User.Admin || m.Text != "lay 57 D23 r1" || m.Kind != bot.KindSlash {
		t.Errorf("message %+v", m)
	}
	img := testPNG(t)
	reply := bot.Reply{Text: "Alice laid 57 on D23.\nYour turn: " + a.Mention("U2"), Mentions: []string{"U2"},
		Images: []bot.Image{{Name: "map.png", PNG: img}, {Name: "market.png", PNG: img}}}
	if err := m.Respond.Respond(context.Background(), reply); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"map.png", "market.png"} {
		u := f.expect(t, "files.getUploadURLExternal")
		if u.Form.Get("filename") != name {
			t.Errorf("upload URL for %q, want %q", u.Form.Get("filename"), name)
		}
		if b := f.expect(t, "upload"); !bytes.Equal(b.Body, img) {
			t.Errorf("uploaded %d bytes, want the PNG", len(b.Body))
		}
	}
	done := f.expect(t, "files.completeUploadExternal")
	if done.Form.Get("channel_id") != "C1" || !strings.Contains(done.Form.Get("initial_comment"), "<@U2>") {
		t.Errorf("completion %v, want channel C1 and a mention of U2", done.Form)
	}
	var files []map[string]any
	if err := json.Unmarshal([]byte(done.Form.Get("files")), &files); err != nil || len(files) != 2 {
		t.Errorf("completion shares %s, want two files", done.Form.Get("files"))
	}
}

func TestEphemeralErrorMentionsButtons(t *testing.T) {
	f := newFakeSlack(t)
	h := &stubHandler{got: make(chan bot.Message)} // unbuffered: see acked
	start(t, f, h)

	f.envelope("env2", "slash_commands", map[string]any{
		"command": "/pbc", "text": "buy XYZ", "team_id": "T1", "channel_id": "C1", "user_id": "U1"})
	acked(t, f, "env2")
	m := <-h.got
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "There is no company XYZ.", Ephemeral: true}); err != nil {
		t.Fatal(err)
	}
	e := f.expect(t, "chat.postEphemeral")
	if e.Form.Get("user") != "U1" || e.Form.Get("channel") != "C1" || e.Form.Get("text") != "There is no company XYZ." {
		t.Errorf("ephemeral %v", e.Form)
	}

	// An app mention.
	f.envelope("env3", "events_api", map[string]any{
		"type": "event_callback", "team_id": "T1", "api_app_id": "A1",
		"event": map[string]any{"type": "app_mention", "user": "U2", "text": "<@UBOT> status", "channel": "C1", "ts": "2.0"}})
	acked(t, f, "env3")
	if m := <-h.got; m.Text != "status" || m.User.ID != "U2" || m.Kind != bot.KindTyped {
		t.Errorf("mention message %+v", m)
	}
	// A prefixed channel message; chatter is ignored.
	f.envelope("env4", "events_api", map[string]any{
		"type": "event_callback", "team_id": "T1",
		"event": map[string]any{"type": "message", "channel_type": "channel", "user": "U2", "text": "good game", "channel": "C1", "ts": "2.1"}})
	f.expect(t, "ack")
	f.envelope("env5", "events_api", map[string]any{
		"type": "event_callback", "team_id": "T1",
		"event": map[string]any{"type": "message", "channel_type": "channel", "user": "U2", "text": "!pass", "channel": "C1", "ts": "2.2"}})
	f.expect(t, "ack")
	m = <-h.got
	if m.Text != "pass" {
		t.Errorf("channel message %q, want pass", m.Text)
	}
	// Buttons go out as Block Kit; a press comes back as a command.
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "Dividend?",
		Buttons: []bot.Button{{Label: "Pay", Command: "pay"}, {Label: "Withhold", Command: "withhold"}}}); err != nil {
		t.Fatal(err)
	}
	pm := f.expect(t, "chat.postMessage")
	if !strings.Contains(pm.Form.Get("blocks"), `"value":"withhold"`) {
		t.Errorf("blocks %s, want a withhold button", pm.Form.Get("blocks"))
	}
	f.envelope("env6", "interactive", map[string]any{
		"type": "block_actions", "team": map[string]any{"id": "T1"}, "channel": map[string]any{"id": "C1"},
		"user":    map[string]any{"id": "U1", "name": "alice"},
		"actions": []any{map[string]any{"type": "button", "action_id": "pbc-1", "block_id": "pbc-choices", "value": "withhold"}}})
	acked(t, f, "env6")
	if m := <-h.got; m.Text != "withhold" || m.Kind != bot.KindButton {
		t.Errorf("button message %+v", m)
	}
	select {
	case m := <-h.got:
		t.Errorf("unexpected message %q", m.Text)
	default:
	}
}
