package board

import "maps"

// The 1822CA boards (tables in ca_hexes.go): flat-topped hexes, letters naming
// columns (a, A–AP) and numbers rows. The full map joins a western part (the
// Western Regional Scenario's base), an eastern part (the Eastern Regional
// Scenario's base) and the hexes between them (the Detroit–Duluth line, T10–T14,
// Duluth and Detroit); each regional scenario adds its own edge hexes T12 and
// T14 (and its own Duluth or Detroit), replacing any entry with the same hexes.
// Water borders cost $20 or $40; grain elevators ("elevator") and ports ("port")
// are sticky icons; Windsor, Hamilton, Saint John and Moncton carry future labels.

// CA returns a fresh copy of the full 1822CA map (279 hexes).
func CA() *Map {
	return buildMap(Flat, mergeEntries(caWest, caEast, caFullOnly), caNames, CATiles())
}

// CAERS returns the map of the 1822CA Eastern Regional Scenario (156 hexes).
func CAERS() *Map {
	return buildMap(Flat, mergeEntries(caEast, caERSOnly), withNames(caNames, caERSNames), CATiles())
}

// CAWRS returns the map of the 1822CA Western Regional Scenario (115 hexes).
func CAWRS() *Map {
	return buildMap(Flat, mergeEntries(caWest, caWRSOnly), withNames(caNames, caWRSNames), CATiles())
}

// withNames returns base with the overrides applied.
func withNames(base, over map[string]string) map[string]string {
	out := maps.Clone(base)
	maps.Copy(out, over)
	return out
}
