package engine

import (
	"pbc/engine/action"
	"pbc/engine/board"
)

// Rule 5.7 (both rulebooks): lay or upgrade track. A minor (and a major
// before phase 3) makes one lay; a major from phase 3 makes two yellow lays or
// one upgrade (3.3.8); a builder cube (1822PNW 5.7.20-5.7.24) is laid like a
// tile. What the track step accepts, how it processes a lay and what it lists
// for Moves. Placing a tile is track.go's, its legality layCheck's
// (tilelegal*.go) for both validation and listing, the lays listed
// moves_track.go's; private powers lay through step_special_track.go.

// trackStep lays or upgrades track: one lay for minors (and majors before
// phase 3), then a second plain lay for majors unless the first was an upgrade.
type trackStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped, its other fields are values.
func (s *trackStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

func (s *trackStep) name() string { return "lay track" }

func (s *trackStep) skip() { s.pass() }

// tileLay returns whether a lay and an upgrade are still allowed this turn.
func (g *Game) tileLay(c *Corp, op *orState) (lay, upgrade, ok bool) {
	lays := 1
	if c.IsMajor() && g.phaseNum() >= 3 {
		lays = 2
	}
	if op.laidTrack >= lays {
		return false, false, false
	}
	if op.laidTrack == 0 {
		return true, true, true
	}
	return !op.upgraded, false, true
}

func (s *trackStep) canLay(c *Corp) bool {
	if c.Def.HomeChoose && c.Operated == 0 {
		return false // placing the rondel home token was its track lay
	}
	if s.g.trackAbilityBlocks(c) {
		return true
	}
	lay, up, ok := s.g.tileLay(c, s.r.op)
	return ok && (lay || up) && len(c.Tokens) > 0
}

func (s *trackStep) actions(e any) []string {
	if comp, ok := e.(*Company); ok {
		return offerAbility(s.abilityChoices(comp))
	}
	c, ok := e.(*Corp)
	if !ok || e != s.r.current() || !s.canLay(c) {
		return nil
	}
	return layOrPass
}

func (s *trackStep) process(a action.Action, e any) error {
	g := s.g
	switch v := a.(type) {
	case *action.Pass:
		if s.g.nextGovLayer(e, s.r.op) {
			return nil
		}
		s.pass()
		if c, ok := e.(*Corp); ok {
			g.closeStartedGrant(c)
		}
		return nil
	case *action.ChooseAbility:
		return g.companyChoice(e.(*Company), v.Choice, "track")
	case *action.LayTile:
		c := e.(*Corp)
		if s.r.op.portage > 0 {
			return ruleErr("%s laid portage track this turn and cannot lay other track", c.ID)
		}
		lay, up, ok := g.tileLay(c, s.r.op)
		if !ok {
			return ruleErr("%s has no tile lays left this turn", c.ID)
		}
		h := g.Board.Hex(v.Hex)
		if h == nil {
			return ruleErr("there is no hex %s", v.Hex)
		}
		isUpgrade := h.Tile.Color != board.White || g.isTokenCity(h)
		if v.Tile == "BC-0" || isUpgrade && !up || !isUpgrade && !lay {
			if !(v.Tile == "BC-0" && lay) {
				if isUpgrade {
					return ruleErr("%s cannot upgrade track now; it may only lay yellow track", c.ID)
				}
				if v.Tile == "BC-0" {
					return ruleErr("%s cannot place a builder cube now", c.ID)
				}
				return ruleErr("%s cannot lay more track now", c.ID)
			}
		}
		if g.validating() {
			if err := g.checkLay(c, h, v.Tile, v.Rotation, nil); err != nil {
				return err
			}
		}
		if v.Tile == "BC-0" {
			h.Cubes++
		} else {
			if err := g.layTile(c, c, h, v.Tile, v.Rotation, 0); err != nil {
				return err
			}
		}
		op := s.r.op
		op.laidTrack++
		if v.Tile != "BC-0" && isUpgrade {
			op.upgraded = true
		}
		if !s.canLay(c) && !g.nextGovLayer(c, op) {
			s.pass()
		}
		return nil
	}
	return ruleErr("%s can lay track or pass", entityName(e))
}

// closeStartedGrant closes a tile grant (CA P21) its owner began using this
// turn once the owner passes its track step: the company is closed for its
// three extra lays, which go with the one track step (as 18xx.games plays it,
// the lays left are lost).
func (g *Game) closeStartedGrant(c *Corp) {
	for _, comp := range g.Companies {
		if comp.Owner == any(c) && !comp.Closed && comp.Def.Ability == "tile_grant" && g.abilityUses[comp.ID] > 0 {
			g.closeCompany(comp)
			return
		}
	}
}

// abilityChoices lists P21's deck moves at the track step.
func (s *trackStep) abilityChoices(comp *Company) []string { return s.g.companyChoices(comp, "track") }

// tileMoves lists the lays and builder cubes the operating company may make.
func (s *trackStep) tileMoves(e any) []TileMove {
	g := s.g
	c, ok := e.(*Corp)
	op := s.r.op
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
}
