package engine

import (
	"pbc/engine/action"
	"slices"
	"sort"

	"pbc/engine/board"
	"pbc/engine/title"
)

// Placing a tile (rule 5.7), whichever step lays it: the cost, the tile
// swap, the tokens and cities the new tile keeps, and the hex reuse rule.
// The track steps are step_track.go, step_special_track.go and
// step_acquisition_track.go.

// Constant step answers, shared rather than built for every action.
var (
	layOrPass      = []string{action.TypeLayTile, action.TypePass}
	runRoutes      = []string{action.TypeRunRoutes}
	runOrChoose    = []string{action.TypeRunRoutes, action.TypeChoose}
	dividendOnly   = []string{action.TypeDividend}
	dividendChoose = []string{action.TypeDividend, action.TypeChoose}
)

// layCheckedWithoutNetwork reports the lays whose rotation 18xx.games
// accepts without walking the company's network, in the titles where it does
// so: a city tile on the printed city and town, and the port, portage, boom
// town and coal mine privates' own tiles.
func (g *Game) layCheckedWithoutNetwork(layer any, h *HexState, tileID string) bool {
	if !g.T.UnwalkedSpecialLays {
		return false
	}
	if comp, ok := layer.(*Company); ok {
		switch modeByAbility[comp.Def.Ability] {
		case layPort, layPortage, layBoomTown, layCoal:
			return true
		}
	}
	switch tileName(tileID) {
	case "5", "6", "57":
		return g.isCityAndTownHex(h.Def.ID) && !h.laid
	}
	return false
}

// reusesHex reports whether a lay on hex by (or for) c would be a second on
// that hex in c's operating turn, which 1822CA forbids (5.7.38, 5.17.13: no
// tile is placed and upgraded, or upgraded twice, in one turn). 18xx.games
// enforces it only on a major's own lays from phase 3, so imported logs are
// held to that much.
func (g *Game) reusesHex(c *Corp, hex string, byPrivate bool) bool {
	op := g.round.op
	if !g.T.LayOncePerHex || op == nil || !slices.Contains(op.laidHexes, hex) {
		return false
	}
	if g.validating() {
		return true
	}
	return !byPrivate && c.IsMajor() && g.phaseNum() >= 3
}

// checkLay validates a lay of tile id (or "BC-0", a builder cube) for our own games.
func (g *Game) checkLay(c *Corp, h *HexState, tileID string, rot int, via *Company) error {
	def, ok := g.Board.Map.TileDef(tileName(tileID))
	if !ok {
		return ruleErr("there is no tile %s", tileName(tileID))
	}
	return g.checkTileLay(c, h, def, rot, via)
}

// isTokenCity says whether h is one of the title's token cities.
func (g *Game) isTokenCity(h *HexState) bool { return g.tokenCity(h.Def.ID) != nil }

// tokenCity is the title's token city on hex id, or nil.
func (g *Game) tokenCity(id string) *title.TokenCity {
	for i := range g.T.TokenCities {
		if g.T.TokenCities[i].Hex == id {
			return &g.T.TokenCities[i]
		}
	}
	return nil
}

type liftedToken struct {
	t    *Token
	city int
}

// liftDestinationTokens takes destination tokens off a hex before an
// upgrade, where the title lets them take a new slot; they go back
// afterwards, using an extra slot only if still needed.
func (g *Game) liftDestinationTokens(h *HexState, def *board.Tile, rot int) []liftedToken {
	if !g.T.DestinationTakesNewSlot {
		return nil
	}
	cmap := cityMap(h.Tile, h.Rotation, def, rot)
	var out []liftedToken
	for node, slots := range h.Slots {
		for _, t := range slots {
			if t != nil && t.Kind == DestinationToken {
				out = append(out, liftedToken{t, cmap[node]})
			}
		}
	}
	for _, d := range out {
		g.Board.removeToken(d.t)
	}
	for node := range h.Slots {
		h.removeCheaterSlot(node)
	}
	return out
}

