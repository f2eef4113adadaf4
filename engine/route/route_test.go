package route

import (
	"errors"
	"strings"
	"testing"

	"pbc/engine/action"
	"pbc/engine/board"
	"pbc/engine/graph"
	"pbc/engine/title"
)

// testBoard is a graph.Board over a few placed tiles.
type testBoard struct {
	tiles  map[string]placed
	tokens map[graph.NodeRef][]string
}

type placed struct {
	t   *board.Tile
	rot int
}

func (b *testBoard) Layout() board.Layout { return board.Pointy }

func (b *testBoard) Tile(hex string) (*board.Tile, int, bool) {
	p, ok := b.tiles[hex]
	return p.t, p.rot, ok
}

func (b *testBoard) Tokens(hex string, node int) []string {
	if toks, ok := b.tokens[graph.NodeRef{Hex: hex, Node: node}]; ok {
		return toks
	}
	return make([]string, b.tiles[hex].t.Nodes[node].Slots)
}

func (b *testBoard) Impassable(string, int) bool { return false }

// offboard is a red off-board area with track to the west (edge 1) and the
// east (edge 4): 30 in yellow phases, 60 from green.
var offboard = &board.Tile{
	Name:  "off",
	Color: board.Red,
	Nodes: []board.Node{{Kind: board.Offboard, Revenue: board.Revenue{ByColor: map[board.Color]int{board.Yellow: 30, board.Green: 60}}}},
	Paths: []board.Path{
		{A: board.EdgeEnd(1), B: board.NodeEnd(0), Terminal: true, TerminalKind: 1},
		{A: board.NodeEnd(0), B: board.EdgeEnd(4), Terminal: true, TerminalKind: 1},
	},
}

// line returns the test map: row B, west to east (edge 1 west, edge 4 east):
//
//	B2 city 30 (X) - B4 town 10 - B6 city 20 - B8 track - B10 city 20 (X) - B12 off-board 30/60 - B14 city 20
//
// and a branch from B2 north-east to A3, a town 10.
func line(t *testing.T) *testBoard {
	t.Helper()
	lib := func(name string) *board.Tile {
		tl, ok := board.TileDef(name)
		if !ok {
			t.Fatalf("no tile %s", name)
		}
		return tl
	}
	// Tile 14 is a green two-slot city with edges 0, 1, 3, 4: at rotation 0
	// it joins west (1), east (4), north-east (3) and south-west (0).
	b := &testBoard{
		tiles: map[string]placed{
			"B2":  {lib("14"), 0},
			"B4":  {lib("4"), 1},
			"B6":  {lib("57"), 1},
			"B8":  {lib("9"), 1},
			"B10": {lib("57"), 1},
			"B12": {offboard, 0},
			"B14": {lib("57"), 1},
			"A3":  {lib("3"), 0}, // town on edges 0 (south-west, to B2) and 1
		},
		tokens: map[graph.NodeRef][]string{
			{Hex: "B2", Node: 0}:  {"X", ""},
			{Hex: "B10", Node: 0}: {"X"},
		},
	}
	return b
}

func input(b *testBoard, trains ...Train) *Input {
	return &Input{
		Board: b,
		Corp:  "X",
		Tokens: []Token{
			{At: graph.NodeRef{Hex: "B2", Node: 0}},
			{At: graph.NodeRef{Hex: "B10", Node: 0}},
		},
		Trains: trains,
		Phase:  board.Yellow,
	}
}

func train(id, name string) Train {
	switch name {
	case "L", "LP":
		return Train{ID: id, Name: name, Distance: title.Distance{Cities: 1, Towns: 1, Local: true}}
	case "E":
		return Train{ID: id, Name: name, Distance: title.Distance{Express: true}}
	}
	return Train{ID: id, Name: name, Distance: title.Distance{Cities: int(name[0] - '0')}}
}

