package engine

import (
	"sort"

	"pbc/engine/board"

	"pbc/engine/title"
)

// placeHomeToken puts a corporation's first token on its home city at the
// start of its first operating turn (adding a slot when the city is full).
func (g *Game) placeHomeToken(c *Corp) {
	if len(c.Tokens) == 0 || c.Tokens[0].Used || c.HomeHex == "" {
		return
	}
	h := g.Board.Hex(c.HomeHex)
	if h == nil {
		return
	}
	city, _, ok := h.reservedNode(c.ID)
	if !ok {
		city = homeNodeIndex(h, c.HomeCity)
	}
	if city < 0 {
		return
	}
	if _, has := tokenInCity(h, city, c); has {
		return
	}
	if _, has := h.tokenOf(c); has && !g.T.Majors.HomeBesideOwnToken {
		return
	}
	if c.Def.HomeChoose || g.homeNeedsChoice(c, h) {
		// The owner picks the city (CA minor 13 in Toronto, QMOO in a split Québec).
		if r := g.round; r.kind == operatingRound {
			r.op.pendingTok = append(r.op.pendingTok, pendingToken{corp: c, hex: h.Def.ID})
		}
		return
	}
	_ = h.placeToken(c.Tokens[0], city, -1, true)
	if c.Def.DestWithHome && c.Dest != "" {
		// The CA CPR starts with its destination token too (8.2).
		_ = g.placeDestinationToken(c, c.Dest)
	}
}

func (g *Game) onFloat(c *Corp) {}

// titleEvent applies the train events a title's data names.
func (g *Game) titleEvent(ev string) {
	if ev != "" && ev == g.T.Hexes.OpenEvent {
		g.openBlockedHexes()
	}
	if ev != "" && ev == g.T.Government.CloseEvent {
		g.startGovCashOut()
	}
}

// blockHexes blocks the title's blocked hexes (CA Detroit and Duluth close
// the southern line until an event opens it) with tokens that belong to no
// company in play.
func (g *Game) blockHexes() {
	if len(g.T.Hexes.Blocked) == 0 {
		return
	}
	name := g.T.Hexes.Blocker
	dd := &Corp{ID: name, Kind: title.Major, Def: &title.Corporation{ID: name, Name: name + " blocker"}}
	for _, id := range g.T.Hexes.Blocked {
		h := g.Board.Hex(id)
		if h == nil {
			continue
		}
		if cities := h.Tile.Cities(); len(cities) > 0 {
			t := &Token{Corp: dd}
			dd.Tokens = append(dd.Tokens, t)
			_ = h.placeToken(t, cities[0], -1, true)
		}
	}
	g.blocker = dd
}

// openBlockedHexes removes the blockers and lays the through track.
func (g *Game) openBlockedHexes() {
	if g.blocker == nil {
		return
	}
	for _, t := range g.blocker.Tokens {
		g.Board.removeToken(t)
	}
	for _, id := range g.T.Hexes.Blocked {
		h := g.Board.Hex(id)
		name := g.T.Hexes.Blocker + "-" + id
		def, ok := g.Board.Map.TileDef(name)
		if h == nil || !ok {
			continue
		}
		g.placeTile(h, def, name+"-0", 0)
	}
	g.blocker = nil
}

// closeCompany closes a company card, taking it from its owner.
func (g *Game) closeCompany(c *Company) {
	c.Closed = true
	switch o := c.Owner.(type) {
	case *Player:
		o.Companies = removeCompany(o.Companies, c)
	case *Corp:
		o.Privates = removeCompany(o.Privates, c)
	}
}

