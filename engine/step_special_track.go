package engine

import (
	"pbc/engine/action"
	"pbc/engine/board"
	"pbc/engine/graph"
)

// Rule 5.7 as the private companies break it (1.3.2, 3.1.9; the private company
// tables): track laid through a private's ability by the company that owns
// it, on its own turn. What the special track step accepts, how it lays the
// tile and what it lists for Moves (the legality checks are layCheck's, in
// tilelegal*.go, shared with the company's own lays).

// specialTrackStep handles track laid by privates owned by the operating company.
type specialTrackStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped, its other fields are values.
func (s *specialTrackStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

func (s *specialTrackStep) name() string { return "special track" }

// blocks only while a "lay together" private (P11) must finish or pass.
func (s *specialTrackStep) blocks() bool { return s.r.op != nil && s.r.op.mustLay != nil }

func (s *specialTrackStep) actor(any) any { return s.activeEntity() }

func (s *specialTrackStep) activeEntity() any {
	if s.r.op != nil && s.r.op.mustLay != nil {
		return s.r.op.mustLay
	}
	return s.r.current()
}

func (s *specialTrackStep) skip() {}

func (s *specialTrackStep) actions(e any) []string {
	if m := s.r.op.mustLay; m != nil {
		if e == any(m) {
			return []string{action.TypeLayTile, action.TypePass}
		}
		return nil
	}
	comp, ok := e.(*Company)
	if !ok || !s.g.abilityUsable(comp) {
		return nil
	}
	owner, ok := comp.Owner.(*Corp)
	if !ok || owner != s.r.current() {
		return nil
	}
	if s.g.validating() && !s.trackTime() {
		return nil // as recorded on import (early self-play logs lay later)
	}
	if comp.Def.Ability == bridgeAbility && s.g.bridgeReadyRefusal(comp, owner, s.r.op) != nil {
		return nil
	}
	return []string{action.TypeLayTile}
}

// trackTime reports whether the operating company is at its track step:
// 18xx.games lets a private lay track only then (its tile lays are timed
// "track"), not after the company has passed track or before it gets there.
func (s *specialTrackStep) trackTime() bool {
	_, ok := s.r.activeStep().(*trackStep)
	return ok
}

func (s *specialTrackStep) process(a action.Action, e any) error {
	g := s.g
	op := s.r.op
	if _, ok := a.(*action.Pass); ok && op.mustLay != nil {
		g.closeCompany(op.mustLay)
		op.mustLay = nil
		return nil
	}
	v, ok := a.(*action.LayTile)
	if !ok {
		return ruleErr("%s can only lay track", entityName(e))
	}
	comp := e.(*Company)
	c := comp.Owner.(*Corp)
	if g.validating() && v.Tile != "BC-0" && comp.Def.Ability == "builder_cubes" {
		return ruleErr("%s places builder cubes, not tiles", comp.ID)
	}
	if g.validating() && v.Tile == "BC-0" && comp.Def.Ability != "builder_cubes" && comp.Def.Ability != "extra_tile" {
		return ruleErr("%s cannot place a builder cube; its owner places one with `cube` (5.7.20)", comp.ID)
	}
	if g.validating() && v.Tile != "" {
		var combos []*Company
		for _, id := range v.ComboEntities {
			if x := g.Company(id); x != nil {
				combos = append(combos, x)
			}
		}
		if h := g.Board.Hex(v.Hex); h != nil {
			if err := g.checkLay(c, h, v.Tile, v.Rotation, layVia(comp, combos)); err != nil {
				return err
			}
		}
		if g.upgradeTile(v.Tile) {
			if err := g.extraTileUpgradeRefusal(op, append([]*Company{comp}, combos...)...); err != nil {
				return err
			}
		}
	}
	if g.portageBars(comp, op) {
		return ruleErr("%s laid portage track this turn; %s cannot lay track now", c.ID, comp.ID)
	}
	if len(v.ComboEntities) > 0 {
		return s.comboLay(comp, c, v)
	}
	h := g.Board.Hex(v.Hex)
	if h == nil {
		return ruleErr("there is no hex %s", v.Hex)
	}
	if comp.Def.Ability == bridgeAbility && g.validating() {
		if err := g.bridgeLayRefusal(comp, c, op, h, v.Tile, v.Rotation); err != nil {
			return err
		}
	}
	g.abilityUses[comp.ID]++
	g.abilityOR[comp.ID] = g.orKey()
	uses := g.abilityUses[comp.ID]
	switch comp.Def.Ability {
	case "builder_cubes":
		h.Cubes++
		if uses >= 3 {
			g.closeCompany(comp)
		}
		return nil
	case "extra_tile":
		// Either one upgrade or up to two lays (one for a minor).
		upgrade := false
		if v.Tile == "BC-0" {
			h.Cubes++
		} else {
			upgrade = g.upgradeTile(v.Tile)
			if err := g.layTile(comp, c, h, v.Tile, v.Rotation, 0); err != nil {
				return err
			}
		}
		g.afterExtraTile(comp, c, op, upgrade)
		return nil
	case "small_port", "large_port", "special_upgrade":
		if err := g.layTile(comp, c, h, v.Tile, v.Rotation, 1<<30); err != nil {
			return err
		}
		g.closeCompany(comp)
		return nil
	case "special_tile":
		if err := g.layTile(comp, c, h, v.Tile, v.Rotation, 0); err != nil {
			return err
		}
		op.portage++
		comp.Revenue = 0
		return nil
	case "coal_mine":
		if err := g.layTile(comp, c, h, v.Tile, v.Rotation, 1<<30); err != nil {
			return err
		}
		op.laidTrack++
		g.card(comp.ID).markerHex = v.Hex // the coal token itself goes with c's tokens
		coal := &Token{Corp: c, Kind: CoalToken}
		if cities := h.Tile.Cities(); len(cities) > 0 {
			_ = h.placeToken(coal, cities[0], -1, true)
		}
		c.Tokens = append(c.Tokens, coal)
		comp.Revenue = 0
		return nil
	case "remove_town", "advanced_tile", "pass_tile":
		// These count as the company's own tile lay.
		isUpgrade := h.Tile.Color != board.White
		if g.validating() {
			lay, up, _ := g.tileLay(c, op)
			if g.T.PrivateLayWholeStep && comp.Def.Ability != "advanced_tile" && op.laidTrack > 0 {
				lay, up = false, false // it needs the whole track step
			}
			if isUpgrade && !up || !isUpgrade && !lay {
				return ruleErr("%s's lay counts as %s's own tile lay, which %s has used this turn", comp.ID, c.ID, c.ID)
			}
		}
		free := 0
		if a, _ := g.trackAbilityOf(comp); a.free {
			free = 1 << 30
		}
		if err := g.layTile(comp, c, h, v.Tile, v.Rotation, free); err != nil {
			return err
		}
		op.laidTrack++
		if g.T.PrivateLayWholeStep && comp.Def.Ability != "advanced_tile" {
			op.laidTrack++ // a mountain pass or town removal is the whole track step
		}
		if isUpgrade {
			op.upgraded = true
		}
		g.closeCompany(comp)
		return nil
	case "hill_discount", "estuary_discount":
		// The company's own lay, paid in full by the hill token (1822 P8)
		// or with $40 off its estuary crossing (1822 P10, two uses).
		discount := g.T.EstuaryDiscount
		if a, _ := g.trackAbilityOf(comp); a.free {
			discount = 1 << 30
		}
		isUpgrade := h.Tile.Color != board.White
		if err := g.layTile(comp, c, h, v.Tile, v.Rotation, discount); err != nil {
			return err
		}
		op.laidTrack++
		if isUpgrade {
			op.upgraded = true
		}
		if a, _ := g.trackAbilityOf(comp); uses >= a.count {
			g.closeCompany(comp)
		}
		return nil
	case bridgeAbility:
		return g.bridgeLay(comp, c, op, h, v.Tile, v.Rotation)
	case "free_city_upgrade", "tile_grant":
		if err := g.layTile(comp, c, h, v.Tile, v.Rotation, 1<<30); err != nil {
			return err
		}
		if a, _ := g.trackAbilityOf(comp); a.count > 0 && uses >= a.count {
			g.closeCompany(comp)
		}
		if comp.Def.Ability == "free_city_upgrade" && h.Tile.Color == board.Gray {
			g.abilityGone[comp.ID] = true
		}
		return nil
	}
	return ruleErr("%s cannot lay track", comp.ID)
}

// afterExtraTile applies P11's rule after one of its lays: one upgrade, one lay
// for a minor, or two lays for a major that must follow each other.
func (g *Game) afterExtraTile(comp *Company, c *Corp, op *orState, upgrade bool) {
	// Used after one normal lay, the surveyors take the place of the second
	// (18xx.games counts it so whether or not they close now).
	if op.laidTrack == 1 {
		op.laidTrack = 2
	}
	if upgrade || c.IsMinor() || g.abilityUses[comp.ID] >= 2 {
		g.closeCompany(comp)
		if op.mustLay == comp {
			op.mustLay = nil
		}
		return
	}
	op.mustLay = comp
}

// portageBars reports whether a portage lay this turn stops comp's lay:
// the portage takes the company's tile lay, and the privates that lay in its
// place (town removal, ports, the coal mine) have none left; the surveyors,
// builder cubes and the boom town still may (as 18xx.games times them).
func (g *Game) portageBars(comp *Company, op *orState) bool {
	if op.portage == 0 {
		return false
	}
	switch comp.Def.Ability {
	case "remove_town", "small_port", "large_port", "coal_mine":
		return true
	}
	return false
}

// comboLay is a private's lay combined with P11 (e.g. P7 + P11): it does not
// use the company's own tile lay, and both abilities are spent.
func (s *specialTrackStep) comboLay(comp *Company, c *Corp, v *action.LayTile) error {
	g := s.g
	op := s.r.op
	h := g.Board.Hex(v.Hex)
	if h == nil {
		return ruleErr("there is no hex %s", v.Hex)
	}
	// The lay is free if one partner pays it in full (1822 P8's token),
	// else the estuary private takes its part off the crossing.
	discount := 0
	for _, x := range append([]*Company{comp}, g.companies(v.ComboEntities)...) {
		a, _ := g.trackAbilityOf(x)
		switch {
		case a.free:
			discount = 1 << 30
		case x.Def.Ability == "estuary_discount" && discount == 0:
			discount = g.T.EstuaryDiscount
		}
	}
	if err := g.layTile(comp, c, h, v.Tile, v.Rotation, discount); err != nil {
		return err
	}
	upgrade := g.upgradeTile(v.Tile)
	own := true
	for _, x := range append([]*Company{comp}, g.companies(v.ComboEntities)...) {
		if a, _ := g.trackAbilityOf(x); a.extra {
			own = false
		}
	}
	if own {
		// No partner lays an extra tile (1822 P11 with P10): the lay is
		// the company's own and uses the track step's lay.
		op.laidTrack++
		if upgrade {
			op.upgraded = true
		}
	}
	if comp.Def.Ability == "extra_tile" {
		// P11 named first, its partner in the combination: spent alike.
		g.abilityUses[comp.ID]++
		g.afterExtraTile(comp, c, op, upgrade)
	} else {
		g.closeCompany(comp)
	}
	for _, id := range v.ComboEntities {
		other := g.Company(id)
		if other == nil || other.Closed {
			return ruleErr("%s cannot be combined now", id)
		}
		g.abilityUses[other.ID]++
		a, _ := g.trackAbilityOf(other)
		switch {
		case other.Def.Ability == "extra_tile":
			g.afterExtraTile(other, c, op, upgrade)
		case other.Def.Ability == "estuary_discount" && g.abilityUses[other.ID] < a.count:
			// its second estuary token is still to use
		default:
			g.closeCompany(other)
		}
	}
	return nil
}

// companies are the companies of ids that exist.
func (g *Game) companies(ids []string) []*Company {
	var out []*Company
	for _, id := range ids {
		if x := g.Company(id); x != nil {
			out = append(out, x)
		}
	}
	return out
}

// trackAbility describes a private's track-laying power.
type trackAbility struct {
	count  int  // uses before it closes; 0 = unlimited
	perOR  bool // usable once per operating round
	blocks bool // the track step waits for a pass while it is usable
	extra  bool // does not count as the company's own tile lay
	free   bool // terrain and border costs waived
}

// trackAbilities lists the track privates by ability key; 1822PNW and 1822CA
// use different keys except "remove_town", which only waits in PNW.
var trackAbilities = map[string]trackAbility{
	"remove_town":       {count: 1, blocks: true},
	"builder_cubes":     {count: 3, blocks: true, extra: true},
	"extra_tile":        {count: 2, blocks: true, extra: true},
	"small_port":        {count: 1, blocks: true, extra: true, free: true},
	"large_port":        {count: 1, blocks: true, extra: true, free: true},
	"special_tile":      {count: 2, blocks: true, extra: true},
	"special_upgrade":   {count: 1, blocks: true, extra: true},
	"coal_mine":         {count: 1, blocks: true, free: true},
	"advanced_tile":     {count: 1},
	"free_city_upgrade": {perOR: true, blocks: true, extra: true, free: true},
	"pass_tile":         {count: 1, free: true},
	"tile_grant":        {count: 3, blocks: true, extra: true, free: true},
	"hill_discount":     {count: 1, blocks: true, free: true},
	"estuary_discount":  {count: 2, blocks: true},
	bridgeAbility:       {count: 2, free: true},
}

// trackAbilityOf returns the track power of a private, if it has one.
func (g *Game) trackAbilityOf(p *Company) (trackAbility, bool) {
	a, ok := trackAbilities[p.Def.Ability]
	if ok && p.Def.Ability == "remove_town" && !g.T.TownRemovalWaits {
		a.blocks = false
	}
	if ok && g.T.AbilityLaysWait {
		a.blocks = true
	}
	return a, ok
}

// abilityUsable reports whether private p can still lay track now.
func (g *Game) abilityUsable(p *Company) bool {
	a, ok := g.trackAbilityOf(p)
	if !ok || p.Closed || g.abilityGone[p.ID] {
		return false
	}
	if a.count > 0 && g.abilityUses[p.ID] >= a.count {
		return false
	}
	if a.perOR && g.abilityOR[p.ID] == g.orKey() {
		return false
	}
	return true
}

// trackAbilityBlocks: while c owns a private that can still lay track, the
// track step waits for an explicit pass.
func (g *Game) trackAbilityBlocks(c *Corp) bool {
	for _, p := range c.Privates {
		if a, ok := g.trackAbilityOf(p); ok && a.blocks && g.abilityUsable(p) {
			if p.Def.Ability == bridgeAbility && g.bridgeReadyRefusal(p, c, g.round.op) != nil {
				continue // the bridge waits only while its owner may still use it
			}
			return true
		}
	}
	return false
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
	case bridgeAbility:
		return g.bridgeMoves(comp, c, op)
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

// tileMoves lists the lays the private's power allows its owner now.
func (s *specialTrackStep) tileMoves(e any) []TileMove {
	comp, ok := e.(*Company)
	if !ok {
		return nil
	}
	return s.g.privateLays(comp, s.r.op)
}
