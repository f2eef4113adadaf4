package discord

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"pbc/bot"
	"pbc/storage"
)

// stubHandler answers every command like the core does after a move: a
// little later (pictures take time), with text mentioning the next player
// and two PNGs; "oops" is refused with an ephemeral error.
type stubHandler struct {
	got chan bot.Message
}

func testPNG(t *testing.T) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func (h *stubHandler) Submit(m bot.Message) {
	h.got <- m
}

func (h *stubHandler) Suggest(_ context.Context, q bot.Query) []bot.Choice {
	if q.Field != "hex" {
		return nil
	}
	return []bot.Choice{{Label: q.Prefix + "1", Value: q.Prefix + "1"}, {Label: q.Prefix + "3", Value: q.Prefix + "3"}}
}

// run starts an adapter against the fake and waits until it is connected
// and has registered /pbc (and Run has the registration's answer, so that
// stopping it at the end of a short test is a clean stop).
func run(t *testing.T, f *fakeDiscord, h bot.Handler, opts ...func(*Options)) *Adapter {
	t.Helper()
	return launch(t, f, h, false, opts...)
}

// runInOrder is run with the gateway's events handled one after the other
// as they come, so that once a later event has reached h, an earlier one
// the adapter should have ignored has been dropped, not merely not yet seen.
func runInOrder(t *testing.T, f *fakeDiscord, h bot.Handler) *Adapter {
	t.Helper()
	return launch(t, f, h, true)
}

func launch(t *testing.T, f *fakeDiscord, h bot.Handler, inOrder bool, opts ...func(*Options)) *Adapter {
	t.Helper()
	opt := Options{Token: "secret-token", GuildID: "g1", MessageContent: true}
	for _, o := range opts {
		o(&opt)
	}
	a, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	a.s.SyncEvents = inOrder // before Run: the gateway's goroutine reads it
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx, h) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	f.expect(t, "PUT", "/applications/app1/guilds/g1/commands")
	select {
	case <-a.ready:
	case err := <-done:
		t.Fatalf("Run ended before registering: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not finish registering /pbc")
	}
	return a
}

func interaction(typ int, data map[string]any) map[string]any {
	return map[string]any{
		"id": "i1", "application_id": "app1", "type": typ, "token": "tok", "version": 1,
		"guild_id": "g1", "channel_id": "c1", "data": data,
		"member": map[string]any{"nick": "Alice", "permissions": "0",
			"user": map[string]any{"id": "u1", "username": "alice"}},
	}
}

func TestSlashMovePingsNextPlayer(t *testing.T) {
	f := newFakeDiscord(t)
	// Unbuffered: the handler takes the command only when the test reads
	// it, after the acknowledgement, which so cannot wait for the core.
	h := &stubHandler{got: make(chan bot.Message)}
	a := run(t, f, h)

	f.dispatch("INTERACTION_CREATE", interaction(2, map[string]any{
		"id": "cmd1", "name": "pbc", "type": 1,
		"options": []any{map[string]any{"type": 1, "name": "lay", "options": []any{
			map[string]any{"type": 3, "name": "tile", "value": "57"},
			map[string]any{"type": 3, "name": "hex", "value": "D23"},
			map[string]any{"type": 4, "name": "rotation", "value": 1},
		}}},
	}))
	ack := f.expect(t, "POST", "/interactions/i1/tok/callback")
	if ack.JSON["type"] != float64(5) {
		t.Errorf("ack type %v, want 5 (deferred channel message)", ack.JSON["type"])
	}
	m := <-h.got
	want := bot.Message{Channel: storage.Channel{Platform: storage.Discord, Workspace: "g1", ID: "c1"},
		User: bot.User{ID: "u1", Name: "Alice"}, Text: "lay 57 D23 r1", Kind: bot.KindSlash}
	if m.Channel != want.Channel || m.User != want.User || m.Text != want.Text || m.Kind != want.Kind {
		t.Errorf("message %+v, want %+v", m, want)
	}
	// The core replies after drawing: the move, two PNGs, the Ping line
	// mentioning the next player last, and their choices.
	img := testPNG(t)
	ping := "Your turn: " + a.Mention("u2")
	reply := bot.Reply{Text: "Alice laid 57 on D23.\n" + ping, Ping: ping, Mentions: []string{"u2"},
		Images:  []bot.Image{{Name: "map.png", PNG: img}, {Name: "market.png", PNG: img}},
		Buttons: []bot.Button{{Label: "Pass", Command: "pass", At: 7}},
		Menus: []bot.Menu{{Placeholder: "Lay…", At: 7, Options: []bot.MenuOption{
			{Label: "57 on D21", Command: "lay 57 D21"}, {Label: "57 on D25", Command: "lay 57 D25"}}}}}
	if err := m.Respond.Respond(context.Background(), reply); err != nil {
		t.Fatal(err)
	}
	m.Respond.(bot.Finisher).Finish()

	// The deferred reply shows the move and the pictures; an edit notifies
	// nobody, so it need not mention anyone.
	edit := f.expect(t, "PATCH", "/webhooks/app1/tok/messages/@original")
	if edit.JSON["content"] != "Alice laid 57 on D23." {
		t.Errorf("edited content %q, want the move without the Ping", edit.JSON["content"])
	}
	if len(edit.Files) != 2 || !bytes.Equal(edit.Files["map.png"], img) || !bytes.Equal(edit.Files["market.png"], img) {
		t.Errorf("attachments %d, want map.png and market.png", len(edit.Files))
	}
	// The Ping is a new channel message that notifies exactly the next
	// player, with their choices.
	post := f.expect(t, "POST", "/channels/c1/messages")
	if post.JSON["content"] != ping {
		t.Errorf("new message %q, want the Ping %q", post.JSON["content"], ping)
	}
	am, _ := post.JSON["allowed_mentions"].(map[string]any)
	if !reflect.DeepEqual(am["users"], []any{"u2"}) || !reflect.DeepEqual(am["parse"], []any{}) {
		t.Errorf("allowed mentions %v, want only user u2", am)
	}
	comps, _ := post.JSON["components"].([]any)
	if len(comps) != 2 || !strings.Contains(fmt.Sprint(comps[0]), "@7 lay 57 D21") || !strings.Contains(fmt.Sprint(comps[1]), "pbc:@7 pass") {
		t.Errorf("components %v, want the menu's row and the Pass button's", post.JSON["components"])
	}
	// Respond and Finish make their calls before they return, and the fake
	// queues a call before answering it: anything more is queued already.
	select {
	case r := <-f.reqs:
		t.Errorf("unexpected call after the ping: %s %s", r.Method, r.Path)
	default:
	}
}

