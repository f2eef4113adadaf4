package slack

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"pbc/bot"
	"pbc/storage"
)

// suggestion sends a block_suggestion for the external select actionID
// with typed, and returns the options acknowledged.
func (f *fakeSlack) suggestion(t *testing.T, id, actionID, typed string) []map[string]any {
	t.Helper()
	f.envelope(id, "interactive", map[string]any{
		"type": "block_suggestion", "team": map[string]any{"id": "T1"}, "channel": map[string]any{"id": "C1"},
		"user": map[string]any{"id": "U1"}, "action_id": actionID, "block_id": "pbc-menu-0", "value": typed,
		"container": map[string]any{"type": "message", "message_ts": "1700000000.000001", "channel_id": "C1",
			"thread_ts": "1700000000.000009"}})
	c := f.expect(t, "ack")
	var ack struct {
		EnvelopeID string `json:"envelope_id"`
		Payload    struct {
			Options []map[string]any `json:"options"`
		} `json:"payload"`
	}
	if err := json.Unmarshal(c.Body, &ack); err != nil || ack.EnvelopeID != id {
		t.Fatalf("ack %s", c.Body)
	}
	return ack.Payload.Options
}

func TestSelectMenus(t *testing.T) {
	f := newFakeSlack(t)
	h := &stubHandler{got: make(chan bot.Message, 1), queries: make(chan bot.Query, 1),
		choices: []bot.Choice{{Label: "D23", Value: "D23"}, {Label: "D25", Value: "D25"}}}
	start(t, f, h)
	m := slash(t, f, h, "env1", "moves")

	long := strings.Repeat("very long label ", 10)
	var hexes []bot.MenuOption
	for i := range 150 {
		hexes = append(hexes, bot.MenuOption{Label: fmt.Sprintf("hex %c%d", 'A'+i/10, i%10), Command: fmt.Sprintf("lay %c%d", 'A'+i/10, i%10)})
	}
	err := m.Respond.Respond(context.Background(), bot.Reply{Text: "Stock round.", Menus: []bot.Menu{
		{Placeholder: "Buy a share…", At: 5, Options: []bot.MenuOption{
			{Label: "GWR", Command: "buy GWR", Description: "$67"}, {Label: long, Command: "buy LNWR"}}},
		{Placeholder: "Lay track on…", At: 5, Options: hexes},
	}})
	if err != nil {
		t.Fatal(err)
	}
	pm := f.expect(t, "chat.postMessage")
	var blocks []struct {
		Type     string `json:"type"`
		Elements []struct {
			Type     string `json:"type"`
			ActionID string `json:"action_id"`
			Options  []struct {
				Text struct {
					Text string `json:"text"`
				} `json:"text"`
				Value string `json:"value"`
			} `json:"options"`
			MinQueryLength *int `json:"min_query_length"`
		} `json:"elements"`
	}
	if err := json.Unmarshal([]byte(pm.Form.Get("blocks")), &blocks); err != nil || len(blocks) != 3 {
		t.Fatalf("blocks %s", pm.Form.Get("blocks"))
	}
	static, external := blocks[1].Elements[0], blocks[2].Elements[0]
	if static.Type != "static_select" || len(static.Options) != 2 || static.Options[0].Value != "@5 buy GWR" ||
		len([]rune(static.Options[1].Text.Text)) != maxOptionText {
		t.Errorf("static select %+v", static)
	}
	if external.Type != "external_select" || !strings.HasPrefix(external.ActionID, "pbcx|5|lay|hex|") ||
		external.MinQueryLength == nil || *external.MinQueryLength != 0 {
		t.Errorf("external select %+v", external)
	}

	// Typing in the long menu: its own options, filtered.
	opts := f.suggestion(t, "env2", external.ActionID, "c3")
	if len(opts) != 1 || opts[0]["value"] != "@5 lay C3" {
		t.Errorf("held menu suggestions %v", opts)
	}
	// A menu no longer held (another process, a restart): the core's
	// completion of the command's argument, in the menu's thread.
	opts = f.suggestion(t, "env3", "pbcx|5|lay|hex|gone", "D2")
	q := <-h.queries
	wantCh := storage.Channel{Platform: storage.Slack, Workspace: "T1", ID: "C1/1700000000.000009"}
	if q.Channel != wantCh || q.Command != "lay" || q.Field != "hex" || q.Prefix != "D2" || q.User.ID != "U1" {
		t.Errorf("query %+v", q)
	}
	if len(opts) != 2 || opts[0]["value"] != "@5 lay D23" {
		t.Errorf("core suggestions %v", opts)
	}

	// A choice comes back as the option's command.
	f.envelope("env4", "interactive", map[string]any{
		"type": "block_actions", "team": map[string]any{"id": "T1"}, "channel": map[string]any{"id": "C1"},
		"user": map[string]any{"id": "U1"}, "trigger_id": "t4",
		"container": map[string]any{"type": "message", "message_ts": pm.ts, "channel_id": "C1"},
		"actions": []any{map[string]any{"type": "static_select", "action_id": "pbc-menu-0", "block_id": "pbc-menu-0",
			"selected_option": map[string]any{"value": "@5 buy GWR", "text": map[string]any{"type": "plain_text", "text": "GWR"}}}}})
	f.expect(t, "ack")
	select {
	case got := <-h.got:
		if got.Text != "buy GWR" || got.At != 5 || got.Kind != bot.KindButton {
			t.Errorf("menu choice %+v", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the menu choice did not reach the handler")
	}
}

func TestCompletion(t *testing.T) {
	opts := func(cmds ...string) []bot.MenuOption {
		var out []bot.MenuOption
		for _, c := range cmds {
			out = append(out, bot.MenuOption{Command: c})
		}
		return out
	}
	for _, tc := range []struct {
		name          string
		opts          []bot.MenuOption
		prefix, field string
	}{
		{"hexes", opts("lay D23", "lay D25"), "lay", "hex"},
		{"tiles", opts("lay D23 57", "lay D23 58"), "lay D23", "tile"},
		{"tiles and rotations", opts("lay D23 57 r1", "lay D23 58 r2"), "lay D23", "tile"},
		{"companies", opts("buy GWR", "buy LNWR"), "buy", "company"},
		{"mixed", opts("pass", "buy GWR"), "", ""},
		{"unknown verb", opts("choose a", "choose b"), "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, f := completion(tc.opts)
			if p != tc.prefix || f != tc.field {
				t.Errorf("completion = %q, %q; want %q, %q", p, f, tc.prefix, tc.field)
			}
		})
	}
}
