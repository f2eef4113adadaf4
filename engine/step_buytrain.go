package engine

import (
	"slices"

	"pbc/engine/action"
	"pbc/engine/title"
)

// Rules 5.14-5.16 (1822PNW; 1822CA 5.13-5.15): purchase trains, forced
// purchases and emergency money raising (rules 5.11 and 2.1 say what the
// trains are and when phases change). What the train step accepts, how it
// buys and what it lists for Moves: the trains and the president's sales.

// buyTrainStep buys trains from the depot or (from phase 3) other companies,
// upgrades L trains to 2s, and handles emergency money raising.
type buyTrainStep struct {
	stepBase
	r    *round
	sold []*Corp // corporations whose shares the president sold this step
}

// copyFor copies the step for a clone: its base, round and the corporations sold are mapped.
func (s *buyTrainStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	n.sold = mapSlice(s.sold, cc.corp)
	return &n
}

func (s *buyTrainStep) name() string { return "buy trains" }
func (s *buyTrainStep) skip()        { s.pass() }
func (s *buyTrainStep) setup()       { s.sold = nil }

// mustBuy: a company with no (non-extra) train must buy one while the depot has any.
func (g *Game) mustBuyTrain(c *Corp) bool {
	return g.countTrains(c) == 0 && len(g.depotTrains()) > 0
}

// isMinDepotTrain reports whether t is of the cheapest kind of train for
// sale: the first train on sale at the lowest price, as 18xx.games picks the
// one an emergency purchase must take (a 5P at the 5's price is another kind).
func (g *Game) isMinDepotTrain(t *Train) bool { return t.Name == g.minDepotTrainName() }

// minDepotTrainName names the cheapest kind of train for sale.
func (g *Game) minDepotTrainName() string {
	var best *Train
	for _, x := range g.depotTrains() {
		if best == nil || x.Def.Price < best.Def.Price {
			best = x
		}
	}
	if best == nil {
		return ""
	}
	return best.Name
}

// cheapestForSale names, for a refusal, the cheapest train for sale by the
// prices the title gives its types and variants (an L at $60, not the 2 a
// train being tried was just set to): what minDepotPrice costs.
func (g *Game) cheapestForSale() string {
	name, best := "", -1
	for _, x := range g.depotTrains() {
		g.salePrices(x, func(n string, p int) {
			if best < 0 || p < best {
				name, best = n, p
			}
		})
	}
	return name
}

// salePrices calls f with each type t may be sold as and its price: a
// discarded train only as what it was (step_discard.go), any other as its
// type and each of its variants.
func (g *Game) salePrices(t *Train, f func(name string, price int)) {
	if t.locked {
		f(t.Name, g.variantPrice(t, t.Name))
		return
	}
	f(t.Def.Name, t.Def.Price)
	for _, v := range t.Def.Variants {
		f(v.Name, v.Price)
	}
}

func (g *Game) minDepotPrice() int {
	// The cheapest of depotTrains, without building that list: repeats
	// among the discarded trains do not change a minimum.
	best := -1
	cheaper := func(t *Train) {
		g.salePrices(t, func(_ string, p int) {
			if best < 0 || p < best {
				best = p
			}
		})
	}
	if len(g.Depot.Upcoming) > 0 {
		cheaper(g.Depot.Upcoming[0])
	}
	for _, t := range g.Depot.Discarded {
		cheaper(t)
	}
	return max(best, 0)
}

func (g *Game) upgradeLCost() int {
	if g.phaseNum() >= 2 && g.T.LUpgradeCostPhase2 > 0 {
		return g.T.LUpgradeCostPhase2
	}
	if g.T.LUpgradeCost > 0 {
		return g.T.LUpgradeCost
	}
	return 80
}

