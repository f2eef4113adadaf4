package notation

import (
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		text string
		want Command
	}{
		{"bid M5 100", Command{Verb: Bid, Target: "M5", Amount: 100, HasAmount: true}},
		{"BID p7 $0", Command{Verb: Bid, Target: "p7", HasAmount: true}},
		{"!buy SWW", Command{Verb: Buy, Target: "SWW"}},
		{"buy sww pool", Command{Verb: Buy, Target: "sww", Pool: true}},
		{"buy SWW_3", Command{Verb: Buy, Items: []string{"SWW_3"}}},
		{"sell SWW 2", Command{Verb: Sell, Target: "SWW", Amount: 2, HasAmount: true}},
		{"sell SWW 20%", Command{Verb: Sell, Target: "SWW", Amount: 2, HasAmount: true}},
		{"par SWW 70", Command{Verb: Par, Target: "SWW", Amount: 70, HasAmount: true}},
		{"par 70", Command{Verb: Choose, Choice: "70"}},
		{"lay 57 D23 r1", Command{Verb: Lay, Target: "D23", Items: []string{"57"}, Rotation: 1}},
		{"lay D23 57", Command{Verb: Lay, Target: "D23", Items: []string{"57"}, Rotation: -1}},
		{"tile X20 H11 rot0 with P12", Command{Verb: Lay, Target: "H11", Items: []string{"X20"}, Rotation: 0, With: []string{"P12"}}},
		{"lay 8 D19 r2 with P11+P7", Command{Verb: Lay, Target: "D19", Items: []string{"8"}, Rotation: 2, With: []string{"P11", "P7"}}},
		{"cube D23", Command{Verb: Cube, Target: "D23"}},
		{"token H11", Command{Verb: Token, Target: "H11"}},
		{"token H11 2", Command{Verb: Token, Target: "H11", City: 2}},
		{"token Q3.2 slot 1 dest", Command{Verb: Token, Target: "Q3", City: 2, Slot: 1, Choice: "destination"}},
		{"run auto", Command{Verb: Run, Auto: true}},
		{"run none", Command{Verb: Run, Routes: []RouteSpec{}}},
		{"pay", Command{Verb: Payout}},
		{"half", Command{Verb: Half}},
		{"withhold", Command{Verb: Withhold}},
		{"train 3", Command{Verb: Train, Target: "3"}},
		{"train L-4 from SWW 150", Command{Verb: Train, Target: "L-4", From: "SWW", Price: 150, HasPrice: true}},
		{"buy train 3", Command{Verb: Train, Target: "3"}},
		{"upgrade L-4", Command{Verb: Upgrade, Target: "L-4"}},
		{"acquire P7", Command{Verb: Acquire, Target: "P7"}},
		{"merge 8", Command{Verb: Merge, Target: "8"}},
		{"choose 4", Command{Verb: Choose, Choice: "4"}},
		{"double", Command{Verb: Choose, Choice: "double"}},
		{"one share", Command{Verb: Choose, Choice: "one_share"}},
		{"use P21 M5 top", Command{Verb: Use, Target: "P21", Choice: "M5_top"}},
		{"assign D11", Command{Verb: Assign, Target: "D11"}},
		{"issue 2", Command{Verb: Issue, Amount: 2, HasAmount: true}},
		{"issue 5 at 35", Command{Verb: Issue, Amount: 5, HasAmount: true, Price: 35, HasPrice: true}},
		{"redeem", Command{Verb: Redeem, Amount: 1, HasAmount: true}},
		{"payoff", Command{Verb: Payoff}},
		{"pay off 100", Command{Verb: Payoff, Amount: 100, HasAmount: true}},
		{"discard 3-1", Command{Verb: Discard, Target: "3-1"}},
		{"pass", Command{Verb: Pass}},
		{"P7: pass", Command{Verb: Pass, As: "P7"}},
		{"as SWW token H11", Command{Verb: Token, As: "SWW", Target: "H11"}},
		{"undo", Command{Verb: Undo}},
		{"redo", Command{Verb: Redo}},
		{"status", Command{Verb: Status}},
		{"company SWW", Command{Verb: Company, Target: "SWW"}},
		{"player @bob", Command{Verb: Player, Target: "bob"}},
		{"log 20", Command{Verb: LogView, Amount: 20, HasAmount: true}},
		{"moves all", Command{Verb: Moves, Target: "all"}},
		{"bids", Command{Verb: Bids}},
		{"table", Command{Verb: TableView}},
		{"map", Command{Verb: MapView}},
		{"map all", Command{Verb: MapView}},
		{"map Walla Walla", Command{Verb: MapView, Target: "Walla Walla"}},
		{"help run", Command{Verb: Help, Text: "run"}},
		{"new 1822PNW short", Command{Verb: New, Target: "1822PNW", Items: []string{"short"}}},
		{"replace @a with @b", Command{Verb: Replace, Target: "a", Items: []string{"b"}}},
		{"auto pass", Command{Verb: AutoPass}},
		{"autobuy GWR 3", Command{Verb: AutoBuy, Target: "GWR", Amount: 3, HasAmount: true}},
		{"end game", Command{Verb: End}},
	}
	for _, tt := range tests {
		got, err := Parse(tt.text)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.text, err)
			continue
		}
		want := tt.want
		if want.Rotation == 0 && tt.want.Verb != Lay {
			want.Rotation = -1
		}
		if !reflect.DeepEqual(*got, want) {
			t.Errorf("Parse(%q) =\n %+v, want\n %+v", tt.text, *got, want)
		}
	}
}