// rt builds a route from segments written "B2-B4-B6 B6-B8-B10".
func rt(trainID, segs string) Route {
	r := Route{Train: trainID}
	for _, s := range strings.Fields(segs) {
		var hops []Hop
		for _, h := range strings.Split(s, "-") {
			hops = append(hops, Hop{Hex: h, A: -1, B: -1})
		}
		r.Segments = append(r.Segments, hops)
	}
	return r
}

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		in   action.Route
		want Route
	}{
		{"segments", action.Route{Train: "3-0", Connections: [][]string{{"B2", "B4"}, {"B6", "B4"}}, Nodes: []string{"B2-0", "B6-0", "B4-0"}},
			Route{Train: "3-0", Segments: [][]Hop{{{"B2", -1, -1}, {"B4", -1, -1}}, {{"B6", -1, -1}, {"B4", -1, -1}}},
				Nodes: []graph.NodeRef{{Hex: "B2"}, {Hex: "B6"}, {Hex: "B4"}}}},
		{"local", action.Route{Train: "L-1", Connections: [][]string{{"local", "H11"}}},
			Route{Train: "L-1", Local: "H11"}},
		{"bare local", action.Route{Train: "L-1", Connections: [][]string{}, Hexes: []string{"O20"}},
			Route{Train: "L-1", Local: "O20", Bare: true}},
		{"intra-tile path", action.Route{Train: "2-0", Connections: [][]string{{"H19 0.1"}}},
			Route{Train: "2-0", Segments: [][]Hop{{{"H19", 0, 1}}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if g, w := strings.ReplaceAll(fmtRoute(got), " ", ""), strings.ReplaceAll(fmtRoute(tc.want), " ", ""); g != w {
				t.Errorf("got %s, want %s", g, w)
			}
		})
	}
	for _, bad := range []action.Route{
		{Connections: [][]string{{"H19 0"}}},
		{Connections: [][]string{{}}},
		{Connections: [][]string{{"B2", "B4"}}, Nodes: []string{"B2"}},
	} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%v) accepted a malformed route", bad)
		}
	}
}

func fmtRoute(r Route) string {
	var b strings.Builder
	b.WriteString(r.Train + "|" + r.Local)
	if r.Bare {
		b.WriteString("|bare")
	}
	for _, s := range r.Segments {
		b.WriteString("|")
		for _, h := range s {
			b.WriteString(h.Hex)
			if h.A >= 0 {
				b.WriteString("(" + string(rune('0'+h.A)) + "." + string(rune('0'+h.B)) + ")")
			}
			b.WriteString(",")
		}
	}
	for _, n := range r.Nodes {
		b.WriteString("|" + n.Hex + "-" + string(rune('0'+n.Node)))
	}
	return b.String()
}

