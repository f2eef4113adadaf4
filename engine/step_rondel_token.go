package engine

import "pbc/engine/graph"

// A major that acquires from the bank a minor whose home city is chosen
// (1822 M14 in London) and replaces its token places one of its own in a
// city of that hex it reaches, as the minor would have: the token brings
// its own slot, kept through upgrades when the minor's was, and costs the
// minor's token price (18xx.games gives the major M14's token ability and
// a pending token in London).

// queueRondel gives c, which acquired minor m from the bank replacing its
// token, the pending token in m's home hex; the token is c's new one.
func (g *Game) queueRondel(c, m *Corp) {
	price := 0
	if len(m.Def.Tokens) > 0 {
		price = m.Def.Tokens[0]
	}
	c.Tokens = append(c.Tokens, &Token{Corp: c, Price: price})
	g.round.op.pendingTok = append(g.round.op.pendingTok,
		pendingToken{corp: c, hex: m.HomeHex, rondel: true, price: price, keeps: m.Def.HomeSlotStays})
}

// rondelToken is c's token queued by queueRondel: its last unplaced one.
func rondelToken(c *Corp) *Token {
	for i := len(c.Tokens) - 1; i >= 0; i-- {
		if t := c.Tokens[i]; !t.Used && t.Kind == NormalToken {
			return t
		}
	}
	return nil
}

// rondelCityOK refuses, with the reason, a city of h where p's corporation
// may not place its rondel token.
func (g *Game) rondelCityOK(p pendingToken, h *HexState, city int) error {
	c := p.corp
	if _, has := tokenInCity(h, city, c); has {
		return ruleErr("%s cannot have two tokens in one city", c.ID)
	}
	if !g.quietReach(c).HasNode(graph.NodeRef{Hex: h.Def.ID, Node: city}) {
		return ruleErr("%s does not reach %s", c.ID, tokenCityName(h, city))
	}
	if p.price > c.Cash {
		return ruleErr("%s cannot afford the $%d token", c.ID, p.price)
	}
	return nil
}

// placeRondel places p's rondel token in city of h.
func (s *pendingTokenStep) placeRondel(p pendingToken, h *HexState, city int) error {
	g := s.g
	if h.Def.ID != p.hex {
		return ruleErr("%s's token goes in %s", p.corp.ID, p.hex)
	}
	if err := g.rondelCityOK(p, h, city); err != nil {
		return err
	}
	tok := rondelToken(p.corp)
	if tok == nil {
		return ruleErr("%s has no token to place", p.corp.ID)
	}
	slot := h.addSlot(city)
	if p.keeps {
		h.keptSlotExit = h.cityExit(city) + 1
	}
	g.pay(p.corp, nil, p.price)
	if err := h.placeToken(tok, city, slot, true); err != nil {
		return err
	}
	s.r.op.pendingTok = s.r.op.pendingTok[1:]
	g.afterPlaceToken(h)
	return nil
}

// rondelMoves lists the cities of h where p's rondel token may go.
func (s *pendingTokenStep) rondelMoves(p pendingToken, h *HexState) []TokenMove {
	var out []TokenMove
	for _, city := range s.g.rondelCities(p, h) {
		out = append(out, TokenMove{Hex: h.Def.ID, City: cityID(h, city), Node: city, Slot: len(h.Slots[city]), Cost: p.price, Kind: "home"})
	}
	return out
}

// rondelCities lists the cities of h where p's rondel token may go.
func (g *Game) rondelCities(p pendingToken, h *HexState) []int {
	var out []int
	for _, city := range h.Tile.Cities() {
		if g.rondelCityOK(p, h, city) == nil {
			out = append(out, city)
		}
	}
	return out
}

// rondelReplaceable reports whether c, acquiring rondel minor m from the
// bank for cost, would have a city of m's home hex for its token. 18xx.games
// offers the replacement whenever c reaches a city of the hex, even its own,
// and its pending token then has nowhere to go; here it is not offered.
func (g *Game) rondelReplaceable(c, m *Corp, cost int) bool {
	h := g.Board.Hex(m.HomeHex)
	if h == nil || c.Exchange <= 0 {
		return false
	}
	p := pendingToken{corp: c, hex: m.HomeHex, rondel: true}
	if len(m.Def.Tokens) > 0 {
		p.price = m.Def.Tokens[0]
	}
	cash := c.Cash
	c.Cash -= cost
	ok := len(g.rondelCities(p, h)) > 0
	c.Cash = cash
	return ok
}
