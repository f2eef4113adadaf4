package engine

import (
	"slices"
	"sort"
	"strings"
)

// moveShare hands a certificate to a new holder; holders keep their shares in
// arrival order, which decides which shares a presidency swap gives away.
func (g *Game) moveShare(s *Share, to Holder) {
	g.shareSeq++
	s.seq = g.shareSeq
	s.Owner = to
}

// sharesOf returns h's certificates of c in arrival order.
func sharesOf(c *Corp, h Holder) []*Share {
	out := c.SharesOf(h)
	sort.SliceStable(out, func(i, j int) bool { return out[i].seq < out[j].seq })
	return out
}

func (g *Game) findShares(ids []string) ([]*Share, *Corp, error) {
	var out []*Share
	var corp *Corp
	for _, id := range ids {
		s := g.shareByID(id)
		if s == nil {
			return nil, nil, ruleErr("there is no share %s", id)
		}
		if corp != nil && s.Corp != corp {
			return nil, nil, ruleErr("shares of one corporation at a time")
		}
		corp = s.Corp
		out = append(out, s)
	}
	if corp == nil {
		return nil, nil, ruleErr("no shares named")
	}
	return out, corp, nil
}

func (g *Game) shareByID(id string) *Share {
	for i := len(id) - 1; i > 0; i-- {
		if id[i] == '_' {
			c := g.Corp(id[:i])
			if c == nil {
				return nil
			}
			for _, s := range c.Shares {
				if s.ID() == id {
					return s
				}
			}
			return nil
		}
	}
	return nil
}

func percentOf(shares []*Share) int {
	n := 0
	for _, s := range shares {
		n += s.Percent
	}
	return n
}

// buyShares is a player's purchase in the stock round (from the treasury or the market).
func (g *Game) buyShares(p *Player, ids []string, percent int, sr *srState) error {
	shares, c, err := g.findShares(ids)
	if err != nil {
		return err
	}
	if !c.IsMajor() || !c.IPOed {
		return ruleErr("%s shares are not for sale", c.ID)
	}
	from := shares[0].Owner
	for _, s := range shares {
		if s.Owner != from || (from != Holder(c) && from != Holder(g.Pool)) {
			return ruleErr("%s is not in the treasury or the market", s.ID())
		}
	}
	if sr != nil && sr.sold[p] != nil && sr.sold[p][c] != "" {
		return ruleErr("%s sold %s this round and cannot buy it back", p.Name, c.ID)
	}
	price := g.sharePrice(c) * percentOf(shares) / 10
	if avail := p.Cash - g.committed(p); price > avail {
		return ruleErr("%s costs $%d; %s has $%d available", c.ID, price, p.Name, avail)
	}
	if c.PercentOf(p)+percentOf(shares) > 60 {
		return ruleErr("a player may hold at most 60%% of %s", c.ID)
	}
	if !g.importing && g.countsForLimit(c) && g.numCerts(p)+g.winningBids(p) >= g.certLimit() {
		return ruleErr("%s is at the certificate limit of %d (counting winning bids)", p.Name, g.certLimit())
	}
	g.ipoShares(p, shares, sr)
	return nil
}

// ipoShares moves shares to p, paying the treasury (incremental capitalisation)
// or the bank (market shares), then checks presidency and floating.
func (g *Game) ipoShares(p *Player, shares []*Share, sr *srState) {
	c := shares[0].Corp
	from := shares[0].Owner
	price := g.sharePrice(c) * percentOf(shares) / 10
	prev := c.President()
	if from == Holder(c) && !c.fullCap {
		g.pay(p, c, price)
	} else {
		g.pay(p, nil, price)
	}
	c.IPOed = true
	for _, s := range shares {
		g.moveShare(s, p)
	}
	g.checkPresidency(c, prev, from)
	g.checkFloat(c)
}

// checkFloat floats a major once half its shares are out of the treasury.
func (g *Game) checkFloat(c *Corp) {
	if c.Floated || !c.IsMajor() {
		return
	}
	if c.PercentOf(c) > 100-c.floatPercent {
		return
	}
	c.Floated = true
	if c.fullCap {
		g.pay(c, nil, c.Cash)
		for _, s := range sharesOf(c, c) {
			g.moveShare(s, g.Pool)
		}
		g.pay(nil, c, g.Market.price(c.Par)*10)
	}
	c.fullCap = false
	g.onFloat(c)
}

// checkPresidency moves the president's certificate when another player now
// holds more than the president (ties keep the president).
func (g *Game) checkPresidency(c *Corp, prev *Player, soldTo Holder) {
	c.presLag = false
	max := 0
	for _, p := range g.seats {
		if n := c.PercentOf(p); n > max {
			max = n
		}
	}
	if prev != nil && c.PercentOf(prev) == max {
		return
	}
	var cand []*Player
	for _, p := range g.Players {
		if c.PercentOf(p) == max && max >= c.Shares[0].Percent {
			cand = append(cand, p)
		}
	}
	if len(cand) == 0 {
		return
	}
	next := cand[0]
	if prev != nil {
		best := -1
		for _, p := range cand {
			d := g.seatDistance(prev, p)
			if best < 0 || d < best {
				best, next = d, p
			}
		}
	}
	pres := c.Shares[0]
	if pres.Owner == Holder(next) {
		return
	}
	if prev == nil {
		return
	}
	// The new president hands two shares to the old one (or to the market when
	// the old one no longer holds enough).
	swapTo := Holder(prev)
	if c.PercentOf(prev) < pres.Percent {
		swapTo = soldTo
	}
	give := sharesOf(c, next)
	n := 0
	for _, s := range give {
		if n >= pres.Percent/10 {
			break
		}
		if s.President {
			continue
		}
		g.moveShare(s, swapTo)
		n++
	}
	g.moveShare(pres, next)
}

