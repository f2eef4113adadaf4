package engine

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"pbc/engine/action"
)

// TestRouteMarksSinceAgreesWithFullWalks replays every fixture and kept
// self-play game, asking for the route markers after every action, and checks
// each set found from the previous one against a walk over every hex.
func TestRouteMarksSinceAgreesWithFullWalks(t *testing.T) {
	fixtures, _ := filepath.Glob(filepath.Join("..", "..", "shared", "fixtures", "*", "*.json"))
	kept, _ := filepath.Glob(filepath.Join("testdata", "selfplay", "*.json"))
	if len(fixtures) == 0 {
		t.Log("../shared/fixtures not found: only the kept self-play games are checked")
	}
	files := append(fixtures, kept...)
	if len(files) == 0 {
		t.Fatal("no game logs found")
	}
	portages := 0 // portage hexes seen after actions, over every game
	for _, f := range files {
		name := filepath.Base(filepath.Dir(f)) + "/" + filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			l, err := action.ReadGameLog(strings.NewReader(string(data)))
			if err != nil {
				t.Fatal(err)
			}
			incremental := 0
			_, _ = Replay(l, ReplayOptions{After: func(g *Game, a action.Action) bool {
				mill, ski := g.abilityHolder("mill"), g.abilityHolder("ski_haus")
				b := g.Board
				prev := b.marked
				if prev.since(b, mill, ski, g.T.Routes.PortageTiles) != nil {
					incremental++
				}
				got := g.routeMarks(mill, ski)
				b.marked = nil
				want := g.routeMarks(mill, ski)
				b.marked = got
				if !reflect.DeepEqual(got.timber, want.timber) || !reflect.DeepEqual(got.portage, want.portage) ||
					got.mill != want.mill || got.ski != want.ski {
					t.Fatalf("after action %d: markers %+v, a walk over every hex finds %+v", a.Env().ID, *got, *want)
				}
				portages += len(got.portage)
				return true
			}})
			if incremental == 0 {
				t.Error("no set was found from the previous one")
			}
		})
	}
	if len(fixtures) > 0 && portages == 0 {
		t.Error("no game had a portage tile on the map: the portage updates went untested")
	}
}

// TestRouteMarksSinceSeesPortageTiles swaps portage tiles onto and off hexes
// of a played game (as no marker comes with them) and checks that the sets
// found from the previous one follow.
func TestRouteMarksSinceSeesPortageTiles(t *testing.T) {
	l := fixtureLog(t, "1822PNW/1822PNW_game_end_stock_market.json")
	g, err := Replay(l, ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b := g.Board
	mill, ski := g.abilityHolder("mill"), g.abilityHolder("ski_haus")
	full := func() *routeMarkSet {
		kept := b.marked
		b.marked = nil
		defer func() { b.marked = kept }()
		return g.routeMarks(mill, ski)
	}
	g.routeMarks(mill, ski)
	hexes := []string{b.order[3], b.order[10], b.order[20]}
	steps := []struct {
		name string
		hex  string
		tile string
	}{
		{"portage on", hexes[0], "PNW1-0"},
		{"second portage", hexes[1], "PNW2-0"},
		{"other tile", hexes[2], "5-0"},
		{"portage off", hexes[0], "6-0"},
		{"last portage off", hexes[1], "8-0"},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			h := b.Hexes[s.hex]
			h.TileID = s.tile
			h.touch()
			if b.marked.since(b, mill, ski, g.T.Routes.PortageTiles) == nil {
				t.Fatal("the change was not followed from the previous set")
			}
			got, want := g.routeMarks(mill, ski), full()
			if !reflect.DeepEqual(got.portage, want.portage) {
				t.Errorf("portage %v, a walk over every hex finds %v", got.portage, want.portage)
			}
		})
	}
}
