package action

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// logText is a game log of the given actions (JSON objects).
func logText(actions ...string) string {
	return `{"id":1,"title":"1822PNW","players":[{"id":1,"name":"a"},{"id":2,"name":"b"},{"id":3,"name":"c"}],"actions":[` +
		strings.Join(actions, ",") + `]}`
}

// pass is a pass action with the given id (its raw JSON).
func pass(id string) string {
	return `{"type":"pass","entity":1,"entity_type":"player","id":` + id + `}`
}

// flood is n undo/redo pairs after a pass.
func flood(n int) string {
	acts := []string{pass("1")}
	for i := range n {
		acts = append(acts, fmt.Sprintf(`{"type":"undo","entity":1,"entity_type":"player","id":%d}`, 2+2*i),
			fmt.Sprintf(`{"type":"redo","entity":1,"entity_type":"player","id":%d}`, 3+2*i))
	}
	return logText(acts...)
}

func TestImportLimits(t *testing.T) {
	lim := Limits{Bytes: 64 << 10, Actions: 1000, UndoRedo: 100}
	for _, c := range []struct {
		name string
		text string
		want string // in the error; "" for none
	}{
		{"ids in sequence", logText(pass("1"), pass("2"), pass("3")), ""},
		{"ids that skip and repeat, as real exports do", logText(pass("1"), pass("4"), pass("4"), pass("9")), ""},
		{"id 2^63-1", logText(pass("1"), pass("9223372036854775807")), "ids run from 1 to 9007199254740991"},
		{"id 2^53", logText(pass("1"), pass("9007199254740992")), "has id 9007199254740992"},
		{"id past int64", logText(pass("1"), pass("9223372036854775808")), "game log"},
		{"id 0", logText(pass("0")), "has id 0"},
		{"negative id", logText(pass("-5")), "has id -5"},
		{"id going back", logText(pass("1"), pass("7"), pass("3")), "action 3 has id 3, after id 7"},
		{"undo/redo within the bound", flood(50), ""},
		{"undo/redo flood", flood(51), "more than 100 undo and redo"},
		{"too many actions", logText(strings.Split(strings.Repeat(pass("1")+"\n", 1001), "\n")[:1001]...), "1001 actions; at most 1000"},
		{"oversize", logText(pass("1")) + strings.Repeat(" ", 64<<10), "over 64 KB"},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, err := ReadGameLogLimited(strings.NewReader(c.text), lim)
			if c.want == "" {
				if err != nil || l == nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one saying %q", err, c.want)
			}
			if c.want != "game log" && !errors.Is(err, ErrLimit) {
				t.Errorf("%v does not wrap ErrLimit", err)
			}
		})
	}
}

// countingReader counts the bytes read from an endless input.
type countingReader struct{ n int64 }

func (r *countingReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	r.n += int64(len(p))
	return len(p), nil
}

// TestOversizeReadsNoFurther: an endless input is read to one byte past
// the limit, no more.
func TestOversizeReadsNoFurther(t *testing.T) {
	r := &countingReader{}
	_, err := ReadGameLogLimited(io.MultiReader(strings.NewReader(`{"actions":[`), r), Limits{Bytes: 1 << 20})
	if !errors.Is(err, ErrLimit) {
		t.Fatalf("error %v, want ErrLimit", err)
	}
	if r.n > 1<<20 {
		t.Errorf("read %d bytes of an input limited to 1 MB", r.n)
	}
}

// TestUndoFloodRefusedQuickly: 200,000 undo/redo pairs are refused by
// Check, before anything resolves them; a test that would hang, not time.
func TestUndoFloodRefusedQuickly(t *testing.T) {
	text := flood(200_000)
	start := time.Now()
	_, err := ReadGameLogLimited(strings.NewReader(text), Limits{UndoRedo: DefaultLimits.UndoRedo})
	if !errors.Is(err, ErrLimit) {
		t.Fatalf("error %v, want ErrLimit", err)
	}
	t.Logf("%d bytes refused in %v", len(text), time.Since(start))
}

// TestFixturesWithinLimits: every real export is within the default limits.
func TestFixturesWithinLimits(t *testing.T) {
	for _, path := range fixtureFiles(t) {
		t.Run(fixtureName(path), func(t *testing.T) {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := ReadGameLogLimited(bytes.NewReader(b), DefaultLimits); err != nil {
				t.Error(err)
			}
		})
	}
}
