package engine

import "pbc/engine/action"

// Rule 5.17.13 (1822CA): a major that completed an acquisition gets one tile
// action, a yellow lay or an upgrade under the normal rules of 5.7. What the
// bonus track step accepts and how it lays; the lays it lists come from
// layCheck (tilelegal*.go), as the company's own lays do.

// acquisitionTrackStep is 1822CA's bonus track action for a major that
// acquired a minor this turn: one lay or upgrade, or a pass.
type acquisitionTrackStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped, its other fields are values.
func (s *acquisitionTrackStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

func (s *acquisitionTrackStep) name() string { return "lay track (acquisition bonus)" }
func (s *acquisitionTrackStep) skip()        { s.pass() }

func (s *acquisitionTrackStep) actions(e any) []string {
	c, ok := e.(*Corp)
	if !ok || e != s.r.current() || s.r.op.acquirer != c {
		return nil
	}
	return []string{action.TypeLayTile, action.TypePass}
}

func (s *acquisitionTrackStep) process(a action.Action, e any) error {
	g := s.g
	c := e.(*Corp)
	switch v := a.(type) {
	case *action.Pass:
		s.pass()
		return nil
	case *action.LayTile:
		h := g.Board.Hex(v.Hex)
		if h == nil {
			return ruleErr("there is no hex %s", v.Hex)
		}
		if g.validating() {
			if err := g.checkLay(c, h, v.Tile, v.Rotation, nil); err != nil {
				return err
			}
		}
		if err := g.layTile(c, c, h, v.Tile, v.Rotation, 0); err != nil {
			return err
		}
		s.pass()
		return nil
	}
	return ruleErr("%s can lay its bonus track or pass", c.ID)
}

// tileMoves lists the bonus lay's yellow lays and upgrades.
func (s *acquisitionTrackStep) tileMoves(e any) []TileMove {
	g := s.g
	c, ok := e.(*Corp)
	if !ok {
		return nil
	}
	net := g.quietReach(c)
	return g.layMoves(c, nil, net, netHexes(g, net), true, true, 0)
}
