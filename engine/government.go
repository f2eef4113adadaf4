package engine

import (
	"slices"

	"pbc/engine/title"
)

// This file holds the government railway (title.GovernmentRules, 1822MX's
// NdeM): a major without a president whose certificates start in the pool
// and count toward no certificate limit, and which takes over the homes of
// minors that leave the game.

// gov returns the game's government railway, or nil.
func (g *Game) gov() *Corp {
	if g.T.Government.Corp == "" {
		return nil
	}
	return g.corpByID[g.T.Government.Corp]
}

// isGov reports whether c is the government railway.
func (g *Game) isGov(c *Corp) bool {
	return c != nil && g.T.Government.Corp != "" && c.ID == g.T.Government.Corp
}

// setupGovernment puts the government railway's certificates in the pool,
// prices it, and lets it replace the first minor of ReplacesFirstOf in the
// shuffled deck.
func (g *Game) setupGovernment() {
	c := g.gov()
	if c == nil {
		return
	}
	rules := g.T.Government
	for _, s := range c.Shares {
		s.Owner, s.President = g.Pool, false
	}
	first := -1
	for i, comp := range g.Companies {
		if slices.Contains(rules.ReplacesFirstOf, comp.ID) {
			first = i
			break
		}
	}
	if first >= 0 {
		g.replaceWithGov(g.Companies[first])
	}
	for i, cell := range g.Market.Cells {
		if cell.Price == rules.ParPrice && cell.Kind != title.YellowZone {
			g.setPar(c, i)
			break
		}
	}
	c.IPOed, c.Floated = true, true
}

// replaceWithGov takes a minor's card out of the game: the government
// railway gains a 10% certificate in the pool and a token in the minor's
// home city (one per city).
func (g *Game) replaceWithGov(comp *Company) {
	gov := g.gov()
	g.Companies = slices.DeleteFunc(g.Companies, func(o *Company) bool { return o == comp })
	delete(g.compByID, comp.ID)
	if minor := g.corpByID[comp.Def.Corp]; minor != nil {
		if h := g.Board.Hex(minor.HomeHex); h != nil {
			node, _, ok := h.reservedNode(minor.ID)
			h.unreserve(minor.ID)
			if !ok {
				node = homeNodeIndex(h, minor.HomeCity)
			}
			if node >= 0 && !g.govTokenIn(h, node) {
				if tok := g.unplacedToken(gov); tok != nil {
					_ = h.placeToken(tok, node, -1, true)
				}
			}
		}
	}
	gov.Shares = append(gov.Shares, &Share{Corp: gov, Index: len(gov.Shares), Percent: 10, Owner: g.Pool})
	g.invalidate()
}

// govTokenIn reports whether the government railway has a token in city node of h.
func (g *Game) govTokenIn(h *HexState, node int) bool {
	for _, t := range h.Slots[node] {
		if t != nil && g.isGov(t.Corp) {
			return true
		}
	}
	return false
}

// unplacedToken is c's first token not on the map, or nil.
func (g *Game) unplacedToken(c *Corp) *Token {
	for _, t := range c.Tokens {
		if t.Hex == "" && t.Kind == NormalToken {
			return t
		}
	}
	return nil
}

// govOpen reports whether a government railway is in play and not yet
// cashed out: it then receives the trains unsold minors export.
func (g *Game) govOpen() bool {
	c := g.gov()
	return c != nil && !c.Closed && !g.govClosing
}

// giveTrainToGov hands the next depot train to the government railway
// for free (an unsold minor's export): an L in phase 2 becomes a 2, the
// phase may advance, and its oldest trains beyond the limit rust.
func (g *Game) giveTrainToGov() *Train {
	if len(g.Depot.Upcoming) == 0 {
		return nil
	}
	gov := g.gov()
	t := g.Depot.Upcoming[0]
	if t.Name == "L" && g.phase().Name == "2" {
		_ = g.setVariant(t, "2")
	}
	g.giveTrain(gov, t)
	g.trainBought(t)
	for len(gov.Trains) > g.trainLimit(gov) {
		old := gov.Trains[0]
		g.takeTrain(old)
		old.Rusted = true
	}
	return t
}

// withGov places the government railway in an operating order: last while
// open, first while it is being cashed out (it runs one last time).
func (g *Game) withGov(order []*Corp) []*Corp {
	c := g.gov()
	if c == nil || c.Closed || !c.Floated {
		return order
	}
	if g.govClosing {
		return append([]*Corp{c}, order...)
	}
	return append(order, c)
}