func (g *Game) canBuyTrain(c *Corp) bool {
	room := g.countTrains(c) < g.trainLimit(c)
	if room && g.depotHasTrains() && c.Cash >= g.minDepotPrice() {
		return true
	}
	// Trains of other companies count at their $1 minimum (18xx.games checks
	// this even before trains may actually be bought from others).
	if room && c.Cash >= 1 {
		for _, o := range g.Corps {
			if o == c || o.Closed {
				continue
			}
			for _, t := range o.Trains {
				if !g.isExtraTrain(t) {
					return true
				}
			}
		}
	}
	for _, t := range c.Trains {
		if t.Name == "L" && c.Cash >= g.upgradeLCost() {
			return true
		}
	}
	return false
}

func (s *buyTrainStep) actions(e any) []string {
	g := s.g
	cur, ok := s.r.current().(*Corp)
	if !ok {
		return nil
	}
	if p, isP := e.(*Player); isP {
		if p == cur.President() && g.mustBuyTrain(cur) && cur.Cash < g.minDepotPrice() && g.canSellAny(p) {
			return []string{action.TypeSellShares}
		}
		return nil
	}
	if e != any(cur) {
		return nil
	}
	if g.mustBuyTrain(cur) {
		return []string{action.TypeSellShares, action.TypeBuyTrain}
	}
	if g.canBuyTrain(cur) {
		return []string{action.TypeBuyTrain, action.TypePass}
	}
	return nil
}

func (s *buyTrainStep) process(a action.Action, e any) error {
	g := s.g
	c := s.r.current().(*Corp)
	switch v := a.(type) {
	case *action.Pass:
		if g.mustBuyTrain(c) {
			return ruleErr("%s has no train and must buy one", c.ID)
		}
		s.pass()
		return nil
	case *action.SellShares:
		p, ok := e.(*Player)
		if !ok {
			p = c.President()
		}
		if g.validating() {
			if err := s.checkEmergencySale(c, p, v.Shares, v.Percent); err != nil {
				return err
			}
		}
		if err := g.sellShares(p, v.Shares, v.Percent, nil); err != nil {
			return err
		}
		if shares, corp, err := g.findShares(v.Shares); err == nil && len(shares) > 0 {
			s.sold = append(s.sold, corp)
		}
		g.recalculateOrder()
		return nil
	case *action.BuyTrain:
		if err := g.buyTrain(c, v, s.sold); err != nil {
			return err
		}
		if !g.canBuyTrain(c) {
			s.pass()
		}
		return nil
	}
	return ruleErr("%s can buy a train or pass", c.ID)
}

