package engine

import (
	"slices"
	"testing"
)

// TestUpgradeKeepsAddedTokenSlot: 1822CA ERS, 2 players, seed 5155004 (a
// self-play game). Toronto's city 0 holds a slot reserved for minor 12 and
// minor 13's token in a slot added beside it. At action 145 minor 13 lays T1
// there: an upgrade keeps every slot the city had, the added one and the
// reservation included, with the tokens where they were (7.1.1, 7.1.3,
// 5.7.20), as 18xx.games does.
func TestUpgradeKeepsAddedTokenSlot(t *testing.T) {
	g, last := replayAllButLast(t, "upgrade_keeps_added_slot.json")
	want := [][]string{{"R:12", "13"}, {"R:GT"}}
	if got := g.CitySlots()["AC21"]; !equalCities(got, want) {
		t.Fatalf("before the lay Toronto's cities are %q, want %q", got, want)
	}
	if err := g.Apply(last); err != nil {
		t.Fatalf("apply %s: %v", "the lay", err)
	}
	if got := g.CitySlots()["AC21"]; !equalCities(got, want) {
		t.Fatalf("after the lay Toronto's cities are %q, want %q", got, want)
	}
}

func equalCities(a, b [][]string) bool {
	return slices.EqualFunc(a, b, func(x, y []string) bool { return slices.Equal(x, y) })
}
