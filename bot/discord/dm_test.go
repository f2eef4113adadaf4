package discord

import (
	"context"
	"testing"

	"pbc/bot"
	"pbc/storage"
)

func TestDirectMessageIsANewMessage(t *testing.T) {
	f := newFakeDiscord(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	a := run(t, f, h)
	ch := storage.Channel{Platform: storage.Discord, Workspace: "g1", ID: "c1"}
	if err := a.DM(context.Background(), ch, "u2", bot.Reply{Text: "Your turn in <#c1>.", Ping: "x", Mentions: []string{"u2"}}); err != nil {
		t.Fatal(err)
	}
	dm := f.expect(t, "POST", "/users/@me/channels")
	if dm.JSON["recipient_id"] != "u2" {
		t.Errorf("direct channel with %v, want u2", dm.JSON["recipient_id"])
	}
	msg := f.expect(t, "POST", "/channels/dm1/messages")
	if got := msg.JSON["content"]; got != "Your turn in <#c1>." {
		t.Errorf("direct message %q", got)
	}
}
