package engine

import (
	"slices"
	"testing"
)

func TestTrainsForSale(t *testing.T) {
	tt, err := TitleByName("1822PNW")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		upcoming  int      // how many upcoming trains to keep (-1: all)
		discarded []string // names of discarded trains, ids made up
		want      []string // ids for sale; "next" is the first upcoming train
	}{
		{"fresh depot: the next train only", -1, nil, []string{"next"}},
		{"discards: one of each type after the next train", -1, []string{"3", "3", "4"}, []string{"next", "d3-0", "d4-2"}},
		{"empty upcoming list: the discards alone", 0, []string{"5", "5"}, []string{"d5-0"}},
		{"nothing left", 0, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := New(tt, seatsN(3), 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			next := g.Depot.Upcoming[0].ID
			if tc.upcoming >= 0 {
				g.Depot.Upcoming = g.Depot.Upcoming[:tc.upcoming]
			}
			for i, n := range tc.discarded {
				g.Depot.Discarded = append(g.Depot.Discarded, &Train{ID: "d" + n + "-" + string(rune('0'+i)), Name: n})
			}
			var got []string
			for _, tr := range g.TrainsForSale() {
				got = append(got, tr.ID)
			}
			want := slices.Clone(tc.want)
			for i, id := range want {
				if id == "next" {
					want[i] = next
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("TrainsForSale() = %v; want %v", got, want)
			}
		})
	}
}

func TestTrainType(t *testing.T) {
	tests := []struct{ id, want string }{
		{"L-4", "L"},
		{"7-12", "7"},
		{"2P-0", "2P"},
		{"E", "E"},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			if got := TrainType(tc.id); got != tc.want {
				t.Errorf("TrainType(%q) = %q; want %q", tc.id, got, tc.want)
			}
		})
	}
}

func TestMoney(t *testing.T) {
	tests := []struct {
		v    int
		want string
	}{
		{0, "$0"},
		{120, "$120"},
		{-45, "-$45"},
		{-6306, "-$6306"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			if got := Money(tc.v); got != tc.want {
				t.Errorf("Money(%d) = %q; want %q", tc.v, got, tc.want)
			}
		})
	}
}
