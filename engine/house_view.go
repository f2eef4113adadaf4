package engine

// Views for players of the engine's legal moves (the house player): what a
// person at the table reads off the board and the charts.

// SharePrice is the price of one 10% share of c, $0 while it has none.
func (g *Game) SharePrice(c *Corp) int {
	if c.Price < 0 {
		return 0
	}
	return g.sharePrice(c)
}

// TrainLimit is how many trains c may own in the current phase.
func (g *Game) TrainLimit(c *Corp) int { return g.trainLimit(c) }

// CheapestTrain is the price of the cheapest train the depot sells now (0 when none).
func (g *Game) CheapestTrain() int { return max(g.minDepotPrice(), 0) }

// RoundNow names the current round as Snapshot does, without the rest of a snapshot.
func (g *Game) RoundNow() RoundInfo {
	if g.round == nil {
		return RoundInfo{Name: g.roundName, Turn: g.Turn}
	}
	return RoundInfo{Name: g.roundName, RoundNum: g.round.num, Turn: g.Turn}
}

// Seats lists the players in seat order (Players is in the order of play).
func (g *Game) Seats() []*Player { return g.seats }

// NothingSoldYet reports whether no bid has been made yet in the game: a
// first stock round that ends so ends the game (PNW 7.1.2, CA 8.1.2).
func (g *Game) NothingSoldYet() bool { return g.nothingSold && g.T.EndOnEmptyFirstSR }
