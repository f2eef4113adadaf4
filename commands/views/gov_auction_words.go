package views

import (
	"fmt"

	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/action"
)

// What the government railway's cash-out and token auction did, for the
// lines under a move (consequences.go): the certificates bought back, the
// token put up, each bid, and the major that bought it.

// govBefore is the part of the state before a move that the auction's
// lines compare: the auction as it stood and each player's part of the
// government railway.
type govBefore struct {
	auction engine.GovAuction
	held    map[int]int // percent, by player id
	price   int
}

// govBeforeMove records the government railway's state before a move.
func govBeforeMove(g *engine.Game) *govBefore {
	id := g.T.Government.Corp
	c := g.Corp(id)
	if c == nil || c.Closed {
		return nil
	}
	b := &govBefore{held: map[int]int{}}
	b.auction, _ = g.GovAuctionNow()
	for _, p := range g.Players {
		b.held[p.ID] = c.PercentOf(p)
	}
	return b
}

// govLines words the cash-out and the auction's steps that move a took.
func govLines(g *engine.Game, b *govBefore, a action.Action) []string {
	if b == nil {
		return nil
	}
	gov := g.Corp(g.T.Government.Corp)
	var lines []string
	var sold []string
	for _, p := range g.Players {
		if was, now := b.held[p.ID], gov.PercentOf(p); now < was && now == 0 {
			sold = append(sold, fmt.Sprintf("%s's %d%%", p.Name, was))
		}
	}
	if len(sold) > 0 {
		lines = append(lines, fmt.Sprintf("%s is privatised: the market buys %s at %s a share.", gov.ID, notation.JoinAnd(sold),
			engine.Money(corpPrice(g, gov))))
	}
	now, _ := g.GovAuctionNow()
	switch v := a.(type) {
	case *action.RemoveToken:
		if now.Hex != "" {
			lines = append(lines, fmt.Sprintf("%s's token in %s is up for auction.", gov.ID, now.Hex))
		}
	case *action.Bid:
		if v.Company == "" && now.Leader != nil {
			lines = append(lines, fmt.Sprintf("%s bids %s for %s's token in %s.", now.Leader.Name, engine.Money(now.High), gov.ID, now.Hex))
		}
	case *action.Merge:
		if b.auction.Hex != "" {
			lines = append(lines, fmt.Sprintf("%s buys %s's token in %s for %s.", v.Corporation, gov.ID, b.auction.Hex,
				engine.Money(b.auction.High)))
		}
	}
	return lines
}
