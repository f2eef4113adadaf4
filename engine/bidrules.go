package engine

// bidRefusal says why p may not bid on c now, whatever the amount, or nil:
// the one rule both a bid and the listed moves consult. Logs imported from
// 18xx.games are trusted on the checks its engine leaves to its interface
// (bidding tokens, the certificate limit, raising one's own lead).
func (g *Game) bidRefusal(p *Player, c *Company) error {
	sr := g.round.sr
	if sr == nil || !g.inBidbox(c) {
		return ruleErr("%s is not in a bid box; bid on %s", c.ID, g.bidboxList())
	}
	top, led := sr.highest(c)
	if !g.importing {
		if led && top.player == p {
			// 4.8.4 (CA 4.10.4): a bidding token moves up only once another
			// player has bid higher on the item.
			return ruleErr("%s already leads %s at $%d: a bid may be raised only after another player bids higher (4.8.4)",
				p.Name, c.ID, top.price)
		}
		if limit := g.T.BidTokens[len(g.seats)]; limit > 0 && !g.hasBid(p, c) && g.bidTokensUsed(p) >= limit {
			return ruleErr("%s has used all %d bidding tokens this round; raise an existing bid instead", p.Name, limit)
		}
		if g.numCerts(p)+g.winningBids(p) >= g.certLimit() {
			return ruleErr("%s is at the certificate limit of %d (counting winning bids)", p.Name, g.certLimit())
		}
	}
	if free, lo := p.Cash-g.committed(p), g.minBid(c); lo > free {
		return ruleErr("%s can bid at most $%d (cash $%d, $%d committed to winning bids); the lowest bid on %s is $%d",
			p.Name, free, p.Cash, g.committed(p), c.ID, lo)
	}
	return nil
}

// bidTokensUsed counts p's bidding tokens on the board: one per item bid on
// this stock round.
func (g *Game) bidTokensUsed(p *Player) int {
	n := 0
	for _, c := range g.round.sr.bidOrder {
		if g.hasBid(p, c) {
			n++
		}
	}
	return n
}
