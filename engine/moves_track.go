package engine

import (
	"slices"
	"strconv"

	"pbc/engine/board"
	"pbc/engine/graph"
)

// Track choices: every hex the company may build on with the tiles and
// rotations legal there (checkTileLay's rules, judged against one network
// computed per question) and what each lay costs.

// freeLay waives the whole cost of a lay.
const freeLay = 1 << 30

// tileMoves lists the tile lays e may make through step s.
func (g *Game) tileMoves(e any, s step) []TileMove {
	switch st := s.(type) {
	case *trackStep:
		c, ok := e.(*Corp)
		op := st.r.op
		if !ok || op.portage > 0 {
			return nil
		}
		lay, up, ok := g.tileLay(c, op)
		if !ok {
			return nil
		}
		net := g.quietReach(c)
		out := g.layMoves(c, nil, net, netHexes(g, net), lay, up, 0)
		if lay {
			out = append(out, g.cubeMoves(c, nil, net)...)
		}
		return out
	case *acquisitionTrackStep:
		c, ok := e.(*Corp)
		if !ok {
			return nil
		}
		net := g.quietReach(c)
		return g.layMoves(c, nil, net, netHexes(g, net), true, true, 0)
	case *specialTrackStep:
		comp, ok := e.(*Company)
		if !ok {
			return nil
		}
		return g.privateLays(comp, st.r.op)
	}
	return nil
}

// netHexes lists, in board order, the hexes c's network touches.
func netHexes(g *Game, net *graph.Result) []string {
	var out []string
	for _, id := range g.Board.order {
		if net.Touches(id) {
			out = append(out, id)
		}
	}
	return out
}

// privateLays lists the lays a private's ability allows its owner now.
func (g *Game) privateLays(comp *Company, op *orState) []TileMove {
	c, ok := comp.Owner.(*Corp)
	if !ok || (op.mustLay != nil && op.mustLay != comp) {
		return nil
	}
	if g.portageBars(comp, op) {
		return nil
	}
	a, _ := g.trackAbilityOf(comp)
	discount := 0
	if a.free {
		discount = freeLay
	}
	net := g.quietReach(c)
	hexes := comp.Def.Hexes
	if len(hexes) == 0 {
		hexes = netHexes(g, net)
	}
	lay, up, _ := g.tileLay(c, op)
	switch comp.Def.Ability {
	case "builder_cubes":
		return g.cubeMoves(c, comp, net)
	case "extra_tile":
		out := g.layMoves(c, comp, net, hexes, true, g.extraTileUpgradeRefusal(op, comp) == nil, 0)
		return append(out, g.comboLays(c, comp, net, op)...)
	case "small_port", "large_port", "free_city_upgrade", "tile_grant":
		return g.layMoves(c, comp, net, hexes, true, true, freeLay)
	case "special_tile":
		if op.laidTrack > 0 {
			return nil // portage is the company's track lay
		}
		return g.layMoves(c, comp, net, hexes, true, true, 0)
	case "coal_mine":
		return g.layMoves(c, comp, net, hexes, lay, lay, freeLay) // a yellow lay, whatever the mountain's colour
	case "special_upgrade":
		var plain []string
		for _, id := range g.Board.order {
			switch g.Board.Hexes[id].Tile.Name {
			case "7", "8", "9":
				plain = append(plain, id)
			}
		}
		return g.layMoves(c, comp, net, plain, true, true, freeLay)
	case "remove_town", "advanced_tile", "pass_tile":
		if g.T.PrivateLayWholeStep && comp.Def.Ability != "advanced_tile" && op.laidTrack > 0 {
			lay, up = false, false // it needs the whole track step
		}
		out := g.layMoves(c, comp, net, hexes, lay, up, discount)
		if comp.Def.Ability == "remove_town" {
			out = append(out, g.comboLays(c, comp, net, op)...)
		}
		return out
	}
	return nil
}

// comboLays lists lays of a town-removal private combined with a usable
// extra-tile private (PNW P7/P8 with P11, either one acting): the town
// removal's rules apply and the company's own lay is not used.
func (g *Game) comboLays(c *Corp, comp *Company, net *graph.Result, op *orState) []TileMove {
	var out []TileMove
	for _, x := range c.Privates {
		if x == comp || !g.abilityUsable(x) {
			continue
		}
		pair := comp.Def.Ability + "+" + x.Def.Ability
		if pair != "extra_tile+remove_town" && pair != "remove_town+extra_tile" {
			continue
		}
		via := layVia(comp, []*Company{x})
		hexes := via.Def.Hexes
		if len(hexes) == 0 {
			hexes = netHexes(g, net)
		}
		up := g.extraTileUpgradeRefusal(op, comp, x) == nil
		for _, l := range g.layMoves(c, via, net, hexes, true, up, 0) {
			l.Company, l.Combo = comp.ID, []string{x.ID}
			out = append(out, l)
		}
	}
	return out
}

