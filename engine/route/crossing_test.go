package route

import (
	"strings"
	"testing"

	"pbc/engine/board"
	"pbc/engine/graph"
	"pbc/engine/title"
)

// cityTile is a one-slot city worth value with track to the west (edge 1)
// and the east (edge 4); east, when set, is the east path as given.
func cityTile(value int, east *board.Path) *board.Tile {
	e := board.Path{A: board.NodeEnd(0), B: board.EdgeEnd(4)}
	if east != nil {
		e = *east
	}
	return &board.Tile{
		Name:  "c",
		Color: board.Gray,
		Nodes: []board.Node{{Kind: board.City, Revenue: board.Revenue{Flat: value}, Slots: 1}},
		Paths: []board.Path{{A: board.EdgeEnd(1), B: board.NodeEnd(0)}, e},
	}
}

// crossingLine is row B, west to east: B2 city 30 (X) - B4 city 30 (X) -
// B6 port city 10 - B8 far side 50 (no distance), the crossing B6/B8;
// portToken puts an X token in the port.
func crossingLine(portToken bool) (*testBoard, *Input) {
	far := &board.Tile{
		Name:  "far",
		Color: board.Gray,
		Nodes: []board.Node{{Kind: board.Offboard, Revenue: board.Revenue{Flat: 50}, FreeVisit: true}},
		Paths: []board.Path{{A: board.EdgeEnd(1), B: board.NodeEnd(0)}},
	}
	b := &testBoard{
		tiles: map[string]placed{"B2": {cityTile(30, nil), 0}, "B4": {cityTile(30, nil), 0}, "B6": {cityTile(10, nil), 0}, "B8": {far, 0}},
		tokens: map[graph.NodeRef][]string{
			{Hex: "B2", Node: 0}: {"X"},
			{Hex: "B4", Node: 0}: {"X"},
		},
	}
	in := &Input{Board: b, Corp: "X", Phase: board.Yellow,
		Tokens: []Token{{At: graph.NodeRef{Hex: "B2"}}, {At: graph.NodeRef{Hex: "B4"}}},
		Rules:  Rules{Crossing: &title.Crossing{Port: "B6", Far: "B8"}}}
	if portToken {
		b.tokens[graph.NodeRef{Hex: "B6"}] = []string{"X"}
		in.Tokens = append(in.Tokens, Token{At: graph.NodeRef{Hex: "B6"}})
	}
	return b, in
}

// TestCrossingCountsAsOneStop: the port and its far side count as one
// stop, go together, and are not two stops on their own.
func TestCrossingCountsAsOneStop(t *testing.T) {
	for _, tc := range []struct {
		name, train, route string
		want               int
		err                string
	}{
		{"a 2-train crosses", "2", "B4-B6 B6-B8", 90, ""},
		{"a 3-train crosses from further", "3", "B2-B4 B4-B6 B6-B8", 120, ""},
		{"the crossing alone is one stop", "2", "B6-B8", 0, "at least 2 stops"},
		{"the port alone", "2", "B4-B6", 0, "must go on to B8"},
		{"too long even so", "2", "B2-B4 B4-B6 B6-B8", 0, "too many stops"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, in := crossingLine(false)
			in.Trains = []Train{train("t", tc.train)}
			got, _, err := Revenue(in, []Route{rt("t", tc.route)})
			switch {
			case tc.err == "" && (err != nil || got != tc.want):
				t.Errorf("got $%d, %v; want $%d", got, err, tc.want)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("got $%d, %v; want an error with %q", got, err, tc.err)
			}
		})
	}
	_, in := crossingLine(false)
	in.Trains = []Train{train("t", "2")}
	if plan, err := Best(in, Options{}); err != nil || plan.Revenue != 90 {
		t.Errorf("Best: %+v, %v; want $90 (B4 to the far side)", plan, err)
	}
}

// TestExpressEndsBeyondItsPort: an E-train may end at the far side of a
// crossing whose port holds the company's token, the port then paying the
// far side's value.
func TestExpressEndsBeyondItsPort(t *testing.T) {
	for _, tc := range []struct {
		name      string
		portToken bool
		route     string
		want      int
		err       string
	}{
		{"tokened port", true, "B2-B4 B4-B6 B6-B8", 2 * (30 + 30 + 50), ""},
		{"untokened port", false, "B2-B4 B4-B6 B6-B8", 0, "start and end"},
		{"station to station", false, "B2-B4", 2 * (30 + 30), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, in := crossingLine(tc.portToken)
			in.Trains = []Train{train("e", "E")}
			got, _, err := Revenue(in, []Route{rt("e", tc.route)})
			switch {
			case tc.err == "" && (err != nil || got != tc.want):
				t.Errorf("got $%d, %v; want $%d", got, err, tc.want)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("got $%d, %v; want an error with %q", got, err, tc.err)
			}
			want := max(tc.want, 120)
			if plan, err := Best(in, Options{}); err != nil || plan.Revenue != want {
				t.Errorf("Best: %+v, %v; want $%d", plan, err, want)
			}
		})
	}
}

