package console

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"pbc/bot"
	"pbc/storage/sqlite"
)

// syncBuffer is an output the test reads while the console writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestConsoleListsMenuChoices: `bid M6` lists the amounts it offers as
// numbered lines, and typing a number sends that line's command.
func TestConsoleListsMenuChoices(t *testing.T) {
	dir := t.TempDir()
	st, err := sqlite.Open(context.Background(), filepath.Join(dir, "pbc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	in, feed := io.Pipe()
	out := &syncBuffer{}
	a := New(Options{In: in, Out: out, User: "ann", Channel: "c"})
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	core := bot.New(bot.Options{Store: st, Commands: &bot.Dispatcher{Store: st, Log: log}, Adapters: []bot.Adapter{a}, Logger: log})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- core.Run(ctx) }()
	// send types lines, then waits until the output has grown to hold want.
	mark := 0
	send := func(lines, want string) string {
		t.Helper()
		if _, err := io.WriteString(feed, lines); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if text := out.String(); strings.Contains(text[mark:], want) {
				got := text[mark:]
				mark = len(text)
				return got
			}
		}
		t.Fatalf("no %q in the console's output:\n%s", want, out.String()[mark:])
		return ""
	}
	text := send("new 1822PNW\n/as bob\njoin\n/as cy\njoin\n/as ann\nstart\n", "Your turn: @")
	who := regexp.MustCompile(`Your turn: @(\w+)`).FindStringSubmatch(text)[1]
	text = send("/as "+who+"\nbid M6\n", "— type: bid M6 100\n")
	if !strings.Contains(text, "Choose an amount, or type `bid M6 <amount>`") {
		t.Fatalf("bid M6:\n%s", text)
	}
	n := regexp.MustCompile(`\n\s+(\d+)\. \$100 — type: bid M6 100\n`).FindStringSubmatch(text)
	if n == nil {
		t.Fatalf("`bid M6` lists no numbered amounts:\n%s", text)
	}
	// The console reads the next line once the reply is written whole.
	text += send(n[1]+"\n", who+" bids $100 on M6")
	if !strings.Contains(text, "— type: bid M6 105\n") || strings.Count(text, "— type: bid M6 ") < 5 {
		t.Errorf("`bid M6` lists too few amounts:\n%s", text)
	}
	if !strings.Contains(text, "(bid M6 100)") {
		t.Errorf("choice %s did not send `bid M6 100`:\n%s", n[1], text)
	}
	feed.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
