package engine

import (
	"sort"

	"pbc/engine/title"
)

// finishStockRound resolves the bid boxes and the other end-of-round steps
// in the documented order, then starts the operating rounds.
func (g *Game) finishStockRound() {
	sr := g.round.sr
	// The first stock round is not always the first turn's (the PNW
	// starting packet plays operating rounds first, 10): nothing has been
	// sold yet only at the end of the first.
	if g.nothingSold && g.T.EndOnEmptyFirstSR {
		g.endGame("dnf")
		g.round.done = true
		return
	}
	type win struct {
		b     bid
		c     *Company
		index int
	}
	var floats []win
	removeL := 0
	var removeMinor *Company
	removeFirst := false
	minors := g.bidboxMinors()
	for i, c := range minors {
		if c != nil {
			if b, ok := sr.highest(c); ok {
				floats = append(floats, win{b, c, i})
				continue
			}
			c.Owner = nil
		}
		removeL++
		if i == 0 {
			removeMinor = c
			removeFirst = true
		}
	}
	for _, list := range [][]*Company{g.bidboxConcessions(), g.bidboxPrivates()} {
		for _, c := range list {
			if b, ok := sr.highest(c); ok {
				g.buyCompany(b.player, c, b.price)
			}
		}
	}
	sort.SliceStable(floats, func(i, j int) bool {
		if floats[i].b.price != floats[j].b.price {
			return floats[i].b.price > floats[j].b.price
		}
		return floats[i].index < floats[j].index
	})
	for _, w := range floats {
		g.floatMinor(w.b.player, w.c, w.b.price)
	}
	if removeL > 0 && len(g.Depot.Upcoming) > 0 && g.Depot.Upcoming[0].Name == "L" {
		for ; removeL > 0 && len(g.Depot.Upcoming) > 0 && g.Depot.Upcoming[0].Name == "L"; removeL-- {
			if g.govOpen() {
				g.giveTrainToGov()
				continue
			}
			g.removeFromDepot(g.Depot.Upcoming[0])
		}
	}
	if removeFirst && removeMinor != nil && g.govOpen() {
		g.giveTrainToGov()
		g.replaceWithGov(removeMinor)
	} else if removeFirst && removeMinor != nil {
		if g.gov() == nil {
			// With a government railway, once it is gone an unsold minor
			// just closes: no train leaves the depot.
			g.exportTrain()
		}
		if m := g.corpOfCompany(removeMinor); m != nil {
			g.closeCorp(m)
		}
		removeMinor.Closed = true
		g.dropCompany(removeMinor)
	}
	g.refillBidboxMinors()
	for _, p := range g.Players {
		if p.Debt > 0 {
			g.addInterest(p)
		}
	}
	var movers []*Corp
	for _, c := range g.Corps {
		// The government railway never rises for being sold out (as 18xx.games
		// plays 1822MX's NdeM).
		if c.Floated && c.IsMajor() && c.Price >= 0 && !g.isGov(c) {
			movers = append(movers, c)
		}
	}
	sort.SliceStable(movers, func(i, j int) bool { return g.corpLess(movers[i], movers[j]) })
	for _, c := range movers {
		held := c.PercentOf(g.taxHaven)
		for _, p := range g.seats {
			held += c.PercentOf(p)
		}
		if held == 100 {
			g.moveUp(c, 1)
		}
	}
	g.round.done = true
}

// addInterest charges 50% interest, rounded up, on p's debt (4.11.14).
func (g *Game) addInterest(p *Player) {
	g.addDebt(p, interest(p.Debt), "interest (4.11.14)")
}

// corpOfCompany returns the corporation a minor/regional/concession card stands for.
func (g *Game) corpOfCompany(c *Company) *Corp {
	if c.Def.Corp != "" {
		return g.Corp(c.Def.Corp)
	}
	if len(c.ID) > 1 {
		return g.Corp(c.ID[1:])
	}
	return nil
}

// dropCompany removes a card from the deck.
func (g *Game) dropCompany(c *Company) {
	for i, x := range g.Companies {
		if x == c {
			g.Companies = append(g.Companies[:i:i], g.Companies[i+1:]...)
			return
		}
	}
}

// buyCompany gives a won private, concession or regional to the player.
func (g *Game) buyCompany(p *Player, c *Company, price int) {
	c.Owner = p
	p.Companies = append(p.Companies, c)
	g.pay(p, nil, price)
	if m := g.Company(c.Def.WithMinor); m != nil && !m.Closed {
		g.floatFree(p, m)
	}
	if c.Def.Kind == title.Regional {
		c.Value = 200
		r := g.corpOfCompany(c)
		r.Owner = p
		if h := g.Board.Hex(r.HomeHex); h != nil && len(r.Tokens) > 0 {
			_ = h.placeToken(r.Tokens[0], r.HomeCity, -1, true)
			g.unreserve(h, r)
		}
		r.Price = g.Market.cellFor(100)
	}
}

func (g *Game) unreserve(h *HexState, c *Corp) { h.unreserve(c.ID) }

// floatMinor starts a minor won in the bid box (4.9.6-4.9.8).
func (g *Game) floatMinor(p *Player, comp *Company, price int) {
	m := g.corpOfCompany(comp)
	if m.Kind == title.RegionalCorp {
		g.buyCompany(p, comp, price)
		return
	}
	cell := g.minorParCell(price)
	g.setPar(m, cell)
	pres := 2 * g.Market.price(cell)
	treasury := price
	if g.phaseNum() < 3 {
		treasury = pres
	}
	g.pay(p, nil, price)
	g.pay(nil, m, treasury)
	g.moveShare(m.Shares[0], p)
	m.IPOed, m.Floated = true, true
	comp.Owner = nil
	g.dropCompany(comp)
	g.onFloat(m)
	if comp == g.shortPairedMinor() {
		g.floatPairedMinor(p)
	}
}

// minorParCell is the par for a minor won with bid: $50 in phase 1, else the
// highest par price not above half the bid.
func (g *Game) minorParCell(bid int) int {
	pars := g.Market.parCells(false)
	target := bid / 2
	if g.phaseNum() == 1 {
		target = 50
	}
	for _, i := range pars {
		if g.Market.price(i) <= target {
			return i
		}
	}
	return pars[len(pars)-1]
}

// reorderPlayers sorts players by cash, richest first; ties keep their order.
func (g *Game) reorderPlayers() {
	var double *Player
	if comp := g.doubleCashCompany(); comp != nil && g.cards[comp.ID] != nil {
		double = g.cards[comp.ID].chooser
		g.cards[comp.ID].chooser = nil
	}
	sort.SliceStable(g.Players, func(i, j int) bool {
		a, b := g.Players[i].Cash, g.Players[j].Cash
		if g.Players[i] == double {
			a *= 2
		}
		if g.Players[j] == double {
			b *= 2
		}
		return a > b
	})
}
