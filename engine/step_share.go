package engine

import (
	"slices"
	"strconv"
	"strings"

	"pbc/engine/action"
	"pbc/engine/title"
)

// Rules 4.1-4.8 (1822PNW; 1822CA 4.1-4.10): a player's stock round turn.
// What the share step accepts, how it processes each action and what it lists
// for Moves (the bids, pars and buys it lists are in moves_stock.go, shared
// with the rules' own checks).

// shareStep is the stock round turn: bids, buys, sells, pars, conversions and
// loan payoffs.
type shareStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped, its other fields are values.
func (s *shareStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

// programActions are what the current player's program does now: a pass,
// a share bought, or the program's end (programs.go).
func (s *shareStep) programActions() []action.Action {
	p, ok := s.r.current().(*Player)
	if !ok {
		return nil
	}
	prog, ok := s.g.programs[p.ID]
	if !ok {
		return nil
	}
	switch prog.Kind {
	case ProgramSharePass:
		return s.g.sharePassActions(s, p, prog)
	case ProgramBuyShares:
		return s.g.buySharesActions(s, p, prog)
	}
	return nil
}

func (s *shareStep) name() string { return "bid or buy/sell shares" }

func (s *shareStep) sr() *srState { return s.r.sr }

func (s *shareStep) setup() {
	sr := s.sr()
	for _, m := range sr.sold {
		for c := range m {
			m[c] = "prev"
		}
	}
	sr.actions = nil
	sr.bidActions = 0
	if p, ok := s.r.current().(*Player); ok {
		delete(sr.history, p.ID) // a player's history is his latest turn
	}
}

func (s *shareStep) bought() bool {
	for _, a := range s.sr().actions {
		if a == action.TypeBuyShares || a == action.TypePar {
			return true
		}
	}
	return false
}

func (s *shareStep) actions(e any) []string {
	if comp, ok := e.(*Company); ok {
		if p, isP := comp.Owner.(*Player); isP && s.sr().bidActions == 0 && p.Debt == 0 &&
			len(s.g.taxHavenChoices(comp)) > 0 {
			return []string{action.TypeChooseAbility}
		}
		return nil
	}
	p, ok := e.(*Player)
	if !ok || p != s.r.current() {
		return nil
	}
	sr := s.sr()
	if sr.converting != nil {
		return []string{action.TypeChoose}
	}
	g := s.g
	if g.numCerts(p) > g.certLimit() && g.canSellAny(p) {
		return []string{action.TypeSellShares}
	}
	out := make([]string, 0, 6) // room for every choice below: one allocation per turn
	if sr.bidActions == 0 && p.Debt == 0 && !s.bought() {
		out = append(out, action.TypeBuyShares, action.TypePar)
	}
	if g.canSellAny(p) {
		out = append(out, action.TypeSellShares)
	}
	if p.Debt == 0 {
		out = append(out, action.TypeBid)
	}
	if p.Debt > 0 && p.Cash > 0 {
		out = append(out, action.TypePayoffPlayerDebt, action.TypePayoffPlayerDebtPartial)
	}
	if len(out) == 0 {
		if g.taxHavenLetsDump(p) {
			// 18xx.games counts the tax haven as a holder who could take the
			// presidency, so it gives this player a turn (its sale would
			// fail there); logs record a pass here, so the turn is kept.
			return []string{action.TypePass}
		}
		return nil
	}
	return append(out, action.TypePass)
}

// taxHavenLetsDump reports whether p, with nothing else to do, is president
// of a company whose certificate p could sell into the pool if the tax
// haven's holding counted as another player's (4.4.7 counts only players).
func (g *Game) taxHavenLetsDump(p *Player) bool {
	for _, c := range g.Corps {
		if !c.IsMajor() || !c.Floated || c.President() != p || c.Operated == 0 {
			continue
		}
		if c.PercentOf(g.taxHaven) >= c.Shares[0].Percent && 50-c.PercentOf(g.Pool) >= 10 &&
			g.sellableCount(p, c) == 0 && !g.otherCanTakePresidency(c, p) {
			if sr := g.round.sr; sr == nil || sr.sold[p] == nil || sr.sold[p][c] != "now" {
				return true
			}
		}
	}
	return false
}

func (s *shareStep) skip() { s.passTurn() }

// passTurn ends the player's turn; a turn with no action counts as a pass.
func (s *shareStep) passTurn() {
	s.pass()
	p, _ := s.r.current().(*Player)
	if p == nil {
		return
	}
	if _, on := s.g.programs[p.ID]; on {
		s.g.storeWinningBids(p)
	}
	p.passed = len(s.sr().actions) == 0
}

func (s *shareStep) did(typ string) { s.sr().actions = append(s.sr().actions, typ) }

func (s *shareStep) process(a action.Action, e any) error {
	g := s.g
	if comp, ok := e.(*Company); ok {
		v, isCA := a.(*action.ChooseAbility)
		if !isCA {
			return ruleErr("%s can only make its choice", comp.ID)
		}
		if err := g.taxHavenBuy(comp, v.Choice); err != nil {
			return err
		}
		s.did("tax_haven")
		s.passTurn()
		return nil
	}
	p := e.(*Player)
	switch v := a.(type) {
	case *action.Pass:
		s.passTurn()
		return nil
	case *action.Bid:
		return s.bid(p, v)
	case *action.BuyShares:
		if g.validating() && len(v.Shares) != 1 {
			return ruleErr("one certificate may be bought per stock round turn (4.5.4)")
		}
		if err := g.buyShares(p, v.Shares, v.Percent, s.sr()); err != nil {
			return err
		}
		g.trackShares(p, action.TypeBuyShares, v.Shares)
		s.did(action.TypeBuyShares)
		s.passTurn()
		return nil
	case *action.SellShares:
		if err := g.sellShares(p, v.Shares, v.Percent, s.sr()); err != nil {
			return err
		}
		g.trackShares(p, action.TypeSellShares, v.Shares)
		s.did(action.TypeSellShares)
		return nil
	case *action.Par:
		return s.par(p, v)
	case *action.Choose:
		return s.convertChoose(p, v.Choice)
	case *action.PayoffPlayerDebt:
		g.payoffDebt(p, p.Debt)
		s.did("payoff")
		return nil
	case *action.PayoffPlayerDebtPartial:
		if v.Amount <= 0 || v.Amount > p.Debt || v.Amount > p.Cash {
			return ruleErr("%s can pay off between $1 and $%d of debt", p.Name, min(p.Debt, p.Cash))
		}
		g.payoffDebt(p, v.Amount)
		s.did("payoff")
		return nil
	}
	return ruleErr("%s cannot %s in the stock round", p.Name, a.Env().Type)
}

func (s *shareStep) bid(p *Player, v *action.Bid) error {
	g := s.g
	sr := s.sr()
	c := g.Company(v.Company)
	if c == nil {
		return ruleErr("%s is not in a bid box; bid on %s", v.Company, g.bidboxList())
	}
	if err := g.bidRefusal(p, c); err != nil {
		return err
	}
	minBid := g.minBid(c)
	if v.Price < minBid {
		return ruleErr("the minimum bid for %s is $%d", c.ID, minBid)
	}
	if (v.Price-minBid)%5 != 0 {
		return ruleErr("bids on %s go up in steps of $5 from $%d", c.ID, minBid)
	}
	if max := p.Cash - g.committed(p); v.Price > max {
		return ruleErr("%s can bid at most $%d (cash $%d, $%d committed to winning bids)", p.Name, max, p.Cash, g.committed(p))
	}
	if g.nothingSold {
		g.nothingSold = false
	}
	p.passed = false
	list := sr.bids[c]
	for i, b := range list {
		if b.player == p {
			list = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	if _, ok := sr.bids[c]; !ok {
		sr.bidOrder = append(sr.bidOrder, c)
	}
	sr.bids[c] = append(list, bid{player: p, price: v.Price})
	g.track(p, action.TypeBid, c.ID)
	s.did(action.TypeBid)
	sr.bidActions++
	if sr.bidActions >= 3 {
		s.passTurn()
	}
	return nil
}

func (g *Game) bidboxList() string {
	var ids []string
	for _, list := range [][]*Company{g.bidboxMinors(), g.bidboxConcessions(), g.bidboxPrivates()} {
		for _, c := range list {
			if c != nil {
				ids = append(ids, c.ID)
			}
		}
	}
	return strings.Join(ids, ", ")
}

func (s *shareStep) par(p *Player, v *action.Par) error {
	g := s.g
	c := g.Corp(v.Corporation)
	if c == nil {
		return ruleErr("%s cannot be started now", v.Corporation)
	}
	price, err := parsePriceCell(v.SharePrice)
	if err != nil {
		return err
	}
	cell := g.parCellFor(price)
	if cell < 0 {
		return ruleErr("$%d is not a price on the market", price)
	}
	if _, _, err := g.parRefusal(p, c, cell); err != nil {
		return err
	}
	sr := s.sr()
	if conc := g.concessionOf(c); conc != nil && !conc.Closed {
		g.parByConcession(p, c, conc, cell)
		g.track(p, action.TypePar, c.ID)
		s.did(action.TypePar)
		s.passTurn()
		return nil
	}
	if m := g.assocMinorOf(c); m != nil && m.Floated && !m.Closed {
		sr.converting, sr.convertPar = c, cell
		return nil
	}
	g.setPar(c, cell)
	g.ipoShares(p, []*Share{c.Shares[0]}, sr)
	g.afterPar(c)
	g.track(p, action.TypePar, c.ID)
	s.did(action.TypePar)
	s.passTurn()
	return nil
}

// concessionOf is the CA concession card that starts major c, if any.
func (g *Game) concessionOf(c *Corp) *Company {
	for _, comp := range g.Companies {
		if comp.Def.Kind == title.Concession && comp.Def.Corp == c.ID {
			return comp
		}
	}
	return nil
}

// parByConcession converts a concession into the president's certificate: its
// $100 counts toward the price, and the bank puts the concession's worth in
// the treasury.
func (g *Game) parByConcession(p *Player, c *Corp, conc *Company, cell int) {
	pres := c.Shares[0]
	prev := c.President()
	g.setPar(c, cell)
	price := g.Market.price(cell) * pres.Percent / 10
	exchange := price - conc.Value
	money := conc.Value
	if exchange < 0 {
		exchange, money = 0, g.Market.price(cell)
	}
	g.pay(p, c, exchange)
	g.moveShare(pres, p)
	c.IPOed = true
	g.pay(nil, c, money)
	g.closeCompany(conc)
	g.checkPresidency(c, prev, c)
	g.checkFloat(c)
}

func parsePriceCell(s string) (int, error) {
	f := strings.Split(s, ",")
	n, err := strconv.Atoi(f[0])
	if err != nil {
		return 0, ruleErr("%q is not a share price", s)
	}
	return n, nil
}

// afterPar closes a major's associated minor that is still a card in the
// deck (titles without associations have none).
func (g *Game) afterPar(c *Corp) {
	mid := g.assocMinorIDOf(c.ID)
	if mid == "" {
		return
	}
	comp := g.Company("M" + mid)
	if comp == nil || comp.Closed {
		return
	}
	for i, b := range g.bidboxMinors() {
		if b == comp {
			g.emptyBidbox[i] = true
			g.anyEmptyBox = true
		}
	}
	m := g.Corp(mid)
	if h := g.Board.Hex(m.HomeHex); h != nil {
		h.unreserve(m.ID)
	}
	comp.Closed = true
}

// assocMinorIDOf returns the id of the minor currently associated with major id.
func (g *Game) assocMinorIDOf(major string) string {
	for m, mj := range g.assoc {
		if mj == major {
			return m
		}
	}
	return ""
}

func (g *Game) assocMinorOf(c *Corp) *Corp {
	if id := g.assocMinorIDOf(c.ID); id != "" {
		return g.Corp(id)
	}
	return nil
}

func (g *Game) payoffDebt(p *Player, amount int) {
	if amount > p.Cash {
		amount = p.Cash
	}
	p.Debt -= amount
	g.pay(p, nil, amount)
}

// minorValue is what a minor is worth in exchanges: twice its share price.
func (g *Game) minorValue(m *Corp) int { return 2 * g.sharePrice(m) }

func (s *shareStep) convertChoose(p *Player, choice string) error {
	g := s.g
	sr := s.sr()
	major := sr.converting
	if major == nil {
		return ruleErr("nothing to choose now")
	}
	n, err := strconv.Atoi(choice)
	if err != nil || n < 2 || n > 6 {
		return ruleErr("choose how many %s shares to receive (2 to 6)", major.ID)
	}
	minor := g.assocMinorOf(major)
	if ok := g.conversionShares(p, minor, sr.convertPar); g.validating() && !slices.Contains(ok, n) {
		words := make([]string, len(ok))
		for i, k := range ok {
			words[i] = strconv.Itoa(k)
		}
		return ruleErr("%s may take %s %s shares, not %d", p.Name, orJoin("", words), major.ID, n)
	}
	g.transferPossessions(minor, major)
	major.IPOed, major.Floated, major.fullCap = true, true, false
	g.setPar(major, sr.convertPar)
	sharesValue := n * g.Market.price(sr.convertPar)
	mv := g.minorValue(minor)
	if sharesValue > mv {
		g.pay(p, major, sharesValue-mv)
	} else if sharesValue < mv {
		// Over $600 the major pays what it can; the rest is lost (4.7.2).
		g.pay(major, p, min(mv-sharesValue, max(major.Cash, 0)))
	}
	// The president's certificate counts as two shares.
	given := 0
	for _, sh := range major.Shares {
		if given >= n-1 {
			break
		}
		if sh.Owner == major {
			sh.Owner = p
			given++
		}
	}
	g.swapMinorToken(minor, major)
	g.closeMinor(minor)
	sr.converting = nil
	g.track(p, action.TypeChoose, major.ID)
	s.did(action.TypePar)
	s.passTurn()
	return nil
}

// canSellAny reports whether p may sell any shares now.
func (g *Game) canSellAny(p *Player) bool {
	for _, c := range g.Corps {
		if !c.IsMajor() || !c.Floated {
			continue
		}
		if g.sellableCount(p, c) > 0 {
			return true
		}
	}
	return false
}

// sellableBundles lists the percentages of c that p may sell now.
func (g *Game) sellableBundles(p *Player, c *Corp) []int {
	n := g.sellableCount(p, c)
	if n == 0 {
		return nil
	}
	out := make([]int, n)
	for i := range out {
		out[i] = 10 * (i + 1)
	}
	return out
}

// sellableCount is how many bundles p may sell of c now: they are 10%, 20%,
// … up to 10% times the count (counted without building the list, which
// canSellAny asks about for every action of a stock round).
func (g *Game) sellableCount(p *Player, c *Corp) int {
	if c.Operated == 0 {
		return 0
	}
	// In its own operating turn a company's shares are sellable only once it
	// has completed an earlier operating round (4.4.3; 18xx.games counts the
	// turn under way once it has paid).
	if g.round != nil && g.round.kind == operatingRound && g.round.current() == any(c) && c.Operated < 2 {
		return 0
	}
	// A company's shares are sold in one block per turn: selling some and
	// then more would drop the price twice (1822PNW and 1822CA alike, as
	// 18xx.games plays both; compare CA 5.15.5).
	if sr := g.round.sr; sr != nil && sr.sold[p] != nil && sr.sold[p][c] == "now" && !g.T.Stock.SellInParts {
		return 0
	}
	held := c.PercentOf(p)
	poolRoom := 50 - c.PercentOf(g.Pool)
	if g.isGov(c) {
		poolRoom = held // the market takes any number of the government railway's shares
	}
	n := 0
	for pct := 10; pct <= held && pct <= poolRoom; pct += 10 {
		if c.President() == p && held-pct < c.Shares[0].Percent && !g.otherCanTakePresidency(c, p) {
			break
		}
		n++
	}
	return n
}

func (g *Game) otherCanTakePresidency(c *Corp, p *Player) bool {
	for _, o := range g.seats {
		if o != p && c.PercentOf(o) >= c.Shares[0].Percent {
			return true
		}
	}
	return false
}

var _ = title.Major

// taxHavenMoves lists the CA tax haven's share purchases: only P11, on its
// owner's turn before he bids, paid by the haven once it holds anything, else
// from the owner's uncommitted cash.
func (g *Game) taxHavenMoves(comp *Company, st *shareStep) []string {
	p, ok := comp.Owner.(*Player)
	sr := st.sr()
	if !ok || comp.Def.Ability != "tax_haven" || st.r.current() != any(p) || sr.converting != nil {
		return nil
	}
	spend := p.Cash - g.committed(p)
	if g.taxHavenWorth() > 0 {
		spend = g.taxHaven.Cash
	}
	var out []string
	for _, choice := range g.taxHavenChoices(comp) {
		corp := g.Corp(choice[:strings.LastIndexByte(choice, '_')])
		if corp != nil && g.sharePrice(corp) <= spend {
			out = append(out, choice)
		}
	}
	return out
}

// buyMoves lists the shares a player may buy this turn.
func (s *shareStep) buyMoves(e any) []ShareMove {
	p, ok := e.(*Player)
	if !ok {
		return nil
	}
	return s.g.stockBuyMoves(p)
}

// saleMoves lists the bundles a player may sell this turn.
func (s *shareStep) saleMoves(e any) ([]ShareMove, bool) {
	p, ok := e.(*Player)
	if !ok {
		return nil, false
	}
	return s.g.playerSales(p, nil, 0), false
}

// choiceMoves lists how many shares the player converting a minor may take.
func (s *shareStep) choiceMoves(e any) []ChoiceMove {
	g := s.g
	p, ok := e.(*Player)
	sr := s.sr()
	if !ok || sr.converting == nil {
		return nil
	}
	var out []ChoiceMove
	m := g.assocMinorOf(sr.converting)
	for _, n := range g.conversionShares(p, m, sr.convertPar) {
		out = append(out, ChoiceMove{Choice: strconv.Itoa(n), Label: strconv.Itoa(n) + " shares"})
	}
	return out
}

// abilityChoices lists the tax haven's share purchases.
func (s *shareStep) abilityChoices(comp *Company) []string { return s.g.taxHavenMoves(comp, s) }
