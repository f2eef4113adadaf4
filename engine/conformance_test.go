package engine_test

import (
	"bufio"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"pbc/engine"
	"pbc/engine/action"
)

// conformanceDir holds the 18xx.games fixtures, relative to this package.
const conformanceDir = "../../shared/fixtures"

// nextDir holds the fixtures of the titles being added, relative to this
// package; nextTitles are the title folders there that the conformance test
// replays (the others' titles are not begun).
const nextDir = "../../shared/fixtures-next"

var nextTitles = []string{"1822", "1822NRS", "1822MRS", "1822MX"}

// ratchetFile lists the fixtures that must replay exactly.
const ratchetFile = "testdata/conformance_ratchet.txt"

// conformanceFiles lists the fixtures the conformance test replays: every
// one under conformanceDir and those of nextTitles under nextDir (absent
// folders give none).
func conformanceFiles() ([]string, error) {
	files, err := filepath.Glob(filepath.Join(conformanceDir, "*", "*.json"))
	if err != nil {
		return nil, err
	}
	for _, title := range nextTitles {
		next, err := filepath.Glob(filepath.Join(nextDir, title, "*.json"))
		if err != nil {
			return nil, err
		}
		files = append(files, next...)
	}
	return files, nil
}

// TestConformance replays every fixture and compares the final result and end
// reason with the ones 18xx.games recorded. Fixtures on the ratchet list must
// match; the others are only reported.
func TestConformance(t *testing.T) {
	if _, err := os.Stat(conformanceDir); err != nil {
		t.Skip("../shared/fixtures not found: conformance fixtures are kept beside the repository")
	}
	files, err := conformanceFiles()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skipf("no fixtures under %s", conformanceDir)
	}
	ratchet := readRatchet(t)

	var (
		mu      sync.Mutex
		exact   []string
		notYet  []string
		present = map[string]bool{}
	)
	t.Run("fixtures", func(t *testing.T) {
		for _, path := range files {
			name := conformanceName(path)
			present[name] = true
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				problem := replayProblem(path)
				mu.Lock()
				if problem == "" {
					exact = append(exact, name)
				} else {
					notYet = append(notYet, name)
				}
				mu.Unlock()
				switch {
				case problem != "" && ratchet[name]:
					t.Errorf("%s is on the ratchet list but no longer replays exactly: %s", name, problem)
				case problem != "":
					t.Logf("not yet: %s", problem)
				case !ratchet[name]:
					t.Logf("%s now replays exactly: add it to engine/%s", name, ratchetFile)
				}
			})
		}
	})
	for name := range ratchet {
		if !present[name] {
			t.Errorf("%s names %s, which is not a fixture under %s or %s", ratchetFile, name, conformanceDir, nextDir)
		}
	}
	sort.Strings(notYet)
	list := "none"
	if len(notYet) > 0 {
		list = strings.Join(notYet, ", ")
	}
	t.Logf("conformance: %d/%d fixtures replay exactly; not yet: %s", len(exact), len(files), list)
}

// replayProblem replays one fixture; "" means it replays exactly, otherwise the
// first error or the differences from the recorded result.
func replayProblem(path string) (problem string) {
	f, err := os.Open(path)
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	log, err := action.ReadGameLog(f)
	if err != nil {
		return "reading the log: " + err.Error()
	}
	defer func() {
		if r := recover(); r != nil {
			problem = fmt.Sprintf("replay panicked: %v", r)
		}
	}()
	g, err := engine.Replay(log, engine.ReplayOptions{})
	if err != nil {
		return err.Error()
	}
	return resultDiff(g.Result(), log.Result, g.EndReason(), log.GameEndReason)
}

// resultDiff describes how a replayed result differs from the recorded one.
func resultDiff(got, want map[string]int, gotEnd, wantEnd string) string {
	var diffs []string
	ids := map[string]bool{}
	for id := range got {
		ids[id] = true
	}
	for id := range want {
		ids[id] = true
	}
	for _, id := range slices.Sorted(maps.Keys(ids)) {
		g, inGot := got[id]
		w, inWant := want[id]
		switch {
		case !inWant:
			diffs = append(diffs, fmt.Sprintf("player %s: got %d, not in the recorded result", id, g))
		case !inGot:
			diffs = append(diffs, fmt.Sprintf("player %s: missing, want %d", id, w))
		case g != w:
			diffs = append(diffs, fmt.Sprintf("player %s: got %d, want %d", id, g, w))
		}
	}
	if gotEnd != wantEnd {
		diffs = append(diffs, fmt.Sprintf("game end reason %q, want %q", gotEnd, wantEnd))
	}
	if len(diffs) == 0 {
		return ""
	}
	return "result differs: " + strings.Join(diffs, "; ")
}

// conformanceName is a fixture's path relative to its fixture folder
// (conformanceDir or nextDir: their title folders differ).
func conformanceName(path string) string {
	dir := conformanceDir
	if strings.HasPrefix(filepath.ToSlash(path), nextDir+"/") {
		dir = nextDir
	}
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		return path
	}
	return filepath.ToSlash(rel)
}

// readRatchet reads the ratchet list: one fixture name a line, # comments.
func readRatchet(t *testing.T) map[string]bool {
	t.Helper()
	f, err := os.Open(ratchetFile)
	if err != nil {
		t.Fatalf("ratchet list: %v", err)
	}
	defer f.Close()
	names := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i]
		}
		if line = strings.TrimSpace(line); line != "" {
			names[line] = true
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("ratchet list: %v", err)
	}
	return names
}

func TestConformanceResultDiff(t *testing.T) {
	want := map[string]int{"1": 100, "2": 200}
	for _, tc := range []struct {
		got          map[string]int
		gotEnd, want string
	}{
		{map[string]int{"1": 100, "2": 200}, "bank", ""},
		{map[string]int{"1": 100, "2": 190}, "bank", "result differs: player 2: got 190, want 200"},
		{map[string]int{"1": 100, "3": 5}, "bank", "result differs: player 2: missing, want 200; player 3: got 5, not in the recorded result"},
		{map[string]int{"1": 100, "2": 200}, "", `result differs: game end reason "", want "bank"`},
	} {
		if got := resultDiff(tc.got, want, tc.gotEnd, "bank"); got != tc.want {
			t.Errorf("resultDiff(%v, %q) = %q, want %q", tc.got, tc.gotEnd, got, tc.want)
		}
	}
}
