package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pbc/engine/action"
)

// validateBreaks are recorded actions that 18xx.games accepted but the
// rulebook forbids; validating replays must reject exactly these.
var validateBreaks = map[string]int{
	// 5.8.2: Seattle and Portland may not skip a step of their tile sequence.
	"1822PNWSRS/1822PNWSRS_game_end_bank_during_sr.json": 720,
	// A merger's token choice must be replace or exchange; 18xx.games read "3" as exchange.
	"1822PNW/p20_replaces_closed_minor.json": 487,
}

// TestFixturesValidate replays every fixture checking each action as in our
// own games (tile lays, tokens), so the checks never reject a legal move.
func TestFixturesValidate(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "fixtures")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	if len(files) == 0 {
		t.Skip("../shared/fixtures not found: conformance fixtures are kept beside the repository")
	}
	for _, f := range files {
		name := strings.TrimPrefix(filepath.ToSlash(f), filepath.ToSlash(dir)+"/")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			l, err := action.ReadGameLog(r)
			if err != nil {
				t.Fatal(err)
			}
			_, err = replay(l, false, nil)
			want, broken := validateBreaks[name]
			switch {
			case err == nil && broken:
				t.Errorf("expected action %d to be rejected as a rule break", want)
			case err != nil && !broken:
				t.Errorf("validating replay rejected a recorded action: %v", err)
			case err != nil:
				re, ok := err.(*ReplayError)
				if !ok || re.ID != want {
					t.Errorf("rejected %v, want the known rule break at action %d", err, want)
				}
			}
		})
	}
}