func removeCompany(list []*Company, c *Company) []*Company {
	for i, x := range list {
		if x == c {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}

// closeCorp closes a corporation: its tokens leave the map, its reservations
// go, and it leaves the market.
func (g *Game) closeCorp(c *Corp) {
	c.Closed = true
	for _, t := range c.Tokens {
		g.Board.removeToken(t)
	}
	for _, h := range g.Board.Hexes {
		h.dropReservation(c.ID)
	}
	g.Market.remove(c)
	for _, s := range c.Shares {
		s.Owner = c
	}
	for _, t := range append([]*Train(nil), c.Trains...) {
		g.takeTrain(t)
	}
	if c.Kind == title.RegionalCorp {
		if comp := g.Company("M" + c.ID); comp != nil {
			g.closeCompany(comp)
		}
	}
}

// closeMinor closes a minor absorbed into a major (its possessions already moved).
func (g *Game) closeMinor(m *Corp) {
	for _, t := range m.Tokens {
		g.Board.removeToken(t)
	}
	m.Closed = true
	g.Market.remove(m)
	for _, s := range m.Shares {
		s.Owner = m
	}
}

// transferPossessions moves cash, privates and trains from one company to another.
func (g *Game) transferPossessions(from, to *Corp) {
	g.pay(from, to, from.Cash)
	for _, p := range from.Privates {
		p.Owner = to
		to.Privates = append(to.Privates, p)
	}
	from.Privates = nil
	for _, t := range append([]*Train(nil), from.Trains...) {
		g.giveTrain(to, t)
	}
	// A private's marker token (the coal mine) goes with the company.
	for i, t := range from.Tokens {
		if t.Kind == CoalToken {
			t.Corp = to
			to.Tokens = append(to.Tokens, t)
			from.Tokens = append(from.Tokens[:i:i], from.Tokens[i+1:]...)
			break
		}
	}
}

// swapMinorToken replaces the minor's station token with the major's next token.
func (g *Game) swapMinorToken(minor, major *Corp) {
	mt := minor.Tokens[0]
	if !mt.Used {
		return
	}
	h := g.Board.Hex(mt.Hex)
	city := mt.City
	g.Board.removeToken(mt)
	t := g.nextToken(major)
	if t == nil {
		return
	}
	_ = h.placeToken(t, city, -1, true)
}

// exchangeToAvailable turns one exchange token into an available $100 token.
func (g *Game) exchangeToAvailable(c *Corp) {
	c.Exchange--
	c.Tokens = append(c.Tokens, &Token{Corp: c, Price: 100})
}

func sortStrings(s []string) { sort.Strings(s) }

// shortPairedMinor is the opening minor of a title that deals minor pairs
// (the Short Scenario), which floats with its pair; nil in the other titles.
func (g *Game) shortPairedMinor() *Company {
	if g.pairedMinors[0] == "" {
		return nil
	}
	return g.Company(g.pairedMinors[0])
}

// floatPairedMinor floats the Short Scenario's unassociated paired minor for p.
func (g *Game) floatPairedMinor(p *Player) {
	comp := g.Company(g.pairedMinors[1])
	if comp == nil || comp.Closed {
		return
	}
	g.floatFree(p, comp)
}

// floatFree starts a minor for p without a bid: par $50, the certificate
// free and $100 from the bank (Short Scenario pair, PNW starting packets).
func (g *Game) floatFree(p *Player, comp *Company) {
	m := g.corpOfCompany(comp)
	g.setPar(m, g.Market.cellFor(50))
	g.moveShare(m.Shares[0], p)
	m.IPOed, m.Floated = true, true
	g.pay(nil, m, 100)
	g.dropCompany(comp)
}

// afterLayTile applies the rules that follow a tile lay: a floating home
// (title.Corporation.HomeFloats) follows the hex's new cities.
func (g *Game) afterLayTile(h *HexState) {
	// A big city's upgrade private is spent once its city is gray, and a
	// mountain pass private once its pass has track.
	for _, p := range g.Companies {
		if !contains(p.Def.Hexes, h.Def.ID) {
			continue
		}
		switch {
		case p.Def.Ability == "free_city_upgrade" && h.Tile.Color == board.Gray,
			p.Def.Ability == "pass_tile" && h.Tile.Color == board.Yellow:
			g.abilityGone[p.ID] = true
		}
	}
	for _, c := range g.Corps {
		if c.Def.HomeFloats && c.HomeHex == h.Def.ID && len(c.Tokens) > 0 {
			g.rehome(c, h)
		}
	}
}

// rehome follows a tile lay in a floating home: the reservation moves, and a
// home token already placed is placed again when a yellow tile splits or
// replaces its city (QMOO in Québec).
func (g *Game) rehome(c *Corp, h *HexState) {
	g.updateFloatingHome(c, h)
	home := c.Tokens[0]
	if !home.Used || home.Hex != h.Def.ID || h.Tile.Color != board.Yellow {
		return
	}
	g.Board.removeToken(home)
	cities := 0
	only := -1
	for _, city := range h.Tile.Cities() {
		if h.openSlot(city) >= 0 {
			cities++
			only = city
		}
	}
	switch {
	case cities == 1:
		_ = h.placeToken(home, only, -1, true)
	case len(h.Tile.Cities()) == 1:
		_ = h.placeToken(home, h.Tile.Cities()[0], -1, true) // a full single city: an extra slot
	default:
		if r := g.round; r.kind == operatingRound {
			r.op.pendingTok = append(r.op.pendingTok, pendingToken{corp: c, hex: h.Def.ID})
		}
	}
}

// homeNeedsChoice: a floating home reserved on a whole hex of several cities
// is chosen by the owner when the home token is placed (QMOO in Québec).
func (g *Game) homeNeedsChoice(c *Corp, h *HexState) bool {
	return c.Def.HomeFloats && g.hexReserved[c.ID] && len(h.Tile.Cities()) > 1 && len(h.Tile.Paths) > 0
}

// updateFloatingHome re-reserves a floating home before its token is placed:
// the one city with an open slot, or the whole hex when none or several have one.
func (g *Game) updateFloatingHome(c *Corp, h *HexState) {
	if c.Tokens[0].Used {
		return
	}
	h.unreserve(c.ID)
	delete(g.hexReserved, c.ID)
	var open []int
	for _, city := range h.Tile.Cities() {
		if h.openSlot(city) >= 0 {
			open = append(open, city)
		}
	}
	if len(open) == 1 {
		h.reserve(open[0], c.ID)
		return
	}
	g.hexReserved[c.ID] = true
}

// afterPlaceToken: a token in a floating home's hex can change where that
// home may go.
func (g *Game) afterPlaceToken(h *HexState) {
	for _, c := range g.Corps {
		if c.Def.HomeFloats && c.HomeHex == h.Def.ID && len(c.Tokens) > 0 {
			g.updateFloatingHome(c, h)
		}
	}
}
