package engine

import (
	"slices"
	"strconv"
	"strings"

	"pbc/engine/board"
	"pbc/engine/graph"
	"pbc/engine/title"
)

// Tile-lay legality for games played here (imported logs are trusted): the
// colour sequence and the phase, labels, cities and towns, existing track,
// rotations, connection to the laying company's network and the tile supply,
// with the 1822PNW and 1822CA exceptions. The checks only read the game.

// validating reports whether actions are checked against the rules, that is
// whether the game is not replaying an imported 18xx.games log.
func (g *Game) validating() bool { return !g.importing }

// layMode is the kind of lay a private ability allows, or a normal lay.
type layMode uint8

const (
	layNormal     layMode = iota
	layPort               // PNW P12/P13: a port tile on an anchor spike
	layPortage            // PNW P16: a portage tile on water
	layBoomTown           // PNW P18: the boom town over plain yellow track
	layCoal               // PNW P19: the coal mine on a mountain
	layRemoveTown         // PNW P7/P8, CA P29/P30: plain track over a single town
	layAdvanced           // CA P12: a tile of the next phase's colour
	layCube               // a builder cube (tile BC) in a hex with terrain
)

// modeByAbility maps private abilities to the lay they allow; abilities not
// listed allow normal lays (possibly restricted to their hexes and tiles).
var modeByAbility = map[string]layMode{
	"small_port":      layPort,
	"large_port":      layPort,
	"special_tile":    layPortage,
	"special_upgrade": layBoomTown,
	"coal_mine":       layCoal,
	"remove_town":     layRemoveTown,
	"advanced_tile":   layAdvanced,
}

// layAbilities are the private abilities that lay track.
var layAbilities = map[string]bool{
	"small_port": true, "large_port": true, "special_tile": true, "special_upgrade": true,
	"coal_mine": true, "remove_town": true, "advanced_tile": true, "extra_tile": true,
	"builder_cubes": true, "free_city_upgrade": true, "pass_tile": true, "tile_grant": true,
	"hill_discount": true, "estuary_discount": true, bridgeAbility: true,
}

// layVia picks, among a private laying track and the privates combined with
// it (P11 with P7, say), the one whose ability governs the lay's legality: a
// special lay (town removal, port, ...) wins over a plain extra lay.
func layVia(main *Company, combos []*Company) *Company {
	for _, c := range append([]*Company{main}, combos...) {
		if c != nil && c.Def != nil && modeByAbility[c.Def.Ability] != layNormal {
			return c
		}
	}
	return main
}

// layCheck is one tile lay being judged.
type layCheck struct {
	g    *Game
	c    *Corp
	h    *HexState
	def  *board.Tile
	via  *Company
	mode layMode
	net  *graph.Result // c's network before the lay
}

// checkTileLay returns nil if company c may now lay tile def on hex h at
// rotation rot (through private via when not nil), else a *RuleError saying
// what is wrong and what would be legal. It does not check how many lays the
// company has left this turn, nor the cost.
func (g *Game) checkTileLay(c *Corp, h *HexState, def *board.Tile, rot int, via *Company) error {
	lc, err := g.newLayCheck(c, h, def, via)
	if err != nil {
		return err
	}
	if rot < 0 || rot > 5 {
		return ruleErr("rotation must be 0 to 5, not %d", rot)
	}
	if why := lc.static(); why != "" {
		return ruleErr("%s%s", why, lc.alternatives())
	}
	rots := lc.rotations()
	if !slices.Contains(rots, rot) {
		why := lc.fits(rot)
		if len(rots) == 0 {
			return ruleErr("tile %s does not fit %s at any rotation (at rotation %d %s)%s",
				def.Name, h.Def.ID, rot, why, lc.alternatives())
		}
		return ruleErr("tile %s does not fit %s at rotation %d: %s; it fits at %s",
			def.Name, h.Def.ID, rot, why, orJoin(rotationWord(rots), intsText(rots)))
	}
	if why := lc.moreExits(); why != "" {
		return ruleErr("%s", why)
	}
	return nil
}

