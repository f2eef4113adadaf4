package tabletop

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pbc/commands"
	"pbc/commands/offers"
	"pbc/engine/action"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden texts in testdata/")

// playOn types action a of a recorded game as chat, trying its wordings
// in turn, and returns the reply of the one accepted.
func playOn(t *testing.T, tb *Table, a action.Action) commands.Reply {
	t.Helper()
	words := offers.Translate(tb.Game, a)
	var rep commands.Reply
	for _, w := range words {
		if rep = tb.Exec(commands.Request{User: tb.ActingUser(a), Text: w}); rep.OK {
			return rep
		}
	}
	t.Fatalf("action %d (%v) refused: %s", a.Env().ID, words, rep.Text)
	return rep
}

// digestOf is the round summary in a reply: the lines between the move
// and who acts next, from the one saying a round is over (the lines of the
// move's consequences come before it).
func digestOf(text string) string {
	lines := strings.Split(text, "\n")
	if len(lines) < 3 {
		return ""
	}
	lines = lines[1 : len(lines)-1]
	for i, l := range lines {
		if strings.Contains(l, " round ") && strings.Contains(l, " is over") {
			return strings.Join(lines[i:], "\n")
		}
	}
	return ""
}

// TestRoundSummaries plays the first stock and operating rounds of a
// recorded game through chat and compares every round's summary with a
// golden text; a table that did not see a round begin (loaded in the
// middle of it) must give the same summary.
func TestRoundSummaries(t *testing.T) {
	fixtures(t)
	l := readLog(t, filepath.Join(fixtureDir, pnw586))
	acts, err := action.Effective(l.Actions)
	if err != nil {
		t.Fatal(err)
	}
	const from, to = 3, 145
	tb := tableAt(t, pnw586, from)
	var got []string
	rounds := 0
	for i := from; i < to; i++ {
		rep := playOn(t, tb, acts[i])
		d := digestOf(rep.Text)
		if d == "" {
			continue
		}
		rounds++
		got = append(got, "after action "+strconv.Itoa(acts[i].Env().ID)+":\n"+d)
		t.Run("loaded mid-round "+strconv.Itoa(i), func(t *testing.T) {
			late := tableAt(t, pnw586, i)
			if d2 := digestOf(playOn(t, late, acts[i]).Text); d2 != d {
				t.Errorf("a table loaded in the round sums it up as\n%s\nwant\n%s", d2, d)
			}
		})
	}
	if rounds < 10 {
		t.Fatalf("%d round summaries, want at least 10", rounds)
	}
	for _, kind := range []string{"Stock round", "Operating round", "Merger round", "Won: M5 to Player 1 for $100", "Privates paid:", "Floated: GNR", "Rusted: L", "Phase 2 → 3", "Trains bought:"} {
		if !strings.Contains(strings.Join(got, "\n"), kind) {
			t.Errorf("no summary says %q", kind)
		}
	}
	golden := filepath.Join("testdata", "pnw586_summaries.txt")
	text := strings.Join(got, "\n\n") + "\n"
	if *updateGolden {
		if err := os.WriteFile(golden, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./session/tabletop -run RoundSummaries -update)", err)
	}
	if text != string(want) {
		t.Errorf("summaries differ from %s:\n%s", golden, text)
	}
}

// TestNoSummaryMidRound: a move that ends no round adds nothing.
func TestNoSummaryMidRound(t *testing.T) {
	tb := newPNW(t)
	if rep := must(t, tb, "a", "bid M5 100"); strings.Contains(rep.Text, "\n") {
		t.Errorf("a bid mid-round: %q", rep.Text)
	}
}

// TestConcessionSummary: 1822CA's first stock round sells concessions,
// which the summary names with their majors, and which pay at once.
func TestConcessionSummary(t *testing.T) {
	fixtures(t)
	const fx = "1822CA/1.json"
	l := readLog(t, filepath.Join(fixtureDir, fx))
	acts, err := action.Effective(l.Actions)
	if err != nil {
		t.Fatal(err)
	}
	tb := tableAt(t, fx, 2)
	for _, a := range acts[2:] {
		d := digestOf(playOn(t, tb, a).Text)
		if d == "" {
			continue
		}
		for _, want := range []string{"Stock round 1 is over.", " concession) to Player 1 for $100", "Privates paid: Player 3 $10 (C2 $10)"} {
			if !strings.Contains(d, want) {
				t.Errorf("summary lacks %q:\n%s", want, d)
			}
		}
		return
	}
	t.Fatal("no round ended")
}
