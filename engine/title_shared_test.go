package engine

import (
	"reflect"
	"testing"

	"pbc/engine/action"
)

// TestSharedTitleUnchanged plays every fixture and a few self-play games on
// the title data all games share, asking for moves, snapshots and routes on
// the way, and checks that the data is still what a fresh build gives.
func TestSharedTitleUnchanged(t *testing.T) {
	dir, names := movesFixtures(t)
	played := map[string]bool{}
	for _, name := range names {
		l := readFixture(t, dir, name)
		i := 0
		_, err := Replay(l, ReplayOptions{After: func(g *Game, _ action.Action) bool {
			if i++; i%50 == 0 {
				g.Moves()
				g.Snapshot(true)
				if c, ok := g.round.current().(*Corp); ok && g.round.kind == operatingRound {
					_, _, _ = g.AutoRoutes(c)
				}
			}
			return true
		}})
		if err != nil {
			t.Logf("%s: %v", name, err)
		}
		played[l.Title] = true
	}
	for _, file := range []string{"destination_returns_token.json", "surveyors_upgrade_after_cube.json"} {
		l := livePlayLog(t, file)
		if _, err := Replay(l, ReplayOptions{Played: true, Imported: ownLeadRaises(t, l)}); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		played[l.Title] = true
	}
	for name := range played {
		shared, err := TitleByName(name)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := buildTitle(name)
		if err != nil {
			t.Fatal(err)
		}
		if shared == fresh || !reflect.DeepEqual(shared, fresh) {
			t.Errorf("%s: playing changed the title data all games share", name)
		}
		if again, _ := TitleByName(name); again != shared {
			t.Errorf("%s: TitleByName built the title again", name)
		}
	}
}
