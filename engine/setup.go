package engine

import (
	"slices"

	"pbc/engine/rng"
	"pbc/engine/title"
)

func (g *Game) setup(seats []Seat) {
	t := g.T
	g.Bank = t.Bank
	for _, s := range seats {
		p := &Player{ID: s.ID, Name: s.Name}
		g.seats = append(g.seats, p)
		g.Players = append(g.Players, p)
	}
	cash := t.StartCash[len(seats)]
	for _, p := range g.Players {
		g.pay(nil, p, cash)
	}
	g.Market = newMarket(t.Market, t.Stock)
	g.newDepot()
	g.Board = newBoardState(t.Map)
	g.corpByID = map[string]*Corp{}
	for i := range t.Corps {
		d := &t.Corps[i]
		if g.corpLeftOut(d.ID) {
			continue
		}
		c := &Corp{Def: d, ID: d.ID, Kind: d.Kind, Price: -1, Par: -1, Dest: d.Dest, HomeHex: d.Home,
			HomeCity: d.HomeCity, Exchange: d.Exchange}
		sizes := d.Shares
		if len(sizes) == 0 {
			sizes = []int{100}
			if d.Kind == title.Major {
				sizes = []int{20, 10, 10, 10, 10, 10, 10, 10, 10}
			}
		}
		for k, pct := range sizes {
			c.Shares = append(c.Shares, &Share{Corp: c, Index: k, Percent: pct, President: k == 0})
		}
		c.floatPercent = d.FloatPercent
		if c.floatPercent == 0 {
			c.floatPercent = 50
		}
		for _, s := range c.Shares {
			s.Owner = c
		}
		for k, cost := range d.Tokens {
			_ = k
			c.Tokens = append(c.Tokens, &Token{Corp: c, Price: cost})
		}
		if d.Kind == title.Major && d.Dest != "" {
			c.Tokens = append(c.Tokens, &Token{Corp: c, Kind: DestinationToken})
		}
		g.Corps = append(g.Corps, c)
		g.corpByID[c.ID] = c
		// A major whose home is its associated minor's reserves none itself.
		if d.Home != "" && (d.Kind != title.Major || !g.T.Majors.HomeViaMinor) {
			g.reserveHome(c)
		}
	}
	g.assoc = map[string]string{}
	for _, c := range g.Corps {
		if c.IsMinor() && c.Def.Assoc != "" {
			g.assoc[c.ID] = c.Def.Assoc
		}
	}
	g.compByID = map[string]*Company{}
	g.Companies = g.buildDeck(len(seats))
	for _, c := range g.Companies {
		g.compByID[c.ID] = c
	}
	g.setupGovernment()
	switch {
	case g.Opts["remove_three_ls"]:
		g.removeLs(3)
	case g.Opts["remove_two_ls"]:
		g.removeLs(2)
	}
	g.blockHexes()
	g.emptyBidbox = make([]bool, 4)
	g.regionalORs = map[string]int{}
	if g.Opts["starting_packet"] && len(t.StartingPackets) > 0 {
		g.dealStartingPackets()
		g.Turn = 1
		g.ORsInSet = 1
		g.startOperatingRound(1)
		return
	}
	g.startStockRound()
}

// dealStartingPackets is the PNW quick start (rules 11): each seat starts with
// two minors floated at $50 with $100 each and two privates, and no cash.
func (g *Game) dealStartingPackets() {
	for i, p := range g.Players {
		if i >= len(g.T.StartingPackets) {
			break
		}
		g.pay(p, nil, p.Cash)
		for _, id := range g.T.StartingPackets[i] {
			comp := g.Company(id)
			if comp == nil {
				continue
			}
			if comp.Def.Kind == title.Private {
				comp.Owner = p
				p.Companies = append(p.Companies, comp)
				continue
			}
			g.floatFree(p, comp)
		}
	}
}

func (g *Game) reserveHome(c *Corp) {
	h := g.Board.Hex(c.HomeHex)
	if h == nil {
		return
	}
	node := homeNodeIndex(h, c.HomeCity)
	if node < 0 {
		return
	}
	if c.Def.HomeChoose {
		// The owner picks the city when placing the home token (CA minor 13
		// in Toronto): till then the reservation covers the whole hex.
		g.hexReserved[c.ID] = true
		return
	}
	if h.openSlot(node) < 0 && c.Def.HomeFloats {
		// A home sharing a one-slot city (WRS GNWR with minor 18) waits on
		// the whole hex for a slot.
		g.hexReserved[c.ID] = true
		return
	}
	h.reserve(node, c.ID)
}

// homeNodeIndex maps a city number (18xx.games "city") to the tile's node
// index; out-of-range numbers mean the first city.
func homeNodeIndex(h *HexState, city int) int {
	cities := h.Tile.Cities()
	if len(cities) == 0 {
		return -1
	}
	if city < 0 || city >= len(cities) {
		return cities[0]
	}
	return cities[city]
}

func (g *Game) removeLs(n int) {
	for ; n > 0 && len(g.Depot.Upcoming) > 0; n-- {
		g.removeFromDepot(g.Depot.Upcoming[0])
	}
}

