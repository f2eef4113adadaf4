package house

import (
	"sort"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/title"
)

// playerTurn decides a player's own turn: a stock round turn, a choice, a
// debt to pay.
func (d *decider) playerTurn() action.Action {
	a := d.actor
	if p := d.player(); p != nil && p.Debt > 0 {
		// A debt grows by half every stock round, dearer than anything a
		// share earns: sell what the rules allow to clear it, then pay. The
		// engine lists no payment once his cash is gone (a.Debt is then
		// nil), so the debt is read from the player, not the listing.
		if p.Debt > p.Cash {
			if x := d.saleFor(p.Debt - p.Cash); x != nil {
				return x
			}
		}
		if a.Debt != nil && d.has(action.TypePayoffPlayerDebt) && p.Cash >= p.Debt {
			return d.of(action.TypePayoffPlayerDebt)[0]
		}
		if a.Debt != nil && d.has(action.TypePayoffPlayerDebtPartial) && a.Debt.Max > 0 {
			return d.of(action.TypePayoffPlayerDebtPartial)[0]
		}
	}
	if d.has(action.TypeChoose) {
		return d.playerChoice()
	}
	if x := d.par(); x != nil {
		return x
	}
	if x := d.floatOwn(); x != nil {
		return x
	}
	if x := d.fundOwn(); x != nil {
		return x
	}
	if x := d.bid(); x != nil {
		return x
	}
	if x := d.buyShare(); x != nil {
		return x
	}
	if a.CanPass {
		return d.pass()
	}
	// A sale the rules demand: the smallest.
	if l := d.of(action.TypeSellShares); len(l) > 0 {
		sort.SliceStable(l, func(i, j int) bool {
			return l[i].(*action.SellShares).Percent < l[j].(*action.SellShares).Percent
		})
		return l[0]
	}
	return nil
}

// playerChoice answers a player's question: a PNW conversion's exchange
// the middle number of shares (about the minor's worth), a par price the
// highest; anything else its first answer.
func (d *decider) playerChoice() action.Action {
	return numericChoice(d.of(action.TypeChoose), d.actor.Choices)
}

// par starts a major the player may start, at the highest par price that
// leaves him money to buy the shares that float it.
func (d *decider) par() action.Action {
	if len(d.actor.Pars) == 0 {
		return nil
	}
	// A major is what spares his minors their rusts (it takes them over):
	// what he keeps back for their trains may start it.
	budget := d.player().Cash - d.player().Debt
	// His majors still without the money for their first train come first:
	// a major that must buy a train with its president's money puts him in
	// debt at 50% a stock round.
	spare := budget - d.unfunded(d.firstTrainPrice(nil, 0))
	var best *engine.ParMove
	for i := range d.actor.Pars {
		pm := &d.actor.Pars[i]
		if d.g.Corp(pm.Via) == nil && pm.Price > 0 {
			// What the treasury lacks he pays in whole shares.
			short := max(0, d.firstTrainPrice(nil, pm.Price)-d.startCash(pm))
			if spare < pm.Cost+(short+pm.Price-1)/pm.Price*pm.Price {
				continue // it could not buy its first train from its treasury and his shares
			}
		}
		// The president's certificate and three more shares.
		need := pm.Cost + 3*pm.Price
		if pm.Cost > budget {
			continue
		}
		if need <= budget && (best == nil || pm.Price > best.Price || best.Cost+3*best.Price > budget) {
			best = pm
		} else if best == nil || (best.Cost+3*best.Price > budget && pm.Price < best.Price) {
			best = pm
		}
	}
	if best == nil {
		return nil
	}
	for _, x := range d.of(action.TypePar) {
		v := x.(*action.Par)
		if v.Corporation == best.Corp && v.SharePrice == best.Cell {
			return x
		}
	}
	return nil
}

// startCash is what a major started by pm has in its treasury: what its
// president's certificate pays in (a PNW conversion's minor brings more).
func (d *decider) startCash(pm *engine.ParMove) int {
	c := d.g.Corp(pm.Corp)
	if c == nil || len(c.Def.Shares) == 0 {
		return 2 * pm.Price
	}
	return c.Def.Shares[0] / 10 * pm.Price
}