func TestParseRoutes(t *testing.T) {
	got, err := Parse("run 3-1 H11>G10>F9 F9>E8 =120, L D23 bare; 2 AG13.1 AG13.2")
	if err != nil {
		t.Fatal(err)
	}
	want := []RouteSpec{
		{Train: "3-1", Revenue: 120, HasRevenue: true, Stops: []StopSpec{
			{Hex: "H11"}, {Hex: "F9", Via: []string{"G10"}, Chained: true}, {Hex: "E8", Via: []string{}, Chained: true}}},
		{Train: "L", Bare: true, Stops: []StopSpec{{Hex: "D23"}}},
		{Train: "2", Stops: []StopSpec{{Hex: "AG13", Node: 1}, {Hex: "AG13", Node: 2}}},
	}
	if !reflect.DeepEqual(got.Routes, want) {
		t.Errorf("routes =\n %+v, want\n %+v", got.Routes, want)
	}
	got, err = Parse("run 4 H11-F9-E8")
	if err != nil || len(got.Routes) != 1 || len(got.Routes[0].Stops) != 3 {
		t.Errorf("dash stops: %+v, %v", got, err)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ text, want string }{
		{"", "say what to do, e.g. `pass`, or `help` for the commands"},
		{"fly away", "\"fly\" is not a command; try `help`"},
		{"bid M5 lots", "\"lots\" is not an amount; e.g. `bid M5 100`"},
		{"buy", "buy which shares? e.g. `buy SWW`"},
		{"buy SWW NP", "one corporation at a time: \"NP\" is extra"},
		{"par SWW x", "\"x\" is not a share price; e.g. `par SWW 70`"},
		{"lay 57", "lay which tile where? e.g. `lay 57 D23 r1`"},
		{"lay 57 D23 r1 r2", "one rotation, please"},
		{"token", "token where? e.g. `token H11`"},
		{"token H11 x", "\"x\" is not a city number; e.g. `token H11 2`"},
		{"token H11.0", "\"H11.0\": cities are numbered from 1, e.g. H11.2"},
		{"run", "run which trains? " + runHelp},
		{"run H11 F9", "say the train before its stops: \"H11\"; " + runHelp},
		{"run 3", "train 3 has no stops; " + runHelp},
		{"run 3 H11 =x", "\"=x\" is not a revenue; " + runHelp},
		{"train", "which train? e.g. `train 3`"},
		{"train L-4 from SWW x", "\"x\" is not a price; e.g. `train L-4 from SWW 150`"},
		{"upgrade", "`upgrade` needs one name, e.g. `upgrade L-4`"},
		{"choose", "choose what? e.g. `choose 2`"},
		{"use P21", "say which private and what to do, e.g. `use P21 M5 top`"},
		{"issue x", "how many shares? e.g. `issue 2`"},
		{"payoff x", "`payoff` takes a number, e.g. `payoff 100`"},
		{"pass now", "`pass` takes nothing more; \"now\" is extra"},
		{"player", "say who, e.g. `player @name`"},
		{"replace @a", "say who replaces whom, e.g. `replace @old @new`"},
		{"new", "say which game, e.g. `new 1822PNW` or `new 1822 mrs`"},
		{"autobuy GWR", "e.g. `autobuy GWR 3` or `autobuy PGE float`"},
		{"cube", "`cube` needs one hex, e.g. `cube D23`"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.text)
		if err == nil {
			t.Errorf("Parse(%q): no error, want %q", tt.text, tt.want)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("Parse(%q) error\n %q, want\n %q", tt.text, err.Error(), tt.want)
		}
	}
}
