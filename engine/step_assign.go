package engine

import (
	"fmt"
	"strings"

	"pbc/engine/action"
)

// Private companies that place a marker on a hex (the 1822PNW paper mill and
// ski haus, the 1822CA sawmill; see the rulebooks' private company tables):
// what the assign step accepts, how it places the marker and asks for its
// mode, and what it lists for Moves.

// assignStep places P15 (paper mill) and P17 (ski haus) markers.
type assignStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped, its other fields are values.
func (s *assignStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

func (s *assignStep) name() string { return "assign" }

// blocks only while a placed marker waits for its owner's mode choice.
func (s *assignStep) blocks() bool { return s.g.modePending != "" }

func (s *assignStep) skip() {}

func (s *assignStep) actor(any) any { return s.activeEntity() }

func (s *assignStep) activeEntity() any {
	if cs := s.g.modeChooser(); cs != nil {
		return cs.markerOwner
	}
	return s.r.current()
}

func (s *assignStep) actions(e any) []string {
	if s.blocks() {
		return []string{action.TypeChoose}
	}
	comp, ok := e.(*Company)
	if !ok || comp.Closed {
		return nil
	}
	if comp.Def.Ability != "mill" && comp.Def.Ability != "ski_haus" && comp.Def.Ability != "sawmill" {
		return nil
	}
	owner, ok := comp.Owner.(*Corp)
	if !ok || owner.Closed {
		return nil
	}
	// Only in the owning company's turn (3.1.9). An imported log replays
	// as recorded: our own early self-play logs have assigns out of turn.
	if s.g.validating() && owner != s.r.current() {
		return nil
	}
	return []string{action.TypeAssign}
}

func (s *assignStep) process(a action.Action, e any) error {
	if ch, ok := a.(*action.Choose); ok && s.blocks() {
		cs := s.g.modeChooser()
		switch ch.Choice {
		case "open", "closed":
			cs.markerMode = ch.Choice
			s.g.modePending = ""
			return nil
		}
		return ruleErr("choose open (+$%d for everyone) or closed (+$%d for %s only)", s.g.T.Routes.MarkerOpen, s.g.T.Routes.MarkerClosed, cs.markerOwner.ID)
	}
	v, ok := a.(*action.Assign)
	if !ok {
		return ruleErr("%s can only be assigned to a hex", entityName(e))
	}
	comp := e.(*Company)
	h := s.g.Board.Hex(v.Target)
	if h == nil {
		return ruleErr("there is no hex %s", v.Target)
	}
	if len(comp.Def.Hexes) > 0 && !contains(comp.Def.Hexes, v.Target) {
		return ruleErr("%s can be placed on %s", comp.ID, strings.Join(comp.Def.Hexes, ", "))
	}
	h.mark(comp.ID)
	if comp.Def.Ability == "sawmill" {
		// The sawmill serves everyone or its owner alone: its owner chooses.
		cs := s.g.card(comp.ID)
		cs.markerOwner, cs.markerHex = comp.Owner.(*Corp), h.Def.ID
		s.g.modePending = comp.ID
	}
	s.g.closeCompany(comp)
	return nil
}

// assignMoves lists the hexes a PNW mill or ski haus, or the CA sawmill, may go on.
func (g *Game) assignMoves(e any) []string {
	comp, ok := e.(*Company)
	if !ok {
		return nil
	}
	var out []string
	for _, id := range comp.Def.Hexes {
		h := g.Board.Hex(id)
		if h == nil || h.Markers[comp.ID] || g.markedByCard(id) {
			continue
		}
		out = append(out, id)
	}
	return out
}

// choiceMoves lists the modes of a placed marker.
func (s *assignStep) choiceMoves(e any) []ChoiceMove {
	r := s.g.T.Routes
	return []ChoiceMove{{Choice: "open", Label: fmt.Sprintf("+$%d for every company", r.MarkerOpen)},
		{Choice: "closed", Label: fmt.Sprintf("+$%d for its owner only", r.MarkerClosed)}}
}