// govActs reports whether the government railway takes part in step s:
// its shareholders lay its track in turn, it runs its trains and pays out;
// it buys no privates, trains or tokens.
func (r *round) govActs(s step) bool {
	switch s.(type) {
	case *trackStep:
		return r.op != nil && r.g.govLayer(r.op) != nil
	case *routeStep, *dividendStep, *discardStep, *govCashOutStep, *govAuctionStep:
		return true
	}
	return false
}

// govLayers are the players holding the government railway's
// certificates, in player order: each lays its track in turn.
func (g *Game) govLayers() []*Player {
	c := g.gov()
	var out []*Player
	for _, p := range g.Players {
		if c.PercentOf(p) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// govLayer is the shareholder laying the government railway's track now,
// or nil when none is left.
func (g *Game) govLayer(op *orState) *Player {
	if ls := g.govLayers(); op.govLayer < len(ls) {
		return ls[op.govLayer]
	}
	return nil
}

// nextGovLayer hands the government railway's track step to its next
// shareholder, with fresh lays; false when e is not the government railway
// or no shareholder is left (the step then ends).
func (g *Game) nextGovLayer(e any, op *orState) bool {
	c, ok := e.(*Corp)
	if !ok || !g.isGov(c) {
		return false
	}
	op.govLayer++
	if g.govLayer(op) == nil {
		return false
	}
	op.laidTrack, op.upgraded = 0, false
	g.invalidateActions()
	return true
}

// govDividend pays the government railway's revenue out with no choice:
// each player's certificates earn their part, the pool's earn nothing, and
// the price moves right once per full share price of revenue, left on none.
func (g *Game) govDividend(c *Corp, op *orState) {
	revenue := op.revenue
	c.LastRevenue, c.LastPaid = revenue, revenue
	c.Operated++
	c.LastOR = g.orKey()
	for _, t := range c.Trains {
		t.Operated = true
	}
	if revenue > 0 {
		for _, p := range g.Players {
			if pct := c.PercentOf(p); pct > 0 {
				g.pay(nil, p, revenue*pct/100)
			}
		}
		if times := revenue / g.sharePrice(c); times > 0 {
			g.moveRight(c, times)
		}
	} else {
		g.moveLeft(c, 1)
	}
	op.routes, op.revenue, op.subsidy = nil, 0, 0
}

// startGovCashOut begins the government railway's cash-out (its CloseEvent,
// 1822MX's first 7-train): in an operating round it operates next, one
// last time, before the companies still to come.
func (g *Game) startGovCashOut() {
	c := g.gov()
	if c == nil || c.Closed || g.govClosing {
		return
	}
	g.govClosing = true
	r := g.round
	if r == nil || r.kind != operatingRound {
		return
	}
	at := -1
	for i, e := range r.entities {
		if e == any(c) {
			at = i
		}
	}
	if at < 0 || at <= r.index {
		return
	}
	r.entities = append(r.entities[:at:at], r.entities[at+1:]...)
	r.entities = slices.Insert(r.entities, r.index+1, any(c))
}

// govController is the player deciding for the government railway: while
// it operates, the shareholder laying its track or the player whose turn
// it is in its token auction; otherwise (running its trains) its
// shareholder first in priority order, or the priority player when no
// player holds any of it.
func (g *Game) govController() *Player {
	if r := g.round; r != nil && r.kind == operatingRound && g.isGov(asCorp(r.current())) {
		if s := r.activeStep(); s != nil {
			switch s.(type) {
			case *trackStep:
				if p := g.govLayer(r.op); p != nil {
					return p
				}
			case *govAuctionStep:
				if p := r.govActing(); p != nil {
					return p
				}
			}
		}
	}
	if ls := g.govLayers(); len(ls) > 0 {
		return ls[0]
	}
	if len(g.Players) > 0 {
		return g.Players[0]
	}
	return nil
}

// asCorp is e as a corporation, or nil.
func asCorp(e any) *Corp {
	c, _ := e.(*Corp)
	return c
}

// Controller is the player who decides for e now: a player himself, a
// corporation's president (for the government railway, the player acting
// for it), a private's owner or its owner's president; nil if none.
func (g *Game) Controller(e any) *Player { return g.controller(e) }
