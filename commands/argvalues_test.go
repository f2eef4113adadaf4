package commands

import (
	"slices"
	"testing"

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
		verb  Verb
		field string
		want  []string
	}{
		{Bid, "company", []string{"M1"}},
		{Par, "company", []string{"GNR"}},
		{Buy, "company", []string{"NP"}},
		{Sell, "company", []string{"SPS"}},
		{Train, "company", []string{"ORNC"}},
		{Company, "company", nil},
		{Lay, "hex", []string{"D23"}},
		{Token, "hex", []string{"E24", "F25"}},
		{Cube, "hex", []string{"D23", "E24", "F25"}},
		{Lay, "tile", []string{"57"}},
		{Status, "tile", []string{"57"}},
		{Train, "train", []string{"2", "3", "L"}},
		{Bid, "amount", []string{"100", "70"}},
		{Par, "price", []string{"100", "70"}},
		{Bid, "nonsense", nil},
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
