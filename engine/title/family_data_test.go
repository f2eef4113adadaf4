package title

import (
	"slices"
	"strings"
	"testing"
)

// TestFamilyData checks the title data that replaced title checks in the
// family rules: each title carries its own token cities, fixed tile
// rotations, forbidden upgrades and privates whose income ends on purchase,
// and the other titles carry none of them.
func TestFamilyData(t *testing.T) {
	tests := []struct {
		name        string
		tokenCities string // hex:tiles
		rotations   int
		noUpgrade   int
		incomeEnds  string
	}{
		{"1822PNW", "H11:X20,X21,X22,X23 O8:X24,X25,X26,X27", 0, 0, ""},
		{"1822PNW Short Scenario", "H11:X20,X21,X22,X23 O8:X24,X25,X26,X27", 0, 0, ""},
		{"1822PNW SRS", "H11:X20,X21,X22,X23 O8:X24,X25,X26,X27", 0, 0, ""},
		{"1822CA", "", 35, 7, "P1 P5 P6 P7 P14 P15 P16 P17 P18 P22 P23 P24 P25 P26 P27 P28"},
		{"1822CA ERS", "", 35, 7, "P1 P5 P6 P7 P14 P15 P16 P17 P22 P23 P24 P25 P28"},
		{"1822CA WRS", "", 35, 7, "P1 P5 P6 P7 P18 P22 P24 P26 P27 P28"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ti, err := ByName(tc.name)
			if err != nil {
				t.Fatal(err)
			}
			var cities []string
			for _, c := range ti.TokenCities {
				cities = append(cities, c.Hex+":"+strings.Join(c.Tiles, ","))
			}
			if got := strings.Join(cities, " "); got != tc.tokenCities {
				t.Errorf("token cities %q, want %q", got, tc.tokenCities)
			}
			if cube := ti.SpecialTiles.Cube != ""; cube == ti.LayOncePerHex {
				t.Errorf("builder cubes %v and one lay per hex %v: each title has exactly one of them", cube, ti.LayOncePerHex)
			}
			if len(ti.TileRotations) != tc.rotations || len(ti.NoUpgrade) != tc.noUpgrade {
				t.Errorf("%d fixed rotations and %d forbidden upgrades, want %d and %d",
					len(ti.TileRotations), len(ti.NoUpgrade), tc.rotations, tc.noUpgrade)
			}
			var ends []string
			for _, c := range ti.Companies {
				if c.IncomeEndsWhenAcquired {
					ends = append(ends, c.ID)
				}
			}
			if got := strings.Join(ends, " "); got != tc.incomeEnds {
				t.Errorf("income ends when acquired for %q, want %q", got, tc.incomeEnds)
			}
			for tile, rots := range ti.TileRotations {
				if len(rots) == 0 || slices.ContainsFunc(rots, func(r int) bool { return r < 0 || r > 5 }) {
					t.Errorf("tile %s: rotations %v, want some of 0-5", tile, rots)
				}
			}
		})
	}
}
