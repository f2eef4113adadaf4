package engine

import "pbc/engine/board"

// extraTileUpgradeRefusal says why a lay through the PNW surveyors (P11),
// alone or combined with a town removal, may not be an upgrade now (nil when
// it may): the power is either one upgrade or up to two yellow lays, so once
// it has laid a yellow tile only another yellow lay is left. The other
// privates of the lay are checked too, so the surveyors count whichever of
// them is named first. Apply and Moves both ask it.
func (g *Game) extraTileUpgradeRefusal(op *orState, privates ...*Company) error {
	for _, p := range privates {
		if p != nil && p.Def != nil && p.Def.Ability == "extra_tile" && op != nil && op.mustLay == p {
			return ruleErr("%s has laid a yellow tile this turn; its second lay must be yellow too, not an upgrade", p.ID)
		}
	}
	return nil
}

// upgradeTile reports whether laying tileID is an upgrade as the extra-tile
// power counts it: a green, brown or grey tile.
func (g *Game) upgradeTile(tileID string) bool {
	def, ok := g.Board.Map.TileDef(tileName(tileID))
	return ok && def.Color >= board.Green && def.Color <= board.Gray
}
