package tabletop

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"pbc/commands"
	"pbc/engine/action"
)

// TestIssuePriceOnTheGrid: an issue typed without a price is priced where
// the shares drop the company on a market of several rows (a row per
// share), as 18xx.games recorded GWR's issue of two shares at $120 in
// 1822MRS.
func TestIssuePriceOnTheGrid(t *testing.T) {
	const fixture = "../fixtures-next/1822MRS/35936.json"
	if _, err := os.Stat(filepath.Join(fixtureDir, fixture)); err != nil {
		t.Skipf("%s not found: fixtures are kept in ../shared beside the repository", fixture)
	}
	tb := tableAt(t, fixture, upTo(t, fixture, 892))
	c := tb.Game.Corp("GWR")
	user := "u" + strconv.Itoa(c.President().ID)
	rep := tb.Exec(commands.Request{User: user, Text: "GWR: issue 2"})
	if !rep.OK {
		t.Fatalf("issue 2: %s", rep.Text)
	}
	v, ok := rep.Action.(*action.SellShares)
	if !ok || v.SharePrice != 120 || v.Percent != 20 {
		t.Errorf("issue 2: %+v, want 20%% at $120", rep.Action)
	}
}
