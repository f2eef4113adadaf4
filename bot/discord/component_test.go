package discord

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"pbc/bot"
)

// pressed is a component interaction from a message offering two buttons
// and a menu.
func pressed(customID string, values ...string) map[string]any {
	d := map[string]any{"custom_id": customID, "component_type": 2}
	if len(values) > 0 {
		d["component_type"], d["values"] = 3, values
	}
	in := interaction(3, d)
	in["message"] = map[string]any{"id": "m5", "channel_id": "c1", "content": "Your turn: <@u1>",
		"components": []any{
			map[string]any{"type": 1, "components": []any{
				map[string]any{"type": 3, "custom_id": "pbcm:0.0", "options": []any{
					map[string]any{"label": "SWW", "value": "@4 buy SWW"}}}}},
			map[string]any{"type": 1, "components": []any{
				map[string]any{"type": 2, "style": 2, "label": "Pass", "custom_id": "pbc:@4 pass"},
				map[string]any{"type": 2, "style": 2, "label": "Undo", "custom_id": "pbc:undo"}}},
		}}
	return in
}

// disabledIn returns the components of an edit, failing unless every one is
// disabled; it returns the custom ids drawn as chosen.
func disabledIn(t *testing.T, edit request) (chosen []string) {
	t.Helper()
	rows, ok := edit.JSON["components"].([]any)
	if !ok || len(rows) != 2 {
		t.Fatalf("edit components %v, want the message's two rows", edit.JSON["components"])
	}
	for _, r := range rows {
		for _, c := range r.(map[string]any)["components"].([]any) {
			c := c.(map[string]any)
			if c["disabled"] != true {
				t.Errorf("component %v still enabled", c["custom_id"])
			}
			if c["style"] == float64(discordgo.SuccessButton) {
				chosen = append(chosen, c["custom_id"].(string))
			}
		}
	}
	return chosen
}

func TestStaleComponentIsRefusedAndDisabled(t *testing.T) {
	f := newFakeDiscord(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	run(t, f, h)
	f.dispatch("INTERACTION_CREATE", pressed("pbc:@4 pass"))
	ack := f.expect(t, "POST", "/interactions/i1/tok/callback")
	if ack.JSON["type"] != float64(discordgo.InteractionResponseDeferredMessageUpdate) {
		t.Errorf("ack type %v, want 6 (deferred update of the pressed message)", ack.JSON["type"])
	}
	m := <-h.got
	if m.Text != "pass" || m.At != 4 || m.Kind != bot.KindButton {
		t.Fatalf("pressed %q at %d (%v), want pass at 4", m.Text, m.At, m.Kind)
	}
	// The core refuses it as stale and offers the current choices.
	refusal := bot.Reply{Text: "That choice is no longer current.", Ephemeral: true, Stale: true,
		Buttons: []bot.Button{{Label: "Pass", Command: "pass", At: 9}}}
	if err := m.Respond.Respond(context.Background(), refusal); err != nil {
		t.Fatal(err)
	}
	edit := f.expect(t, "PATCH", "/webhooks/app1/tok/messages/@original")
	if chosen := disabledIn(t, edit); len(chosen) != 0 {
		t.Errorf("a stale press is drawn as chosen: %v", chosen)
	}
	fu := f.expect(t, "POST", "/webhooks/app1/tok")
	if fu.JSON["flags"] != float64(discordgo.MessageFlagsEphemeral) || fu.JSON["content"] != refusal.Text {
		t.Errorf("follow-up %v, want the refusal to the presser only", fu.JSON)
	}
	if !strings.Contains(fmt.Sprint(fu.JSON["components"]), "pbc:@9 pass") {
		t.Errorf("follow-up components %v, want the current Pass", fu.JSON["components"])
	}
}

func TestPressedComponentIsDisabledAndOtherRefusalsLeaveIt(t *testing.T) {
	f := newFakeDiscord(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	run(t, f, h)

	// Someone whose turn it is not: refused, the buttons stay for the player.
	f.dispatch("INTERACTION_CREATE", pressed("pbc:@4 pass"))
	f.expect(t, "POST", "/callback")
	m := <-h.got
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "It is not your turn.", Ephemeral: true}); err != nil {
		t.Fatal(err)
	}
	if fu := f.expect(t, "POST", "/webhooks/app1/tok"); fu.JSON["flags"] != float64(64) {
		t.Errorf("refusal %v, want it ephemeral", fu.JSON)
	}

	// A menu choice that is played: the message's components are disabled,
	// and the move is a new message.
	f.dispatch("INTERACTION_CREATE", pressed("pbcm:0.0", "@4 buy SWW"))
	f.expect(t, "POST", "/callback")
	m = <-h.got
	if m.Text != "buy SWW" || m.At != 4 {
		t.Fatalf("menu choice %q at %d, want buy SWW at 4", m.Text, m.At)
	}
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "Alice buys SWW.\nYour turn: <@u2>",
		Ping: "Your turn: <@u2>", Mentions: []string{"u2"}}); err != nil {
		t.Fatal(err)
	}
	disabledIn(t, f.expect(t, "PATCH", "/webhooks/app1/tok/messages/@original"))
	if post := f.expect(t, "POST", "/channels/c1/messages"); !strings.HasSuffix(post.JSON["content"].(string), "<@u2>") {
		t.Errorf("move posted as %q", post.JSON["content"])
	}

	// A button that is played is drawn as the choice made.
	f.dispatch("INTERACTION_CREATE", pressed("pbc:undo"))
	f.expect(t, "POST", "/callback")
	m = <-h.got
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "Undone."}); err != nil {
		t.Fatal(err)
	}
	if chosen := disabledIn(t, f.expect(t, "PATCH", "/@original")); len(chosen) != 1 || chosen[0] != "pbc:undo" {
		t.Errorf("chosen %v, want pbc:undo", chosen)
	}
	f.expect(t, "POST", "/channels/c1/messages")
}