// legalRotations lists the rotations at which c may lay def on h now
// (through private via when not nil); nil when the tile may not be laid there.
func (g *Game) legalRotations(c *Corp, h *HexState, def *board.Tile, via *Company) []int {
	lc, err := g.newLayCheck(c, h, def, via)
	if err != nil || lc.static() != "" {
		return nil
	}
	rots := lc.rotations()
	if len(rots) == 0 || lc.moreExits() != "" {
		return nil
	}
	return rots
}

// newLayCheck validates the parties of a lay and works out its mode.
func (g *Game) newLayCheck(c *Corp, h *HexState, def *board.Tile, via *Company) (*layCheck, error) {
	if c == nil {
		return nil, ruleErr("no company is laying track")
	}
	if h == nil {
		return nil, ruleErr("there is no such hex")
	}
	if def == nil {
		return nil, ruleErr("there is no such tile")
	}
	if sup, ok := g.Board.Map.TileDef(def.Name); ok {
		def = sup // the title's own track layout (PNW and CA number 767 and 768 differently)
	}
	lc := &layCheck{g: g, c: c, h: h, def: def, via: via}
	if via != nil {
		if via.Closed {
			return nil, ruleErr("%s is closed", via.ID)
		}
		if owner, ok := via.Owner.(*Corp); !ok || owner != c {
			return nil, ruleErr("%s does not own %s", c.ID, via.ID)
		}
		if via.Def == nil || !layAbilities[via.Def.Ability] {
			return nil, ruleErr("%s has no track-laying ability", via.ID)
		}
		lc.mode = modeByAbility[via.Def.Ability]
		if err := g.discountLayRefusal(via, h); err != nil {
			return nil, err
		}
	}
	if g.isCubeTile(def) {
		lc.mode = layCube
	}
	lc.net = g.quietReach(c)
	return lc, nil
}

// quietReach is c's network from its station tokens (not the coal mine), like
// reach but without recording route availability.
func (g *Game) quietReach(c *Corp) *graph.Result {
	r, e, current := g.cachedReach(c)
	if !current {
		g.storeReach(c, e)
	}
	return r
}

// tokenStarts lists the nodes holding c's station tokens; on hex remapHex the
// node index goes through remap (old node -> new node) when remap is set.
func tokenStarts(c *Corp, remapHex string, remap map[int]int) []graph.NodeRef {
	var starts []graph.NodeRef
	for _, t := range c.Tokens {
		if !t.Used || t.Hex == "" || t.Kind == CoalToken {
			continue
		}
		node := t.City
		if t.Hex == remapHex && remap != nil {
			n, ok := remap[node]
			if !ok {
				continue
			}
			node = n
		}
		starts = append(starts, graph.NodeRef{Hex: t.Hex, Node: node})
	}
	return starts
}

// static returns why the lay is illegal whatever the rotation, or "".
func (lc *layCheck) static() string {
	g, h, def := lc.g, lc.h, lc.def
	id := h.Def.ID
	if h.Markers["forest_laid"] && lc.mode != layCube {
		return id + " holds a timber tile, which is never upgraded"
	}
	if why := lc.viaLimits(); why != "" {
		return why
	}
	if why := lc.approachBlock(); why != "" {
		return why
	}
	switch lc.mode {
	case layCube:
		return lc.cubeProblem()
	case layPort, layPortage, layBoomTown, layCoal:
		if why := lc.specialStatic(); why != "" {
			return why
		}
		return lc.supplyProblem()
	}
	if owner := g.specialTileOwner(def.Name); owner != "" {
		return "tile " + def.Name + " can only be laid with " + owner
	}
	if def.Hidden {
		return "tile " + def.Name + " is not a supply tile"
	}
	if why := lc.hexLocked(); why != "" {
		return why
	}
	if g.isTokenCity(h) {
		return lc.tokenCityProblem()
	}
	if lc.mode == layRemoveTown {
		return lc.removeTownStatic()
	}
	if why := lc.colorProblem(); why != "" {
		return why
	}
	if why := lc.labelProblem(); why != "" {
		return why
	}
	if why := lc.stopsProblem(); why != "" {
		return why
	}
	if no, ok := g.T.NoUpgrade[h.Tile.Name]; ok && no == def.Name {
		return "tile " + h.Tile.Name + " on " + id + " cannot be upgraded to tile " + def.Name
	}
	return lc.supplyProblem()
}

