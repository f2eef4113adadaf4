package engine

import (
	"slices"
	"testing"
)

// TestPrivateStacks: with the 1822+ expansion the private bid boxes draw
// one from each stack and three privates leave the game (one of the track
// stack, never the LC&DR, and two of the other stack); no_removals keeps
// all 21, single_stack fills the boxes from one stack.
func TestPrivateStacks(t *testing.T) {
	base, err := TitleByName("1822")
	if err != nil {
		t.Fatal(err)
	}
	ps := base.Deck.PrivateStacks
	stackOf := func(id string) int {
		for i, s := range ps.Stacks {
			if slices.Contains(s, id) {
				return i
			}
		}
		return -1
	}
	seats := []Seat{{ID: 1, Name: "a"}, {ID: 2, Name: "b"}, {ID: 3, Name: "c"}}
	for _, tc := range []struct {
		name     string
		opts     []string
		privates int
		stacks   bool
	}{
		{"stacks and removals", []string{"plus_expansion"}, 18, true},
		{"no removals", []string{"plus_expansion", "plus_expansion_no_removals"}, 21, true},
		{"single stack", []string{"plus_expansion", "plus_expansion_single_stack"}, 18, false},
		{"base game", nil, 18, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for seed := int64(1); seed <= 20; seed++ {
				g, err := New(base, seats, seed, tc.opts)
				if err != nil {
					t.Fatal(err)
				}
				var privates []string
				for _, c := range g.Companies {
					if c.ID[0] == 'P' {
						privates = append(privates, c.ID)
					}
				}
				if len(privates) != tc.privates {
					t.Fatalf("seed %d: %d privates %v, want %d", seed, len(privates), privates, tc.privates)
				}
				if tc.privates == 18 && len(tc.opts) > 0 && !slices.Contains(privates, "P5") {
					t.Errorf("seed %d: the LC&DR (P5) left the game", seed)
				}
				box := g.bidboxPrivates()
				if len(box) != 3 || box[0].ID != "P1" {
					t.Fatalf("seed %d: bid boxes %v, want three opening with P1", seed, box)
				}
				if tc.stacks {
					for i, c := range box {
						if stackOf(c.ID) != i {
							t.Errorf("seed %d: bid box %d holds %s of stack %d", seed, i+1, c.ID, stackOf(c.ID))
						}
					}
				}
			}
		})
	}
}
