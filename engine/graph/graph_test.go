package graph

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pbc/engine/board"
)

// fakeBoard is a Board over a set of placed tiles, tokens and impassable edges.
type fakeBoard struct {
	layout board.Layout
	tiles  map[string]placed
	tokens map[NodeRef][]string
	walls  map[edgeRef]bool
}

type placed struct {
	t   *board.Tile
	rot int
}

type edgeRef struct {
	hex  string
	edge int
}

func (f *fakeBoard) Layout() board.Layout { return f.layout }

func (f *fakeBoard) Tile(hex string) (*board.Tile, int, bool) {
	p, ok := f.tiles[hex]
	return p.t, p.rot, ok
}

func (f *fakeBoard) Tokens(hex string, node int) []string {
	if toks, ok := f.tokens[NodeRef{hex, node}]; ok {
		return toks
	}
	p := f.tiles[hex]
	return make([]string, p.t.Nodes[node].Slots)
}

func (f *fakeBoard) Impassable(hex string, edge int) bool { return f.walls[edgeRef{hex, edge}] }

// grid returns a pointy board of blank hexes in rows A–E, columns 1–13.
func grid() *fakeBoard {
	f := &fakeBoard{
		layout: board.Pointy,
		tiles:  map[string]placed{},
		tokens: map[NodeRef][]string{},
		walls:  map[edgeRef]bool{},
	}
	for y := range 5 {
		for x := y % 2; x < 13; x += 2 {
			f.tiles[board.HexID(board.Pointy, x, y)] = placed{t: &board.Tile{Color: board.White}}
		}
	}
	return f
}

// tile returns a library tile, failing the test if it is missing.
func tile(t *testing.T, name string) *board.Tile {
	t.Helper()
	tl, ok := board.TileDef(name)
	if !ok {
		t.Fatalf("no tile %s", name)
	}
	return tl
}

// ref parses "B6-0" into a NodeRef.
func ref(s string) NodeRef {
	i := strings.LastIndexByte(s, '-')
	n, err := strconv.Atoi(s[i+1:])
	if err != nil {
		panic(s)
	}
	return NodeRef{s[:i], n}
}

func refs(ss ...string) []NodeRef {
	out := make([]NodeRef, len(ss))
	for i, s := range ss {
		out[i] = ref(s)
	}
	return out
}

func (r NodeRef) String() string { return fmt.Sprintf("%s-%d", r.Hex, r.Node) }

// Hand-built tiles for cases the library does not cover.
var (
	offboard = &board.Tile{
		Name:  "off",
		Color: board.Red,
		Nodes: []board.Node{{Kind: board.Offboard}},
		Paths: []board.Path{
			{A: board.EdgeEnd(1), B: board.NodeEnd(0), Terminal: true, TerminalKind: 1},
			{A: board.NodeEnd(0), B: board.EdgeEnd(4), Terminal: true, TerminalKind: 1},
		},
	}
	// twoCities has city 0 on edge 1 and city 1 on edge 4, not joined.
	twoCities = &board.Tile{
		Name:  "oo",
		Color: board.Green,
		Nodes: []board.Node{{Kind: board.City, Slots: 1}, {Kind: board.City, Slots: 1}},
		Paths: []board.Path{
			{A: board.EdgeEnd(1), B: board.NodeEnd(0)},
			{A: board.NodeEnd(1), B: board.EdgeEnd(4)},
		},
	}
)

// lay is one tile placement of a test case: tile name (or hand-built tile) and rotation.
type lay struct {
	hex  string
	name string
	t    *board.Tile
	rot  int
}

