package engine

import (
	"slices"

	"pbc/engine/board"
)

// The bridge private (1822+ P21, its table entry): a company owning it and
// holding a token on one of its two hexes lays, as its whole track step, two
// free tiles there that must follow each other, each crossing the still
// unpaid water border between them; the second is an upgrade only if the
// first was not, and not on the first's hex; a pass after the first closes
// it, as does the second lay. It cannot start after the company's own lay.

// bridgeAbility is the ability key of the bridge private.
const bridgeAbility = "bridge_lays"

// bridgeReadyRefusal says why bridge private comp may not lay for c now, or nil.
func (g *Game) bridgeReadyRefusal(comp *Company, c *Corp, op *orState) error {
	if op == nil {
		return ruleErr("%s lays only in its owner's track step", comp.ID)
	}
	if op.mustLay == comp {
		return nil
	}
	if op.laidTrack > 0 {
		return ruleErr("%s's lays are %s's whole track step, and %s has laid track this turn", comp.ID, c.ID, c.ID)
	}
	for _, t := range c.Tokens {
		if t.Hex != "" && slices.Contains(comp.Def.Hexes, t.Hex) {
			return nil
		}
	}
	return ruleErr("%s needs a token of %s on %s", comp.ID, c.ID, orJoin("", comp.Def.Hexes))
}

// bridgeCrosses reports whether def on h at rot crosses a border whose cost
// is still to pay (the crossing the bridge lays must make).
func bridgeCrosses(h *HexState, def *board.Tile, rot int) bool {
	exits := def.Exits(rot)
	return slices.ContainsFunc(h.Borders, func(b board.Border) bool { return b.Cost > 0 && hasInt(exits, b.Edge) })
}

// bridgeLayRefusal says why bridge private comp's lay of tileID on h at rot
// breaks the bridge's own rules, or nil (the tile's legality is checkLay's).
func (g *Game) bridgeLayRefusal(comp *Company, c *Corp, op *orState, h *HexState, tileID string, rot int) error {
	if err := g.bridgeReadyRefusal(comp, c, op); err != nil {
		return err
	}
	def, ok := g.Board.Map.TileDef(tileName(tileID))
	if !ok {
		return ruleErr("there is no tile %s", tileName(tileID))
	}
	if op.mustLay == comp && h.Tile.Color != board.White {
		if op.upgraded {
			return ruleErr("%s's second lay cannot be an upgrade after an upgrade", comp.ID)
		}
		if slices.Contains(op.laidHexes, h.Def.ID) {
			return ruleErr("%s's second lay cannot upgrade %s, laid just now", comp.ID, h.Def.ID)
		}
	}
	if !bridgeCrosses(h, def, rot) {
		return ruleErr("%s's tile on %s must cross the unpaid water border", comp.ID, h.Def.ID)
	}
	return nil
}

// bridgeLay applies a lay of bridge private comp, already checked.
func (g *Game) bridgeLay(comp *Company, c *Corp, op *orState, h *HexState, tileID string, rot int) error {
	isUpgrade := h.Tile.Color != board.White
	if err := g.layTile(comp, c, h, tileID, rot, freeLay); err != nil {
		return err
	}
	op.laidTrack++
	if isUpgrade {
		op.upgraded = true
	}
	if a, _ := g.trackAbilityOf(comp); g.abilityUses[comp.ID] >= a.count {
		g.closeCompany(comp)
		op.mustLay = nil
		return nil
	}
	op.mustLay = comp
	return nil
}

// bridgeMoves lists the lays bridge private comp allows c now.
func (g *Game) bridgeMoves(comp *Company, c *Corp, op *orState) []TileMove {
	if g.bridgeReadyRefusal(comp, c, op) != nil {
		return nil
	}
	net := g.quietReach(c)
	up := op.mustLay != comp || !op.upgraded
	var out []TileMove
	for _, m := range g.layMoves(c, comp, net, comp.Def.Hexes, true, up, freeLay) {
		h := g.Board.Hex(m.Hex)
		if g.bridgeLayRefusal(comp, c, op, h, m.Tile, m.Rotation) == nil {
			out = append(out, m)
		}
	}
	return out
}
