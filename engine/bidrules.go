package engine

// srPlayer is what the bid and par rules need to know of a player, worked out once
// for all the items and prices the listed moves ask about.
type srPlayer struct {
	p          *Player
	free       int  // cash not committed to winning bids
	committed  int  // cash committed to winning bids
	atLimit    bool // certificates and winning bids at the certificate limit
	tokensUsed int  // bidding tokens on the board
}

func (g *Game) srPlayerOf(p *Player) srPlayer {
	committed := g.committed(p)
	who := srPlayer{p: p, free: p.Cash - committed, committed: committed}
	if g.round.sr != nil {
		who.atLimit, who.tokensUsed = g.numCerts(p)+g.winningBids(p) >= g.certLimit(), g.bidTokensUsed(p)
	}
	return who
}

// bidRefusal says why p may not bid on c now, whatever the amount, or nil:
// the one rule both a bid and the listed moves consult.
func (g *Game) bidRefusal(p *Player, c *Company) error { return g.bidRefusalFor(g.srPlayerOf(p), c) }

// bidRefusalFor is bidRefusal for a srPlayer worked out already. Logs
// imported from 18xx.games are trusted on the checks its engine leaves to
// its interface (bidding tokens, the certificate limit, raising one's own
// lead).
func (g *Game) bidRefusalFor(b srPlayer, c *Company) error {
	sr := g.round.sr
	if sr == nil || !g.inBidbox(c) {
		return ruleErr("%s is not in a bid box; bid on %s", c.ID, g.bidboxList())
	}
	p := b.p
	if !g.importing {
		if top, led := sr.highest(c); led && top.player == p {
			// 4.8.4 (CA 4.10.4): a bidding token moves up only once another
			// player has bid higher on the item.
			return ruleErr("%s already leads %s at $%d: a bid may be raised only after another player bids higher (4.8.4)",
				p.Name, c.ID, top.price)
		}
		if limit := g.T.BidTokens[len(g.seats)]; limit > 0 && b.tokensUsed >= limit && !g.hasBid(p, c) {
			return ruleErr("%s has used all %d bidding tokens this round; raise an existing bid instead", p.Name, limit)
		}
		if b.atLimit {
			return ruleErr("%s is at the certificate limit of %d (counting winning bids)", p.Name, g.certLimit())
		}
	}
	if lo := g.minBid(c); lo > b.free {
		return ruleErr("%s can bid at most $%d (cash $%d, $%d committed to winning bids); the lowest bid on %s is $%d",
			p.Name, b.free, p.Cash, b.committed, c.ID, lo)
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