// tokenCityIndex is a tile's place in its token city's upgrade sequence
// (the printed city is -1).
func (g *Game) tokenCityIndex(name string) int {
	for _, tc := range g.T.TokenCities {
		for i, n := range tc.Tiles {
			if n == name {
				return i
			}
		}
	}
	return -1
}

// tileName strips the copy suffix from a tile id: "57-3" -> "57".
func tileName(id string) string { return board.TileName(id) }

// layTile puts tile id on h at rotation, paid by spender, and returns the cost.
func (g *Game) layTile(layer any, spender *Corp, h *HexState, tileID string, rot int, discount int) error {
	def, ok := g.Board.Map.TileDef(tileName(tileID))
	if !ok {
		return ruleErr("there is no tile %s", tileName(tileID))
	}
	if rot < 0 || rot > 5 {
		return ruleErr("rotation must be 0 to 5")
	}
	if h.Markers["forest_laid"] {
		return ruleErr("%s holds a timber tile and cannot be upgraded", h.Def.ID)
	}
	// 18xx.games walks the company's network before a lay to check its
	// rotation, and a route seen then stays (the sticky route of
	// connect.go): walk it here too, except for the lays it checks without
	// the network. Once found the route stays, so a company that has one
	// needs no walk.
	if !spender.routeSticky && !g.layCheckedWithoutNetwork(layer, h, tileID) {
		_ = g.reach(spender)
	}
	_, byPrivate := layer.(*Company)
	if g.reusesHex(spender, h.Def.ID, byPrivate) {
		return ruleErr("%s already took a tile this operating turn; a hex is laid or upgraded once per turn", h.Def.ID)
	}
	if where, used := g.Board.tileUsed[tileID]; used && where != h.Def.ID {
		return ruleErr("tile %s is already on %s", tileID, where)
	}
	old := h.Tile
	base := h.Cost
	if g.isTokenCity(h) {
		// Seattle and Portland: $20 per step up their own tile sequence.
		base = 20 * (g.tokenCityIndex(def.Name) - g.tokenCityIndex(tileName(h.TileID)))
	}
	base = max(base-g.terrainDiscount(spender, h), 0)
	cost := base + g.borderCost(h, def, rot, spender)
	if g.hasCubes() {
		if slices.Contains(g.T.SpecialTiles.Free, tileName(tileID)) {
			cost = 0
		} else {
			cubes := h.Cubes
			if !g.validating() {
				cubes += g.tileCubes[tileID]
			}
			cost = max(cost-g.cubeDiscount(h, cubes), 0)
		}
	}
	cost = max(cost-discount, 0)
	if cost > spender.Cash {
		return ruleErr("laying %s on %s costs $%d; %s has $%d", tileName(tileID), h.Def.ID, cost, spender.ID, spender.Cash)
	}
	forest := hasTerrain(h, board.Forest) && old.Color == board.White
	g.pay(spender, nil, cost)
	if g.hasCubes() {
		// 18xx.games leaves the cubes of an upgraded tile on that tile, and
		// they cut the cost of its next lay anywhere; imported logs are
		// priced so (our games follow 5.7.20-5.7.24: cubes serve their own hex).
		delete(g.tileCubes, tileID)
		if h.laid && h.Cubes > 0 {
			g.tileCubes[h.TileID] += h.Cubes
		}
	}
	lifted := g.liftDestinationTokens(h, def, rot)
	g.placeTile(h, def, tileID, rot)
	g.afterLayTile(h)
	for _, d := range lifted {
		_ = h.placeToken(d.t, d.city, -1, true)
	}
	h.Cubes = 0
	if op := g.round.op; op != nil {
		op.laidHexes = append(op.laidHexes, h.Def.ID)
	}
	if forest && g.T.Routes.TimberBonus > 0 {
		h.mark("forest")
		h.mark("forest_laid")
	}
	return nil
}