// seatDistance counts seats from a to b going round the table in current order.
func (g *Game) seatDistance(a, b *Player) int {
	ia, ib := -1, -1
	for i, p := range g.Players {
		if p == a {
			ia = i
		}
		if p == b {
			ib = i
		}
	}
	if ib >= ia {
		return ib - ia
	}
	return ib - ia + len(g.Players)
}

// sellShares is a player's sale to the market (stock round or emergency).
func (g *Game) sellShares(p *Player, ids []string, percent int, sr *srState) error {
	shares, c, err := g.findShares(ids)
	if err != nil {
		return err
	}
	for _, s := range shares {
		if s.Owner != Holder(p) {
			return ruleErr("%s does not hold %s", p.Name, s.ID())
		}
	}
	pct := percentOf(shares)
	keep := 0 // part of the president's certificate kept (as 10% shares)
	if percent > 0 && percent != pct {
		keep = pct - percent
		if !slices.ContainsFunc(shares, func(s *Share) bool { return s.President }) || keep < 0 ||
			keep%10 != 0 || keep >= c.Shares[0].Percent {
			return ruleErr("%s is %d%%, not %d%%; only part of a president's certificate may be sold", strings.Join(ids, " "), pct, percent)
		}
		pct = percent
	}
	if sr != nil && sr.sold[p] != nil && sr.sold[p][c] == "now" && !g.T.Stock.SellInParts {
		return ruleErr("%s already sold %s this turn; a company's shares are sold in one block", p.Name, c.ID)
	}
	ok := false
	for _, b := range g.sellableBundles(p, c) {
		if b == pct {
			ok = true
		}
	}
	if !ok {
		return ruleErr("%s cannot sell %d%% of %s now", p.Name, pct, c.ID)
	}
	wasPres := c.President() == p
	price := g.sharePrice(c) * pct / 10
	if sr != nil {
		if sr.sold[p] == nil {
			sr.sold[p] = map[*Corp]string{}
		}
		sr.sold[p][c] = "now"
	}
	g.sellToPool(p, c, shares, price, keep)
	g.sellMovement(c, pct, wasPres)
	return nil
}

// sellToPool sells shares from p to the market for price. When they include
// the president's certificate, the new president swaps shares for it
// (4.4.7), and of those keep percent come back to p: the part of the
// certificate p did not sell.
func (g *Game) sellToPool(p *Player, c *Corp, shares []*Share, price, keep int) {
	prev := c.President()
	hasPres := false
	for _, s := range shares {
		if s.President {
			hasPres = true
		}
	}
	g.pay(nil, p, price)
	if hasPres {
		// Selling the president's certificate: the new president swaps two shares
		// for it, which then go to the market in its place.
		var normal []*Share
		for _, s := range shares {
			if !s.President {
				g.moveShare(s, g.Pool)
			} else {
				normal = append(normal, s)
			}
		}
		g.presidencyAfterPresSale(c, p)
		for n := 0; n < keep/10; n++ {
			if s := g.poolShare(c); s != nil {
				g.moveShare(s, p)
			}
		}
		return
	}
	for _, s := range shares {
		g.moveShare(s, g.Pool)
	}
	g.checkPresidency(c, prev, g.Pool)
}

// poolShare is the ordinary share of c longest in the market, or nil.
func (g *Game) poolShare(c *Corp) *Share {
	for _, s := range sharesOf(c, g.Pool) {
		if !s.President {
			return s
		}
	}
	return nil
}

func (g *Game) presidencyAfterPresSale(c *Corp, seller *Player) {
	c.presLag = false
	max := 0
	for _, p := range g.seats {
		if p != seller {
			if n := c.PercentOf(p); n > max {
				max = n
			}
		}
	}
	var next *Player
	best := -1
	for _, p := range g.Players {
		if p != seller && c.PercentOf(p) == max && max >= c.Shares[0].Percent {
			if d := g.seatDistance(seller, p); best < 0 || d < best {
				best, next = d, p
			}
		}
	}
	pres := c.Shares[0]
	if next == nil {
		g.moveShare(pres, g.Pool)
		return
	}
	n := 0
	for _, s := range sharesOf(c, next) {
		if n >= c.Shares[0].Percent/10 {
			break
		}
		g.moveShare(s, g.Pool)
		n++
	}
	g.moveShare(pres, next)
}

func (g *Game) sellMovement(c *Corp, pct int, wasPres bool) {
	// A president's sale drops one space per share; anyone else's sale drops
	// one space, with enough players (title.StockRules.OtherSalesDropFrom).
	// The government railway's price never moves on a sale.
	switch {
	case g.isGov(c):
	case wasPres || g.T.Stock.SaleDropsPerShare:
		g.moveDown(c, pct/10)
	case len(g.seats) >= g.T.Stock.OtherSalesDropFrom:
		g.moveDown(c, 1)
	}
}
