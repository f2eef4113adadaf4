package engine

import (
	"strconv"

	"pbc/engine/title"
)

// parRefusal says why p may not start major c at market cell now, or nil,
// with what p pays now and the concession or minor used (Via): the one rule
// a par and the listed moves consult. A log imported from 18xx.games is
// trusted on the checks its engine leaves to its interface (the par cells,
// cash, the certificate limit, a direct start's blocked minor).
func (g *Game) parRefusal(p *Player, c *Corp, cell int) (cost int, via string, err error) {
	return g.parRefusalFor(g.srPlayerOf(p), c, cell)
}

// parRefusalFor is parRefusal for a player worked out already.
func (g *Game) parRefusalFor(who srPlayer, c *Corp, cell int) (cost int, via string, err error) {
	p := who.p
	if c == nil || !c.IsMajor() || c.IPOed || c.Closed {
		return 0, "", ruleErr("%s cannot be started now", c.ID)
	}
	if !g.phaseHas("can_par") && !g.phaseHas("can_convert_concessions") {
		return 0, "", ruleErr("majors cannot be started in phase %s", g.phase().Name)
	}
	check := g.validating()
	if check && (cell < 0 || cell >= len(g.Market.Cells) || g.Market.Cells[cell].Kind != title.ParAll) {
		return 0, "", ruleErr("a major's par price is one of %s", g.parPriceList())
	}
	price := g.Market.price(cell)
	free := who.free
	if conc := g.concessionOf(c); conc != nil && !conc.Closed {
		if conc.Owner != any(p) {
			return 0, "", ruleErr("only the holder of concession %s can start %s", conc.ID, c.ID)
		}
		cost = max(price*c.Shares[0].Percent/10-conc.Value, 0)
		if check && cost > free {
			return 0, "", ruleErr("starting %s at $%d costs %s $%d; %s has $%d uncommitted", c.ID, price, p.Name, cost, p.Name, free)
		}
		return cost, conc.ID, nil
	}
	if !g.phaseHas("can_par") {
		return 0, "", ruleErr("%s can only be started with its concession in phase %s", c.ID, g.phase().Name)
	}
	if g.T.Majors.ConvertMinor {
		if m := g.assocMinorOf(c); m != nil && m.Floated && !m.Closed {
			if m.President() != p {
				return 0, "", ruleErr("only the owner of minor %s can convert it to %s", m.ID, c.ID)
			}
			ns := g.conversionShares(p, m, cell)
			if check && len(ns) == 0 {
				return 0, "", ruleErr("minor %s cannot convert to %s at $%d (4.7.2)", m.ID, c.ID, price)
			}
			if len(ns) > 0 {
				cost = max(ns[0]*price-g.minorValue(m), 0)
			}
			return cost, m.ID, nil
		}
		if check && g.directStartBlocked(c) {
			return 0, "", ruleErr("%s cannot be started directly while its minor is bid on or owned (4.7.3)", c.ID)
		}
	}
	if check && who.atLimit {
		return 0, "", ruleErr("%s is at the certificate limit of %d (counting winning bids)", p.Name, g.certLimit())
	}
	cost = price * c.Shares[0].Percent / 10
	if check && cost > free {
		return 0, "", ruleErr("starting %s at $%d costs $%d; %s has $%d uncommitted", c.ID, price, cost, p.Name, free)
	}
	return cost, "", nil
}

// parPriceList names the majors' par prices: "$100, $90, ... or $60".
func (g *Game) parPriceList() string {
	var out []string
	for _, cell := range g.Market.parCells(true) {
		out = append(out, "$"+strconv.Itoa(g.Market.price(cell)))
	}
	return orJoin("", out)
}

// parCellFor is the market cell a par at price names: the major par cell
// of that price if there is one, else the first cell of that price.
func (g *Game) parCellFor(price int) int {
	for _, cell := range g.Market.parCells(true) {
		if g.Market.price(cell) == price {
			return cell
		}
	}
	return g.Market.cellFor(price)
}
