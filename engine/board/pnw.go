package board

// The 1822PNW board (tables in pnw_hexes.go): 163 pointy-topped hexes, rows A–Q,
// columns 1–25. Water borders (the Columbia between Ilwaco M4 and Astoria N5, and
// Seattle H11/H13) cost $75 to cross; forests (timber) $10, river hexes $20
// (Vancouver, WA and Stevenson $150), mountains $75, $100 or $150. Home markers
// are icons named "<major>_home". The board's gray mountain ranges are the Brown
// hexes with a "mountain" icon and the sounds and rivers are the Blue ones: no
// tile may be laid there without a private's ability. Blue hexes marked "anchor"
// are the port spots; the thin track on D9 and E8 is the Port Townsend–Bellingham
// ferry line, used only to show connectivity.

// PNW returns a fresh copy of the 1822PNW map.
func PNW() *Map { return buildMap(Pointy, pnwEntries, pnwNames, PNWTiles()) }

// PNWShort returns the map of the 1822PNW Short Scenario: the same as PNW.
func PNWShort() *Map { return PNW() }

// PNWSRS returns the map of the 1822PNW Southern Regional Scenario: PNW without
// the CPR and GNR home markers on A8 and D23 (those majors are not in play).
func PNWSRS() *Map { return PNW().withoutIcons("A8", "D23") }
