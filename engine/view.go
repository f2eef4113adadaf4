package engine

import "slices"

// Read-only views of state that pictures and status replies show (package
// render). Nothing here changes the game.

// BidBoxes returns the bid boxes as players see them: the minors (PNW: nil
// for an emptied slot), the concessions (CA) and the privates.
func (g *Game) BidBoxes() [][]*Company {
	return [][]*Company{g.bidboxMinors(), g.bidboxConcessions(), g.bidboxPrivates()}
}

// StackSizes returns, for each bid box of BidBoxes, how many companies
// wait in its stack to fill it.
func (g *Game) StackSizes() []int {
	boxes := g.BidBoxes()
	out := make([]int, len(boxes))
	for i, prefix := range []byte{'M', 'C', 'P'} {
		shown := 0
		for _, c := range boxes[i] {
			if c != nil {
				shown++
			}
		}
		out[i] = max(0, len(g.bankCompanies(prefix))-shown)
	}
	return out
}

// PrivateStackSizes returns how many privates wait in each of the
// stacks that fill the private bid box one place each (1822+), or nil when
// one stack fills the box.
func (g *Game) PrivateStackSizes() []int {
	ps := g.T.Deck.PrivateStacks
	if ps == nil || !g.Opts[ps.Option] || g.Opts[ps.OneStack] {
		return nil
	}
	bank := g.bankCompanies('P')
	out := make([]int, len(ps.Stacks))
	for i, stack := range ps.Stacks {
		for _, c := range bank {
			if slices.Contains(stack, c.ID) {
				out[i]++
			}
		}
		out[i] = max(0, out[i]-1) // the first is in the box
	}
	return out
}

// Bid is a standing bid on a company in a bid box.
type Bid struct {
	Player *Player
	Price  int
}

// Bids returns the standing bids on c in the current stock round, in the
// order they were made (none outside a stock round).
func (g *Game) Bids(c *Company) []Bid {
	if g.round == nil || g.round.sr == nil {
		return nil
	}
	var out []Bid
	for _, b := range g.round.sr.bids[c] {
		out = append(out, Bid{Player: b.player, Price: b.price})
	}
	return out
}

// CertCount is the number of certificates p holds against the limit.
func (g *Game) CertCount(p *Player) int { return g.numCerts(p) }

// CertLimit is the certificate limit for this number of players.
func (g *Game) CertLimit() int { return g.certLimit() }