// viaLimits checks the hexes and tiles a private's ability is limited to.
func (lc *layCheck) viaLimits() string {
	if lc.via == nil || lc.mode == layCube {
		return ""
	}
	d := lc.via.Def
	if len(d.Hexes) > 0 && !slices.Contains(d.Hexes, lc.h.Def.ID) {
		return lc.via.ID + " can lay track only on " + andJoin(d.Hexes)
	}
	if len(d.Tiles) > 0 && !slices.Contains(d.Tiles, lc.def.Name) {
		return lc.via.ID + " can lay only tile " + orJoin("", d.Tiles)
	}
	return ""
}

// specialTileOwner names the private whose ability alone lays tile name
// (ports, portage, boom town, coal mine), or "".
func (g *Game) specialTileOwner(name string) string {
	for _, comp := range g.Companies {
		if d := comp.Def; d != nil && specialTile(d, name) {
			return comp.ID
		}
	}
	for i := range g.T.LeftOut {
		if d := &g.T.LeftOut[i]; specialTile(d, name) {
			return d.ID + ", which this scenario leaves out"
		}
	}
	return ""
}

// specialTile reports whether private d alone lays tile name.
func specialTile(d *title.Company, name string) bool {
	if !slices.Contains(d.Tiles, name) {
		return false
	}
	switch modeByAbility[d.Ability] {
	case layPort, layPortage, layBoomTown, layCoal:
		return true
	}
	return false
}

// hexLocked says why no normal tile may go on h: off-board, gray or water
// hexes, mountain ranges (PNW) and gray tiles.
func (lc *layCheck) hexLocked() string {
	h := lc.h
	id := h.Def.ID
	if lc.g.isSpecialUpgrade(h.Tile, lc.def) {
		return ""
	}
	if !h.laid && slices.Contains(h.Def.Icons, "mountain") {
		return id + " is a mountain range; only the coal mine private may lay a tile there"
	}
	switch h.Tile.Color {
	case board.Red:
		return id + " is an off-board area; no tile may be laid there"
	case board.Blue:
		return id + " is water; only a port or portage private may lay a tile there"
	case board.Gray:
		if h.laid {
			return id + " holds gray tile " + h.Tile.Name + ", which is never upgraded"
		}
		return id + " is a gray hex; no tile may be laid there"
	}
	return ""
}

// colorProblem checks the colour sequence, the phase and the minor limit.
func (lc *layCheck) colorProblem() string {
	g, h, def := lc.g, lc.h, lc.def
	id := h.Def.ID
	old := h.Tile.Color
	if g.isSpecialUpgrade(h.Tile, def) {
		return lc.minorLimit()
	}
	if def.Color != old+1 {
		if old == board.White {
			return "tile " + def.Name + " is " + def.Color.String() + "; only a yellow tile may be laid on empty hex " + id
		}
		return "tile " + def.Name + " is " + def.Color.String() + "; " + id + " holds " + old.String() +
			" tile " + h.Tile.Name + ", so it can only be upgraded to " + (old + 1).String()
	}
	limit := g.tileColor()
	if lc.mode == layAdvanced {
		if def.Color <= limit {
			return lc.via.ID + " lays only tiles of the next phase's colour, not " + def.Color.String()
		}
		if old != limit {
			return lc.via.ID + " upgrades only " + limit.String() + " tiles"
		}
		limit++
	}
	if def.Color > limit {
		return "tile " + def.Name + " is " + def.Color.String() + ", but phase " + g.phase().Name +
			" allows only " + colorsUpTo(limit) + " tiles"
	}
	return lc.minorLimit()
}