func TestEphemeralError(t *testing.T) {
	f := newFakeDiscord(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	run(t, f, h)
	f.dispatch("INTERACTION_CREATE", interaction(2, map[string]any{
		"id": "cmd1", "name": "pbc", "type": 1,
		"options": []any{map[string]any{"type": 1, "name": "do", "options": []any{
			map[string]any{"type": 3, "name": "command", "value": "buy XYZ"}}}},
	}))
	f.expect(t, "POST", "/callback")
	m := <-h.got
	if m.Text != "buy XYZ" {
		t.Errorf("text %q", m.Text)
	}
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "There is no company XYZ.", Ephemeral: true}); err != nil {
		t.Fatal(err)
	}
	f.expect(t, "DELETE", "/webhooks/app1/tok/messages/@original")
	fu := f.expect(t, "POST", "/webhooks/app1/tok")
	if fu.JSON["flags"] != float64(64) || fu.JSON["content"] != "There is no company XYZ." {
		t.Errorf("follow-up %v, want an ephemeral error", fu.JSON)
	}
}

func TestAutocompleteButtonsAndText(t *testing.T) {
	f := newFakeDiscord(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	a := runInOrder(t, f, h)

	// Autocomplete: answered at once from Suggest.
	f.dispatch("INTERACTION_CREATE", interaction(4, map[string]any{
		"id": "cmd1", "name": "pbc", "type": 1,
		"options": []any{map[string]any{"type": 1, "name": "token", "options": []any{
			map[string]any{"type": 3, "name": "hex", "value": "H1", "focused": true}}}},
	}))
	ac := f.expect(t, "POST", "/interactions/i1/tok/callback")
	d, _ := ac.JSON["data"].(map[string]any)
	if ac.JSON["type"] != float64(8) || len(d["choices"].([]any)) != 2 {
		t.Errorf("autocomplete answer %v, want two choices", ac.JSON)
	}

	// A button: deferred, then the command it carries.
	f.dispatch("INTERACTION_CREATE", interaction(3, map[string]any{"custom_id": "pbc:withhold", "component_type": 2}))
	f.expect(t, "POST", "/callback")
	if m := <-h.got; m.Text != "withhold" || m.Kind != bot.KindButton {
		t.Errorf("button message %q %v", m.Text, m.Kind)
	}

	// A plain-text command mentioning the bot, answered as a reply.
	f.dispatch("MESSAGE_CREATE", map[string]any{"id": "m9", "channel_id": "c1", "guild_id": "g1",
		"content": "<@bot1> status", "author": map[string]any{"id": "u2", "username": "bob"}})
	m := <-h.got
	if m.Text != "status" || m.User.ID != "u2" || m.Kind != bot.KindTyped {
		t.Errorf("text message %+v", m)
	}
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "SR 1"}); err != nil {
		t.Fatal(err)
	}
	msg := f.expect(t, "POST", "/channels/c1/messages")
	if ref, _ := msg.JSON["message_reference"].(map[string]any); ref["message_id"] != "m9" {
		t.Errorf("reply reference %v", msg.JSON["message_reference"])
	}
	// Chatter that is not for the bot is ignored: the command after it is
	// the next to reach the handler. A reminder is posted.
	f.dispatch("MESSAGE_CREATE", map[string]any{"id": "m10", "channel_id": "c1", "content": "nice move",
		"author": map[string]any{"id": "u2", "username": "bob"}})
	f.dispatch("MESSAGE_CREATE", map[string]any{"id": "m11", "channel_id": "c1", "guild_id": "g1",
		"content": "<@bot1> who", "author": map[string]any{"id": "u2", "username": "bob"}})
	if m := <-h.got; m.Text != "who" {
		t.Errorf("after chatter, the handler got %q, want who", m.Text)
	}
	ch := storage.Channel{Platform: storage.Discord, Workspace: "g1", ID: "c1"}
	if err := a.Post(context.Background(), ch, bot.Reply{Text: "<@u1>, a reminder", Mentions: []string{"u1"}}); err != nil {
		t.Fatal(err)
	}
	post := f.expect(t, "POST", "/channels/c1/messages")
	if am, _ := post.JSON["allowed_mentions"].(map[string]any); !reflect.DeepEqual(am["users"], []any{"u1"}) {
		t.Errorf("reminder allowed mentions %v", post.JSON["allowed_mentions"])
	}
	select {
	case m := <-h.got:
		t.Errorf("chatter reached the bot: %q", m.Text)
	default:
	}
}

