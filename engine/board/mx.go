package board

// The 1822MX board (tables in mx_hexes.go, tiles in tiles_mx.go):
// pointy-topped hexes, letters naming rows (A–Q) and numbers columns. Rivers
// cost $20, hills $40, mountains $80, and some hexes carry two of them.
// Mexico City (N23) is six cities of its own tile line (X20–X23, label MC);
// the blue hexes are the port spots of P17 and P18, their thin track drawn
// only.

// MX returns a fresh copy of the 1822MX map.
func MX() *Map {
	return buildMap(Pointy, mxEntries, mxNames, supply(mxManifest, mxLibrary()))
}
