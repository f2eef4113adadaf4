package slack

import (
	"context"
	"strings"
	"testing"

	"pbc/bot"
	"pbc/storage"
)

// benchReply is a typical answer to a move: a few lines naming players,
// the ping, two buttons.
func benchReply() bot.Reply {
	ping := "Your turn: <@U2>"
	text := strings.Repeat("Alice & Bob: buy GWR at $67 <market> moves.\n", 20) + ping
	return bot.Reply{Text: text, Ping: ping, Mentions: []string{"U2"},
		Buttons: []bot.Button{{Label: "pass", Command: "pass", At: 9}, {Label: "undo", Command: "undo"}}}
}

// BenchmarkPost posts a reply with buttons into a thread of the fake.
func BenchmarkPost(b *testing.B) {
	f := newFakeSlack(&testing.T{})
	b.Cleanup(f.srv.Close)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for {
			select {
			case <-f.calls:
			case <-stop:
				return
			}
		}
	}()
	a, err := New(Options{BotToken: "xoxb-test", AppToken: "xapp-test", APIURL: f.APIURL()})
	if err != nil {
		b.Fatal(err)
	}
	ch := storage.Channel{Platform: storage.Slack, Workspace: "T1", ID: "C1/1700000000.000001"}
	r := benchReply()
	b.ReportAllocs()
	for b.Loop() {
		if err := a.Post(context.Background(), ch, r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEscapeSplit escapes and cuts a 40 KB reply.
func BenchmarkEscapeSplit(b *testing.B) {
	text := strings.Repeat("Alice & Bob <@U2> buy GWR at $67 <market>.\n", 1000)
	b.ReportAllocs()
	for b.Loop() {
		if len(split(escape(text), maxText)) < 10 {
			b.Fatal("not split")
		}
	}
}
