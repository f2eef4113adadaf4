package slack

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"pbc/bot"
)

// press sends a block_actions payload for the button with value on the
// message c the bot posted.
func (f *fakeSlack) press(t *testing.T, id, user string, c call, value string) {
	t.Helper()
	var blocks []map[string]any
	if err := json.Unmarshal([]byte(c.Form.Get("blocks")), &blocks); err != nil {
		t.Fatalf("blocks of %v: %v", c.Form, err)
	}
	var action map[string]any
	for _, b := range blocks {
		if b["type"] != "actions" {
			continue
		}
		for _, el := range b["elements"].([]any) {
			el := el.(map[string]any)
			if el["value"] == value {
				action = map[string]any{"type": "button", "action_id": el["action_id"], "block_id": b["block_id"],
					"value": value, "text": el["text"], "action_ts": id}
			}
		}
	}
	if action == nil {
		t.Fatalf("no button %q in %s", value, c.Form.Get("blocks"))
	}
	channel, thread := c.Form.Get("channel"), c.Form.Get("thread_ts")
	f.envelope(id, "interactive", map[string]any{
		"type": "block_actions", "team": map[string]any{"id": "T1"}, "channel": map[string]any{"id": channel},
		"user": map[string]any{"id": user}, "trigger_id": id, "response_url": f.ResponseURL(id),
		"container": map[string]any{"type": "message", "message_ts": c.ts, "channel_id": channel, "thread_ts": thread},
		"message":   map[string]any{"type": "message", "ts": c.ts, "thread_ts": thread, "text": c.Form.Get("text"), "blocks": blocks},
		"actions":   []any{action}})
}

// withButton is the last call that posted a button with value.
func withButton(cs []call, value string) (call, bool) {
	for i := len(cs) - 1; i >= 0; i-- {
		if cs[i].Method == "chat.postMessage" && strings.Contains(cs[i].Form.Get("blocks"), `"value":"`+value) {
			return cs[i], true
		}
	}
	return call{}, false
}

func TestStaleComponentRefusedAndRetired(t *testing.T) {
	f := newFakeSlack(t)
	live(t, f, Options{}, true)
	f.typed("e1", "U1", "!new 1822PNW", "C1", "", "100.0001")
	f.posts(t, "New 1822PNW game")
	thread := "1700000000.000001"
	f.typed("e2", "U2", "!join", "C1", thread, "100.0002")
	f.posts(t, "Bob joins")
	f.typed("e3", "U3", "!join", "C1", thread, "100.0003")
	f.posts(t, "Cy joins")
	f.typed("e4", "U1", "!start", "C1", thread, "100.0004")
	offered, ok := withButton(f.posts(t, "Your turn"), "@")
	if !ok {
		t.Fatal("no buttons after start")
	}
	var pass string
	for _, v := range strings.Split(offered.Form.Get("blocks"), `"value":"`)[1:] {
		if v, _, _ := strings.Cut(v, `"`); strings.HasSuffix(v, " pass") {
			pass = v
		}
	}
	if pass == "" {
		t.Fatalf("no pass button in %s", offered.Form.Get("blocks"))
	}

	// The first player (the seats are dealt at start) passes with the
	// button: the move is made, the pressed buttons are removed, the next
	// choices come in the thread.
	first := ""
	for _, u := range []string{"U1", "U2", "U3"} {
		if strings.Contains(offered.Form.Get("text")+offered.Form.Get("blocks"), "Your turn: <@"+u+">") {
			first = u
		}
	}
	if first == "" {
		t.Fatalf("nobody to act in %s", offered.Form.Get("text")+offered.Form.Get("blocks"))
	}
	f.press(t, "p1", first, offered, pass)
	got := f.posts(t, "Your turn")
	// The lobby's message, whose Join and Start buttons the start's
	// choices retired, may be updated first.
	for len(got) > 1 && got[0].Method == "chat.update" && got[0].Form.Get("ts") != offered.ts {
		got = got[1:]
	}
	if got[0].Method != "chat.update" || got[0].Form.Get("ts") != offered.ts ||
		strings.Contains(got[0].Form.Get("blocks"), `"actions"`) || !strings.Contains(got[0].Form.Get("blocks"), "chose") {
		t.Fatalf("after the press %v, want the pressed message updated without its buttons", methods(got))
	}
	next, ok := withButton(got, "@")
	if !ok || next.Form.Get("thread_ts") != thread {
		t.Fatalf("next choices %v", methods(got))
	}

	// The old button pressed again, after the game moved on: refused,
	// and its message updated to say so.
	f.press(t, "p2", "U2", offered, pass)
	got = f.posts(t, "")
	refusal := got[len(got)-1]
	if got[0].Method != "chat.update" || got[0].Form.Get("ts") != offered.ts ||
		strings.Contains(got[0].Form.Get("blocks"), `"actions"`) || !strings.Contains(got[0].Form.Get("blocks"), "out of date") {
		t.Fatalf("stale press: %v, want the old message updated", methods(got))
	}
	if refusal.Method != "chat.postEphemeral" || refusal.Form.Get("user") != "U2" || refusal.Form.Get("thread_ts") != thread {
		t.Errorf("stale press answered with %s %v, want an ephemeral refusal in the thread", refusal.Method, refusal.Form)
	}

}