// layMoves lists the tiles c may lay (through private via) on the given hexes,
// new track where lay is set and upgrades where up is set, at what they cost
// after the discount, within c's cash.
func (g *Game) layMoves(c *Corp, via *Company, net *graph.Result, hexes []string, lay, up bool, discount int) []TileMove {
	if !lay && !up {
		return nil
	}
	mode := layNormal
	if via != nil {
		mode = modeByAbility[via.Def.Ability]
	}
	special := mode == layPort || mode == layPortage || mode == layBoomTown || mode == layCoal
	var out []TileMove
	for _, id := range hexes {
		h := g.Board.Hex(id)
		if h == nil {
			continue
		}
		if !net.Touches(id) && !special {
			continue // new track must join the network
		}
		if g.reusesHex(c, id, via != nil) {
			continue
		}
		upgrade := h.Tile.Color != board.White || g.isTokenCity(h)
		if upgrade && !up || !upgrade && !lay {
			continue
		}
		for i := range g.Board.Map.Tiles {
			def := &g.Board.Map.Tiles[i]
			if !g.tileCandidate(h, def, via, special) {
				continue
			}
			for _, rot := range g.rotationsWith(net, c, h, def, via) {
				cost := g.layCost(h, def, rot, discount)
				if cost > c.Cash {
					continue
				}
				tm := TileMove{Hex: id, Tile: g.freeTileID(def.Name), Name: def.Name, Rotation: rot, Cost: cost, Upgrade: upgrade}
				if via != nil {
					tm.Company = via.ID
				}
				out = append(out, tm)
			}
		}
	}
	return out
}

// tileCandidate is a quick filter before the full check: the private's
// ability names the tile (if it names any) and, but for the special lays
// (ports, portage, boom town, coal mine), the tile's colour follows the hex's.
func (g *Game) tileCandidate(h *HexState, def *board.Tile, via *Company, special bool) bool {
	if g.isCubeTile(def) {
		return false
	}
	if via != nil && len(via.Def.Tiles) > 0 && !slices.Contains(via.Def.Tiles, def.Name) {
		return false
	}
	if special {
		return true
	}
	if def.Hidden {
		return false
	}
	return def.Color == h.Tile.Color+1 || g.isTokenCity(h) || g.isSpecialUpgrade(h.Tile, def)
}

// rotationsWith is legalRotations judged against a network computed once
// for the whole question.
func (g *Game) rotationsWith(net *graph.Result, c *Corp, h *HexState, def *board.Tile, via *Company) []int {
	if sup, ok := g.Board.Map.TileDef(def.Name); ok {
		def = sup
	}
	lc := &layCheck{g: g, c: c, h: h, def: def, via: via, net: net}
	if via != nil {
		lc.mode = modeByAbility[via.Def.Ability]
	}
	if g.isCubeTile(def) {
		lc.mode = layCube
	}
	if lc.static() != "" {
		return nil
	}
	rots := lc.rotations()
	if len(rots) == 0 || lc.moreExits() != "" {
		return nil
	}
	return rots
}

// cubeMoves lists the hexes where c may place a builder cube (PNW).
func (g *Game) cubeMoves(c *Corp, via *Company, net *graph.Result) []TileMove {
	cube := g.T.SpecialTiles.Cube
	def, ok := g.Board.Map.TileDef(cube)
	if cube == "" || !ok {
		return nil
	}
	var out []TileMove
	for _, id := range netHexes(g, net) {
		h := g.Board.Hex(id)
		if len(g.rotationsWith(net, c, h, def, via)) == 0 {
			continue
		}
		tm := TileMove{Hex: id, Tile: cube + "-0", Name: cube}
		if via != nil {
			tm.Company = via.ID
		}
		out = append(out, tm)
	}
	return out
}

// layCost is what laying def on h at rot costs, as layTile charges it:
// terrain (Seattle and Portland: $20 a step), water borders crossed, less
// $40 per builder cube (PNW), less discount.
func (g *Game) layCost(h *HexState, def *board.Tile, rot, discount int) int {
	base := h.Cost
	if g.isTokenCity(h) {
		base = 20 * (g.tokenCityIndex(def.Name) - g.tokenCityIndex(tileName(h.TileID)))
	}
	cost := base
	exits := def.Exits(rot)
	for _, b := range h.Borders {
		if b.Cost > 0 && hasInt(exits, b.Edge) && !g.isTokenCity(h) {
			cost += b.Cost
		}
	}
	if g.hasCubes() {
		if slices.Contains(g.T.SpecialTiles.Free, def.Name) {
			cost = 0
		} else {
			cost = max(cost-40*h.Cubes, 0)
		}
	}
	return max(cost-discount, 0)
}

// freeTileID is the id of the first copy of tile name not on the map.
func (g *Game) freeTileID(name string) string {
	for k := 0; ; k++ {
		id := name + "-" + strconv.Itoa(k)
		if _, used := g.Board.tileUsed[id]; !used {
			return id
		}
	}
}