// floatOwn buys a share of a major the player presides, from its
// treasury, until it has floated and has the money for its first train.
func (d *decider) floatOwn() action.Action {
	p := d.player()
	if d.g.CertCount(p) >= d.g.CertLimit() {
		return nil
	}
	for i, s := range d.actor.Buys {
		c := d.g.Corp(s.Corp)
		if c == nil || c.President() != p || s.From != "treasury" || s.Price > p.Cash || s.Percent != 10 {
			continue
		}
		first := d.firstTrainPrice(c, d.g.SharePrice(c))
		if c.Floated && (runningTrains(c) > 0 || c.Cash >= first) && c.Cash >= d.reserve(c) {
			continue
		}
		// A major short of its first train is funded before anything else:
		// the share bought stays his to sell, while a train its treasury
		// cannot pay is paid from his pocket or borrowed at 50%.
		if c.Floated && s.Price > d.budget() && (runningTrains(c) > 0 || c.Cash >= first) {
			continue
		}
		return d.of(action.TypeBuyShares)[i]
	}
	return nil
}

// bid bids the least allowed on the company in a bid box that is the best
// bargain, when the player leads too few and the price is sensible.
func (d *decider) bid() action.Action {
	bids := d.actor.Bids
	if len(bids) == 0 {
		return nil
	}
	p, budget := d.player(), d.budget()
	leads := 0
	for _, b := range bids {
		if b.Leader == d.seat {
			leads++
		}
	}
	if leads >= 3 {
		return nil
	}
	minors := d.minorsHeld()
	for _, b := range bids {
		if b.Leader == d.seat {
			if comp := d.g.Company(b.Company); comp != nil && comp.Def.Kind == title.MinorCert {
				minors++
			}
		}
	}
	best, bestRatio := -1, 0.0
	for i, b := range bids {
		// Nothing sold in the first stock round ends the game: a player
		// bids then whatever his companies will need later.
		held := p.Cash - budget
		if d.g.NothingSoldYet() {
			held = 0
		}
		if b.Leader == d.seat || b.Min > b.Max || b.Min > b.Uncommitted || b.Min > b.Uncommitted-held {
			continue
		}
		comp := d.g.Company(b.Company)
		if comp == nil {
			continue
		}
		worth := d.worth(comp)
		if b.Min > worth {
			continue
		}
		if comp.Def.Kind == title.MinorCert && d.nextTrainPrice() >= 2*comp.Def.Value {
			continue // a minor started this late cannot pay for its trains
		}
		if comp.Def.Kind == title.MinorCert && minors >= d.minorCap() {
			continue // each minor must buy its own trains: a person runs few
		}
		ratio := float64(b.Min)/float64(max(worth, 1)) + d.rng.Float64()*0.15
		if best < 0 || ratio < bestRatio {
			best, bestRatio = i, ratio
		}
	}
	if best < 0 && d.g.NothingSoldYet() {
		// A first stock round with nothing sold ends the game (7.1.2): a
		// player then buys the cheapest card he can rather than end it.
		for i, b := range bids {
			if b.Leader != d.seat && b.Min <= b.Max && b.Min <= b.Uncommitted && (best < 0 || b.Min < bids[best].Min) {
				best = i
			}
		}
	}
	if best < 0 {
		return nil
	}
	want := bids[best]
	for _, x := range d.of(action.TypeBid) {
		v := x.(*action.Bid)
		if v.Company == want.Company && v.Price == want.Min {
			return x
		}
	}
	return nil
}

// worth is the most the house pays for a company card: a minor or a
// concession is worth half again its face value, a private its face value
// and a fifth (its income pays for it within a few rounds).
func (d *decider) worth(c *engine.Company) int {
	v := c.Def.Value
	switch c.Def.Kind {
	case title.MinorCert, title.Concession, title.Regional:
		return v + v/2 + 20
	}
	return v + v/5 + 5*c.Def.Revenue + 20
}