func TestRevenue(t *testing.T) {
	b := line(t)
	tests := []struct {
		name    string
		trains  []Train
		routes  []Route
		setup   func(in *Input)
		total   int
		per     []int
		wantErr string
	}{
		{name: "2-train between two cities", trains: []Train{train("2-0", "2")},
			routes: []Route{rt("2-0", "B6-B8-B10")}, total: 40, per: []int{40}},
		{name: "segment written backwards", trains: []Train{train("2-0", "2")},
			routes: []Route{rt("2-0", "B10-B8-B6")}, total: 40, per: []int{40}},
		{name: "towns count against distance", trains: []Train{train("3-0", "3")},
			routes: []Route{rt("3-0", "B2-B4 B4-B6")}, total: 60, per: []int{60}},
		{name: "segments in either direction", trains: []Train{train("3-0", "3")},
			routes: []Route{rt("3-0", "B4-B2 B6-B4")}, total: 60, per: []int{60}},
		{name: "too many stops", trains: []Train{train("2-0", "2")},
			routes: []Route{rt("2-0", "B2-B4 B4-B6")}, wantErr: "too many stops"},
		{name: "pullman counts towns free", trains: []Train{train("2-0", "2")},
			routes: []Route{rt("2-0", "B2-B4 B4-B6")}, setup: func(in *Input) { in.Pullman = "2-0" }, total: 60},
		{name: "off-board revenue by phase", trains: []Train{train("2-0", "2")},
			routes: []Route{rt("2-0", "B10-B12")}, setup: func(in *Input) { in.Phase = board.Brown }, total: 80},
		{name: "no passing through an off-board", trains: []Train{train("3-0", "3")},
			routes: []Route{rt("3-0", "B10-B12 B12-B14")}, wantErr: "cannot pass through B12"},
		{name: "route needs a station", trains: []Train{train("2-0", "2")},
			routes: []Route{rt("2-0", "B4-B6")}, wantErr: "must include a station"},
		{name: "coal token is no station", trains: []Train{train("2-0", "2")},
			routes: []Route{rt("2-0", "B6-B8-B10")},
			setup: func(in *Input) {
				in.Tokens = []Token{{At: graph.NodeRef{Hex: "B10"}, Kind: CoalToken}}
			}, wantErr: "must include a station"},
		{name: "a 2-train needs two stops", trains: []Train{train("2-0", "2")},
			routes: []Route{{Train: "2-0", Local: "B2"}}, wantErr: "at least 2 stops"},
		{name: "local train in its city", trains: []Train{train("L-0", "L")},
			routes: []Route{{Train: "L-0", Local: "B2"}}, total: 30},
		{name: "local train to a town", trains: []Train{train("L-0", "L")},
			routes: []Route{rt("L-0", "B2-B4")}, total: 40},
		{name: "local train to a second city", trains: []Train{train("L-0", "L")},
			routes: []Route{rt("L-0", "B10-B8-B6")}, wantErr: "too many stops for the L train"},
		{name: "local train to an off-board", trains: []Train{train("L-0", "L")},
			routes: []Route{rt("L-0", "B10-B12")}, wantErr: "off-board"},
		{name: "one local train per station", trains: []Train{train("L-0", "L"), train("LP-0", "LP")},
			routes: []Route{{Train: "L-0", Local: "B2"}, rt("LP-0", "B2-B4")}, wantErr: "only one local train"},
		{name: "local trains on two stations", trains: []Train{train("L-0", "L"), train("LP-0", "LP")},
			routes: []Route{{Train: "L-0", Local: "B10"}, rt("LP-0", "B2-B4")}, total: 60, per: []int{20, 40}},
		{name: "no local run without a station", trains: []Train{train("L-0", "L")},
			routes: []Route{{Train: "L-0", Local: "B6"}}, wantErr: "no station"},
		{name: "trains share no track", trains: []Train{train("2-0", "2"), train("3-0", "3")},
			routes: []Route{rt("2-0", "B2-B4"), rt("3-0", "B2-B4 B4-B6")}, wantErr: "reuses track"},
		{name: "trains may share a stop", trains: []Train{train("2-0", "2"), train("3-0", "3")},
			routes: []Route{rt("2-0", "A3-B2"), rt("3-0", "B2-B4 B4-B6")}, total: 100, per: []int{40, 60}},
		{name: "blocked city may end a route", trains: []Train{train("2-0", "2")},
			routes: []Route{rt("2-0", "B2-B4 B4-B6")},
			setup: func(in *Input) {
				in.Board.(*testBoard).tokens[graph.NodeRef{Hex: "B6"}] = []string{"Y"}
				in.Pullman = "2-0"
			}, total: 60},
		{name: "blocked city cannot be passed", trains: []Train{train("4-0", "4")},
			routes: []Route{rt("4-0", "B2-B4 B4-B6 B6-B8-B10")},
			setup: func(in *Input) {
				in.Board.(*testBoard).tokens[graph.NodeRef{Hex: "B6"}] = []string{"Y"}
			}, wantErr: "cannot pass through B6"},
		{name: "E-train cannot visit a city no train may visit", trains: []Train{train("E-0", "E")},
			routes: []Route{rt("E-0", "B2-B4 B4-B6 B6-B8-B10")},
			setup: func(in *Input) {
				b := in.Board.(*testBoard)
				tl := *b.tiles["B6"].t
				tl.Nodes = append([]board.Node(nil), tl.Nodes...)
				tl.Nodes[0].VisitCost = 99
				b.tiles["B6"] = placed{&tl, 1}
			}, wantErr: "blocked city in B6"},
		{name: "unknown train", trains: []Train{train("2-0", "2")},
			routes: []Route{rt("3-0", "B6-B8-B10")}, wantErr: "no train 3-0"},
		{name: "train runs once", trains: []Train{train("2-0", "2")},
			routes: []Route{rt("2-0", "B6-B8-B10"), rt("2-0", "B2-B4")}, wantErr: "already runs"},
		{name: "segment off the track", trains: []Train{train("2-0", "2")},
			routes: []Route{rt("2-0", "B6-A7")}, wantErr: "no track"},
		{name: "segments that do not join", trains: []Train{train("3-0", "3")},
			routes: []Route{rt("3-0", "B2-B4 B6-B8-B10")}, wantErr: "do not join"},
		{name: "E-train counts tokened cities, doubled", trains: []Train{train("E-0", "E")},
			routes: []Route{rt("E-0", "B2-B4 B4-B6 B6-B8-B10")}, total: 100},
		{name: "E-train may share track", trains: []Train{train("E-0", "E"), train("4-0", "4")},
			routes: []Route{rt("E-0", "B2-B4 B4-B6 B6-B8-B10"), rt("4-0", "B2-B4 B4-B6 B6-B8-B10")}, total: 180, per: []int{100, 80}},
		{name: "E-train ends at a tokened city", trains: []Train{train("E-0", "E")},
			routes: []Route{rt("E-0", "B2-B4 B4-B6 B6-B8-B10 B10-B12")}, wantErr: "start and end"},
		{name: "E-train needs two tokened cities", trains: []Train{train("E-0", "E")},
			routes: []Route{rt("E-0", "B2-B4 B4-B6")}, wantErr: "at least 2 cities"},
		{name: "timber and Ski Haus", trains: []Train{train("2-0", "2"), train("E-0", "E")},
			routes: []Route{rt("2-0", "B6-B8-B10"), rt("E-0", "B2-B4 B4-B6 B6-B8-B10")},
			setup: func(in *Input) {
				in.Rules.Timber, in.Rules.TimberBonus = map[string]bool{"B8": true, "B4": true}, 10
				in.Rules.SkiHex, in.Rules.SkiBonus = "B8", 30
			}, total: 180, per: []int{80, 100}},
		{name: "Lumber Baron doubles timber on one train", trains: []Train{train("2-0", "2"), train("3-0", "3")},
			routes: []Route{rt("2-0", "B6-B8-B10"), rt("3-0", "A3-B2 B2-B4")},
			setup: func(in *Input) {
				in.Rules.Timber, in.Rules.TimberBonus = map[string]bool{"B8": true, "B4": true, "A3": true}, 10
				in.Rules.TimberDouble = true
			}, total: 140, per: []int{50, 90}},
		{name: "portage toll", trains: []Train{train("2-0", "2")},
			routes: []Route{rt("2-0", "B6-B8-B10")},
			setup: func(in *Input) {
				in.Rules.Portage, in.Rules.PortageFee = map[string]bool{"B8": true}, 10
			}, total: 30},
		{name: "Paper Mill on the best train", trains: []Train{train("2-0", "2"), train("3-0", "3")},
			routes: []Route{rt("2-0", "B6-B8-B10"), rt("3-0", "B2-B4 B4-B6")},
			setup: func(in *Input) {
				in.Rules.MillHex, in.Rules.MillBonus = "B6", 30
			}, total: 130, per: []int{40, 90}},
		{name: "Paper Mill on an E-train needs a token", trains: []Train{train("E-0", "E")},
			routes: []Route{rt("E-0", "B2-B4 B4-B6 B6-B8-B10")},
			setup: func(in *Input) {
				in.Rules.MillHex, in.Rules.MillBonus = "B6", 30
			}, total: 100},
		{name: "Paper Mill doubled on an E-train", trains: []Train{train("E-0", "E")},
			routes: []Route{rt("E-0", "B2-B4 B4-B6 B6-B8-B10")},
			setup: func(in *Input) {
				in.Rules.MillHex, in.Rules.MillBonus = "B10", 30
			}, total: 160},
		{name: "destination bonus on one train", trains: []Train{train("4-0", "4"), train("L-0", "L")},
			routes: []Route{rt("4-0", "B2-B4 B4-B6 B6-B8-B10"), {Train: "L-0", Local: "B10"}},
			setup: func(in *Input) {
				in.Rules.Destination = &Destination{Home: graph.NodeRef{Hex: "B2"}, Dest: graph.NodeRef{Hex: "B10"}}
			}, total: 120, per: []int{100, 20}},
		{name: "destination bonus doubled on an E-train", trains: []Train{train("E-0", "E")},
			routes: []Route{rt("E-0", "B2-B4 B4-B6 B6-B8-B10")},
			setup: func(in *Input) {
				in.Rules.Destination = &Destination{Home: graph.NodeRef{Hex: "B2"}, Dest: graph.NodeRef{Hex: "B10"}}
			}, total: 140},
		{name: "CA Pullman counts two towns per stop", trains: []Train{train("2-0", "2")},
			routes: []Route{rt("2-0", "B2-B4 B4-B6")},
			setup:  func(in *Input) { in.Pullman, in.Rules.PullmanTowns = "2-0", 2 }, total: 60},
		{name: "CA Pullman still counts cities", trains: []Train{train("2-0", "2")},
			routes: []Route{rt("2-0", "B2-B4 B4-B6 B6-B8-B10")},
			setup:  func(in *Input) { in.Pullman, in.Rules.PullmanTowns = "2-0", 2 }, wantErr: "too many stops"},
		{name: "grain elevator and port", trains: []Train{train("4-0", "4")},
			routes: []Route{rt("4-0", "B2-B4 B4-B6 B6-B8-B10")},
			setup: func(in *Input) {
				in.Rules.Grain = &Grain{Elevators: map[string]bool{"B4": true}, EastPorts: map[string]bool{"B10": true}}
			}, total: 100},
		{name: "no grain bonus without an elevator", trains: []Train{train("2-0", "2")},
			routes: []Route{rt("2-0", "B6-B8-B10")},
			setup: func(in *Input) {
				in.Rules.Grain = &Grain{Elevators: map[string]bool{"B4": true}, EastPorts: map[string]bool{"B10": true}}
			}, total: 40},
		{name: "grain car: elevators ride free, ports pay double", trains: []Train{train("3-0", "3")},
			routes: []Route{rt("3-0", "B2-B4 B4-B6 B6-B8-B10")},
			setup: func(in *Input) {
				in.Rules.Grain = &Grain{Elevators: map[string]bool{"B4": true}, EastPorts: map[string]bool{"B10": true}, Carrier: "3-0"}
			}, total: 100},
		{name: "no grain bonus for the Pullman carrier", trains: []Train{train("3-0", "3")},
			routes: []Route{rt("3-0", "B2-B4 B4-B6 B6-B8-B10")},
			setup: func(in *Input) {
				in.Rules.Grain = &Grain{Elevators: map[string]bool{"B4": true}, EastPorts: map[string]bool{"B10": true}}
				in.Pullman, in.Rules.PullmanTowns = "3-0", 2
			}, total: 80},
		{name: "sawmill on the best train", trains: []Train{train("2-0", "2"), train("3-0", "3")},
			routes: []Route{rt("2-0", "B6-B8-B10"), rt("3-0", "B2-B4 B4-B6")},
			setup:  func(in *Input) { in.Rules.SawmillHex, in.Rules.SawmillBonus = "B6", 20 },
			total:  120, per: []int{40, 80}},
		{name: "sawmill doubled with the destination", trains: []Train{train("4-0", "4")},
			routes: []Route{rt("4-0", "B2-B4 B4-B6 B6-B8-B10")},
			setup: func(in *Input) {
				in.Rules.SawmillHex, in.Rules.SawmillBonus = "B10", 20
				in.Rules.Destination = &Destination{Home: graph.NodeRef{Hex: "B2"}, Dest: graph.NodeRef{Hex: "B10"}}
			}, total: 140},
		{name: "sawmill on an E-train needs a token", trains: []Train{train("E-0", "E")},
			routes: []Route{rt("E-0", "B2-B4 B4-B6 B6-B8-B10")},
			setup:  func(in *Input) { in.Rules.SawmillHex, in.Rules.SawmillBonus = "B6", 20 },
			total:  100},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := line(t)
			in := input(b, tc.trains...)
			if tc.setup != nil {
				tc.setup(in)
			}
			total, per, err := Revenue(in, tc.routes)
			if tc.wantErr != "" {
				var re *Error
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || !errors.As(err, &re) {
					t.Fatalf("err = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if total != tc.total {
				t.Errorf("total = %d, want %d (per route %v)", total, tc.total, per)
			}
			if tc.per != nil && !equal(per, tc.per) {
				t.Errorf("per route = %v, want %v", per, tc.per)
			}
		})
	}
	_ = b
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestSubsidy(t *testing.T) {
	b := line(t)
	in := input(b, train("2-0", "2"), train("L-0", "L"), train("L-1", "L"))
	routes := []Route{rt("2-0", "B6-B8-B10"), {Train: "L-0", Local: "B2"}}
	for _, tc := range []struct {
		name      string
		contracts int
		local     bool
		routes    []Route
		want      int
	}{
		{"no contract", 0, true, routes, 0},
		{"best run", 1, true, routes, 20},
		{"two contracts", 2, true, routes, 35},
		{"no mail on local trains (CA)", 2, false, routes, 20},
		{"bare local runs carry none", 1, true, []Route{{Train: "L-1", Local: "B2", Bare: true}}, 0},
		{"first and last stops only", 1, true, []Route{rt("2-0", "B2-B4")}, 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in.Rules.MailContracts, in.Rules.LocalMail = tc.contracts, tc.local
			in.Rules.SmallMail, in.Rules.SmallMailAmount = 0, 0
			got, err := Subsidy(in, tc.routes)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("subsidy = %d, want %d", got, tc.want)
			}
		})
	}
}

