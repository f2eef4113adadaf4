package engine

import (
	"slices"
	"testing"

	"pbc/engine/action"
)

func TestPositions(t *testing.T) {
	a, b, c, d := &action.Pass{}, &action.Pass{}, &action.Pass{}, &action.Pass{}
	all := []action.Action{a, b, c, d}
	for _, tc := range []struct {
		name string
		eff  []action.Action
		want []int
	}{
		{"all", []action.Action{a, b, c, d}, []int{0, 1, 2, 3}},
		{"some undone", []action.Action{a, d}, []int{0, 3}},
		{"none", nil, []int{}},
		{"out of order", []action.Action{c, a}, []int{2, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := positions(all, tc.eff); !slices.Equal(got, tc.want) {
				t.Errorf("positions = %v, want %v", got, tc.want)
			}
		})
	}
}
