package engine

import (
	"pbc/engine/action"
	"pbc/engine/title"
	"slices"
)

// Rule 5.6 (both rulebooks): a company acquires private companies from
// consenting players at the start of its turn, for nothing; and PNW P20's
// choice of the associated minor it replaces. What the step accepts, how it
// processes it and what it lists for Moves.

// acquireCompanyStep lets a company take privates from any player (no money changes hands).
type acquireCompanyStep struct {
	stepBase
	r       *round
	p20From *Corp // a minor that just acquired P20 and may replace an associated minor
}

// copyFor copies the step for a clone: its base, round and P20 minor are mapped.
func (s *acquireCompanyStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	n.p20From = cc.corp(s.p20From)
	return &n
}

func (s *acquireCompanyStep) name() string { return "acquire private companies" }

func (s *acquireCompanyStep) skip() { s.pass() }

func (s *acquireCompanyStep) setup() { s.p20From = nil }

// purchasable lists the player-owned privates c may acquire now.
func (g *Game) purchasable(c *Corp) []*Company {
	var out []*Company
	for _, comp := range g.Companies {
		if comp.Closed || comp.Def.Kind != title.Private {
			continue
		}
		if _, ok := comp.Owner.(*Player); !ok {
			continue
		}
		d := comp.Def
		if d.AcquirePhase == 0 || g.phaseNum() < d.AcquirePhase {
			continue
		}
		if c.IsMinor() && d.AcquireBy&title.ByMinor == 0 || c.IsMajor() && d.AcquireBy&title.ByMajor == 0 {
			continue
		}
		out = append(out, comp)
	}
	return out
}

func (s *acquireCompanyStep) actions(e any) []string {
	if s.p20From != nil {
		if e == any(s.p20From) {
			return []string{action.TypeChoose}
		}
		return nil
	}
	c, ok := e.(*Corp)
	if !ok || e != s.r.current() || len(s.g.purchasable(c)) == 0 {
		return nil
	}
	return []string{action.TypeAcquireCompany, action.TypePass}
}

func (s *acquireCompanyStep) process(a action.Action, e any) error {
	g := s.g
	c := e.(*Corp)
	switch v := a.(type) {
	case *action.Pass:
		s.pass()
		return nil
	case *action.Choose:
		return s.p20Choose(c, v.Choice)
	case *action.AcquireCompany:
		comp := g.Company(v.Company)
		if !slices.Contains(g.purchasable(c), comp) {
			return ruleErr("%s cannot acquire %s now", c.ID, v.Company)
		}
		if p, isP := comp.Owner.(*Player); isP {
			p.Companies = removeCompany(p.Companies, comp)
		}
		comp.Owner = c
		c.Privates = append(c.Privates, comp)
		g.companyBought(comp, c)
		if comp.Def.Ability == "backroom" {
			g.closeCompany(comp)
			if c.IsMinor() && g.assoc[c.ID] == "" && len(g.p20Targets()) > 0 {
				s.p20From = c
				return nil
			}
		}
		if len(g.purchasable(c)) == 0 {
			s.pass()
		}
		return nil
	}
	return ruleErr("%s can acquire a private or pass", c.ID)
}

// companyBought applies on-acquisition effects: train privates become trains.
func (g *Game) companyBought(comp *Company, c *Corp) {
	switch comp.Def.Ability {
	case "train", "pullman", "grain_train":
		if t := g.Depot.reserved[comp.Def.Train]; t != nil {
			g.giveTrain(c, t)
		}
		g.closeCompany(comp)
	case "builder_cubes", "timber_double", "mail", "stock_drop":
		comp.Revenue = 0
	case "phase_revenue":
		// The pot goes to the acquiring company and the private closes.
		g.addCash(c, g.takeCardCash(comp.ID))
		g.closeCompany(comp)
	}
	if comp.Def.IncomeEndsWhenAcquired {
		comp.Revenue = 0
	}
}

// p20Targets are associated minors P20 may replace: not owned, not in a bid box,
// with an unstarted major.
func (g *Game) p20Targets() []*Corp {
	box := g.bidboxMinors()
	var out []*Corp
	for _, c := range g.Corps {
		mid := c.ID
		maj := g.assoc[mid]
		if maj == "" || !c.IsMinor() {
			continue
		}
		comp := g.Company("M" + mid)
		major := g.Corp(maj)
		discarded := comp != nil && comp.Owner == nil && comp.Closed && c.Closed
		inBox := false
		for _, b := range box {
			if b == comp {
				inBox = true
			}
		}
		if c.President() == nil && (discarded || !inBox) && major.President() == nil && !major.Floated {
			out = append(out, c)
		}
	}
	return out
}

func (s *acquireCompanyStep) p20Choose(c *Corp, choice string) error {
	g := s.g
	var target *Corp
	for _, t := range g.p20Targets() {
		if t.ID == choice {
			target = t
		}
	}
	if target == nil {
		return ruleErr("%s cannot replace minor %s", c.ID, choice)
	}
	major := g.Corp(g.assoc[target.ID])
	delete(g.assoc, target.ID)
	g.assoc[c.ID] = major.ID
	for _, h := range g.Board.Hexes {
		g.unreserve(h, target)
	}
	oldHome := major.HomeHex
	major.HomeHex, major.HomeCity = c.HomeHex, c.HomeCity
	if major.HomeHex == major.Dest {
		major.Dest = oldHome
	}
	target.Closed = true
	if comp := g.Company("M" + target.ID); comp != nil {
		comp.Closed = true
		g.dropCompany(comp)
	}
	s.p20From = nil
	if len(g.purchasable(c)) == 0 {
		s.pass()
	}
	return nil
}

// choiceMoves lists the associated minors P20 may take the association of.
func (s *acquireCompanyStep) choiceMoves(e any) []ChoiceMove {
	var out []ChoiceMove
	for _, m := range s.g.p20Targets() {
		out = append(out, ChoiceMove{Choice: m.ID, Label: "take over the association of minor " + m.ID})
	}
	return out
}
