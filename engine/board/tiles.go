package board

import "sync"

// The tile library: every tile the 1822PNW and 1822CA supplies hold (tables in
// tiles_shared.go, tiles_pnw.go and tiles_ca.go). Nodes are listed in the
// 18xx.games definition order, so a node's index is the part index of ids such
// as "57-0-0"; a tile's Count comes from a title's manifest, not the library.

// The indexes are made when first asked for: a process plays one title or
// none, and making all three was most of the package's start-up.
var (
	pnwLibrary = sync.OnceValue(func() map[string]*Tile { return indexTiles(sharedTiles, pnwOnlyTiles) })
	caLibrary  = sync.OnceValue(func() map[string]*Tile { return indexTiles(sharedTiles, caOnlyTiles) })
	library    = sync.OnceValue(func() map[string]*Tile { return indexTiles(sharedTiles, pnwOnlyTiles, caOnlyTiles) })
)

// indexTiles maps tile names to definitions; a later list wins on a shared name.
func indexTiles(lists ...[]Tile) map[string]*Tile {
	m := map[string]*Tile{}
	for _, l := range lists {
		for i := range l {
			m[l[i].Name] = &l[i]
		}
	}
	return m
}

// TileDef returns the library definition of a tile by name (read-only; Count is
// not set). Tiles 767 and 768 have different edge numberings in the two titles:
// TileDef returns the 1822CA ones; use Map.TileDef for a title's own supply.
func TileDef(name string) (*Tile, bool) {
	t, ok := library()[name]
	return t, ok
}

// PNWTiles returns the 1822PNW tile supply (also Short Scenario and SRS) with counts.
func PNWTiles() []Tile { return supply(pnwManifest, pnwLibrary()) }

// CATiles returns the 1822CA tile supply (also ERS and WRS) with counts.
func CATiles() []Tile { return supply(caManifest, caLibrary()) }