// buyTrain applies a train purchase, an L→2 upgrade or an emergency buy.
func (g *Game) buyTrain(c *Corp, v *action.BuyTrain, sold []*Corp) error {
	t := g.Depot.Train(v.Train)
	if t == nil {
		return ruleErr("there is no train %s", v.Train)
	}
	if v.Exchange != "" {
		if t.Owner != c || t.Name != "L" {
			return ruleErr("%s has no L train %s to upgrade", c.ID, v.Train)
		}
		if cost := g.upgradeLCost(); g.validating() && v.Price != cost {
			return ruleErr("upgrading an L-train to a 2-train costs $%d", cost)
		}
		if v.Price > c.Cash {
			return ruleErr("upgrading costs $%d; %s has $%d", v.Price, c.ID, c.Cash)
		}
		if err := g.setVariant(t, "2"); err != nil {
			return err
		}
		g.pay(c, nil, v.Price)
		if g.phaseNum() == 1 {
			g.typeBought("2")
		}
		return nil
	}
	if t.Owner == c {
		return ruleErr("%s already owns %s", c.ID, t.ID)
	}
	if g.validating() && !g.isExtraTrain(t) && g.countTrains(c) >= g.trainLimit(c) {
		return ruleErr("%s is at its train limit of %d", c.ID, g.trainLimit(c))
	}
	variant := v.Variant
	if variant == "" {
		variant = t.Name
	}
	from := t.Owner
	if from == nil {
		onSale := false
		for _, x := range g.depotTrains() {
			if x == t {
				onSale = true
			}
		}
		if !onSale {
			return ruleErr("train %s is not for sale now", t.ID)
		}
		vv, ok := variantOf(t.Def, variant)
		if t.locked && variant != t.Name {
			ok = false
		}
		if !ok {
			return ruleErr("a %s cannot be bought as a %s", t.Def.Name, variant)
		}
		if variant == "E" {
			for _, x := range c.Trains {
				if x.Name == "E" {
					return ruleErr("%s can only own one E-train", c.ID)
				}
			}
		}
		if v.Price != vv.Price {
			return ruleErr("a %s costs $%d from the depot", variant, vv.Price)
		}
		if err := g.setVariant(t, variant); err != nil {
			return err
		}
	} else if !g.phaseHas("can_buy_trains") {
		return ruleErr("trains can be bought from other companies from phase 3")
	} else if g.validating() {
		if err := g.tradeRefusal(c, t); err != nil {
			return err
		}
		if v.Price < 1 {
			return ruleErr("a train bought from another company costs $1 or more (5.14.3)")
		}
	}
	price := v.Price
	if price > c.Cash {
		if !g.mustBuyTrain(c) {
			return ruleErr("%s has $%d and cannot pay $%d", c.ID, c.Cash, price)
		}
		p := c.President()
		need := price - c.Cash
		if g.validating() && from != nil {
			return ruleErr("with the president's help %s may only buy from the depot (5.15)", c.ID)
		}
		if g.validating() && (!g.isMinDepotTrain(t) || price != g.minDepotPrice()) {
			return ruleErr("with the president's help %s may only buy the cheapest train for sale, %s for $%d (5.14)",
				c.ID, trainWithArticle(g.cheapestForSale()), g.minDepotPrice())
		}
		if need > p.Cash {
			if g.validating() && g.emergencySellable(p, c, sold, need-p.Cash) {
				return ruleErr("%s needs $%d more: %s must sell shares before taking a loan (5.16)", c.ID, need-p.Cash, p.Name)
			}
			g.takeLoan(p, need-p.Cash)
		}
		g.pay(p, c, need)
	}
	if from == nil {
		g.pay(c, nil, price)
	} else {
		g.pay(c, from, price)
	}
	g.giveTrain(c, t)
	g.trainBought(t)
	return nil
}

// takeLoan lends a player money with 50% interest added at once.
func (g *Game) takeLoan(p *Player, amount int) {
	g.addDebt(p, amount+interest(amount), "for a loan with its interest (5.15.6)")
	g.pay(nil, p, amount)
}

// recalculateOrder re-sorts the companies still to operate this round after
// share prices changed mid-round (emergency sales).
func (g *Game) recalculateOrder() {
	r := g.round
	if r.kind != operatingRound {
		return
	}
	rest := map[any]bool{}
	for _, e := range r.entities[r.index+1:] {
		rest[e] = true
	}
	out := r.entities[: r.index+1 : r.index+1]
	for _, c := range g.operatingOrder() {
		if rest[c] {
			out = append(out, c)
		}
	}
	r.entities = out
}

// emergencySellable reports whether the president could still raise money by
// selling shares: each company's once per purchase, never more than needed
// (5.16.5), the buying company's only while keeping its presidency.
func (g *Game) emergencySellable(p *Player, buyer *Corp, sold []*Corp, need int) bool {
	for _, c := range g.Corps {
		if !c.IsMajor() || !c.Floated || slices.Contains(sold, c) {
			continue
		}
		for _, pct := range g.sellableBundles(p, c) {
			// The buyer's own shares too, as long as its president stays
			// president (5.15.2).
			if c == buyer && !g.keepsPresidency(p, c, pct) {
				continue
			}
			if g.emergencyExcess(p, c, pct) < need {
				return true
			}
		}
	}
	return false
}

