package engine

import (
	"testing"
)

// TestBridgeCubeReturnsToPool: the Ilwaco-Astoria bridge costs $75 on each
// side (1.4.12). A builder cube on Ilwaco (M4) pays $40 of Ilwaco's upgrade
// and goes back to the pool with it (5.7.21, 5.7.22); the yellow tile that
// upgrade frees keeps no cube, so laying it in Astoria (N5) costs the full
// $75. 18xx.games leaves the cube on the freed tile and takes $40 off
// Astoria's bridge ($35): imported logs are priced so. Self-play seed 910005
// of 1822PNW SRS (3 players) plays this sequence.
func TestBridgeCubeReturnsToPool(t *testing.T) {
	for _, tc := range []struct {
		name     string
		imported bool
		astoria  int
	}{{"played here", false, 75}, {"imported", true, 35}} {
		t.Run(tc.name, func(t *testing.T) {
			tt, err := TitleByName("1822PNW SRS")
			if err != nil {
				t.Fatal(err)
			}
			g, err := New(tt, seatsN(3), 910005, nil)
			if err != nil {
				t.Fatal(err)
			}
			g.importing = tc.imported
			m := floatAt(g, g.Players[0], "15", 70, 500)
			ilwaco, astoria := g.Board.Hex("M4"), g.Board.Hex("N5")
			lay := func(h *HexState, tile string, rot int) int {
				t.Helper()
				before := m.Cash
				if err := g.layTile(m, m, h, tile, rot, 0); err != nil {
					t.Fatalf("%s on %s: %v", tile, h.Def.ID, err)
				}
				return before - m.Cash
			}
			// 5-0 at rotation 2 leaves Ilwaco away from the bridge: no fee.
			if got := lay(ilwaco, "5-0", 2); got != 0 {
				t.Fatalf("5-0 on M4 cost $%d, want $0", got)
			}
			ilwaco.Cubes = 1
			// 15 at rotation 2 crosses the bridge: $75 less the cube's $40.
			if got := lay(ilwaco, "15-1", 2); got != 35 {
				t.Fatalf("15-1 on M4 cost $%d, want $35", got)
			}
			if ilwaco.Cubes != 0 {
				t.Errorf("M4 keeps %d cubes after its upgrade, want 0", ilwaco.Cubes)
			}
			if got := lay(astoria, "5-0", 2); got != tc.astoria {
				t.Errorf("5-0 on N5 cost $%d, want $%d", got, tc.astoria)
			}
		})
	}
}
