package house

import (
	"testing"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/board"
)

// TestHexDistance: the distance between two hexes in doubled coordinates is
// 1 to each neighbour and 2 to each hex two steps away, on both layouts.
func TestHexDistance(t *testing.T) {
	for _, tc := range []struct {
		name   string
		layout board.Layout
		hex    string
	}{
		{"pointy", board.Pointy, "H11"},
		{"flat", board.Flat, "K12"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x0, y0, err := board.Coord(tc.layout, tc.hex)
			if err != nil {
				t.Fatal(err)
			}
			dist := func(id string) int {
				x, y, err := board.Coord(tc.layout, id)
				if err != nil {
					t.Fatal(err)
				}
				return hexDistance(tc.layout, x-x0, y-y0)
			}
			ring1 := map[string]bool{}
			for _, n := range board.Neighbors(tc.layout, tc.hex) {
				ring1[n] = true
				if d := dist(n); d != 1 {
					t.Errorf("%s to its neighbour %s: %d, want 1", tc.hex, n, d)
				}
			}
			for n := range ring1 {
				for _, m := range board.Neighbors(tc.layout, n) {
					if m == tc.hex || ring1[m] {
						continue
					}
					if d := dist(m); d != 2 {
						t.Errorf("%s to %s two steps away: %d, want 2", tc.hex, m, d)
					}
				}
			}
		})
	}
}

// TestTrackBeforeIdleTrainMoney: a company whose trains earn nothing lays
// the track it can pay for even out of the money it keeps for its next
// train. Before, 1822NRS minors whose only lay was a $40 home tile kept
// their $50 for a train, ran nothing all game, and sent their owners into
// debt when the forced purchase came.
func TestTrackBeforeIdleTrainMoney(t *testing.T) {
	found := 0
	for _, seed := range []int64{31003, 31004, 31005, 47002} {
		tt, err := engine.TitleByName("1822NRS")
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.New(tt, []engine.Seat{{ID: 1, Name: "A"}, {ID: 2, Name: "B"}, {ID: 3, Name: "C"}}, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n < 600 && !g.Finished(); n++ {
			m := g.Moves()
			a := m.Actors[0]
			x := ChooseFrom(g, m, a.Player)
			if c := g.Corp(a.Name); c != nil && idleWithCostlyLays(g, c, a) {
				found++
				if x.Env().Type != action.TypeLayTile {
					t.Errorf("seed %d, action %d: %s runs nothing, holds $%d and may lay track for $%d, but the house plays %s",
						seed, n, c.ID, c.Cash, cheapestLay(a), x.Env().Type)
				}
			}
			if err := g.Apply(x); err != nil {
				t.Fatal(err)
			}
		}
	}
	if found == 0 {
		t.Fatal("no company ran idle with track it could pay for: the test needs games where one does")
	}
}

// idleWithCostlyLays: c may lay track, every lay costs money it has but
// keeps for a train, and its trains earn nothing.
func idleWithCostlyLays(g *engine.Game, c *engine.Corp, a *engine.Actor) bool {
	if runningTrains(c) == 0 || len(a.Tiles) == 0 {
		return false
	}
	lay := false
	for _, ty := range a.Types {
		lay = lay || ty == action.TypeLayTile
	}
	if !lay {
		return false
	}
	low := cheapestLay(a)
	if low == 0 || low > c.Cash {
		return false
	}
	_, rev, err := g.AutoRoutes(c)
	return err == nil && rev == 0
}

// cheapestLay is the lowest cost of a's tile lays.
func cheapestLay(a *engine.Actor) int {
	low := -1
	for _, tm := range a.Tiles {
		if tm.Company == "" && (low < 0 || tm.Cost < low) {
			low = tm.Cost
		}
	}
	return low
}
