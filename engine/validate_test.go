package engine

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pbc/engine/action"
)

// validateBreaks are recorded actions that 18xx.games accepted but the
// rulebook forbids; a validating replay must reject the first of them, and
// with them applied as 18xx.games did, the rest of the game must validate.
var validateBreaks = map[string][]int{
	// 5.8.2: Seattle (H11) and later Portland (O8) skip a step of their tile sequence.
	"1822PNWSRS/1822PNWSRS_game_end_bank_during_sr.json": {720, 933},
	// A merger's token choice must be replace or exchange; 18xx.games read "3" as exchange.
	"1822PNW/p20_replaces_closed_minor.json": {487},
	// 5.7.38: no tile is placed and upgraded in one turn, even with a tile
	// private; minor 5 laid Québec's Q1 and then upgraded it with P17.
	"1822CA/4.json": {870},
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
			_, err = Replay(l, ReplayOptions{Validate: true})
			breaks, broken := validateBreaks[name]
			want := 0
			if broken {
				want = breaks[0]
			}
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
			if !broken {
				return
			}
			// The rest of the game must still validate: the break itself is
			// applied as 18xx.games did.
			acts, _ := action.Effective(l.Actions)
			before := map[int]bool{}
			for i, a := range acts {
				if i > 0 && slices.Contains(breaks, a.Env().ID) {
					before[acts[i-1].Env().ID] = true
				}
			}
			_, err = Replay(l, ReplayOptions{Validate: true, After: func(g *Game, a action.Action) bool {
				if imp := before[a.Env().ID]; imp != g.importing {
					g.importing = imp
					g.invalidateActions()
				}
				return true
			}})
			if err != nil {
				t.Errorf("with the known breaks %v applied: %v", breaks, err)
			}
		})
	}
}
