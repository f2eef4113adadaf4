package bot

import (
	"context"
	"strings"
	"sync"
	"testing"

	"pbc/storage"
)

// TestLaneLimit fills a channel's lane while its first job is held: the
// jobs past the limit are turned away, the bot's own jobs are not, and
// another channel is not affected.
func TestLaneLimit(t *testing.T) {
	ls := newLanes(2)
	ch := storage.Channel{Platform: storage.Local, ID: "busy"}
	hold := make(chan struct{})
	started := make(chan struct{})
	var ran sync.WaitGroup
	ran.Add(1)
	if got := ls.offer(ch, func() { close(started); <-hold; ran.Done() }); got != laneQueued {
		t.Fatalf("first job: %v", got)
	}
	<-started // running: it no longer waits in the queue
	for i, want := range []admission{laneQueued, laneQueued, laneFull, laneFull} {
		if want == laneQueued {
			ran.Add(1)
		}
		if got := ls.offer(ch, func() { ran.Done() }); got != want {
			t.Errorf("job %d: %v, want %v", i+2, got, want)
		}
	}
	ran.Add(1)
	if !ls.add(ch, func() { ran.Done() }) {
		t.Error("the bot's own job was turned away")
	}
	ran.Add(1)
	if got := ls.offer(storage.Channel{Platform: storage.Local, ID: "calm"}, func() { ran.Done() }); got != laneQueued {
		t.Errorf("another channel's job: %v", got)
	}
	close(hold)
	ran.Wait()
	ls.close(context.Background())
	if got := ls.offer(ch, func() {}); got != laneClosed {
		t.Errorf("after close: %v", got)
	}
}

// TestBusyReply: a message that finds its channel's queue full is answered
// at once, to its sender only, that the bot is busy.
func TestBusyReply(t *testing.T) {
	cmds := &blockingCommands{release: make(chan struct{}), entered: make(chan struct{}, 8)}
	c := New(Options{Store: openStore(t), Commands: cmds, NoImages: true, QueueLimit: 1})
	defer c.Close(context.Background())
	ch := storage.Channel{Platform: storage.Local, ID: "q"}
	replies := make(chan Reply, 8)
	respond := ResponderFunc(func(_ context.Context, r Reply) error { replies <- r; return nil })
	c.Submit(Message{Channel: ch, Text: "first", Respond: respond})
	<-cmds.entered
	c.Submit(Message{Channel: ch, Text: "second", Respond: respond}) // waits
	c.Submit(Message{Channel: ch, Text: "third", Respond: respond})  // turned away
	r := <-replies
	if !r.Ephemeral || !strings.Contains(r.Text, "busy") {
		t.Errorf("the third message got %+v, want an ephemeral busy notice", r)
	}
	close(cmds.release)
	for _, want := range []string{"first", "second"} {
		if r := <-replies; r.Text != want {
			t.Errorf("reply %q, want %q", r.Text, want)
		}
	}
}

// blockingCommands answers each command with its text once released.
type blockingCommands struct {
	release chan struct{}
	entered chan struct{}
}

func (b *blockingCommands) Do(_ context.Context, r Request) (Result, error) {
	b.entered <- struct{}{}
	<-b.release
	return Result{Text: r.Text}, nil
}