func hasTerrain(h *HexState, t board.Terrain) bool {
	for _, x := range h.Def.Terrain {
		if x == t {
			return true
		}
	}
	return false
}

// placeTile swaps the tile on h, moving tokens and reservations to the new
// tile's cities so that each keeps its connections.
func (g *Game) placeTile(h *HexState, def *board.Tile, tileID string, rot int) {
	if h.laid {
		delete(g.Board.tileUsed, h.TileID)
	}
	cmap := cityMap(h.Tile, h.Rotation, def, rot)
	oldSlots := h.Slots
	oldTile := h.Tile
	oldCities := h.Tile.Cities()
	h.Tile, h.TileID, h.Rotation, h.laid, h.Cost = def, tileID, rot, true, def.Cost
	h.touch()
	g.Board.tileUsed[tileID] = h.Def.ID
	mapped := map[int][]*Token{}
	res := map[int][]string{}
	type movedRes struct {
		node int
		id   string
	}
	var moved []movedRes
	// Tokens in slots added beside a city's printed ones keep a slot of
	// their own: an upgrade takes no slot away (7.1.1, 7.1.3).
	var added map[*Token]bool
	for _, oc := range oldCities {
		nc, ok := cmap[oc]
		if !ok {
			continue
		}
		if _, seen := mapped[nc]; seen {
			// A city merged into one already mapped: its tokens and
			// reservations take the free slots.
			for _, t := range oldSlots[oc] {
				if t != nil {
					mapped[nc] = append(mapped[nc], t)
				}
			}
			for _, id := range h.Reserved[oc] {
				if id != "" {
					moved = append(moved, movedRes{nc, id})
				}
			}
			continue
		}
		mapped[nc] = append(mapped[nc], oldSlots[oc]...)
		res[nc] = append(res[nc], h.Reserved[oc]...)
		for k, t := range oldSlots[oc] {
			if t != nil && k >= oldTile.Nodes[oc].Slots {
				if added == nil {
					added = map[*Token]bool{}
				}
				added[t] = true
			}
		}
	}
	h.resetSlots(mapped, res, added)
	for _, m := range moved {
		// A reservation keeps its slot: one is added when the merged city
		// has none open (7.1.3).
		if h.openSlot(m.node) < 0 {
			h.Reserved[m.node][h.addSlot(m.node)] = m.id
			continue
		}
		h.reserve(m.node, m.id)
	}
	h.keepRondelSlot()
	if len(h.Extra) > 0 {
		extra := map[int][]*Token{}
		for node, list := range h.Extra {
			nc, ok := cmap[node]
			if !ok {
				nc = node
			}
			for _, t := range list {
				t.City = nc
				extra[nc] = append(extra[nc], t)
			}
		}
		h.Extra = extra
	}
	g.removeExtraTokens(h)
}

// removeExtraTokens returns a company's second token in one city (after
// cities merge on an upgrade) to its available tokens; destination tokens and
// the earliest (home) token stay.
func (g *Game) removeExtraTokens(h *HexState) {
	for node, slots := range h.Slots {
		count := map[*Corp]int{}
		var removable []*Token
		for _, t := range slots {
			if t == nil {
				continue
			}
			count[t.Corp]++
			if t.Kind != DestinationToken {
				removable = append(removable, t)
			}
		}
		removed := false
		for corp, n := range count {
			var mine []*Token
			for _, t := range removable {
				if t.Corp == corp {
					mine = append(mine, t)
				}
			}
			sort.SliceStable(mine, func(i, j int) bool { return tokenIndex(corp, mine[i]) < tokenIndex(corp, mine[j]) })
			for ; n > 1 && len(mine) > 0; n-- {
				t := mine[len(mine)-1]
				mine = mine[:len(mine)-1]
				g.Board.removeToken(t)
				t.Price = 100
				removed = true
			}
		}
		if removed {
			h.removeCheaterSlot(node)
		}
	}
}

