package engine

import (
	"testing"

	"pbc/engine/board"
)

// TestCityByIDSharedTileName: 1822CA's Ottawa tile O7 has the id "O7-0", as
// has the printed swamp of hex O7; a token for "O7-0-0" goes to Ottawa's city
// (self-play found it refused, seed 300018).
func TestCityByIDSharedTileName(t *testing.T) {
	b := newBoardState(board.CA())
	if b.Hexes["O7"] == nil || b.Hexes["O7"].TileID != "O7-0" {
		t.Fatal("hex O7's printed tile is no longer O7-0: the case this test covers is gone")
	}
	def, ok := b.Map.TileDef("O7")
	if !ok {
		t.Fatal("no tile O7")
	}
	ottawa := b.Hexes["AE15"]
	ottawa.Tile, ottawa.TileID = def, "O7-0"
	ottawa.resetSlots(nil, nil, nil)
	for _, tc := range []struct {
		id, hex, err string
		node         int
	}{
		{id: "O7-0-0", hex: "AE15", node: 0},
		{id: "O7-0-1", err: `city "O7-0-1": tile O7-0 has no city 1`},
		{id: "O8-0-0", err: "no tile O8-0 is on the map"},
	} {
		t.Run(tc.id, func(t *testing.T) {
			h, node, err := b.cityByID(tc.id)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("got %v, want error %q", err, tc.err)
				}
				return
			}
			if err != nil || h.Def.ID != tc.hex || node != tc.node {
				t.Fatalf("got %v node %d, %v; want %s node %d", h, node, err, tc.hex, tc.node)
			}
		})
	}
}