func TestSmallMail(t *testing.T) {
	b := line(t)
	in := input(b, train("2-0", "2"), train("L-0", "L"))
	in.Rules.SmallMailAmount = 20
	two := []Route{rt("2-0", "B6-B8-B10"), {Train: "L-0", Local: "B2"}}
	for _, tc := range []struct {
		name         string
		large, small int
		routes       []Route
		want         int
	}{
		{"small contracts only", 0, 2, two, 40},
		{"more small contracts than runs", 0, 3, two, 40},
		{"one of each, enough runs", 1, 1, two, 40},
		{"one run takes the better contract", 1, 2, two[:1], 20},
		{"two runs, three contracts", 1, 2, two, 40},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in.Rules.MailContracts, in.Rules.SmallMail = tc.large, tc.small
			got, err := Subsidy(in, tc.routes)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("subsidy = %d, want %d", got, tc.want)
			}
		})
	}
}

func TestEvaluateChecksLegs(t *testing.T) {
	b := line(t)
	in := input(b, train("2-0", "2"))
	runs, err := Trace(in, []Route{rt("2-0", "B6-B8-B10")})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(runs[0].Legs[0]); got != 3 {
		t.Fatalf("leg has %d steps, want 3", got)
	}
	broken := Run{Train: "2-0", Stops: runs[0].Stops, Legs: [][]Step{runs[0].Legs[0][:2]}}
	if _, _, err := Evaluate(in, []Run{broken}); err == nil || !strings.Contains(err.Error(), "does not reach") {
		t.Errorf("err = %v, want a leg that does not reach its stop", err)
	}
	skipped := Run{Train: "2-0", Stops: runs[0].Stops, Legs: [][]Step{{runs[0].Legs[0][0], runs[0].Legs[0][2]}}}
	if _, _, err := Evaluate(in, []Run{skipped}); err == nil || !strings.Contains(err.Error(), "not connected") {
		t.Errorf("err = %v, want track that is not connected", err)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	tb := line(&testing.T{})
	in := input(tb, train("4-0", "4"), train("E-0", "E"), train("L-0", "L"))
	routes := []Route{rt("4-0", "B2-B4 B4-B6 B6-B8-B10"), rt("E-0", "B2-B4 B4-B6 B6-B8-B10"), {Train: "L-0", Local: "B10"}}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Revenue(in, routes); err != nil {
			b.Fatal(err)
		}
	}
}
