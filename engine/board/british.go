package board

import "sync"

// The boards of 1822, the game of Great Britain, and its scenarios 1822NRS
// (the north) and 1822MRS (the midlands and south), in tables in
// british_hexes.go and tiles_british.go: flat-topped hexes, letters naming
// columns (A–R) and numbers rows. Water borders cost $40; swamps $20 or $40,
// hills $40 or $60, mountains $80. London (M38) is six cities of its own
// tile line (X20–X23), the English Channel (P43) and France (Q44) stand for
// the crossing, Merthyr Tydfil & Pontypool (E32), Swansea (D35) and Cardiff
// (F35) have track of their own. Edge stubs ("stub_<edge>" icons) are drawn
// only: 18xx.games does not restrict lays to them in these titles.

var britishLibrary = sync.OnceValue(func() map[string]*Tile { return indexTiles(sharedTiles, britishOnlyTiles) })

// British returns a fresh copy of the 1822 map (211 hexes).
func British() *Map {
	return buildMap(Flat, britishEntries, britishNames, supply(britishManifest, britishLibrary()))
}

// BritishNRS returns a fresh copy of the 1822NRS map (109 hexes).
func BritishNRS() *Map {
	return buildMap(Flat, nrsEntries, nrsNames, supply(nrsManifest, britishLibrary()))
}

// BritishMRS returns a fresh copy of the 1822MRS map (152 hexes).
func BritishMRS() *Map {
	return buildMap(Flat, mrsEntries, mrsNames, supply(mrsManifest, britishLibrary()))
}
