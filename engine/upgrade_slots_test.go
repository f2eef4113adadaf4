package engine

import (
	"slices"
	"testing"

	"pbc/engine/action"
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

// TestUpgradeKeepsMergedReservation: 1822CA fixture 1.json, action 492: GTP
// lays T4 on Toronto, merging the city of GT and minor 13 (13 in an added
// slot) with the one kept for minor 12's home. The reservation keeps a slot
// of its own and the tokens keep theirs, as 18xx.games has it (7.1.3).
func TestUpgradeKeepsMergedReservation(t *testing.T) {
	l := fixtureLog(t, "1822CA/1.json")
	g, err := Replay(l, ReplayOptions{After: func(_ *Game, a action.Action) bool { return a.Env().ID < 492 }})
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	got := g.CitySlots()["AC21"]
	if len(got) != 1 {
		t.Fatalf("Toronto has %d cities after T4, want 1: %q", len(got), got)
	}
	city := slices.Sorted(slices.Values(got[0]))
	if want := []string{"13", "GT", "R:12"}; !slices.Equal(city, want) {
		t.Fatalf("Toronto's slots are %q, want %q in some order", got[0], want)
	}
}
