package offers

import (
	"slices"
	"testing"

	"pbc/commands/notation"
	"pbc/engine"
)

// TestArgValuesFromDescriptors: the values suggested for a command's
// argument come from the action types' descriptors: a company is the
// command's own type's (what a bid is on, what a train is bought from),
// a hex is a lay's unless the command places a token and a token's unless
// it lays a tile, tiles, trains and amounts are read whatever the command.
func TestArgValuesFromDescriptors(t *testing.T) {
	a := &engine.Actor{
		Bids:      []engine.BidMove{{Company: "M1", Min: 100}},
		Pars:      []engine.ParMove{{Corp: "GNR", Price: 70}},
		Buys:      []engine.ShareMove{{Corp: "NP"}},
		Sells:     []engine.ShareMove{{Corp: "SPS"}},
		Tiles:     []engine.TileMove{{Hex: "D23", Name: "57"}},
		Tokens:    []engine.TokenMove{{Hex: "E24"}},
		HexTokens: []string{"F25"},
		Trains:    []engine.TrainMove{{Variant: "L", From: "depot"}, {Variant: "2", From: "ORNC"}, {Variant: "3", From: "discard"}},
	}
	for _, c := range []struct {
		verb  notation.Verb
		field string
		want  []string
	}{
		{notation.Bid, "company", []string{"M1"}},
		{notation.Par, "company", []string{"GNR"}},
		{notation.Buy, "company", []string{"NP"}},
		{notation.Sell, "company", []string{"SPS"}},
		{notation.Train, "company", []string{"ORNC"}},
		{notation.Company, "company", nil},
		{notation.Lay, "hex", []string{"D23"}},
		{notation.Token, "hex", []string{"E24", "F25"}},
		{notation.Cube, "hex", []string{"D23", "E24", "F25"}},
		{notation.Lay, "tile", []string{"57"}},
		{notation.Status, "tile", []string{"57"}},
		{notation.Train, "train", []string{"2", "3", "L"}},
		{notation.Bid, "amount", []string{"100", "70"}},
		{notation.Par, "price", []string{"100", "70"}},
		{notation.Bid, "nonsense", nil},
	} {
		t.Run(string(c.verb)+" "+c.field, func(t *testing.T) {
			got := ArgValues(a, c.verb, c.field)
			if c.field == "hex" || c.field == "train" {
				slices.Sort(got)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("ArgValues(%s, %s) = %q, want %q", c.verb, c.field, got, c.want)
			}
		})
	}
}