// emergencyExcess is what a sale of pct of c raises beyond the same sale
// less its smallest certificate: a sale is more than needed (5.16.5) when
// that smaller sale would already cover the need. A sale from a lone
// president's certificate has no smaller sale (its part is swapped for the
// new president's shares, 4.4.7), so it never raises too much.
func (g *Game) emergencyExcess(p *Player, c *Corp, pct int) int {
	loose := 0
	for _, sh := range sharesOf(c, p) {
		if !sh.President {
			loose += sh.Percent
		}
	}
	price := g.sharePrice(c)
	if loose == 0 {
		return (pct - c.Shares[0].Percent) * price / 10
	}
	return (pct - 10) * price / 10
}

// checkEmergencySale applies 5.16: sell only what the cheapest train needs,
// each company's shares in one sale.
func (s *buyTrainStep) checkEmergencySale(c *Corp, p *Player, ids []string, percent int) error {
	g := s.g
	shares, corp, err := g.findShares(ids)
	if err != nil {
		return err
	}
	for _, x := range s.sold {
		if x == corp {
			return ruleErr("%s's shares were already sold for this purchase; sell them in one sale (5.16.5)", corp.ID)
		}
	}
	need := g.minDepotPrice() - c.Cash - p.Cash
	if need <= 0 {
		return ruleErr("%s and %s already have enough for the cheapest train", c.ID, p.Name)
	}
	pct := percentOf(shares)
	if percent > 0 {
		pct = percent
	}
	if g.emergencyExcess(p, corp, pct) >= need {
		return ruleErr("selling %d%% of %s raises more than the $%d needed; sell fewer shares (5.16.5)", pct, corp.ID, need)
	}
	return nil
}

// tradeRefusal says why c may not buy train t from the company owning it,
// or nil: special trains, Pullmans and privates' trains are never sold
// (5.11.7, 5.11.10), and a company owns one E-train at most. Purchases and
// the listed moves ask it alike.
func (g *Game) tradeRefusal(c *Corp, t *Train) error {
	if g.isExtraTrain(t) || t.Def.Kind == title.Permanent {
		return ruleErr("%s is a private's or special train and may not be sold between companies (5.11.7, 5.11.10)", t.ID)
	}
	if t.Name == "E" && hasTrainNamed(c, "E") {
		return ruleErr("%s can only own one E-train", c.ID)
	}
	return nil
}

// saleMoves lists the president's emergency sales for the operating
// company's train: his own bundles, one sale per company (5.16).
func (s *buyTrainStep) saleMoves(e any) ([]ShareMove, bool) {
	g := s.g
	cur, ok := s.r.current().(*Corp)
	if !ok {
		return nil, true
	}
	p := cur.President()
	if p == nil || (e != any(p) && e != any(cur)) {
		return nil, true
	}
	need := g.emergencyNeed(cur)
	if need <= 0 {
		return nil, true
	}
	var out []ShareMove
	for _, sm := range g.playerSales(p, cur, need) {
		if !slices.ContainsFunc(s.sold, func(c *Corp) bool { return c.ID == sm.Corp }) {
			out = append(out, sm) // one sale per company (5.16.5)
		}
	}
	return out, true
}

// emergencyNeed is what c's president still has to raise to buy the
// cheapest depot train (0 when c need not buy or can pay), as buyTrainStep
// counts it.
func (g *Game) emergencyNeed(c *Corp) int {
	if !g.mustBuyTrain(c) {
		return 0
	}
	price := g.minDepotPrice()
	p := c.President()
	if p == nil {
		return 0
	}
	return max(price-c.Cash-p.Cash, 0)
}

// cheapestDepotPrice is the lowest price at which c may buy a train from
// the depot or the discard pile (-1 if none).
func (g *Game) cheapestDepotPrice(c *Corp) int {
	best := -1
	for _, t := range g.depotTrains() {
		for _, v := range g.trainVariants(c, t) {
			if p := g.variantPrice(t, v); best < 0 || p < best {
				best = p
			}
		}
	}
	return best
}

