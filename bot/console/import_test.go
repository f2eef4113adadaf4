package console

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pbc/bot"
	"pbc/engine/action"
	"pbc/storage/sqlite"
)

// fixtureDirs are where ../shared/fixtures may be, seen from this package.
var fixtureDirs = []string{"../../../shared/fixtures", "../../../../shared/fixtures"}

// fixturePath is the path of a shared fixture; the test is skipped without it.
func fixturePath(t *testing.T, name string) string {
	t.Helper()
	for _, d := range fixtureDirs {
		if p := filepath.Join(d, name); fileExists(p) {
			return p
		}
	}
	t.Skipf("skipping: fixture %s not found in %v (clone ../shared beside the repository)", name, fixtureDirs)
	return ""
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// runConsole runs a console over a fresh store on the script and returns
// what it printed.
func runConsole(t *testing.T, script string) string {
	t.Helper()
	dir := t.TempDir()
	st, err := sqlite.Open(context.Background(), filepath.Join(dir, "pbc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var out bytes.Buffer
	a := New(Options{In: strings.NewReader(script), Out: &out, User: "ann", Channel: "c"})
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	core := bot.New(bot.Options{Store: st, Commands: &bot.Dispatcher{Store: st, Log: log}, Adapters: []bot.Adapter{a},
		Logger: log, NoImages: true})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := core.Run(ctx); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestImportFinishedFile: `import PATH` of a finished 18xx.games game, then
// `status`, shows the game over with the file's final values.
func TestImportFinishedFile(t *testing.T) {
	path := fixturePath(t, "1822PNW/1822PNW_game_end_bank.json")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	l, err := action.ReadGameLog(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	text := runConsole(t, "import "+path+"\nstatus\n")
	imported, status, ok := strings.Cut(text, "\npbc: No game is being played here.")
	if !ok {
		t.Fatalf("status does not say the game is over:\n%s", text)
	}
	if !strings.Contains(imported, fmt.Sprintf("Imported 1822PNW with %d actions. The game is over: ", len(l.Actions))) {
		t.Errorf("the import does not say the game is over:\n%s", imported)
	}
	if strings.Contains(imported, "differ") {
		t.Errorf("replayed here, the game ends otherwise than the file says:\n%s", imported)
	}
	if !strings.Contains(status, "1822PNW, is over: ") || !strings.Contains(status, "(bank)") {
		t.Errorf("status: %s", status)
	}
	if len(l.Result) == 0 {
		t.Fatal("the fixture has no result")
	}
	for _, p := range l.Players {
		want := fmt.Sprintf("%s $%d", p.Name, l.Result[fmt.Sprint(p.ID)])
		if !strings.Contains(status, want) {
			t.Errorf("status lacks %q: %s", want, status)
		}
	}
}

// TestConsoleLongLines: a line far over 64 KB (an import's JSON pasted
// whole) is read; one over the import limit is refused and the console
// reads on.
func TestConsoleLongLines(t *testing.T) {
	path := fixturePath(t, "1822PNW/mill_ski_coal.json")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.ReplaceAll(b, []byte("\n"), nil)
	if len(b) < 64<<10 {
		t.Fatalf("the fixture is %d bytes; the test needs a line over 64 KB", len(b))
	}
	old := bot.ImportLimits
	bot.ImportLimits.Bytes = int64(len(b)) + 1000
	defer func() { bot.ImportLimits = old }()
	huge := "import " + strings.Repeat(" ", int(bot.ImportLimits.Bytes)+10) + "{}"
	text := runConsole(t, huge+"\nimport "+string(b)+"\n/as bob\nstatus\n")
	for _, want := range []string{"that line is over", "Imported 1822PNW with 593 actions", "The game is over", "you are bob",
		"The last one, 1822PNW, is over"} {
		if !strings.Contains(text, want) {
			t.Errorf("the console output lacks %q:\n%.3000s", want, text)
		}
	}
}
