package graph

import (
	"slices"
	"testing"

	"pbc/engine/board"
)

// mapBoard is a Board over a title's map with laid tiles and tokens on top.
type mapBoard struct {
	m      *board.Map
	laid   map[string]placed
	tokens map[NodeRef][]string
}

func newMapBoard(m *board.Map) *mapBoard {
	return &mapBoard{m: m, laid: map[string]placed{}, tokens: map[NodeRef][]string{}}
}

func (b *mapBoard) Layout() board.Layout { return b.m.Layout }

func (b *mapBoard) Tile(hex string) (*board.Tile, int, bool) {
	if p, ok := b.laid[hex]; ok {
		return p.t, p.rot, true
	}
	h := b.m.Hex(hex)
	if h == nil {
		return nil, 0, false
	}
	return &h.Tile, 0, true
}

func (b *mapBoard) Tokens(hex string, node int) []string {
	if toks, ok := b.tokens[NodeRef{hex, node}]; ok {
		return toks
	}
	t, _, _ := b.Tile(hex)
	return make([]string, t.Nodes[node].Slots)
}

func (b *mapBoard) Impassable(hex string, edge int) bool {
	h := b.m.Hex(hex)
	if h == nil {
		return false
	}
	return slices.ContainsFunc(h.Borders, func(br board.Border) bool {
		return br.Edge == edge && br.Kind == board.Impassable
	})
}

func TestReachPNW(t *testing.T) {
	tests := []struct {
		name  string
		lays  []lay
		start string
		nodes []string
		hexes map[string][]int
		paths []PathRef
	}{
		{
			name:  "J9 preprinted yellow city",
			start: "J9-0",
			nodes: []string{"J9-0"},
			hexes: map[string][]int{"J9": {0, 1, 2, 3, 4, 5}, "J7": {4}, "J11": {1}, "K10": {2}},
		},
		{
			name:  "D11 preprinted yellow city",
			start: "D11-0",
			nodes: []string{"D11-0"},
			hexes: map[string][]int{"C10": {5}, "C12": {0}, "D13": {1}},
		},
		{
			name:  "J9 extended east through a town",
			lays:  []lay{{"J11", "9", nil, 1}, {"J13", "4", nil, 1}},
			start: "J9-0",
			nodes: []string{"J9-0", "J13-0"},
			hexes: map[string][]int{"J11": {1, 4}, "J13": {1, 4}, "J15": {1}},
		},
		{
			// Portland's double track to edge 5 meets P9's two single lanes.
			name:  "O8 lanes into P9",
			start: "O8-0",
			nodes: []string{"O8-0"},
			hexes: map[string][]int{"O8": {0, 2, 3, 4, 5}, "P9": {1, 2, 4}, "P7": {3, 4}, "P11": {1}},
			paths: []PathRef{{"P9", 0}, {"P9", 1}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := newMapBoard(board.PNW())
			for _, l := range tc.lays {
				b.laid[l.hex] = placed{tile(t, l.name), l.rot}
			}
			s := ref(tc.start)
			tl, _, _ := b.Tile(s.Hex)
			toks := make([]string, tl.Nodes[s.Node].Slots)
			toks[0] = "X"
			b.tokens[s] = toks
			r := Reach(b, "X", []NodeRef{s})
			var got []string
			for n := range r.Nodes() {
				got = append(got, n.String())
			}
			slices.Sort(got)
			if want := slices.Sorted(slices.Values(tc.nodes)); !slices.Equal(got, want) {
				t.Errorf("nodes = %v; want %v", got, want)
			}
			for hex, edges := range tc.hexes {
				if e, _ := r.Edges(hex); !slices.Equal(e.List(), edges) {
					t.Errorf("hex %s edges = %v; want %v", hex, e.List(), edges)
				}
			}
			for _, p := range tc.paths {
				if !r.HasPath(p) {
					t.Errorf("path %v not walked", p)
				}
			}
		})
	}
}

// BenchmarkReachPNW walks from the seven PNW major home cities on the bare map.
func BenchmarkReachPNW(b *testing.B) {
	mb := newMapBoard(board.PNW())
	var starts []NodeRef
	for _, h := range []string{"A8", "O8", "F23", "D11", "J9", "O10", "I12"} {
		starts = append(starts, NodeRef{h, 0})
	}
	b.ReportAllocs()
	for b.Loop() {
		Reach(mb, "X", starts)
	}
}