func TestCommandText(t *testing.T) {
	opt := func(name string, v any) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Value: v}
	}
	sub := func(name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Options: opts}
	}
	group := func(name string, s *discordgo.ApplicationCommandInteractionDataOption) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Type: discordgo.ApplicationCommandOptionSubCommandGroup,
			Name: name, Options: []*discordgo.ApplicationCommandInteractionDataOption{s}}
	}
	for _, c := range []struct {
		o    *discordgo.ApplicationCommandInteractionDataOption
		want string
	}{
		{sub("lay", opt("tile", "57"), opt("hex", "D23"), opt("rotation", float64(1))), "lay 57 D23 r1"},
		{sub("lay", opt("hex", "D23"), opt("tile", "57")), "lay 57 D23"},
		{sub("train", opt("train", "L-4"), opt("from", "SWW"), opt("price", "150")), "train L-4 from SWW 150"},
		{sub("dividend", opt("choice", "half")), "half"},
		{sub("run"), "run auto"},
		{sub("do", opt("command", "  SWW: pass ")), "SWW: pass"},
		{sub("new", opt("title", "1822CA WRS")), "new 1822CA WRS"},
		{group("game", sub("agree")), "agree"},
		{group("game", sub("kick", opt("user", "u7"))), "kick <@u7>"},
		{group("settings", sub("quiet", opt("hours", "22:00-07:00"))), "quiet 22:00-07:00"},
	} {
		t.Run(c.want, func(t *testing.T) {
			d := discordgo.ApplicationCommandInteractionData{Name: CommandName,
				Options: []*discordgo.ApplicationCommandInteractionDataOption{c.o}}
			if got, err := commandText(d); err != nil || got.Text != c.want {
				t.Errorf("commandText(%s) = %q, %v; want %q", c.o.Name, got.Text, err, c.want)
			}
		})
	}
}

func TestExpiredInteractionPostsToTheChannel(t *testing.T) {
	f := newFakeDiscord(t)
	f.expired = true
	h := &stubHandler{got: make(chan bot.Message, 1)}
	run(t, f, h)
	f.dispatch("INTERACTION_CREATE", interaction(2, map[string]any{"id": "cmd1", "name": "pbc", "type": 1,
		"options": []any{map[string]any{"type": 1, "name": "pass"}}}))
	f.expect(t, "POST", "/callback")
	m := <-h.got
	ping := "Your turn: <@u2>"
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "Alice passes.\n" + ping, Ping: ping,
		Mentions: []string{"u2"}}); err != nil {
		t.Fatal(err)
	}
	f.expect(t, "PATCH", "/@original")
	post := f.expect(t, "POST", "/channels/c1/messages")
	am, _ := post.JSON["allowed_mentions"].(map[string]any)
	if post.JSON["content"] != "Alice passes.\n"+ping || !reflect.DeepEqual(am["users"], []any{"u2"}) {
		t.Errorf("fallback %v, want the whole reply notifying u2", post.JSON)
	}
}
