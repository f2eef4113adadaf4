package engine

import (
	"pbc/engine/action"
	"pbc/engine/graph"
)

// Rule 5.10 (1822PNW; 1822CA 5.9): place station tokens. What the token
// step accepts, how it places a token and what it lists for Moves; where a
// token may go is tokenlegal.go's (checkTokenPlace), shared by both.

// tokenStep places one station token per turn.
type tokenStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped, its other fields are values.
func (s *tokenStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

func (s *tokenStep) name() string { return "place a token" }

func (s *tokenStep) skip() { s.pass() }

func (s *tokenStep) actions(e any) []string {
	g := s.g
	if comp, ok := e.(*Company); ok {
		return offerAbility(s.abilityChoices(comp))
	}
	c, ok := e.(*Corp)
	if !ok || e != s.r.current() || s.r.op.tokened {
		return nil
	}
	if t := g.nextToken(c); t != nil {
		// A token private (CA P10) or a free token of the company's own
		// (1822 SECR in the English Channel) keeps the step open even
		// without a reachable city, as 18xx.games holds it.
		if g.ownsAbility(c, "winnipeg_token") || g.freeTokenLeft(c) || (t.Price <= c.Cash && g.canToken(c)) {
			return []string{action.TypePlaceToken, action.TypePass}
		}
	}
	// CA P28 (1822 P18) and 1822 P5 keep the step open for their choice
	// while exchange tokens remain.
	if (g.ownsAbility(c, "token_swap") || g.ownsAbility(c, "english_channel")) && c.Exchange > 0 {
		return []string{action.TypeChooseAbility, action.TypePass}
	}
	return nil
}

// nextToken is the next unplaced normal token of c.
func (g *Game) nextToken(c *Corp) *Token {
	for _, t := range c.Tokens {
		if !t.Used && t.Kind == NormalToken {
			return t
		}
	}
	return nil
}

func (s *tokenStep) process(a action.Action, e any) error {
	g := s.g
	switch v := a.(type) {
	case *action.Pass:
		s.pass()
		return nil
	case *action.ChooseAbility:
		return g.companyChoice(e.(*Company), v.Choice, "token")
	case *action.PlaceToken:
		c := e.(*Corp)
		h, city, err := g.Board.cityByID(v.City)
		if err != nil {
			return err
		}
		if tc, has := h.tokenOf(c); has && (tc == city || !g.T.MultipleTokensPerHex) {
			return ruleErr("%s already has a token in %s", c.ID, h.Def.ID)
		}
		t := g.nextToken(c)
		if t == nil {
			return ruleErr("%s has no tokens left", c.ID)
		}
		if g.validating() {
			slot := -1
			if v.Slot != nil {
				slot = *v.Slot
			}
			if err := g.checkTokenPlace(c, h, city, slot); err != nil {
				return err
			}
		}
		cost := g.tokenCost(c, t, h)
		if cost > c.Cash {
			return ruleErr("a token costs $%d; %s has $%d", cost, c.ID, c.Cash)
		}
		slot := -1
		if v.Slot != nil {
			slot = *v.Slot
		}
		if err := h.placeToken(t, city, slot, false); err != nil {
			return ruleErr("%v", err)
		}
		g.pay(c, nil, cost)
		if g.freeTokenLeft(c) && contains(c.Def.FreeTokenHexes, h.Def.ID) {
			g.abilityUses[c.ID]++
		}
		g.afterPlaceToken(h)
		s.r.op.tokened = true
		s.pass()
		return nil
	}
	return ruleErr("%s can place a token or pass", entityName(e))
}

func (g *Game) tokenCost(c *Corp, t *Token, h *HexState) int {
	if h != nil && g.freeTokenLeft(c) && contains(c.Def.FreeTokenHexes, h.Def.ID) {
		return 0
	}
	return t.Price
}

// freeTokenLeft says whether c may still place its one free token in its
// FreeTokenHexes (used once: abilityUses counts it under c's id).
func (g *Game) freeTokenLeft(c *Corp) bool {
	return len(c.Def.FreeTokenHexes) > 0 && g.abilityUses[c.ID] == 0
}

// abilityChoices lists the token-time company choices (CA P28's swap).
func (s *tokenStep) abilityChoices(comp *Company) []string { return s.g.companyChoices(comp, "token") }

// tokenInCity reports whether c has a token in city node of h.
func tokenInCity(h *HexState, node int, c *Corp) (int, bool) {
	for i, t := range h.Slots[node] {
		if t != nil && t.Corp == c {
			return i, true
		}
	}
	for _, t := range h.Extra[node] {
		if t.Corp == c {
			return -1, true
		}
	}
	return 0, false
}

// stationTokenMoves lists the cities where c may place its next station token.
func (g *Game) stationTokenMoves(c *Corp) []TokenMove {
	t := g.nextToken(c)
	if t == nil || !c.IsMajor() {
		return nil
	}
	if t.Price > c.Cash && !g.freeTokenLeft(c) {
		return nil // a free token of its own (SECR's) costs nothing where it goes
	}
	net := g.quietReach(c)
	var out []TokenMove
	for _, id := range g.Board.order {
		h := g.Board.Hexes[id]
		for _, city := range h.Tile.Cities() {
			if !net.HasNode(graph.NodeRef{Hex: id, Node: city}) || h.freeSlot(city, c.ID) < 0 {
				continue
			}
			if _, has := tokenInCity(h, city, c); has {
				continue // one token per city, counting CA P10's beside the slots
			}
			if g.checkTokenPlace(c, h, city, -1) != nil {
				continue
			}
			out = append(out, TokenMove{Hex: id, City: cityID(h, city), Node: city, Slot: h.freeSlot(city, c.ID),
				Cost: g.tokenCost(c, t, h), Kind: "station"})
		}
	}
	return out
}

// tokenMoves lists the cities where the operating major may place its next
// station token.
func (s *tokenStep) tokenMoves(e any) []TokenMove {
	c, ok := e.(*Corp)
	if !ok {
		return nil
	}
	return s.g.stationTokenMoves(c)
}
