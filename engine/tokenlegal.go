package engine

import (
	"slices"
	"strconv"

	"pbc/engine/board"
	"pbc/engine/graph"
)

// Station-token legality for games played here: a major's normal token goes
// into a free, unreserved slot of a city its network reaches, one per city
// (one per hex unless the title allows more), paid from its treasury.

// checkTokenPlace returns nil if company c may now place its next station
// token in city node city of hex h, else a *RuleError naming the problem and the cities where
// a token could go. Slot is the slot asked for (-1: none); as placeToken does,
// a slot that is taken or reserved for another company falls back to the
// company's reserved or first open slot. It does not check whether c has
// already placed a token this turn.
func (g *Game) checkTokenPlace(c *Corp, h *HexState, city, slot int) error {
	if c == nil {
		return ruleErr("no company is placing a token")
	}
	if !c.IsMajor() {
		return ruleErr("%s is not a major company; only majors place station tokens beyond their home", c.ID)
	}
	t := g.nextToken(c)
	if t == nil {
		return ruleErr("%s has no station tokens left to place", c.ID)
	}
	if h == nil {
		return ruleErr("there is no such hex%s", g.tokenOptions(c))
	}
	slots, ok := h.Slots[city]
	if !ok || city < 0 || city >= len(h.Tile.Nodes) || h.Tile.Nodes[city].Kind != board.City {
		return ruleErr("%s has no city %d%s", h.Def.ID, city, g.tokenOptions(c))
	}
	name := tokenCityName(h, city)
	if tc, has := h.tokenOf(c); has {
		if tc == city {
			return ruleErr("%s already has a token in %s%s", c.ID, name, g.tokenOptions(c))
		}
		if !g.T.MultipleTokensPerHex {
			return ruleErr("%s already has a token on %s%s", c.ID, h.Def.ID, g.tokenOptions(c))
		}
	}
	net := g.quietReach(c)
	if !net.HasNode(graph.NodeRef{Hex: h.Def.ID, Node: city}) {
		return ruleErr("%s cannot reach %s%s", c.ID, name, g.tokenOptions(c))
	}
	if slot >= len(slots) {
		return ruleErr("%s has no slot %d%s", name, slot, g.tokenOptions(c))
	}
	if g.hexReservationBlocks(c, h) {
		return ruleErr("the free slots of %s are kept for %s's home%s", h.Def.ID, andJoin(g.hexReservers(c, h)), g.tokenOptions(c))
	}
	if h.freeSlot(city, c.ID) < 0 {
		if slices.Contains(slots, nil) {
			return ruleErr("the free slots of %s are reserved for %s%s", name, andJoin(reservers(h, city, c.ID)), g.tokenOptions(c))
		}
		return ruleErr("%s is full%s", name, g.tokenOptions(c))
	}
	if cost := g.tokenCost(c, t, h); cost > c.Cash {
		return ruleErr("a token costs $%d; %s has $%d", cost, c.ID, c.Cash)
	}
	return nil
}

// hexReservers lists the companies other than c whose home reservation
// covers all of h (title.Corporation.HomeFloats).
func (g *Game) hexReservers(c *Corp, h *HexState) []string {
	var out []string
	for _, o := range g.Corps {
		if o != c && g.hexReserved[o.ID] && o.HomeHex == h.Def.ID && !o.Closed && !o.Def.HomeBlocksNone &&
			(len(o.Tokens) == 0 || !o.Tokens[0].Used) {
			out = append(out, o.ID)
		}
	}
	return out
}

// hexReservationBlocks reports whether homes reserved on the whole of h
// need every open slot there, so c may not take one.
func (g *Game) hexReservationBlocks(c *Corp, h *HexState) bool {
	n := len(g.hexReservers(c, h))
	if n == 0 {
		return false
	}
	open := 0
	for _, city := range h.Tile.Cities() {
		for i, t := range h.Slots[city] {
			if t == nil && reservedFor(h, city, i) == "" {
				open++
			}
		}
	}
	return n >= open
}

// reservedFor is the company a slot is reserved for, or "".
func reservedFor(h *HexState, city, slot int) string {
	if r := h.Reserved[city]; slot < len(r) {
		return r[slot]
	}
	return ""
}

// reservers lists the companies other than corp holding reservations on
// empty slots of a city.
func reservers(h *HexState, city int, corp string) []string {
	var out []string
	for i, t := range h.Slots[city] {
		if r := reservedFor(h, city, i); t == nil && r != "" && r != corp && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// tokenCities lists the cities where c could place its next token now,
// ignoring cost, as "H11" or "O14 city 2".
func (g *Game) tokenCities(c *Corp) []string {
	var out []string
	net := g.quietReach(c)
	for _, id := range g.Board.order {
		h := g.Board.Hexes[id]
		tc, has := h.tokenOf(c)
		for _, city := range h.Tile.Cities() {
			if !net.HasNode(graph.NodeRef{Hex: id, Node: city}) || h.freeSlot(city, c.ID) < 0 || g.hexReservationBlocks(c, h) {
				continue
			}
			if has && (tc == city || !g.T.MultipleTokensPerHex) {
				continue
			}
			out = append(out, tokenCityName(h, city))
		}
	}
	return out
}

// tokenOptions is the message tail listing where c could place a token.
func (g *Game) tokenOptions(c *Corp) string {
	list := g.tokenCities(c)
	if len(list) == 0 {
		return "; " + c.ID + " can reach no city with a free slot"
	}
	return "; " + c.ID + " can place a token in " + orJoin("", list)
}

// tokenCityName names a city for players: the hex, with the city's number (from
// 1) when the hex has several cities.
func tokenCityName(h *HexState, city int) string {
	cities := h.Tile.Cities()
	if len(cities) <= 1 {
		return h.Def.ID
	}
	return h.Def.ID + " city " + strconv.Itoa(slices.Index(cities, city)+1)
}