// minorLimit says why a minor may not lay the tile (minors never lay past green), or "".
func (lc *layCheck) minorLimit() string {
	if lc.c.IsMinor() && lc.def.Color > board.Green && lc.def.Color <= board.Gray {
		return "minor " + lc.c.ID + " cannot lay " + lc.def.Color.String() + " tile " + lc.def.Name +
			"; minors never upgrade past green"
	}
	return ""
}

// wantLabel is the label a tile of colour col must carry on h.
func (lc *layCheck) wantLabel(col board.Color) string {
	d := lc.h.Def
	if d.FutureLabel != "" && col >= d.FutureColor {
		return d.FutureLabel
	}
	return lc.h.Tile.Label
}

// labelProblem checks that the tile's label matches the hex's.
func (lc *layCheck) labelProblem() string {
	h, def := lc.h, lc.def
	if lc.cityAndTownHex() && h.Tile.Color == board.White {
		return ""
	}
	want := lc.wantLabel(def.Color)
	if def.Label == want {
		return ""
	}
	if slices.Contains(lc.g.T.Hexes.PlainTrackPasses, h.Def.ID) && slices.Contains([]string{"7", "8", "9"}, def.Name) {
		return "" // mountain passes take plain track
	}
	if want == "" {
		return "tile " + def.Name + " is labelled " + def.Label + ", but " + h.Def.ID + " has no label"
	}
	if def.Label == "" {
		return h.Def.ID + " needs a tile labelled " + want + "; tile " + def.Name + " has no label"
	}
	return h.Def.ID + " needs a tile labelled " + want + ", not " + def.Label
}

// cityAndTownHex reports whether h is a city-and-town hex (PNW H19, CA AG13)
// whose first tile is a plain yellow city (5, 6 or 57) whatever its track.
func (lc *layCheck) cityAndTownHex() bool { return lc.g.isCityAndTownHex(lc.h.Def.ID) }

// isCityAndTownHex reports whether hex id is the title's city-and-town hex.
func (g *Game) isCityAndTownHex(id string) bool {
	return id == g.T.Hexes.CityAndTown
}

// stopsProblem checks that the tile keeps the hex's cities and towns.
func (lc *layCheck) stopsProblem() string {
	h, def := lc.h, lc.def
	id := h.Def.ID
	if why, ok := lc.townDropStops(); ok {
		return why
	}
	if lc.cityAndTownHex() && h.Tile.Color == board.White {
		if !slices.Contains([]string{"5", "6", "57"}, def.Name) {
			return id + " takes a yellow city tile 5, 6 or 57 first"
		}
		return ""
	}
	oc, ot := countStops(h.Tile)
	nc, nt := countStops(def)
	label := h.Tile.Label != ""
	o14 := slices.Contains(lc.g.T.Hexes.CityCountFree, id) && h.Tile.Color == board.Yellow
	switch {
	case ot != nt, oc != nc && !label && !o14, label && oc > 0 && nc == 0:
		return id + " needs a tile with " + stopsText(oc, ot) + "; tile " + def.Name + " has " + stopsText(nc, nt)
	}
	return ""
}

// countStops counts a tile's cities and towns.
func countStops(t *board.Tile) (cities, towns int) {
	for _, n := range t.Nodes {
		switch n.Kind {
		case board.City:
			cities++
		case board.Town:
			towns++
		}
	}
	return cities, towns
}

// stopsText describes a number of cities and towns.
func stopsText(cities, towns int) string {
	var parts []string
	if cities > 0 {
		parts = append(parts, countOf(cities, "city", "cities"))
	}
	if towns > 0 {
		parts = append(parts, countOf(towns, "town", "towns"))
	}
	if len(parts) == 0 {
		return "no city or town"
	}
	return strings.Join(parts, " and ")
}

