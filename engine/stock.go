package engine

import (
	"slices"

	"pbc/engine/title"
)

// bid is a standing bid in a bid box.
type bid struct {
	player *Player
	price  int
}

// srState is the state of a stock round.
type srState struct {
	bids       map[*Company][]bid
	bidOrder   []*Company
	sold       map[*Player]map[*Corp]string // "now" this turn, "prev" earlier this round
	actions    []string                     // this turn's action types
	bidActions int
	converting *Corp // PNW: a major being converted from its minor, awaiting the share choice
	convertPar int
	// taxHavenBought: CA P11 bought its share this round.
	taxHavenBought bool
	// history holds, by player id, the actions of his latest turn that
	// stop other players' programs; winning the items he led at the end of
	// his latest turn (or when he set his program).
	history map[int][]srEvent
	winning map[int][]string
}

func (g *Game) startStockRound() {
	g.Turn++
	g.roundName = "SR"
	g.setupBidboxes()
	sr := &srState{bids: map[*Company][]bid{}, sold: map[*Player]map[*Corp]string{}}
	r := &round{g: g, kind: stockRound, num: 1, sr: sr}
	for _, p := range g.Players {
		p.passed = false
		r.entities = append(r.entities, p)
	}
	r.steps = []step{&discardStep{stepBase: stepBase{g: g}, r: r}, &shareStep{stepBase: stepBase{g: g}, r: r}}
	r.after = afterSR
	g.round = r
	r.resetSteps()
	r.skipSteps()
	if r.activeStep() == nil {
		g.srNextEntity()
	}
}

func (g *Game) srAfterProcess() {
	r := g.round
	if r.kind != stockRound || r.activeStep() != nil {
		return
	}
	g.srNextEntity()
}

func (g *Game) srNextEntity() {
	r := g.round
	for {
		if g.finished {
			return
		}
		all := true
		for _, e := range r.entities {
			if !e.(*Player).passed {
				all = false
				break
			}
		}
		if all {
			g.finishStockRound()
			return
		}
		r.index = (r.index + 1) % len(r.entities)
		r.resetSteps()
		r.skipSteps()
		if r.activeStep() != nil {
			return
		}
	}
}

// --- bid boxes ---

func (g *Game) bankCompanies(prefix byte) []*Company {
	n := 0 // counted first: the list is built for most stock-round actions
	for _, c := range g.Companies {
		if c.ID[0] == prefix && c.Owner == nil && !c.Closed {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]*Company, 0, n)
	for _, c := range g.Companies {
		if c.ID[0] == prefix && c.Owner == nil && !c.Closed {
			out = append(out, c)
		}
	}
	return out
}

func firstN(list []*Company, n int) []*Company {
	if len(list) > n {
		return list[:n]
	}
	return list
}

// bidboxMinors are the minors (and regionals) in the minor bid box; PNW keeps
// emptied slots as nil placeholders.
func (g *Game) bidboxMinors() []*Company {
	var out []*Company
	for _, c := range firstN(g.bankCompanies('M'), 4) {
		if contains(g.bidboxCache, c.ID) {
			out = append(out, c)
		}
	}
	if !g.anyEmptyBox {
		return out
	}
	var with []*Company
	for _, c := range out {
		for len(with) < len(g.emptyBidbox) && g.emptyBidbox[len(with)] {
			with = append(with, nil)
		}
		with = append(with, c)
	}
	return with
}

func (g *Game) bidboxConcessions() []*Company { return firstN(g.bankCompanies('C'), 3) }

// bidboxPrivates are the privates in the bid boxes: the first three in the
// bank, or with private stacks the first of each stack.
func (g *Game) bidboxPrivates() []*Company {
	ps := g.T.Deck.PrivateStacks
	if ps == nil || !g.Opts[ps.Option] || g.Opts[ps.OneStack] {
		return firstN(g.bankCompanies('P'), 3)
	}
	bank := g.bankCompanies('P')
	var out []*Company
	for _, stack := range ps.Stacks {
		for _, c := range bank {
			if slices.Contains(stack, c.ID) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

func (g *Game) refillBidboxMinors() {
	g.emptyBidbox = make([]bool, 4)
	g.anyEmptyBox = false
	g.bidboxCache = nil
	for _, c := range firstN(g.bankCompanies('M'), 4) {
		g.bidboxCache = append(g.bidboxCache, c.ID)
	}
}

func (g *Game) setupBidboxes() {
	g.refillBidboxMinors()
}

func (g *Game) inBidbox(c *Company) bool {
	for _, list := range [][]*Company{g.bidboxMinors(), g.bidboxConcessions(), g.bidboxPrivates()} {
		for _, x := range list {
			if x == c {
				return true
			}
		}
	}
	return false
}

func (sr *srState) highest(c *Company) (bid, bool) {
	best, ok := bid{}, false
	for _, b := range sr.bids[c] {
		if !ok || b.price > best.price {
			best, ok = b, true
		}
	}
	return best, ok
}

// committed is the cash a player has tied up in bids he is winning.
func (g *Game) committed(p *Player) int {
	sr := g.round.sr
	if sr == nil {
		return 0
	}
	n := 0
	for _, c := range sr.bidOrder {
		if b, ok := sr.highest(c); ok && b.player == p {
			n += b.price
		}
	}
	return n
}

func (g *Game) winningBids(p *Player) int {
	sr := g.round.sr
	n := 0
	for _, c := range sr.bidOrder {
		if b, ok := sr.highest(c); ok && b.player == p {
			n++
		}
	}
	return n
}

func (g *Game) minBid(c *Company) int {
	if b, ok := g.round.sr.highest(c); ok {
		return b.price + 5
	}
	return g.companyMinBid(c)
}

func (g *Game) companyMinBid(c *Company) int {
	switch c.Def.Kind {
	case title.Private:
		return 0
	}
	if c == g.shortPairedMinor() {
		return g.T.Deck.PairMinBid
	}
	if c.Def.MinBid > 0 {
		return c.Def.MinBid
	}
	return c.Value
}

// numCerts counts the certificates a player holds toward the limit.
func (g *Game) numCerts(p *Player) int {
	n := 0
	for _, c := range g.Corps {
		if c.Kind == title.RegionalCorp {
			continue
		}
		owned := 0
		for _, s := range c.Shares {
			if s.Owner == p {
				owned++
			}
		}
		// Whether c counts is asked once per company, not per share: this
		// runs for every stock-round action.
		if owned > 0 && g.countsForLimit(c) { // minors too: a minor priced in the yellow zone is exempt (4.5.8)
			n += owned
		}
	}
	for _, c := range p.Companies {
		if c.Def.Ability != "tax_haven" { // CA P11 does not count toward the limit
			n++
		}
	}
	return n
}

// countsForLimit: shares priced in CA's yellow zone do not count toward the limit.
func (g *Game) countsForLimit(c *Corp) bool {
	if g.isGov(c) {
		return false
	}
	return c.Price < 0 || g.Market.Cells[c.Price].Kind != title.YellowZone
}

func (g *Game) certLimit() int {
	for o, by := range g.T.OptionCertLimit {
		if g.Opts[o] {
			return by[len(g.seats)]
		}
	}
	return g.T.CertLimit[len(g.seats)]
}
