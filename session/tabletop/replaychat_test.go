package tabletop

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pbc/engine/action"
)

// fixtureDir holds the 18xx.games logs, beside the repository.
var fixtureDir = filepath.Join("..", "..", "..", "shared", "fixtures")

// fixtures lists the fixture files, skipping the test when there are none.
func fixtures(t testing.TB) []string {
	files, _ := filepath.Glob(filepath.Join(fixtureDir, "*", "*.json"))
	if len(files) == 0 {
		t.Skip("../shared/fixtures not found: conformance fixtures are kept beside the repository")
	}
	return files
}

// nextFixtureDir holds the logs of the titles being added.
var nextFixtureDir = filepath.Join("..", "..", "..", "shared", "fixtures-next")

// chatNextTitles are the added titles whose every log plays through chat:
// a ratchet, a title is only ever added.
var chatNextTitles = []string{"1822", "1822MRS", "1822NRS"}

// chatFixtures is fixtures with the logs of chatNextTitles, named from
// their fixture folder ("1822NRS/128129.json").
func chatFixtures(t testing.TB) map[string]string {
	out := map[string]string{}
	for _, f := range fixtures(t) {
		out[strings.TrimPrefix(filepath.ToSlash(f), filepath.ToSlash(fixtureDir)+"/")] = f
	}
	for _, title := range chatNextTitles {
		files, _ := filepath.Glob(filepath.Join(nextFixtureDir, title, "*.json"))
		if len(files) == 0 {
			// The old fixtures are here: so must the ratchet's new ones be.
			t.Fatalf("no %s logs in %s", title, nextFixtureDir)
		}
		for _, f := range files {
			out[strings.TrimPrefix(filepath.ToSlash(f), filepath.ToSlash(nextFixtureDir)+"/")] = f
		}
	}
	return out
}

// readLog reads a fixture.
func readLog(t testing.TB, path string) *action.GameLog {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := action.ReadGameLog(f)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestReplayChatFixtures plays every fixture through the command layer and
// checks that it reaches the recorded result.
func TestReplayChatFixtures(t *testing.T) {
	files := chatFixtures(t)
	names := slices.Sorted(maps.Keys(files))
	for _, name := range names {
		f := files[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			l := readLog(t, f)
			g, n, err := ReplayChatTrace(l, nil)
			if err != nil {
				t.Fatalf("after %d commands: %v", n, err)
			}
			if !g.Finished() || g.EndReason() != l.GameEndReason {
				t.Errorf("finished %v (%s), want %s", g.Finished(), g.EndReason(), l.GameEndReason)
			}
			got := g.Result()
			for id, v := range l.Result {
				if got[id] != v {
					t.Errorf("player %s: %d, want %d", id, got[id], v)
				}
			}
			if len(got) != len(l.Result) {
				t.Errorf("result %v, want %v", got, l.Result)
			}
			if err := SameAsReplay(l, g); err != nil {
				t.Error(err)
			}
		})
	}
}
