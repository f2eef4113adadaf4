package discord

import (
	"context"
	"testing"

	"github.com/bwmarrin/discordgo"

	"pbc/bot"
)

// TestNoEmptyLabelOrMessage: a button, menu option or autocomplete choice
// with no label goes out labelled with its command (or not at all), and an
// empty ephemeral reply to a slash command sends no follow-up.
func TestNoEmptyLabelOrMessage(t *testing.T) {
	rows := components(bot.Reply{
		Buttons: []bot.Button{{Label: "", Command: "pass"}, {Label: "  ", Command: ""}, {Label: "Buy", Command: "buy"}},
		Menus: []bot.Menu{{Placeholder: "Bid…", Options: []bot.MenuOption{{Label: "", Command: "bid M5 100"}, {Label: " ", Command: " "}}},
			{Placeholder: "Nothing", Options: []bot.MenuOption{{Label: "", Command: ""}}}},
	})
	var labels []string
	for _, r := range rows {
		for _, c := range r.(discordgo.ActionsRow).Components {
			switch v := c.(type) {
			case discordgo.Button:
				labels = append(labels, v.Label)
			case discordgo.SelectMenu:
				for _, o := range v.Options {
					labels = append(labels, o.Label)
				}
			}
		}
	}
	if len(labels) != 3 || labels[0] != "bid M5 100" || labels[1] != "pass" || labels[2] != "Buy" {
		t.Errorf("labels sent: %q, want bid M5 100, pass and Buy", labels)
	}
	for _, l := range labels {
		if l == "" {
			t.Error("an empty label is sent")
		}
	}

	f := newFakeDiscord(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	run(t, f, h)
	f.dispatch("INTERACTION_CREATE", interaction(2, map[string]any{"id": "cmd1", "name": "pbc", "type": 1,
		"options": []any{map[string]any{"type": 1, "name": "status"}}}))
	f.expect(t, "POST", "/callback")
	m := <-h.got
	ctx := context.Background()
	if err := m.Respond.Respond(ctx, bot.Reply{Text: " \n", Ephemeral: true}); err != nil {
		t.Fatal(err)
	}
	if err := m.Respond.Respond(ctx, bot.Reply{Text: "Only you see this.", Ephemeral: true}); err != nil {
		t.Fatal(err)
	}
	f.expect(t, "DELETE", "/messages/@original") // the placeholder goes
	if r := f.expect(t, "POST", "/webhooks/app1/tok"); r.JSON["content"] != "Only you see this." {
		t.Errorf("the first follow-up says %q: an empty reply was sent", r.JSON["content"])
	}

	got := bot.SendableChoices([]bot.Choice{{Label: "", Value: "D23"}, {Label: " ", Value: ""}, {Label: "57", Value: "57"}})
	if len(got) != 2 || got[0].Label != "D23" || got[1].Label != "57" {
		t.Errorf("choices sent: %+v", got)
	}
}
