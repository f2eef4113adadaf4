package board

import "sync"

// The tile library: every tile the 1822PNW, 1822CA and British (1822, NRS,
// MRS) supplies hold (tables in tiles_shared.go, tiles_pnw.go, tiles_ca.go and
// tiles_british.go). Nodes are listed in the
// 18xx.games definition order, so a node's index is the part index of ids such
// as "57-0-0"; a tile's Count comes from a title's manifest, not the library.

// The indexes are made when first asked for: a process plays one title or
// none, and making all three was most of the package's start-up.
var (
	pnwLibrary = sync.OnceValue(func() map[string]*Tile { return indexTiles(sharedTiles, pnwOnlyTiles) })
	caLibrary  = sync.OnceValue(func() map[string]*Tile { return indexTiles(sharedTiles, caOnlyTiles) })
	library    = sync.OnceValue(func() map[string]*Tile {
		return indexTiles(sharedTiles, britishOnlyTiles, pnwOnlyTiles, caOnlyTiles)
	})
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
// not set). Some names have different layouts in different titles (767 and 768
// in all three, X1 and X20-X23 in the British titles): TileDef returns the
// 1822CA ones, then 1822PNW's; use Map.TileDef for a title's own supply.
func TileDef(name string) (*Tile, bool) {
	t, ok := library()[name]
	return t, ok
}

// PNWTiles returns the 1822PNW tile supply (also Short Scenario and SRS) with counts.
func PNWTiles() []Tile { return supply(pnwManifest, pnwLibrary()) }

// CATiles returns the 1822CA tile supply (also ERS and WRS) with counts.
func CATiles() []Tile { return supply(caManifest, caLibrary()) }
