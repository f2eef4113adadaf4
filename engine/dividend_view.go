package engine

// PayoutTo is what player p receives when c pays amount out to its shares,
// as the dividend step pays it: a minor pays its owner all of it, a major
// pays each holder per 10% held, rounded up.
func (g *Game) PayoutTo(c *Corp, p *Player, amount int) int {
	if c.IsMinor() {
		if c.President() == p {
			return amount
		}
		return 0
	}
	return ceilDiv(amount*c.PercentOf(p)/10, c.NumShares())
}
