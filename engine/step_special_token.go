package engine

import "pbc/engine/action"

// Section 6 of 1822CA (Winnipeg and P10): the private's exchange token,
// placed by its owner beside Winnipeg's slots. What the special token step
// accepts, how it places the token and what it lists for Moves; and CA P28's
// token swap, a choice offered at track and token time.

// specialTokenStep is CA P10: the owning major places an exchange token in
// Winnipeg, free, beside the city's slots, without needing a route there.
type specialTokenStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped, its other fields are values.
func (s *specialTokenStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

func (s *specialTokenStep) name() string { return "special token" }
func (s *specialTokenStep) blocks() bool { return false }
func (s *specialTokenStep) skip()        {}

func (s *specialTokenStep) actions(e any) []string {
	comp, ok := e.(*Company)
	if !ok || comp.Closed || comp.Def.Ability != "winnipeg_token" && comp.Def.Ability != "english_channel" {
		return nil
	}
	owner, ok := comp.Owner.(*Corp)
	if !ok || owner != s.r.current() || owner.Exchange <= 0 {
		return nil
	}
	if comp.Def.Ability == "english_channel" {
		// 1822 P5 places its token while its owner places tokens.
		if _, ok := s.r.activeStep().(*tokenStep); !ok {
			return nil
		}
	}
	return []string{"place_token"}
}

func (s *specialTokenStep) process(a action.Action, e any) error {
	g := s.g
	v, ok := a.(*action.PlaceToken)
	if !ok {
		return ruleErr("%s can only place a token", entityName(e))
	}
	comp := e.(*Company)
	c := comp.Owner.(*Corp)
	if v.Tokener != "" && v.Tokener != c.ID {
		return ruleErr("%s places a token of its owner %s, not of %s", comp.ID, c.ID, v.Tokener)
	}
	h, city, err := g.Board.cityByID(v.City)
	if err != nil {
		return err
	}
	if len(comp.Def.Hexes) > 0 && !contains(comp.Def.Hexes, h.Def.ID) {
		return ruleErr("%s places its token in %s", comp.ID, comp.Def.Hexes[0])
	}
	for _, t := range h.Slots[city] {
		if t != nil && t.Corp == c {
			return ruleErr("%s already has a token in that city of %s", c.ID, h.Def.ID)
		}
	}
	t := &Token{Corp: c}
	if comp.Def.Ability == "english_channel" {
		// An exchange token in one of the Channel's token spaces.
		slot := -1
		if v.Slot != nil {
			slot = *v.Slot
		}
		if err := h.placeToken(t, city, slot, false); err != nil {
			return ruleErr("%s cannot place a token there: %v", comp.ID, err)
		}
		c.Tokens = append(c.Tokens, t)
	} else {
		c.Tokens = append(c.Tokens, t)
		h.placeExtra(t, city)
	}
	c.Exchange--
	g.closeCompany(comp)
	return nil
}

// tokenSwapChoices are CA P28's choices at track or token time.
func (g *Game) tokenSwapChoices(comp *Company) []string {
	c, ok := comp.Owner.(*Corp)
	if !ok || comp.Closed || g.round.kind != operatingRound || c != g.round.current() {
		return nil
	}
	var out []string
	if c.Exchange > 0 {
		out = append(out, "exchange")
	}
	if g.nextToken(c) != nil && c.Exchange < c.Def.Exchange {
		out = append(out, "available")
	}
	return out
}

// tokenSwap moves a token between the exchange and available areas, then P28 closes.
func (g *Game) tokenSwap(comp *Company, choice string) error {
	if !contains(g.tokenSwapChoices(comp), choice) {
		return ruleErr("%s cannot choose %q now", comp.ID, choice)
	}
	c := comp.Owner.(*Corp)
	if choice == "exchange" {
		g.exchangeToAvailable(c)
	} else {
		t := g.nextToken(c)
		for i, x := range c.Tokens {
			if x == t {
				c.Tokens = append(c.Tokens[:i:i], c.Tokens[i+1:]...)
				break
			}
		}
		c.Exchange++
	}
	g.closeCompany(comp)
	return nil
}

// tokenMoves lists the cities of the private's hexes where its owner has no
// token yet, each taking the token beside its slots.
func (s *specialTokenStep) tokenMoves(e any) []TokenMove {
	g := s.g
	comp, ok := e.(*Company)
	if !ok {
		return nil
	}
	c := comp.Owner.(*Corp)
	var out []TokenMove
	for _, id := range comp.Def.Hexes {
		h := g.Board.Hex(id)
		if h == nil {
			continue
		}
		for _, city := range h.Tile.Cities() {
			if _, has := tokenInCity(h, city, c); !has {
				out = append(out, TokenMove{Hex: id, City: cityID(h, city), Node: city, Slot: len(h.Slots[city]), Kind: "extra", Tokener: c.ID})
			}
		}
	}
	return out
}