// trainVariants lists the types c may buy depot train t as.
func (g *Game) trainVariants(c *Corp, t *Train) []string {
	names := []string{t.Name}
	if !t.locked {
		if t.Def.Name != t.Name {
			names = append(names, t.Def.Name)
		}
		for _, v := range t.Def.Variants {
			if v.Name != t.Name && (v.AvailableOn == "" || g.phaseReached(v.AvailableOn)) {
				names = append(names, v.Name)
			}
		}
	}
	var out []string
	for _, n := range names {
		if n == "E" && hasTrainNamed(c, "E") {
			continue
		}
		out = append(out, n)
	}
	return out
}

// phaseReached reports whether phase name has begun.
func (g *Game) phaseReached(name string) bool {
	for i := 0; i <= g.Phase; i++ {
		if g.T.Phases[i].Name == name {
			return true
		}
	}
	return false
}

func hasTrainNamed(c *Corp, name string) bool {
	for _, t := range c.Trains {
		if t.Name == name {
			return true
		}
	}
	return false
}

// variantPrice is the depot price of t bought as variant v.
func (g *Game) variantPrice(t *Train, v string) int {
	vv, _ := variantOf(t.Def, v)
	return vv.Price
}

// trainMoves lists the trains the operating company may buy, whether it must
// buy one, and whether that is an emergency purchase.
func (s *buyTrainStep) trainMoves(e any) (out []TrainMove, must, emergency bool) {
	g := s.g
	c, ok := e.(*Corp)
	if !ok {
		return nil, false, false
	}
	room := g.countTrains(c) < g.trainLimit(c)
	must = g.mustBuyTrain(c)
	cheapest := g.cheapestDepotPrice(c)
	emergency = must && cheapest > c.Cash
	pres := c.President()
	if room {
		for _, t := range g.depotTrains() {
			from := "discard"
			if len(g.Depot.Upcoming) > 0 && t == g.Depot.Upcoming[0] {
				from = "depot"
			}
			for _, v := range g.trainVariants(c, t) {
				price := g.variantPrice(t, v)
				tm := TrainMove{Train: t.ID, Variant: v, From: from, Price: price}
				if price > c.Cash {
					if !emergency || price != cheapest || pres == nil || !g.isMinDepotTrain(t) {
						continue
					}
					tm.President = price - c.Cash
					tm.Loan = max(tm.President-pres.Cash, 0)
					if tm.Loan > 0 && s.mustSellFirst(c) {
						continue // shares must be sold before borrowing (5.16.6)
					}
				}
				out = append(out, tm)
			}
		}
		if g.phaseHas("can_buy_trains") && c.Cash >= 1 {
			for _, o := range g.Corps {
				if o == c || o.Closed {
					continue
				}
				for _, t := range o.Trains {
					if g.tradeRefusal(c, t) != nil {
						continue
					}
					tm := TrainMove{Train: t.ID, Variant: t.Name, From: o.ID, Price: 1, MaxPrice: c.Cash}
					if p := o.President(); p != nil {
						tm.Seller = p.ID
					}
					out = append(out, tm)
				}
			}
		}
	}
	if cost := g.upgradeLCost(); cost <= c.Cash {
		for _, t := range c.Trains {
			if t.Name == "L" {
				out = append(out, TrainMove{Train: t.ID, Variant: "2", From: c.ID, Price: cost, Exchange: t.ID})
			}
		}
	}
	return out, must, emergency
}

// mustSellFirst reports whether c's president can still sell shares of
// another company for c's train, which he must do before borrowing (5.16.6;
// like 18xx.games, shares of c itself need not be sold first).
func (s *buyTrainStep) mustSellFirst(c *Corp) bool {
	sales, _ := s.saleMoves(c)
	for _, sm := range sales {
		if sm.From != "treasury" {
			return true // the president's shares, the buyer's own included (5.15.2)
		}
	}
	return false
}
