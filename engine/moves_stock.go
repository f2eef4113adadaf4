package engine

import (
	"strconv"
)

// Share choices shared by the steps that list them: bids, pars, buys and
// sales of a stock round, the redeems of an issue step, and the bundles an
// emergency sale may make.

// bidMoves lists the bid-box companies p may bid on: those bidRefusal
// allows, from the lowest bid to p's uncommitted cash.
func (g *Game) bidMoves(p *Player) []BidMove {
	sr := g.round.sr
	if sr == nil {
		return nil
	}
	who := g.srPlayerOf(p)
	free := who.free
	var out []BidMove
	for _, list := range [][]*Company{g.bidboxMinors(), g.bidboxConcessions(), g.bidboxPrivates()} {
		for _, c := range list {
			if c == nil || g.bidRefusalFor(who, c) != nil {
				continue
			}
			b := BidMove{Company: c.ID, Min: g.minBid(c), Max: free, Step: 5, Uncommitted: free}
			if top, ok := sr.highest(c); ok {
				b.Leader, b.Top = top.player.ID, top.price
			}
			out = append(out, b)
		}
	}
	return out
}

// hasBid reports whether p has a bid on c this stock round.
func (g *Game) hasBid(p *Player, c *Company) bool {
	for _, b := range g.round.sr.bids[c] {
		if b.player == p {
			return true
		}
	}
	return false
}

// parMoves lists the majors p may start and their par prices.
func (g *Game) parMoves(p *Player) []ParMove {
	if !g.phaseHas("can_par") && !g.phaseHas("can_convert_concessions") {
		return nil
	}
	var out []ParMove
	who := g.srPlayerOf(p)
	for _, c := range g.Corps {
		if !c.IsMajor() || c.IPOed || c.Closed {
			continue
		}
		for _, cell := range g.Market.parCells(true) {
			if cost, via, err := g.parRefusalFor(who, c, cell); err == nil {
				out = append(out, ParMove{Corp: c.ID, Price: g.Market.price(cell), Cell: g.parCellText(cell), Cost: cost, Via: via})
			}
		}
	}
	return out
}

// directStartBlocked: a PNW major whose associated minor has a bid in a bid
// box, or is owned by a player, may not be started directly (4.7.3).
func (g *Game) directStartBlocked(c *Corp) bool {
	mid := g.assocMinorIDOf(c.ID)
	if mid == "" {
		return false
	}
	if m := g.Corp(mid); m != nil && m.President() != nil && !m.Closed {
		return true
	}
	comp := g.Company("M" + mid)
	if comp == nil || comp.Closed || g.round.sr == nil {
		return false
	}
	_, bid := g.round.sr.highest(comp)
	return bid
}

// parCellText writes a stock cell as the par action names it: "100,0,9".
func (g *Game) parCellText(cell int) string {
	c := g.Market.Cells[cell]
	return strconv.Itoa(c.Price) + "," + strconv.Itoa(c.Row) + "," + strconv.Itoa(c.Col)
}

// conversionShares lists how many shares (2-6) p may take when converting
// minor m into its major at par cell (PNW 4.7.2): a par of at least a sixth
// of the minor's value ($100 above $600), paying at most the difference he
// has in cash, with any balance due to him paid from the minor's cash.
func (g *Game) conversionShares(p *Player, m *Corp, cell int) []int {
	price := g.Market.price(cell)
	value := g.minorValue(m)
	if 6*price < value {
		// Over $600: six shares at $100 and the major pays what it can of
		// the rest (4.7.2 step 4).
		if value > 600 && price == 100 {
			return []int{6}
		}
		return nil
	}
	free := p.Cash - g.committed(p)
	var out []int
	for n := 2; n <= 6; n++ {
		d := n*price - value // > 0: the player pays the difference
		if d > 0 && (d >= price || d > free) {
			continue
		}
		if d < 0 && value <= 600 && -d > m.Cash {
			continue
		}
		out = append(out, n)
	}
	return out
}