// TestIgnoredTrackOnlyArrives: no run leaves a city along track marked
// ignored, and no network reaches beyond it that way.
func TestIgnoredTrackOnlyArrives(t *testing.T) {
	ign := board.Path{A: board.NodeEnd(0), B: board.EdgeEnd(4), Terminal: true, TerminalKind: 1, Ignored: true}
	b := &testBoard{
		tiles:  map[string]placed{"B2": {cityTile(30, &ign), 0}, "B4": {cityTile(40, nil), 0}},
		tokens: map[graph.NodeRef][]string{{Hex: "B2", Node: 0}: {"X"}},
	}
	in := &Input{Board: b, Corp: "X", Phase: board.Yellow, Tokens: []Token{{At: graph.NodeRef{Hex: "B2"}}},
		Trains: []Train{train("t", "2")}}
	if got, _, err := Revenue(in, []Route{rt("t", "B2-B4")}); err == nil || !strings.Contains(err.Error(), "dead-end") {
		t.Errorf("leaving B2 along its ignored track: $%d, %v; want refused", got, err)
	}
	if plan, err := Best(in, Options{}); err != nil || plan.Revenue != 0 {
		t.Errorf("Best: %+v, %v; want no run", plan, err)
	}
	// With a station in B4 the run arrives at B2 along that track from B4.
	b.tokens[graph.NodeRef{Hex: "B4"}] = []string{"X"}
	in.Tokens = append(in.Tokens, Token{At: graph.NodeRef{Hex: "B4"}})
	if got, _, err := Revenue(in, []Route{rt("t", "B2-B4")}); err != nil || got != 70 {
		t.Errorf("arriving at B2 along its ignored track: $%d, %v; want $70", got, err)
	}
	if plan, err := Best(in, Options{}); err != nil || plan.Revenue != 70 {
		t.Errorf("Best: %+v, %v; want $70", plan, err)
	}
}

// TestOneTrackOfTwo: the runs of a turn use only one of the tracks of a
// OneTrackOf hex, whatever their trains.
func TestOneTrackOfTwo(t *testing.T) {
	b := &testBoard{
		tiles: map[string]placed{"B2": {cityTile(30, nil), 0}, "B4": {cityTile(40, nil), 0}, "B6": {cityTile(20, nil), 0}},
		tokens: map[graph.NodeRef][]string{
			{Hex: "B2", Node: 0}: {"X"},
			{Hex: "B6", Node: 0}: {"X"},
		},
	}
	in := &Input{Board: b, Corp: "X", Phase: board.Yellow,
		Tokens: []Token{{At: graph.NodeRef{Hex: "B2"}}, {At: graph.NodeRef{Hex: "B6"}}},
		Trains: []Train{train("t", "3"), train("e", "E")},
		Rules:  Rules{OneTrackOf: []title.HexEdges{{Hex: "B4", Edges: []int{1, 4}}}}}
	if got, _, err := Revenue(in, []Route{rt("t", "B2-B4 B4-B6")}); err == nil || !strings.Contains(err.Error(), "only one of the tracks") {
		t.Errorf("a run through B4: $%d, %v; want refused", got, err)
	}
	if got, _, err := Revenue(in, []Route{rt("t", "B2-B4"), rt("e", "B6-B4")}); err == nil {
		t.Errorf("two runs into B4 from both sides: $%d accepted", got)
	}
	if got, _, err := Revenue(in, []Route{rt("t", "B2-B4")}); err != nil || got != 70 {
		t.Errorf("B2-B4: $%d, %v; want $70", got, err)
	}
	// Without the rule the 3-train runs B2-B4-B6 ($90); with it the best is
	// the 3-train into B4 from the west ($70).
	if plan, err := Best(in, Options{}); err != nil || plan.Revenue != 70 {
		t.Errorf("Best: %+v, %v; want $70", plan, err)
	}
}
