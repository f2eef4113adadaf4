package console

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pbc/bot"
	"pbc/storage/sqlite"
)

// TestConsoleGame sets up and starts a game from a script on stdin: the
// replies come out as text and the pictures as files.
func TestConsoleGame(t *testing.T) {
	dir := t.TempDir()
	st, err := sqlite.Open(context.Background(), filepath.Join(dir, "pbc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	in := strings.NewReader("new 1822PNW\n/as bob\njoin\n/as cy\njoin\n\n/as ann\nstart\nbuy NOPE\n/quit\nstatus\n")
	var out bytes.Buffer
	a := New(Options{In: in, Out: &out, Images: filepath.Join(dir, "pics"), User: "ann", Channel: "c"})
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	core := bot.New(bot.Options{Store: st, Commands: &bot.Dispatcher{Store: st, Log: log}, Adapters: []bot.Adapter{a}, Logger: log})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := core.Run(ctx); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{"you are ann in #c", "New 1822PNW game", "bob joins", "you are cy", "1822PNW begins",
		"Your turn: @", "pbc (to you): ", "picture: "} {
		if !strings.Contains(text, want) {
			t.Errorf("the console output lacks %q:\n%s", want, text)
		}
	}
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "pbc (to you): ") { // the error; nothing after /quit
		t.Errorf("a command after /quit was run:\n%s", text)
	}
	pics, _ := filepath.Glob(filepath.Join(dir, "pics", "*.png"))
	if len(pics) != 3 || !strings.HasSuffix(pics[2], "table.png") {
		t.Fatalf("pictures %v, want the map, the market and (a stock round begins) the table", pics)
	}
	for _, p := range pics {
		if b, err := os.ReadFile(p); err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
			t.Errorf("%s is not a PNG", p)
		}
	}
}