// stockBuyMoves lists the shares player p may buy in a stock round.
func (g *Game) stockBuyMoves(p *Player) []ShareMove {
	sr := g.round.sr
	if sr == nil {
		return nil
	}
	free := p.Cash - g.committed(p)
	var out []ShareMove
	for _, c := range g.Corps {
		if !c.IsMajor() || !c.IPOed || c.Closed || c.Price < 0 {
			continue
		}
		if sr.sold[p] != nil && sr.sold[p][c] != "" {
			continue
		}
		if c.PercentOf(p)+10 > 60 || g.countsForLimit(c) && g.numCerts(p)+g.winningBids(p) >= g.certLimit() {
			continue
		}
		price := g.sharePrice(c)
		if price > free {
			continue
		}
		for _, from := range []Holder{c, g.Pool} {
			if b := shareBundle(c.SharesOf(from), 10); b != nil {
				src := "treasury"
				if from == Holder(g.Pool) {
					src = "market"
				}
				out = append(out, ShareMove{Corp: c.ID, Shares: b, Percent: 10, From: src, SharePrice: price, Price: price})
			}
		}
	}
	return out
}

// shareBundle picks certificates making up exactly pct percent, ordinary
// shares first and the president's certificate only when needed; nil when
// none do.
func shareBundle(shares []*Share, pct int) []string {
	var plain []*Share
	var pres *Share
	for _, s := range shares {
		if s.President {
			pres = s
		} else {
			plain = append(plain, s)
		}
	}
	pick := func(lead *Share, rest int) []string {
		var ids []string
		if lead != nil {
			ids = append(ids, lead.ID())
		}
		for _, s := range plain {
			if rest <= 0 {
				break
			}
			if s.Percent <= rest {
				ids = append(ids, s.ID())
				rest -= s.Percent
			}
		}
		if rest != 0 {
			return nil
		}
		return ids
	}
	if ids := pick(nil, pct); ids != nil {
		return ids
	}
	if pres != nil && pres.Percent <= pct {
		if ids := pick(pres, pct-pres.Percent); ids != nil {
			return ids
		}
	}
	if pres != nil && len(plain) == 0 && pct < pres.Percent {
		// Part of a lone president's certificate: the sale names the
		// certificate and says the percent (the rest comes back as shares).
		return []string{pres.ID()}
	}
	return nil
}

// playerSales lists the bundles p may sell. For an emergency sale (active
// set, need > 0) p must keep the active company's presidency and may not
// sell more of one company than raises need (5.16).
func (g *Game) playerSales(p *Player, active *Corp, need int) []ShareMove {
	var out []ShareMove
	for _, c := range g.Corps {
		if !c.IsMajor() || !c.Floated || c.Closed {
			continue
		}
		price := g.sharePrice(c)
		for _, pct := range g.sellableBundles(p, c) {
			if active != nil {
				if c == active && !g.keepsPresidency(p, c, pct) {
					continue
				}
				if price*(pct-10)/10 >= need {
					continue
				}
			}
			b := shareBundle(sharesOf(c, p), pct)
			if b == nil {
				continue
			}
			out = append(out, ShareMove{Corp: c.ID, Shares: b, Percent: pct, SharePrice: price, Price: price * pct / 10})
		}
	}
	return out
}

// keepsPresidency reports whether p still holds at least as much of c as
// every other player after selling pct percent.
func (g *Game) keepsPresidency(p *Player, c *Corp, pct int) bool {
	left := c.PercentOf(p) - pct
	if left < c.Shares[0].Percent {
		return false
	}
	for _, o := range g.seats {
		if o != p && c.PercentOf(o) > left {
			return false
		}
	}
	return true
}

// abilityMoves lists a company's choose_ability answers at step s (the CA
// tax haven's share purchases, PNW P21's deck moves, CA P28's token swap).
func (g *Game) abilityMoves(e any, s step) []ChoiceMove {
	comp, ok := e.(*Company)
	if !ok {
		return nil
	}
	list := ask(s, func(l abilityLister) []string { return l.abilityChoices(comp) })
	out := make([]ChoiceMove, len(list))
	for i, c := range list {
		out[i] = ChoiceMove{Choice: c, Label: c}
	}
	return out
}
