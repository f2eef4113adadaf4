package graph

import (
	"reflect"
	"slices"
	"testing"

	"pbc/engine/board"
)

// hexMapBoard is mapBoard with the HexBoard shortcuts.
type hexMapBoard struct{ *mapBoard }

func (b hexMapBoard) HexInfo(hex string) (*board.Tile, int, Edges, bool) {
	t, rot, ok := b.Tile(hex)
	var walls Edges
	for e := range 6 {
		if ok && b.Impassable(hex, e) {
			walls |= 1 << e
		}
	}
	return t, rot, walls, ok
}

func (b hexMapBoard) CityAccess(hex string, node int, corp string) (own, free bool) {
	toks := b.Tokens(hex, node)
	return slices.Contains(toks, corp), slices.Contains(toks, "")
}

// TestHexBoardSameResult checks that a board's HexBoard shortcuts change
// nothing in what Reach finds, tokens of other corporations and walls included.
func TestHexBoardSameResult(t *testing.T) {
	b := newMapBoard(board.PNW())
	b.laid["J11"] = placed{tile(t, "9"), 1}
	b.laid["J13"] = placed{tile(t, "4"), 1}
	b.tokens[NodeRef{"J9", 0}] = []string{"X"}
	b.tokens[NodeRef{"O8", 0}] = []string{"Y", "", ""}
	var starts []NodeRef
	for _, h := range []string{"A8", "O8", "F23", "D11", "J9", "O10", "I12"} {
		starts = append(starts, NodeRef{h, 0})
	}
	for _, corp := range []string{"X", "Y"} {
		plain := Reach(b, corp, starts)
		fast := Reach(hexMapBoard{b}, corp, starts)
		if !reflect.DeepEqual(plain, fast) {
			t.Errorf("%s: HexBoard walk differs:\n%+v\nplain:\n%+v", corp, fast, plain)
		}
		if plain.NodeCount() < 2 || len(plain.Tokenable) == 0 {
			t.Errorf("%s: walk found no track or token spot: %+v", corp, plain)
		}
	}
}