func TestReach(t *testing.T) {
	// Row B runs B2, B4, B6, ... left to right: edge 1 is west, edge 4 east.
	// B2 holds tile 5 turned to edges 3 (north-east) and 4; its edge 1 is off the map.
	line := []lay{{"B2", "5", nil, 3}, {"B4", "9", nil, 1}, {"B6", "57", nil, 1}, {"B8", "9", nil, 1}, {"B10", "57", nil, 1}}
	with := func(base []lay, extra ...lay) []lay { return append(slices.Clone(base), extra...) }
	tests := []struct {
		name      string
		lays      []lay
		tokens    map[string][]string
		walls     []edgeRef
		starts    []string
		nodes     []string         // exactly the nodes reached
		hexes     map[string][]int // exact edge sets of these hexes
		noHexes   []string         // hexes not connected at all
		tokenable []string
	}{
		{
			name:   "straight line between cities",
			lays:   line,
			starts: []string{"B2-0"},
			nodes:  []string{"B2-0", "B6-0", "B10-0"},
			hexes: map[string][]int{
				"B2": {0, 2, 3, 4, 5}, "B4": {1, 4}, "B6": {1, 4}, "B10": {1, 4}, "B12": {1}, "A3": {0},
			},
			noHexes:   []string{"A1", "C3", "A5"},
			tokenable: []string{"B10-0", "B6-0"},
		},
		{
			name:      "city full of other tokens is reached but not passed",
			lays:      line,
			tokens:    map[string][]string{"B6-0": {"Y"}},
			starts:    []string{"B2-0"},
			nodes:     []string{"B2-0", "B6-0"},
			hexes:     map[string][]int{"B4": {1, 4}, "B6": {1}},
			noHexes:   []string{"B8", "B10"},
			tokenable: nil,
		},
		{
			name:      "own token lets the walk pass",
			lays:      line,
			tokens:    map[string][]string{"B6-0": {"X"}},
			starts:    []string{"B2-0"},
			nodes:     []string{"B2-0", "B6-0", "B10-0"},
			hexes:     map[string][]int{"B6": {1, 4}},
			tokenable: []string{"B10-0"},
		},
		{
			name:      "free slot beside another token lets the walk pass",
			lays:      with(line, lay{"B6", "14", nil, 0}),
			tokens:    map[string][]string{"B6-0": {"Y", ""}},
			starts:    []string{"B2-0"},
			nodes:     []string{"B2-0", "B6-0", "B10-0"},
			tokenable: []string{"B10-0", "B6-0"},
		},
		{
			name:      "town is passed through",
			lays:      with(line, lay{"B4", "4", nil, 1}),
			starts:    []string{"B2-0"},
			nodes:     []string{"B2-0", "B4-0", "B6-0", "B10-0"},
			hexes:     map[string][]int{"B4": {1, 4}},
			tokenable: []string{"B10-0", "B6-0"},
		},
		{
			name:    "rotation turning the track away",
			lays:    with(line, lay{"B4", "57", nil, 0}),
			starts:  []string{"B2-0"},
			nodes:   []string{"B2-0"},
			hexes:   map[string][]int{"B4": {1}},
			noHexes: []string{"B6"},
		},
		{
			// Tile 8 (edges 0, 2) at rotation 1 runs west to north-east (A5),
			// at rotation 5 west to south-east (C5).
			name:      "curve at rotation 1",
			lays:      with(line, lay{"B4", "8", nil, 1}, lay{"A5", "57", nil, 0}, lay{"C5", "57", nil, 2}),
			starts:    []string{"B2-0"},
			nodes:     []string{"B2-0", "A5-0"},
			hexes:     map[string][]int{"B4": {1, 3}, "A5": {0, 3}},
			noHexes:   []string{"B6", "C5"},
			tokenable: []string{"A5-0"},
		},
		{
			name:      "curve at rotation 5",
			lays:      with(line, lay{"B4", "8", nil, 5}, lay{"A5", "57", nil, 0}, lay{"C5", "57", nil, 2}),
			starts:    []string{"B2-0"},
			nodes:     []string{"B2-0", "C5-0"},
			hexes:     map[string][]int{"B4": {1, 5}, "C5": {2, 5}},
			noHexes:   []string{"B6", "A5"},
			tokenable: []string{"C5-0"},
		},
		{
			// Tile 82 (edges 0, 1, 3 to a junction) at rotation 1: edges 1, 2, 4.
			name:      "junction joins its paths",
			lays:      with(line, lay{"B4", "82", nil, 1}),
			starts:    []string{"B2-0"},
			nodes:     []string{"B2-0", "B6-0", "B10-0"},
			hexes:     map[string][]int{"B4": {1, 2, 4}, "A3": {0, 5}},
			tokenable: []string{"B10-0", "B6-0"},
		},
		{
			name:    "impassable border",
			lays:    line,
			walls:   []edgeRef{{"B6", 1}},
			starts:  []string{"B2-0"},
			nodes:   []string{"B2-0"},
			hexes:   map[string][]int{"B4": {1, 4}},
			noHexes: []string{"B6"},
		},
		{
			name:    "impassable border on the token hex",
			lays:    line,
			walls:   []edgeRef{{"B2", 4}},
			starts:  []string{"B2-0"},
			nodes:   []string{"B2-0"},
			hexes:   map[string][]int{"B2": {0, 2, 3, 4, 5}},
			noHexes: []string{"B4"},
		},
		{
			name:    "off-board ends the walk",
			lays:    with(line, lay{"B6", "", offboard, 0}),
			starts:  []string{"B2-0"},
			nodes:   []string{"B2-0", "B6-0"},
			hexes:   map[string][]int{"B6": {1}},
			noHexes: []string{"B8", "B10"},
		},
		{
			name:      "a walk leaves an off-board token outwards",
			lays:      with(line, lay{"B6", "", offboard, 0}),
			starts:    []string{"B6-0"},
			nodes:     []string{"B2-0", "B6-0", "B10-0"},
			hexes:     map[string][]int{"B4": {1, 4}, "B6": {0, 1, 2, 3, 4, 5}},
			tokenable: []string{"B10-0", "B2-0"},
		},
		{
			name: "terminal path into a city ends the walk",
			lays: with(line, lay{"B6", "", pnwTile(t, "F23"), 0},
				lay{"C5", "57", nil, 0}, lay{"A5", "57", nil, 0}),
			starts:    []string{"B2-0"},
			nodes:     []string{"B2-0", "B6-0"},
			hexes:     map[string][]int{"B6": {1}},
			noHexes:   []string{"A5", "C5"},
			tokenable: []string{"B6-0"},
		},
		{
			name:    "terminal stub into a junction is never walked",
			lays:    with(line, lay{"B6", "", pnwTile(t, "B15"), 0}),
			starts:  []string{"B2-0"},
			nodes:   []string{"B2-0"},
			hexes:   map[string][]int{"B6": {1}},
			noHexes: []string{"B8", "A5", "C5"},
		},
		{
			name: "no second token in a hex where the corporation has one",
			lays: with(line, lay{"B4", "", twoCities, 0}),
			// B4-0 is a start (the corporation's token); B4-1 is reached from B8's token.
			starts:    []string{"B4-0", "B10-0"},
			nodes:     []string{"B2-0", "B4-0", "B4-1", "B6-0", "B10-0"},
			tokenable: []string{"B2-0", "B6-0"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := grid()
			for _, l := range tc.lays {
				tl := l.t
				if tl == nil {
					tl = tile(t, l.name)
				}
				f.tiles[l.hex] = placed{tl, l.rot}
			}
			for k, v := range tc.tokens {
				f.tokens[ref(k)] = v
			}
			for _, w := range tc.walls {
				f.walls[w] = true
			}
			starts := refs(tc.starts...)
			for _, s := range starts {
				if toks := make([]string, f.tiles[s.Hex].t.Nodes[s.Node].Slots); len(toks) > 0 {
					toks[0] = "X"
					f.tokens[s] = toks
				}
			}
			r := Reach(f, "X", starts)
			var got []string
			for n := range r.Nodes() {
				got = append(got, n.String())
			}
			slices.Sort(got)
			want := slices.Sorted(slices.Values(tc.nodes))
			if !slices.Equal(got, want) {
				t.Errorf("nodes = %v; want %v", got, want)
			}
			for hex, edges := range tc.hexes {
				if e, ok := r.Edges(hex); !ok || !slices.Equal(e.List(), edges) {
					t.Errorf("hex %s edges = %v (present %v); want %v", hex, e.List(), ok, edges)
				}
			}
			for _, hex := range tc.noHexes {
				if e, ok := r.Edges(hex); ok {
					t.Errorf("hex %s connected on %v; want not connected", hex, e.List())
				}
			}
			var tok []string
			for _, n := range r.Tokenable {
				tok = append(tok, n.String())
			}
			if !slices.Equal(tok, tc.tokenable) {
				t.Errorf("tokenable = %v; want %v", tok, tc.tokenable)
			}
			if r.CanToken() != (len(tc.tokenable) > 0) {
				t.Errorf("CanToken = %v", r.CanToken())
			}
		})
	}
}

// pnwTile returns the preprinted face of a PNW hex.
func pnwTile(t *testing.T, hex string) *board.Tile {
	t.Helper()
	h := board.PNW().Hex(hex)
	if h == nil {
		t.Fatalf("no PNW hex %s", hex)
	}
	return &h.Tile
}
