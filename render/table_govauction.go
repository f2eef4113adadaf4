package render

import (
	"fmt"
	"strings"

	"pbc/engine"
)

// govAuctionSection shows the government railway's token auction while it
// runs: the token up for bid (hex, place and city), the high bid and its
// bidder, the least next bid and who may still bid; while no token is up,
// who is choosing one. Outside the auction it has no rows and is not drawn.
func govAuctionSection(g *engine.Game) section {
	a, ok := g.GovAuctionNow()
	if !ok {
		return section{}
	}
	corp := g.T.Government.Corp
	var chip *engine.Corp
	if c := g.Corp(corp); c != nil {
		chip = c
	}
	sec := section{title: corp + " token auction", header: []string{"token", "high bid", "bidder", "may still bid"},
		right: []bool{false, true, false, false}}
	if a.Hex == "" {
		if a.Picker != nil {
			sec.note = a.Picker.Name + " is choosing a token of " + corp + " to auction"
		}
		return sec
	}
	token := a.Hex
	if h := g.Board.Hex(a.Hex); h != nil && h.Def.Name != "" {
		token += " " + h.Def.Name
	}
	if a.Cities > 1 {
		token += fmt.Sprintf(" (city %d of %d)", a.City+1, a.Cities)
	}
	high, bidder := "none yet", ""
	if a.Leader != nil {
		high, bidder = engine.Money(a.High), a.Leader.Name
	}
	var still []string
	for _, p := range a.Bidders {
		still = append(still, p.Name)
	}
	switch {
	case a.Winner != nil:
		sec.note = a.Winner.Name + " won the token and is choosing the major that pays " + engine.Money(a.High)
	case len(still) > 0:
		sec.note = fmt.Sprintf("%s bids next: %s or more, or passes", still[0], engine.Money(a.MinBid))
	}
	sec.rows = append(sec.rows, []tcell{{text: token, chip: chip}, {text: high, bold: true}, {text: bidder},
		{text: strings.Join(still, ", ")}})
	return sec
}