// menu is a menu of n options named O1…On.
func menu(n, at int) bot.Menu {
	m := bot.Menu{Placeholder: "Buy…", At: at}
	for i := 1; i <= n; i++ {
		m.Options = append(m.Options, bot.MenuOption{Label: fmt.Sprintf("O%d", i), Command: fmt.Sprintf("buy O%d", i)})
	}
	return m
}

func TestComponentsLayout(t *testing.T) {
	long := strings.Repeat("x", 300)
	buttons := func(n int) []bot.Button {
		var bs []bot.Button
		for i := 0; i < n; i++ {
			bs = append(bs, bot.Button{Label: fmt.Sprint("b", i), Command: fmt.Sprint("choose ", i)})
		}
		return bs
	}
	for _, c := range []struct {
		name            string
		r               bot.Reply
		menus, btnRows  int
		more            bool
		options, labels int // options of the first menu; the longest label
	}{
		{name: "buttons only", r: bot.Reply{Buttons: buttons(7)}, btnRows: 2},
		{name: "a short menu", r: bot.Reply{Menus: []bot.Menu{menu(3, 2)}}, menus: 1, options: 3},
		{name: "a long menu is split", r: bot.Reply{Menus: []bot.Menu{menu(30, 2)}, Buttons: buttons(1)}, menus: 2, btnRows: 1, options: 25},
		{name: "too many options: the rest is typed", r: bot.Reply{Menus: []bot.Menu{menu(200, 2)}, Buttons: buttons(3)},
			menus: 4, btnRows: 1, more: true, options: 25},
		{name: "buttons beyond five rows are dropped", r: bot.Reply{Buttons: buttons(30)}, btnRows: 5},
		{name: "long labels are cut", r: bot.Reply{Menus: []bot.Menu{{Placeholder: "x", Options: []bot.MenuOption{
			{Label: long, Command: "pass", Description: long}}}}, Buttons: []bot.Button{{Label: long, Command: "pass"}}},
			menus: 1, btnRows: 1, options: 1, labels: maxOptionLabel},
	} {
		t.Run(c.name, func(t *testing.T) {
			rows := components(c.r)
			if len(rows) > maxRows {
				t.Fatalf("%d rows, Discord allows %d", len(rows), maxRows)
			}
			var menus []discordgo.SelectMenu
			btnRows, longest := 0, 0
			ids := map[string]bool{}
			for _, r := range rows {
				row := r.(discordgo.ActionsRow)
				if len(row.Components) > maxRowButtons {
					t.Errorf("a row of %d", len(row.Components))
				}
				for _, x := range row.Components {
					switch v := x.(type) {
					case discordgo.SelectMenu:
						menus = append(menus, v)
						if ids[v.CustomID] {
							t.Errorf("custom id %s twice", v.CustomID)
						}
						ids[v.CustomID] = true
						if len(v.Options) > maxMenuOptions || utf8.RuneCountInString(v.Placeholder) > maxPlaceholder {
							t.Errorf("menu %s: %d options, placeholder %q", v.CustomID, len(v.Options), v.Placeholder)
						}
						for _, o := range v.Options {
							longest = max(longest, utf8.RuneCountInString(o.Label), utf8.RuneCountInString(o.Description))
							if cmd, at := bot.ParseValue(o.Value); at != c.r.Menus[0].At || !strings.HasPrefix(cmd, "buy") && cmd != "pass" {
								t.Errorf("option value %q reads as %q at %d", o.Value, cmd, at)
							}
						}
					case discordgo.Button:
						if utf8.RuneCountInString(v.Label) > maxButtonLabel {
							t.Errorf("button label of %d", utf8.RuneCountInString(v.Label))
						}
					}
				}
				if _, ok := row.Components[0].(discordgo.Button); ok {
					btnRows++
				}
			}
			if len(menus) != c.menus || btnRows != c.btnRows {
				t.Errorf("%d menus and %d button rows, want %d and %d", len(menus), btnRows, c.menus, c.btnRows)
			}
			if c.options > 0 && len(menus) > 0 && len(menus[0].Options) != c.options {
				t.Errorf("first menu has %d options, want %d", len(menus[0].Options), c.options)
			}
			if len(menus) > 0 && strings.Contains(menus[len(menus)-1].Placeholder, "more") != c.more {
				t.Errorf("last placeholder %q, want a 'more' note: %v", menus[len(menus)-1].Placeholder, c.more)
			}
			if c.labels > 0 && longest != c.labels {
				t.Errorf("longest label %d, want cut to %d", longest, c.labels)
			}
		})
	}
}