// countOf writes n with the singular or plural noun.
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// supplyProblem checks that a copy of the tile is still in the supply.
func (lc *layCheck) supplyProblem() string {
	def := lc.def
	sup, ok := lc.g.Board.Map.TileDef(def.Name)
	if !ok {
		return "tile " + def.Name + " is not in this game's supply"
	}
	if sup.Count == board.Unlimited {
		return ""
	}
	if used := lc.g.tilesOnMap(def.Name); used >= sup.Count {
		return "all " + strconv.Itoa(sup.Count) + " copies of tile " + def.Name + " are on the map"
	}
	return ""
}

// tilesOnMap counts the laid copies of a supply tile.
func (g *Game) tilesOnMap(name string) int {
	n := 0
	for id := range g.Board.tileUsed {
		if tileName(id) == name {
			n++
		}
	}
	return n
}

// rotations lists the rotations at which the tile fits.
func (lc *layCheck) rotations() []int {
	var out []int
	for r := range 6 {
		if lc.fits(r) == "" {
			out = append(out, r)
		}
	}
	return out
}

// fits returns why the tile does not fit at rotation rot, or "".
func (lc *layCheck) fits(rot int) string {
	switch lc.mode {
	case layCube:
		return ""
	case layPort, layPortage, layBoomTown, layCoal:
		return lc.specialFits(rot)
	}
	if why, ok := lc.townDropFits(rot); ok {
		return why
	}
	if why := lc.caRotation(rot); why != "" {
		return why
	}
	exits := lc.def.Exits(rot)
	if why := lc.exitsOpen(exits); why != "" {
		return why
	}
	if why := lc.stubsProblem(exits); why != "" {
		return why
	}
	if !lc.touchesNetwork(exits) {
		return "none of its track would connect to " + lc.c.ID + "'s network"
	}
	if why := lc.approachFits(rot); why != "" {
		return why
	}
	if lc.mode == layRemoveTown {
		if missing := missingInts(lc.h.exits(), exits); len(missing) > 0 {
			return "it would drop the track " + lc.towardText(missing)
		}
		return ""
	}
	if lc.cityAndTownHex() && lc.h.Tile.Color == board.White {
		return lc.trackRestriction(rot)
	}
	if why := lc.keepsTrack(rot); why != "" {
		return why
	}
	if why := lc.keepsStations(rot); why != "" {
		return why
	}
	return lc.trackRestriction(rot)
}

// exitsOpen checks that no track runs off the map, across an impassable
// border or into an off-board, gray or water hex edge without track.
func (lc *layCheck) exitsOpen(exits []int) string {
	for _, e := range exits {
		if why := lc.g.edgeBlocked(lc.h, e); why != "" {
			return why
		}
	}
	return ""
}

// edgeBlocked says why track may not leave h across map edge e, or "".
func (g *Game) edgeBlocked(h *HexState, e int) string {
	layout := g.Board.Map.Layout
	nid := board.Neighbor(layout, h.Def.ID, e)
	n := g.Board.Hex(nid)
	if n == nil {
		return "its track would run off the map at edge " + strconv.Itoa(e)
	}
	back := (e + 3) % 6
	if hasImpassable(h.Def, e) || hasImpassable(n.Def, back) {
		return "its track would cross the impassable border to " + nid
	}
	switch n.Def.Color {
	case board.Gray, board.Red, board.Blue:
		if !tileFaces(&n.Def.Tile, 0, back) && !tileFaces(n.Tile, n.Rotation, back) {
			return "its track would run into a blank edge of " + n.Def.Color.String() + " hex " + nid
		}
	}
	return ""
}

// hasImpassable reports whether a hex has an impassable border on edge.
func hasImpassable(d *board.Hex, edge int) bool {
	for _, b := range d.Borders {
		if b.Edge == edge && b.Kind == board.Impassable {
			return true
		}
	}
	return false
}

// tileFaces reports whether t laid at rot has track on map edge e.
func tileFaces(t *board.Tile, rot, e int) bool {
	return slices.Contains(t.Exits(rot), e)
}