// buyShare buys a share of a floated major that pays, while the player
// keeps some money and stays under the certificate limit.
func (d *decider) buyShare() action.Action {
	p, budget := d.player(), d.budget()
	if d.g.CertCount(p) >= d.g.CertLimit()-1 {
		return nil
	}
	best, bestScore := -1, 0.0
	for i, s := range d.actor.Buys {
		c := d.g.Corp(s.Corp)
		if c == nil || !c.IsMajor() || s.Percent != 10 {
			continue
		}
		limit := budget - budget/4
		if c.Floated && c.President() != p && runningTrains(c) > 0 {
			// A share of another's running major pays while it waits and
			// sells in an emergency (5.16.1): money kept back for a train
			// may wait in it rather than idle in his hand.
			limit = max(limit, p.Cash-p.Debt)
		}
		if s.Price > limit {
			continue
		}
		if !c.Floated && c.President() != p {
			continue
		}
		if mine := c.PercentOf(p); mine >= 60 {
			continue
		}
		score := float64(s.SharePrice) + 20*d.rng.Float64()
		if c.President() == p {
			score += 40
		}
		if len(c.Trains) == 0 && c.Floated {
			score -= 50
		}
		if best < 0 || score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 || d.rng.Float64() < 0.25 {
		return nil
	}
	return d.of(action.TypeBuyShares)[best]
}

// budget is what the player may spend in the stock round: his cash less
// what his companies lack for the trains they will need (a person keeps
// that back rather than borrow at 50% when the trains rust).
func (d *decider) budget() int {
	p := d.player()
	short := 0
	for _, c := range d.g.Corps {
		if c.Closed || !c.Floated || c.President() != p {
			continue
		}
		short += max(0, d.forcedCost(c)-c.Cash)
	}
	return p.Cash - short - p.Debt
}

// forcedCost is what c will be forced to pay for trains once every train it
// runs rusts with one of the next three types (or now, when it has none):
// not the price of the type that rusts them, since a train bought then
// rusts in its turn in the rush that follows (a minor's 4-train bought when
// its 2-train rusts is gone with the first 7), but the price of the first
// type from then on that never rusts.
func (d *decider) forcedCost(c *engine.Corp) int {
	names, price := d.upcoming()
	if len(names) == 0 {
		return 0
	}
	at := map[string]int{}
	for i, n := range names {
		at[n] = i
	}
	from, any := len(names), false
	for _, t := range c.Trains {
		if !runs(t) {
			continue
		}
		any = true
		i, ok := at[rustsOn(t)]
		if t.Def.Kind == title.Permanent || !ok || i >= 3 {
			return 0 // a train that lasts, or whose rust is not yet in sight
		}
		from = min(from, i)
	}
	if !any {
		return d.g.CheapestTrain()
	}
	perm := map[string]bool{}
	for _, t := range d.g.Depot.Upcoming {
		perm[t.Name] = t.Def.RustsOn == ""
	}
	for _, n := range names[from:] {
		if perm[n] {
			return price[n]
		}
	}
	return price[names[len(names)-1]]
}

// saleFor sells the player's shares for about need: the smallest sale that
// raises it, else the largest there is; never a director's certificate.
func (d *decider) saleFor(need int) action.Action {
	l := d.of(action.TypeSellShares)
	best := -1
	for i, sm := range d.actor.Sells {
		c := d.g.Corp(sm.Corp)
		if c == nil || c.President() == d.player() && c.PercentOf(d.player())-sm.Percent < 20 {
			continue
		}
		switch {
		case best < 0:
			best = i
		case sm.Price >= need && (d.actor.Sells[best].Price < need || sm.Price < d.actor.Sells[best].Price):
			best = i
		case d.actor.Sells[best].Price < need && sm.Price > d.actor.Sells[best].Price:
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	return l[best]
}

// nextTrainPrice is the price of the next new train the depot sells.
func (d *decider) nextTrainPrice() int {
	names, price := d.upcoming()
	if len(names) == 0 {
		return 0
	}
	return price[names[0]]
}

// minorsHeld counts the minors the player presides.
func (d *decider) minorsHeld() int {
	p, n := d.player(), 0
	for _, c := range d.g.Corps {
		if !c.Closed && c.IsMinor() && c.President() == p {
			n++
		}
	}
	return n
}

// minorCap is how many minors the player will run at once: two, and one
// more for each major he presides (it will take them over).
func (d *decider) minorCap() int {
	p, n := d.player(), 2
	for _, c := range d.g.Corps {
		if !c.Closed && c.IsMajor() && c.President() == p {
			n++
		}
	}
	return min(n, 4)
}

// firstTrainPrice is what a major started now will likely pay for its
// first train: the price of the train the depot will have next once the
// trains others take before the major (skip, when it is started; price, its
// share price) first buys are gone.
func (d *decider) firstTrainPrice(skip *engine.Corp, price int) int {
	sold := d.onSale()
	if len(sold) == 0 {
		return d.g.CheapestTrain()
	}
	return lowPrice(sold[min(d.trainsAhead(sold[0].Name, skip, price), len(sold)-1)])
}

// onSale lists the depot's trains in sale order, without older types the
// depot no longer sells.
func (d *decider) onSale() []*engine.Train {
	cheapest := d.g.CheapestTrain()
	var sold []*engine.Train
	for _, t := range d.g.Depot.Upcoming {
		if lowPrice(t) >= cheapest {
			sold = append(sold, t)
		}
	}
	return sold
}

// lowPrice is the price of t bought as its cheapest variant.
func lowPrice(t *engine.Train) int {
	p := t.Def.Price
	for _, v := range t.Def.Variants {
		if v.Price > 0 && v.Price < p {
			p = v.Price
		}
	}
	return p
}

// trainsAhead counts the depot trains others take before a major started
// in this stock round first buys: the stock round's end exports one; each
// minor in a bid box either floats and buys a train (minors operate first)
// or, unsold, removes an L-train while those are next; and every company
// left without a train that outlasts the next type's purchase (next) needs
// one, of the majors those that operate first (a share price of at least
// price).
func (d *decider) trainsAhead(next string, skip *engine.Corp, price int) int {
	n := 1
	boxes := d.g.BidBoxes()
	if len(boxes) > 0 {
		for _, comp := range boxes[0] {
			if comp == nil {
				continue
			}
			if next == "L" || len(d.g.Bids(comp)) > 0 {
				n++
			}
		}
	}
	for _, c := range d.g.Corps {
		if c == skip || c.Closed || c.Kind == title.RegionalCorp || !c.Floated && !(c.IsMajor() && c.IPOed) {
			continue
		}
		if c.IsMajor() && d.g.SharePrice(c) < price {
			continue // it operates after
		}
		keeps := false
		for _, t := range c.Trains {
			if runs(t) && t.RustsOn != next {
				keeps = true
			}
		}
		if !keeps {
			n++
		}
	}
	return n
}

// unfunded is what the player's companies will lack for trains before a
// major he starts now first buys its own: his majors still without a train
// need their first (at price first), and his companies whose trains all
// rust with the trains sold by then (the first ahead+1 of the depot) need
// a new one. A president pays what they lack or borrows it at 50% a stock
// round, so a person keeps it back before starting another major.
func (d *decider) unfunded(first int) int {
	p, n := d.player(), 0
	soon := map[string]bool{}
	if sold := d.onSale(); len(sold) > 0 {
		for _, t := range sold[:min(d.trainsAhead(sold[0].Name, nil, 0)+1, len(sold))] {
			soon[t.Name] = true
		}
	}
	for _, c := range d.g.Corps {
		if c.Closed || c.President() != p || c.Kind == title.RegionalCorp {
			continue
		}
		switch {
		case c.IsMajor() && c.IPOed && runningTrains(c) == 0:
			short := max(0, first-c.Cash)
			if sp := d.g.SharePrice(c); sp > 0 {
				short = (short + sp - 1) / sp * sp // he pays it in whole shares
			}
			n += short
		case c.Floated && runningTrains(c) > 0:
			keeps := false
			for _, t := range c.Trains {
				if runs(t) && (t.RustsOn == "" || !soon[t.RustsOn]) {
					keeps = true
				}
			}
			if !keeps {
				n += max(0, first-c.Cash)
			}
		}
	}
	return n
}