func TestNewerChoicesRetireOlder(t *testing.T) {
	f := newFakeSlack(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	start(t, f, h)
	m := slash(t, f, h, "env1", "pay")
	respond := func(text string) call {
		t.Helper()
		if err := m.Respond.Respond(context.Background(), bot.Reply{Text: text,
			Buttons: []bot.Button{{Label: "pass", Command: "pass", At: 4}}}); err != nil {
			t.Fatal(err)
		}
		return f.expect(t, "chat.postMessage")
	}
	first := respond("Dividend?")
	respond("Dividend, again?")
	u := f.expect(t, "chat.update")
	if u.Form.Get("ts") != first.ts || strings.Contains(u.Form.Get("blocks"), `"actions"`) ||
		!strings.Contains(u.Form.Get("blocks"), "Dividend?") {
		t.Errorf("older choices %v, want them removed and the text kept", u.Form)
	}
}

func TestPressOnEphemeralRetiredThroughResponseURL(t *testing.T) {
	f := newFakeSlack(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	start(t, f, h)
	f.envelope("env1", "interactive", map[string]any{
		"type": "block_actions", "team": map[string]any{"id": "T1"}, "channel": map[string]any{"id": "C1"},
		"user": map[string]any{"id": "U1"}, "trigger_id": "t1", "response_url": f.ResponseURL("r1"),
		"container": map[string]any{"type": "message", "message_ts": "9.0", "channel_id": "C1", "is_ephemeral": true},
		"message": map[string]any{"type": "message", "ts": "9.0", "text": "Catch-up", "blocks": []any{
			map[string]any{"type": "section", "block_id": "s", "text": map[string]any{"type": "mrkdwn", "text": "Catch-up"}},
			map[string]any{"type": "actions", "block_id": "pbc-choices", "elements": []any{map[string]any{
				"type": "button", "action_id": "pbc-0", "value": "@2 pass", "text": map[string]any{"type": "plain_text", "text": "pass"}}}}}},
		"actions": []any{map[string]any{"type": "button", "action_id": "pbc-0", "block_id": "pbc-choices", "value": "@2 pass",
			"text": map[string]any{"type": "plain_text", "text": "pass"}}}})
	f.expect(t, "ack")
	m := <-h.got
	if m.Text != "pass" || m.At != 2 {
		t.Fatalf("press %+v", m)
	}
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "That choice is out of date.", Ephemeral: true, Stale: true}); err != nil {
		t.Fatal(err)
	}
	r := f.expect(t, "respond")
	var msg struct {
		Replace bool             `json:"replace_original"`
		Blocks  []map[string]any `json:"blocks"`
	}
	if err := json.Unmarshal(r.Body, &msg); err != nil || !msg.Replace || len(msg.Blocks) != 2 ||
		msg.Blocks[0]["type"] != "section" || msg.Blocks[1]["type"] != "context" {
		t.Errorf("ephemeral retired with %s", r.Body)
	}
	if e := f.expect(t, "chat.postEphemeral"); e.Form.Get("user") != "U1" {
		t.Errorf("refusal %v", e.Form)
	}
}

func TestPressRetiredAfterCatchup(t *testing.T) {
	f := newFakeSlack(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	start(t, f, h)
	f.envelope("env1", "interactive", map[string]any{
		"type": "block_actions", "team": map[string]any{"id": "T1"}, "channel": map[string]any{"id": "C1"},
		"user": map[string]any{"id": "U1"}, "trigger_id": "t1",
		"container": map[string]any{"type": "message", "message_ts": "9.0", "channel_id": "C1"},
		"message":   map[string]any{"type": "message", "ts": "9.0", "text": "Dividend?"},
		"actions": []any{map[string]any{"type": "button", "action_id": "pbc-0", "block_id": "pbc-choices", "value": "@2 pay",
			"text": map[string]any{"type": "plain_text", "text": "pay"}}}})
	f.expect(t, "ack")
	m := <-h.got
	// The core sends a catch-up (ephemeral) before the move's answer.
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "While you were away…", Ephemeral: true}); err != nil {
		t.Fatal(err)
	}
	f.expect(t, "chat.postEphemeral")
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "Alice pays."}); err != nil {
		t.Fatal(err)
	}
	if u := f.expect(t, "chat.update"); u.Form.Get("ts") != "9.0" || !strings.Contains(u.Form.Get("blocks"), "chose *pay*") {
		t.Errorf("update %v", u.Form)
	}
	f.expect(t, "chat.postMessage")
}
