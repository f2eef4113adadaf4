package engine

import (
	"slices"
	"testing"
)

// TestSurveyorsNoUpgradeAfterYellow: after a yellow lay through P11 the
// surveyors' second lay is yellow only, so Moves lists no upgrade for them,
// alone or combined with P7, and still lists yellow lays.
func TestSurveyorsNoUpgradeAfterYellow(t *testing.T) {
	g, _ := replayAllButLast(t, "surveyors_upgrade_after_yellow.json")
	var yellow int
	for _, a := range g.Moves().Actors {
		for _, l := range a.Tiles {
			p11 := l.Company == "P11" || slices.Contains(l.Combo, "P11")
			if !p11 {
				continue
			}
			if g.upgradeTile(l.Tile) {
				t.Errorf("%s lists an upgrade %s on %s (combo %v)", a.Name, l.Tile, l.Hex, l.Combo)
			} else {
				yellow++
			}
		}
	}
	if yellow == 0 {
		t.Error("no yellow lay listed for P11's second lay")
	}
}
