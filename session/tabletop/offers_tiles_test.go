package tabletop

import (
	"fmt"
	"testing"

	"pbc/commands/offers"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/board"
	"pbc/engine/title"
)

// TestTileChoicesHaveNoDuplicates: the lays offered on a hex are distinct
// placements. Over every title's tiles and rotations, a tile's rotations
// fall into as many placements as its symmetry allows (9, 4, 57 and 621
// lie the same way turned half round: 3 placements; 8 has 6); and in the
// positions of recorded games, no hex offers two lays of the same track.
func TestTileChoicesHaveNoDuplicates(t *testing.T) {
	known := map[string]int{"9": 3, "4": 3, "57": 3, "621": 3, "8": 6, "7": 6, "58": 6}
	for _, name := range title.Names() {
		m, err := title.Board(name)
		if err != nil {
			t.Fatal(err)
		}
		for i := range m.Tiles {
			tile := &m.Tiles[i]
			t.Run(name+"/"+tile.Name, func(t *testing.T) {
				keys := map[string]bool{}
				period := 0
				for r := range 6 {
					k := board.Placement(tile, r)
					keys[k] = true
					if period == 0 && r > 0 && k == board.Placement(tile, 0) {
						period = r
					}
				}
				if period == 0 {
					period = 6
				}
				// Turning a tile by its period gives the same placement, so
				// its placements are exactly the first period rotations.
				if len(keys) != period {
					t.Errorf("%d placements, but it repeats every %d rotations", len(keys), period)
				}
				if want, ok := known[tile.Name]; ok && len(keys) != want {
					t.Errorf("%d placements, want %d", len(keys), want)
				}
			})
		}
	}
	fixtures(t)
	for _, fx := range []string{pnw586, "1822PNW/165580.json", "1822CA/2.json"} {
		l := readLog(t, fixtureDir+"/"+fx)
		checked, dups := 0, 0
		_, err := engine.Replay(l, engine.ReplayOptions{After: func(g *engine.Game, a action.Action) bool {
			if checked > 400 {
				return false
			}
			m := g.Moves()
			for _, ac := range m.Actors {
				hexes := map[string]bool{}
				for _, tm := range ac.Tiles {
					hexes[tm.Hex] = true
				}
				for hex := range hexes {
					_, lays := offers.HexLays(m, ac.Player, ac.Name, hex)
					seen := map[string]string{}
					for _, l := range lays {
						def, ok := g.Board.Map.TileDef(l.Name)
						if !ok {
							continue
						}
						k := fmt.Sprintf("%s/%s/%d", board.Placement(def, l.Rotation), l.Company, l.Cost)
						if was, ok := seen[k]; ok {
							dups++
							if dups < 5 {
								t.Errorf("%s after action %d: %s on %s offers %s r%d and %s, the same lay", fx, a.Env().ID, ac.Name, hex, l.Name, l.Rotation, was)
							}
						}
						seen[k] = fmt.Sprintf("%s r%d", l.Name, l.Rotation)
					}
					checked++
				}
			}
			return true
		}})
		if err != nil {
			t.Fatal(err)
		}
		if checked < 50 {
			t.Errorf("%s: only %d hexes checked", fx, checked)
		}
	}
}
