package tabletop

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pbc/commands"
	"pbc/engine/action"
)

// TestBritishRunsByStopNumber: the British logs play through chat with
// runs that name a stop of a hex with several: the second of N29's two
// London cities (1822NRS), London's cities (1822) and Swansea's city and
// Oystermouth's town in one hex.
func TestBritishRunsByStopNumber(t *testing.T) {
	for _, tc := range []struct {
		fixture string
		want    []string
	}{
		{"1822NRS/1822NRS_game_end_bank.json", []string{"N29.2", "N29.1"}},
		{"1822/1822_game_end_stock_market.json", []string{"M38.1", "M38.3"}},
		{"1822/discard_trains_after_sr_export.json", []string{"D35.1 D35.2"}},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			path := filepath.Join(nextFixtureDir, tc.fixture)
			l := readLogOrSkip(t, path)
			seen := map[string]bool{}
			_, _, err := ReplayChatTrace(l, func(user, text string, rep commands.Reply) {
				if !rep.OK || !strings.Contains(text, "run ") {
					return
				}
				for _, w := range tc.want {
					if strings.Contains(text, w) {
						seen[w] = true
					}
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !seen[w] {
					t.Errorf("no accepted run named %s", w)
				}
			}
		})
	}
}

// readLogOrSkip reads a fixture, skipping the test when it is absent.
func readLogOrSkip(t *testing.T, path string) *action.GameLog {
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s not found: fixtures are kept in ../shared beside the repository", path)
	}
	return readLog(t, path)
}

// TestRegionSaysWhichStopIsWhich: `map London` on the 1822 board at the
// end of a game names London's six cities as a run types them, with their
// stations and where their track leads, and a run naming one works.
func TestRegionSaysWhichStopIsWhich(t *testing.T) {
	const fixture = "../fixtures-next/1822/discard_trains_after_sr_export.json"
	if _, err := os.Stat(filepath.Join(fixtureDir, fixture)); err != nil {
		t.Skipf("%s not found: fixtures are kept in ../shared beside the repository", fixture)
	}
	tb := tableAt(t, fixture, -1)
	rep := tb.Exec(commands.Request{User: "x", Text: "map London"})
	if !rep.OK || rep.Image == nil {
		t.Fatalf("map London: %v %q", rep.OK, rep.Text)
	}
	for _, want := range []string{"Its stops, as a run names them: M38.1 city", "M38.6 city"} {
		if !strings.Contains(rep.Text, want) {
			t.Errorf("map London: %q lacks %q", rep.Text, want)
		}
	}
	t.Log(rep.Text)
	// Swansea's city and Oystermouth's town before a tile joins them.
	rep = tableAt(t, fixture, 5).Exec(commands.Request{User: "x", Text: "map D35"})
	if !strings.Contains(rep.Text, "D35.1 city") || !strings.Contains(rep.Text, "D35.2 town") || !strings.Contains(rep.Text, "track to D35.2") {
		t.Errorf("map D35: %q", rep.Text)
	}
	if rep := tb.Exec(commands.Request{User: "x", Text: "map K38"}); strings.Contains(rep.Text, "Its stops") {
		t.Errorf("map K38 (one city) lists stops: %q", rep.Text)
	}
}