// touchesNetwork reports whether some exit meets the company's track.
func (lc *layCheck) touchesNetwork(exits []int) bool {
	reached, _ := lc.net.Edges(lc.h.Def.ID)
	for _, e := range exits {
		if reached.Has(e) {
			return true
		}
	}
	return false
}

// towardText names the hexes across the given edges of h.
func (lc *layCheck) towardText(edges []int) string {
	var ids []string
	for _, e := range edges {
		if nid := board.Neighbor(lc.g.Board.Map.Layout, lc.h.Def.ID, e); nid != "" {
			ids = append(ids, nid)
		} else {
			ids = append(ids, "edge "+strconv.Itoa(e))
		}
	}
	return "toward " + andJoin(ids)
}

// missingInts returns the members of want not in have.
func missingInts(want, have []int) []int {
	var out []int
	for _, x := range want {
		if !slices.Contains(have, x) {
			out = append(out, x)
		}
	}
	return out
}

// alternatives names the tiles that would be legal on the hex, for messages.
func (lc *layCheck) alternatives() string {
	if lc.mode == layCube {
		return ""
	}
	var opts []string
	for _, name := range lc.g.legalTileNames(lc.c, lc.h, lc.via) {
		opts = append(opts, name)
	}
	if len(opts) == 0 {
		return "; no tile can be laid on " + lc.h.Def.ID + " now"
	}
	return "; tiles that fit " + lc.h.Def.ID + " now: " + strings.Join(opts, ", ")
}

// legalTileNames lists the supply tiles c may lay on h now (through via), each
// with its legal rotations: "57 (rotation 0 or 3)".
func (g *Game) legalTileNames(c *Corp, h *HexState, via *Company) []string {
	var out []string
	for i := range g.Board.Map.Tiles {
		t := &g.Board.Map.Tiles[i]
		if t.Hidden {
			continue
		}
		// Rotations laying the same track are one (4 at r0 is 4 at r3).
		if rots := board.DistinctRotations(t, g.legalRotations(c, h, t, via)); len(rots) > 0 {
			out = append(out, t.Name+" ("+orJoin(rotationWord(rots), intsText(rots))+")")
		}
	}
	return out
}

// rotationWord is "rotation" or "rotations" for a list.
func rotationWord(list []int) string {
	if len(list) == 1 {
		return "rotation"
	}
	return "rotations"
}

// intsText writes integers as text.
func intsText(list []int) []string {
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = strconv.Itoa(x)
	}
	return out
}

// orJoin joins items as "a", "a or b", "a, b or c", after an optional lead word.
func orJoin(lead string, items []string) string {
	s := joinLast(items, " or ")
	if lead == "" {
		return s
	}
	return lead + " " + s
}

// andJoin joins items as "a", "a and b", "a, b and c".
func andJoin(items []string) string { return joinLast(items, " and ") }

// joinLast joins items with commas and last before the final one.
func joinLast(items []string, last string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + last + items[len(items)-1]
}

// colorsUpTo names the tile colours from yellow up to c.
func colorsUpTo(c board.Color) string {
	var names []string
	for col := board.Yellow; col <= c && col <= board.Gray; col++ {
		names = append(names, col.String())
	}
	return andJoin(names)
}

// isCubeTile says whether def is the title's builder cube.
func (g *Game) isCubeTile(def *board.Tile) bool {
	cube := g.T.SpecialTiles.Cube
	return cube != "" && def.Name == cube
}

// isSpecialUpgrade says whether the title lets old be upgraded to def
// outside the colour order.
func (g *Game) isSpecialUpgrade(old, def *board.Tile) bool {
	to, ok := g.T.SpecialTiles.Upgrades[old.Name]
	return ok && to == def.Name
}

// hasCubes says whether the title has builder cubes, which cut the cost of
// the next lay on their hex.
func (g *Game) hasCubes() bool { return g.T.SpecialTiles.Cube != "" }