// buildDeck orders the company deck from the seed (action-log-format 2.5-2.8).
func (g *Game) buildDeck(players int) []*Company {
	r := rng.New(g.Seed)
	d := g.T.Deck
	var set []*title.Company
	for _, c := range g.T.StartingCompanies(players, g.Opts) {
		set = append(set, g.T.Company(c.ID))
	}
	defs := rng.SortByKey(r, set)
	var privates, minors, concessions []*title.Company
	for _, c := range defs {
		switch c.Kind {
		case title.Private:
			privates = append(privates, c)
		case title.Concession:
			concessions = append(concessions, c)
		default:
			minors = append(minors, c)
		}
	}
	for i := len(d.FrontPrivates) - 1; i >= 0; i-- {
		privates = moveToFront(privates, d.FrontPrivates[i])
	}
	if ps := d.PrivateStacks; ps != nil && g.Opts[ps.Option] && !g.Opts[ps.KeepAll] {
		privates = stackRemovals(ps, privates)
	}
	var deck []*title.Company
	switch {
	case len(d.Stacks) > 0 && g.Opts["starting_packet"]:
		// The quick start deals the packets from the shuffled minors as
		// they are: no opening minor, no stacks (as 18xx.games deals it).
		deck = append(append(deck, minors...), privates...)
	case len(d.Stacks) > 0:
		deck = append(g.minorStacks(r, minors), privates...)
	default:
		front := d.FrontMinor
		for _, o := range g.T.Options {
			if m, ok := d.FrontMinorBy[o]; ok && g.Opts[o] {
				front = m
			}
		}
		if front != "" {
			minors = moveToFront(minors, front)
		}
		if d.BackMinor != "" {
			minors = moveToBack(minors, d.BackMinor)
		}
		if d.FrontConcession != "" {
			concessions = moveToFront(concessions, d.FrontConcession)
		}
		deck = append(append(append(deck, minors...), concessions...), privates...)
	}
	out := make([]*Company, len(deck))
	for i, c := range deck {
		out[i] = &Company{Def: c, ID: c.ID, Value: c.Value, Revenue: c.Revenue}
	}
	return out
}

func moveToBack(list []*title.Company, id string) []*title.Company {
	for i, d := range list {
		if d.ID == id {
			return append(slices.Delete(slices.Clone(list), i, i+1), d)
		}
	}
	return list
}

func moveToFront(list []*title.Company, id string) []*title.Company {
	for i, d := range list {
		if d.ID == id {
			out := []*title.Company{d}
			out = append(out, list[:i]...)
			return append(out, list[i+1:]...)
		}
	}
	return list
}

// minorStacks builds the shuffled minor stacks of the PNW titles: an opening
// minor (M6, or the Short Scenario's drawn pair), then each stack shuffled.
func (g *Game) minorStacks(r *rng.LCG, minors []*title.Company) []*title.Company {
	d := g.T.Deck
	var first, last *title.Company
	skip := map[string]bool{}
	if len(d.Pairs) > 0 {
		pair := rng.MinByKey(r, d.Pairs)
		g.pairedMinors = pair
		skip[pair[0]], skip[pair[1]] = true, true
	} else if d.FrontMinor != "" {
		skip[d.FrontMinor] = true
	}
	var assoc, other []*title.Company
	for _, c := range minors {
		switch {
		case len(d.Pairs) > 0 && c.ID == g.pairedMinors[0]:
			first = c
		case len(d.Pairs) > 0 && c.ID == g.pairedMinors[1]:
			last = c
		case skip[c.ID]:
			first = c
		case g.isAssocCard(c):
			assoc = append(assoc, c)
		default:
			other = append(other, c)
		}
	}
	var deck []*title.Company
	if first != nil {
		deck = append(deck, first)
	}
	ai, oi := 0, 0
	for _, sz := range d.Stacks {
		stack := append([]*title.Company(nil), assoc[ai:ai+sz[0]]...)
		stack = append(stack, other[oi:oi+sz[1]]...)
		ai += sz[0]
		oi += sz[1]
		deck = append(deck, rng.SortByKey(r, stack)...)
	}
	if last != nil {
		deck = append(deck, last)
	}
	return deck
}

// isAssocCard reports whether a minor card belongs to a minor associated with a major.
func (g *Game) isAssocCard(c *title.Company) bool {
	corp := g.T.Corp(c.Corp)
	return corp != nil && corp.Kind == title.Minor && corp.Assoc != ""
}

// corpLeftOut says whether corporation id needs an option this game lacks
// (title.OptionCorps).
func (g *Game) corpLeftOut(id string) bool {
	for o, ids := range g.T.OptionCorps {
		if !g.Opts[o] && contains(ids, id) {
			return true
		}
	}
	return false
}

// stackRemovals orders the privates stack by stack (each in deck order) and
// takes out the first ps.Remove[i] of stack i that are not kept, as
// 18xx.games sets up 1822+.
func stackRemovals(ps *title.PrivateStacks, privates []*title.Company) []*title.Company {
	var out []*title.Company
	for i, stack := range ps.Stacks {
		drop := 0
		if i < len(ps.Remove) {
			drop = ps.Remove[i]
		}
		for _, c := range privates {
			if !slices.Contains(stack, c.ID) {
				continue
			}
			if drop > 0 && !slices.Contains(ps.Keep, c.ID) {
				drop--
				continue
			}
			out = append(out, c)
		}
	}
	return out
}
