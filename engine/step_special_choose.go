package engine

import (
	"pbc/engine/action"
)

// A private whose acquirer picks one of its two powers before its track
// step (1822 P8: a token that pays one hill lay in full, or a lasting
// terrain discount): the choice, what the step accepts and lists.

// specialChooseStep asks a company that owns such a private for its choice.
type specialChooseStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped, its other fields are values.
func (s *specialChooseStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

func (s *specialChooseStep) name() string { return "special_choose" }

func (s *specialChooseStep) skip() { s.pass() }

// The two answers of a power choice.
const (
	powerToken    = "token"
	powerDiscount = "discount"
)

// powerChoicePending is the private of c still waiting for its power
// choice, or nil.
func (g *Game) powerChoicePending(c *Corp) *Company {
	for _, p := range c.Privates {
		if !p.Closed && p.Def.Ability == "hill_discount" && g.powerChoice(p) == "" {
			return p
		}
	}
	return nil
}

// powerChoice is the power chosen for private p ("" before the choice).
func (g *Game) powerChoice(p *Company) string {
	if cs := g.cards[p.ID]; cs != nil {
		return cs.power
	}
	return ""
}

// active: the step stays open through the turn while a stock-drop
// private of the company may be closed (a choice at any time of its turn).
func (s *specialChooseStep) active() bool {
	return !s.isPassed || s.g.stockDropOpen(s.r)
}

func (s *specialChooseStep) actions(e any) []string {
	if comp, ok := e.(*Company); ok {
		return offerAbility(s.g.stockDropChoices(s.r, comp))
	}
	c, ok := e.(*Corp)
	if !ok || e != s.r.current() || s.g.powerChoicePending(c) == nil {
		return nil
	}
	return []string{action.TypeChoose}
}

func (s *specialChooseStep) process(a action.Action, e any) error {
	if v, ok := a.(*action.ChooseAbility); ok {
		return s.g.chooseStockDrop(s.r, e, v.Choice)
	}
	v, ok := a.(*action.Choose)
	if !ok {
		return ruleErr("choose %s or %s", powerToken, powerDiscount)
	}
	c, _ := e.(*Corp)
	p := (*Company)(nil)
	if c != nil {
		p = s.g.powerChoicePending(c)
	}
	if p == nil {
		return ruleErr("there is no power to choose now")
	}
	switch v.Choice {
	case powerToken:
	case powerDiscount:
		s.g.abilityGone[p.ID] = true // the lay goes, the discount stays
	default:
		return ruleErr("%s's choice is %s (one lay paid in full) or %s (a lasting discount)", p.ID, powerToken, powerDiscount)
	}
	s.g.card(p.ID).power = v.Choice
	return nil
}

// choiceMoves lists the two powers.
func (s *specialChooseStep) choiceMoves(e any) []ChoiceMove {
	return []ChoiceMove{
		{Choice: powerToken, Label: "a token paying one rough, hill or mountain lay in full"},
		{Choice: powerDiscount, Label: "a lasting discount on mountain lays"},
	}
}
