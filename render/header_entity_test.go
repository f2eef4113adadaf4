package render

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"pbc/engine"
	"pbc/engine/action"
)

// TestHeaderWithoutActingNamesMinorsAsMinors: a picture drawn with no
// Acting (as `pbc render` draws) reads who acts from the game. In a game
// whose players are numbered 1 to 3, minors 1 to 3 acting are named as
// minors with their presidents, never as the players of the same number.
func TestHeaderWithoutActingNamesMinorsAsMinors(t *testing.T) {
	f, err := os.Open("../engine/testdata/selfplay/surveyors_upgrade_after_yellow.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	log, err := action.ReadGameLog(f)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	_, err = engine.Replay(log, engine.ReplayOptions{After: func(g *engine.Game, _ action.Action) bool {
		snap := g.Snapshot(false)
		id := snap.CurrentEntity
		if snap.CurrentEntityType != action.EntityCorporation || (id != "1" && id != "2" && id != "3") || seen[id] {
			return true
		}
		n, _ := strconv.Atoi(id)
		if g.PlayerByID(n) == nil {
			return true
		}
		seen[id] = true
		c := g.Corp(id)
		want := "to act: minor " + id
		if p := c.President(); p != nil {
			want += " (" + p.Name + ")"
		}
		if h := Header(g, nil); !strings.HasSuffix(h, want) {
			t.Errorf("minor %s acts: header %q, want it to end %q", id, h, want)
		}
		return len(seen) < 3
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) == 0 {
		t.Fatal("no minor numbered as a player acted in the log")
	}
}
