package slack

import (
	"context"
	"testing"

	"pbc/bot"
	"pbc/storage"
)

func TestDMOpensTheConversation(t *testing.T) {
	f := newFakeSlack(t)
	a, err := New(Options{BotToken: "xoxb-test", AppToken: "xapp-test", APIURL: f.APIURL()})
	if err != nil {
		t.Fatal(err)
	}
	ch := storage.Channel{Platform: storage.Slack, Workspace: "T1", ID: "C1/1700000000.000100"}
	if err := a.DM(context.Background(), ch, "U2", bot.Reply{Text: "It is your turn in <#C1> & more."}); err != nil {
		t.Fatal(err)
	}
	if open := f.expect(t, "conversations.open"); open.Form.Get("users") != "U2" {
		t.Errorf("conversations.open %v, want users U2", open.Form)
	}
	post := f.expect(t, "chat.postMessage")
	if got := post.Form.Get("channel"); got != "DU2" {
		t.Errorf("posted in %q, want the direct message DU2", got)
	}
	if got, want := post.Form.Get("text"), "It is your turn in <#C1> &amp; more."; got != want {
		t.Errorf("text %q, want %q", got, want)
	}
	if ts := post.Form.Get("thread_ts"); ts != "" {
		t.Errorf("the direct message went into a thread %q", ts)
	}
}
