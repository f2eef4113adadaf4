package engine

import (
	"slices"
	"strconv"

	"pbc/engine/board"
	"pbc/engine/graph"
)

// Track choices shared by the track steps (step_track.go,
// step_special_track.go, step_acquisition_track.go), which list their lays
// through layLister: every hex the company may build on with the tiles and
// rotations legal there (checkTileLay's rules, judged against one network
// computed per question) and what each lay costs.

// freeLay waives the whole cost of a lay.
const freeLay = 1 << 30

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
		tm := TileMove{Hex: id, Tile: cube + "-0", Name: cube, Cube: true}
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
			cost = max(cost-g.cubeDiscount(h, h.Cubes), 0)
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
