package engine

import (
	"pbc/engine/action"
)

// The choices round's one step: the owner of the double-cash private (its
// card says so) may double his cash for the player order.

// chooseStep is the P7 owner's choice to double his cash for the player order.
type chooseStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped, its other fields are values.
func (s *chooseStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

func (s *chooseStep) name() string { return "choose" }

func (s *chooseStep) skip() { s.pass() }

func (s *chooseStep) actions(e any) []string {
	p, ok := p7Owner(s.g.doubleCashCompany())
	if !ok || e != any(p) || e != s.r.current() {
		return nil
	}
	return []string{action.TypeChoose, action.TypePass}
}

func (s *chooseStep) process(a action.Action, e any) error {
	switch v := a.(type) {
	case *action.Pass:
		s.pass()
		return nil
	case *action.Choose:
		if v.Choice != "double" {
			return ruleErr("the only choice is double")
		}
		comp := s.g.doubleCashCompany()
		if comp == nil {
			return ruleErr("there is no double cash choice in this game")
		}
		s.g.card(comp.ID).chooser = e.(*Player)
		s.pass()
		return nil
	}
	return ruleErr("choose double or pass")
}

// choiceMoves lists the one answer, doubling.
func (s *chooseStep) choiceMoves(e any) []ChoiceMove {
	return []ChoiceMove{{Choice: "double", Label: "double cash for the player order"}}
}