func tokenIndex(c *Corp, t *Token) int {
	for i, x := range c.Tokens {
		if x == t {
			return i
		}
	}
	return len(c.Tokens)
}

// cityExits lists the map edges a city's track reaches.
func cityExits(t *board.Tile, rot, node int) []int {
	var out []int
	for _, p := range t.Paths {
		var other board.End
		switch {
		case p.A.Node == node && !p.A.IsEdge():
			other = p.B
		case p.B.Node == node && !p.B.IsEdge():
			other = p.A
		default:
			continue
		}
		if other.IsEdge() {
			out = append(out, (other.Edge+rot)%6)
		}
	}
	return out
}

// cityMap pairs each old city with the new city that keeps all its exits
// (by index when the old cities had no track).
func cityMap(old *board.Tile, oldRot int, nt *board.Tile, newRot int) map[int]int {
	oc, nc := old.Cities(), nt.Cities()
	out := map[int]int{}
	blank := true
	for _, c := range oc {
		if len(cityExits(old, oldRot, c)) > 0 {
			blank = false
		}
	}
	used := map[int]bool{}
	if blank && len(oc) == len(nc) {
		for i, c := range oc {
			out[c] = nc[i]
		}
		return out
	}
	for _, c := range oc {
		ex := cityExits(old, oldRot, c)
		if len(ex) == 0 {
			continue
		}
		for _, n := range nc {
			nex := cityExits(nt, newRot, n)
			all := true
			for _, e := range ex {
				if !hasInt(nex, e) {
					all = false
				}
			}
			if all {
				out[c] = n
				used[n] = true
				break
			}
		}
	}
	for i, c := range oc {
		if _, ok := out[c]; ok {
			continue
		}
		n := -1
		if i < len(nc) && !used[nc[i]] {
			n = nc[i]
		} else {
			for _, x := range nc {
				if !used[x] {
					n = x
					break
				}
			}
		}
		if n >= 0 {
			out[c] = n
			used[n] = true
		} else if len(nc) > 0 {
			out[c] = nc[len(nc)-1]
		}
	}
	return out
}

// borderCost pays the water borders the new track crosses from this hex.
func (g *Game) borderCost(h *HexState, def *board.Tile, rot int, spender *Corp) int {
	exits := def.Exits(rot)
	cost := 0
	var keep []board.Border
	for _, b := range h.Borders {
		if b.Cost > 0 && hasInt(exits, b.Edge) {
			c := b.Cost
			if g.isTokenCity(h) {
				c = 0
			}
			cost += c
			if nid := board.Neighbor(g.Board.Map.Layout, h.Def.ID, b.Edge); nid != "" {
				if n := g.Board.Hex(nid); n != nil && hasInt(n.exits(), (b.Edge+3)%6) {
					n.dropBorder((b.Edge + 3) % 6)
				}
			}
			continue
		}
		keep = append(keep, b)
	}
	h.Borders = keep
	return cost
}

func (h *HexState) dropBorder(edge int) {
	for i, b := range h.Borders {
		if b.Edge == edge {
			h.Borders = append(h.Borders[:i:i], h.Borders[i+1:]...)
			return
		}
	}
}

// terrainDiscount is what the privates spender owns take off the terrain
// cost of a lay on h: each private's TerrainDiscount when h's terrain is
// that one kind alone (1822 P8 mountains, P10 rivers).
func (g *Game) terrainDiscount(spender *Corp, h *HexState) int {
	if h.laid || len(h.Def.Terrain) == 0 {
		return 0
	}
	off := 0
	for _, comp := range spender.Privates {
		d := comp.Def
		if d.DiscountAmount == 0 || comp.Closed || g.powerChoice(comp) == powerToken {
			continue
		}
		if !slices.ContainsFunc(h.Def.Terrain, func(t board.Terrain) bool { return t != d.DiscountTerrain }) {
			off += d.DiscountAmount
		}
	}
	return off
}
