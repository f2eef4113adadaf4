package engine

import (
	"slices"

	"pbc/engine/action"
)

// The government railway's end (title.GovernmentRules.CloseEvent, 1822MX's
// NdeM privatised at the first 7-train): after its last run the players'
// certificates are bought back at its price (govCashOutStep), then its
// station tokens are auctioned one at a time (govAuctionStep), and it
// closes. The auction, as 18xx.games plays it: in priority order each player
// may pick a token (remove_token) that one of the majors he presides over
// could buy; the players bid on it in turn from him, in steps of $10, from
// the city's revenue (at least $10); the winner chooses which of his majors
// pays (merge) and the token becomes that major's, one of its exchange
// tokens used. Then the choosing starts again from the next player. When
// every player has passed the choice, the government railway closes; its
// tokens not sold stay where they are.

// govBidStep is the bid increment of the token auction.
const govBidStep = 10

// govCashOutStep sells every player's government railway certificates to
// the market at its price, with no price change.
type govCashOutStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped.
func (s *govCashOutStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

func (s *govCashOutStep) name() string { return "cash out the government railway" }
func (s *govCashOutStep) skip()        { s.pass() }

// govClosingNow reports whether e is the government railway taking its
// last turn.
func (r *round) govClosingNow(e any) bool {
	c, ok := e.(*Corp)
	return ok && r.g.govClosing && r.g.isGov(c) && e == r.current() && !c.Closed
}

func (s *govCashOutStep) actions(e any) []string {
	if !s.r.govClosingNow(e) || len(s.g.govLayers()) == 0 {
		return nil
	}
	return passOnlyGov
}

func (s *govCashOutStep) process(a action.Action, e any) error {
	if _, ok := a.(*action.Pass); !ok {
		return ruleErr("%s is being cashed out: pass", entityName(e))
	}
	g := s.g
	c := e.(*Corp)
	price := g.sharePrice(c)
	for _, p := range g.govLayers() {
		shares := sharesOf(c, p)
		for _, sh := range shares {
			g.moveShare(sh, g.Pool)
		}
		g.pay(nil, p, price*len(shares))
	}
	s.pass()
	return nil
}

// autoAction cashes out at once: nobody decides anything.
func (s *govCashOutStep) autoAction() action.Action {
	return corpAction(&action.Pass{}, action.TypePass, s.r.current().(*Corp))
}

// govAuctionStep auctions the government railway's station tokens.
type govAuctionStep struct {
	stepBase
	r *round
	// tokens are the government railway's tokens still for sale, mins the
	// least a buyer must be able to pay for each (raised by every bid).
	tokens []*Token
	mins   []int
	// order is the players' choosing order (rotated after each sale),
	// choosers those still to pick or pass this time round.
	order, choosers []*Player
	up              *Token    // the token being auctioned, nil while choosing
	bidders         []*Player // the bidders still in, the next to bid first
	high            int       // the highest bid, 0 before the first
	highBidder      *Player
	winner          *Player // the auction's winner, choosing which major pays
}

// copyFor copies the step for a clone: its base, round, tokens and players are mapped.
func (s *govAuctionStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	n.tokens, n.mins = mapSlice(s.tokens, cc.token), slices.Clone(s.mins)
	n.order, n.choosers, n.bidders = mapSlice(s.order, cc.player), mapSlice(s.choosers, cc.player),
		mapSlice(s.bidders, cc.player)
	n.up, n.highBidder, n.winner = cc.token(s.up), cc.player(s.highBidder), cc.player(s.winner)
	return &n
}

func (s *govAuctionStep) name() string { return "auction the government railway's tokens" }
func (s *govAuctionStep) skip()        { s.pass() }

func (s *govAuctionStep) setup() {
	s.tokens, s.mins, s.order, s.choosers, s.bidders = nil, nil, nil, nil, nil
	s.up, s.high, s.highBidder, s.winner = nil, 0, nil, nil
	g := s.g
	c, ok := s.r.current().(*Corp)
	if !ok || !g.isGov(c) {
		return
	}
	for _, t := range c.Tokens {
		if t.Used && t.Hex != "" {
			s.tokens = append(s.tokens, t)
			s.mins = append(s.mins, g.govTokenValue(t))
		}
	}
	s.order = slices.Clone(g.Players)
	s.choosers = slices.Clone(s.order)
}

// govTokenValue is the least bid for a government railway token: its
// city's revenue in the current phase, at least $10.
func (g *Game) govTokenValue(t *Token) int {
	h := g.Board.Hex(t.Hex)
	if h == nil || t.City < 0 || t.City >= len(h.Tile.Nodes) {
		return govBidStep
	}
	return max(h.Tile.Nodes[t.City].Revenue.At(g.tileColor()), govBidStep)
}

// active: the auction goes on until the government railway closes.
func (s *govAuctionStep) active() bool {
	return !s.isPassed && s.r.govClosingNow(s.r.current())
}

func (s *govAuctionStep) actions(e any) []string {
	if !s.r.govClosingNow(e) {
		return nil
	}
	switch {
	case s.up == nil:
		return removeOrPass
	case s.winner != nil:
		return mergeOnly
	case s.highBidder != nil:
		return bidOrPass
	}
	return bidOnly
}

var (
	passOnlyGov  = []string{action.TypePass}
	removeOrPass = []string{action.TypeRemoveToken, action.TypePass}
	mergeOnly    = []string{action.TypeMerge}
	bidOrPass    = []string{action.TypeBid, action.TypePass}
	bidOnly      = []string{action.TypeBid}
)

// acting is the player deciding now: the winner choosing a major, the
// next bidder, or the next player to pick a token; nil when none is left.
func (s *govAuctionStep) acting() *Player {
	switch {
	case s.winner != nil:
		return s.winner
	case s.up != nil && len(s.bidders) > 0:
		return s.bidders[0]
	case s.up == nil && len(s.choosers) > 0:
		return s.choosers[0]
	}
	return nil
}

// buyers are p's majors that may take a token: they have an exchange token
// left.
func (g *Game) govTokenBuyers(p *Player) []*Corp {
	var out []*Corp
	for _, c := range g.Corps {
		if c.IsMajor() && !c.Closed && !g.isGov(c) && c.President() == p && c.Exchange > 0 {
			out = append(out, c)
		}
	}
	return out
}

// maxBid is the most p may bid: the cash of his richest major that could
// take a token.
func (s *govAuctionStep) maxBid(p *Player) int {
	best := 0
	for _, c := range s.g.govTokenBuyers(p) {
		best = max(best, c.Cash)
	}
	return best
}

// canBuy reports whether c could buy token i: it has the cash for the
// least bid and no token on that hex yet. A token the government
// railway's own last lays took off the map (two of its stations joined in
// one city) is not for sale.
func (s *govAuctionStep) canBuy(c *Corp, i int) bool {
	t := s.tokens[i]
	if c.Cash < s.mins[i] || !t.Used || t.Hex == "" {
		return false
	}
	h := s.g.Board.Hex(t.Hex)
	if h == nil {
		return false
	}
	_, has := h.tokenOf(c)
	return !has
}

// canOpen reports whether p could open the bidding on token i: the least
// bid is the city's revenue when the token is picked, which the
// government railway's own last lays may have raised above the price
// noted when its turn began (the price the pick is checked against, as
// 18xx.games checks it). 18xx.games lets such a pick stand and then has no
// bid its picker may make, nor a pass; here the pick is refused, so the
// picker keeps another pick or the pass.
func (s *govAuctionStep) canOpen(p *Player, i int) bool {
	most := s.maxBid(p)
	return most-most%govBidStep >= s.g.govTokenValue(s.tokens[i])
}

// playerCanBuy reports whether one of p's majors could buy token i.
func (s *govAuctionStep) playerCanBuy(p *Player, i int) bool {
	for _, c := range s.g.govTokenBuyers(p) {
		if s.canBuy(c, i) {
			return true
		}
	}
	return false
}

func (s *govAuctionStep) playerCanBuyAny(p *Player) bool {
	for i := range s.tokens {
		if s.playerCanBuy(p, i) {
			return true
		}
	}
	return false
}

// minBid is the least the next bid may be.
func (s *govAuctionStep) minBid() int {
	if s.high == 0 {
		return s.g.govTokenValue(s.up)
	}
	return s.high + govBidStep
}

func (s *govAuctionStep) upIndex() int { return slices.Index(s.tokens, s.up) }

// over reports whether the bidding has ended: no bidder is left but the
// highest.
func (s *govAuctionStep) over() bool {
	return len(s.bidders) == 0 || len(s.bidders) == 1 && s.bidders[0] == s.highBidder
}

func (s *govAuctionStep) process(a action.Action, e any) error {
	switch v := a.(type) {
	case *action.Pass:
		return s.processPass()
	case *action.RemoveToken:
		return s.processPick(v)
	case *action.Bid:
		return s.processBid(v)
	case *action.Merge:
		return s.processSale(v)
	}
	return ruleErr("%s's tokens are being auctioned: %s", entityName(e), describeActions(s.actions(e)))
}

func (s *govAuctionStep) processPass() error {
	switch {
	case s.up == nil && len(s.choosers) == 0:
		s.g.closeGov()
		s.pass()
	case s.up == nil:
		s.choosers = s.choosers[1:]
	case s.highBidder == nil:
		return ruleErr("%s picked the token at %s and must open the bidding at $%d or more",
			s.bidders[0].Name, s.up.Hex, s.minBid())
	case s.winner != nil:
		return ruleErr("%s won the token at %s and must choose the major that pays $%d", s.winner.Name, s.up.Hex, s.high)
	default:
		s.bidders = s.bidders[1:]
		s.checkOver()
	}
	return nil
}

func (s *govAuctionStep) processPick(v *action.RemoveToken) error {
	g := s.g
	p := s.acting()
	if p == nil {
		return ruleErr("no one is left to pick a token; pass to close %s", g.T.Government.Corp)
	}
	h, node, err := g.Board.cityByID(v.City)
	if err != nil {
		return ruleErr("remove token: %v", err)
	}
	slot := -1
	if v.Slot != nil {
		slot = *v.Slot
	}
	var tok *Token
	if slot >= 0 && slot < len(h.Slots[node]) {
		tok = h.Slots[node][slot]
	}
	i := slices.Index(s.tokens, tok)
	if tok == nil || i < 0 {
		return ruleErr("%s has no token for sale in slot %d of %s (%s)", g.T.Government.Corp, slot, h.Def.ID, v.City)
	}
	if !s.playerCanBuy(p, i) {
		return ruleErr("%s has no major that can buy the token at %s: it needs an exchange token, $%d and no token on %s yet",
			p.Name, h.Def.ID, s.mins[i], h.Def.ID)
	}
	if !s.canOpen(p, i) {
		return ruleErr("%s cannot open the bidding on the token at %s: the least bid is $%d (its city's revenue now), his majors with an exchange token hold at most $%d",
			p.Name, h.Def.ID, s.g.govTokenValue(tok), s.maxBid(p))
	}
	s.up = tok
	s.bidders = rotatedFrom(g.Players, p)
	s.high, s.highBidder, s.winner = 0, nil, nil
	return nil
}

// rotatedFrom is players in order starting with p.
func rotatedFrom(players []*Player, p *Player) []*Player {
	i := max(slices.Index(players, p), 0)
	return append(slices.Clone(players[i:]), players[:i]...)
}

func (s *govAuctionStep) processBid(v *action.Bid) error {
	p := s.bidders[0]
	if v.Price < s.minBid() {
		return ruleErr("the least bid for the token at %s is $%d", s.up.Hex, s.minBid())
	}
	if most := s.maxBid(p); v.Price > most {
		return ruleErr("%s can bid at most $%d (the cash of his richest major with an exchange token)", p.Name, most)
	}
	if v.Price%govBidStep != 0 {
		return ruleErr("bids go up in steps of $%d", govBidStep)
	}
	s.high, s.highBidder = v.Price, p
	s.mins[s.upIndex()] = v.Price + govBidStep
	s.bidders = append(s.bidders[1:], p)
	s.checkOver()
	return nil
}

func (s *govAuctionStep) checkOver() {
	if s.over() {
		s.winner = s.highBidder
	}
}

func (s *govAuctionStep) processSale(v *action.Merge) error {
	g := s.g
	c := g.Corp(v.Corporation)
	if c == nil || !slices.Contains(s.payers(), c) {
		return ruleErr("%s may pay for the token at %s with %s", s.winner.Name, s.up.Hex, corpIDs(s.payers()))
	}
	tok := s.up
	h := g.Board.Hex(tok.Hex)
	node := tok.City
	g.Board.removeToken(tok)
	c.Exchange--
	t := &Token{Corp: c, Price: 100}
	c.Tokens = append(c.Tokens, t)
	// The buyer's reservation in another city of the hex (a home not yet
	// placed) stays, as in 18xx.games: only the city the token goes to
	// loses it.
	type kept struct{ node, slot int }
	var others []kept
	for n, r := range h.Reserved {
		for k, id := range r {
			if id == c.ID && n != node {
				others = append(others, kept{n, k})
			}
		}
	}
	_ = h.placeToken(t, node, -1, true)
	for _, o := range others {
		h.Reserved[o.node][o.slot] = c.ID
	}
	g.pay(c, nil, s.high)
	i := s.upIndex()
	s.tokens, s.mins = slices.Delete(s.tokens, i, i+1), slices.Delete(s.mins, i, i+1)
	s.up, s.winner, s.highBidder, s.high, s.bidders = nil, nil, nil, 0, nil
	s.order = append(s.order[1:], s.order[0])
	s.choosers = slices.Clone(s.order)
	g.invalidate()
	return nil
}

// payers are the winner's majors that may pay the winning bid.
func (s *govAuctionStep) payers() []*Corp {
	if s.winner == nil {
		return nil
	}
	var out []*Corp
	for _, c := range s.g.govTokenBuyers(s.winner) {
		if c.Cash >= s.high {
			out = append(out, c)
		}
	}
	return out
}

func corpIDs(list []*Corp) string {
	out := ""
	for i, c := range list {
		if i > 0 {
			out += ", "
		}
		out += c.ID
	}
	if out == "" {
		return "none"
	}
	return out
}

// autoAction passes for whoever cannot act: no chooser left (the
// government railway closes), a chooser with no major that could buy any
// token, or a bidder who could not pay the next bid.
func (s *govAuctionStep) autoAction() action.Action {
	c := s.r.current().(*Corp)
	pass := corpAction(&action.Pass{}, action.TypePass, c)
	switch {
	case s.up == nil && (len(s.choosers) == 0 || !s.playerCanBuyAny(s.choosers[0])):
		return pass
	case s.up != nil && s.winner == nil && !s.over() && !s.playerCanBuy(s.bidders[0], s.upIndex()):
		return pass
	}
	return nil
}

// closeGov closes the government railway at the end of its auction: it
// leaves the market and the operating order; its certificates stay in the
// market, and its tokens not sold stay on the map.
func (g *Game) closeGov() {
	c := g.gov()
	c.Closed = true
	g.Market.remove(c)
	g.govClosing = false
	g.invalidate()
}

// govActing is the player deciding for the government railway now, or nil.
func (r *round) govActing() *Player {
	for _, s := range r.steps {
		if a, ok := s.(*govAuctionStep); ok && isActive(s) && r.blocking(s) {
			return a.acting()
		}
	}
	return nil
}

// removalMoves lists the tokens the choosing player could have auctioned:
// those one of his majors could buy.
func (s *govAuctionStep) removalMoves(e any) []TokenMove {
	p := s.acting()
	if s.up != nil || p == nil {
		return nil
	}
	var out []TokenMove
	for i, t := range s.tokens {
		if !s.playerCanBuy(p, i) || !s.canOpen(p, i) {
			continue
		}
		h := s.g.Board.Hex(t.Hex)
		slot := slices.Index(h.Slots[t.City], t)
		out = append(out, TokenMove{Hex: t.Hex, City: cityID(h, t.City), Node: t.City, Slot: slot,
			Cost: s.mins[i], Kind: "auction"})
	}
	return out
}

// bidMoves is the bid the next bidder may make on the token auctioned:
// from the least bid up to his richest eligible major's cash.
func (s *govAuctionStep) bidMoves(e any) []BidMove {
	if s.up == nil || s.winner != nil || len(s.bidders) == 0 {
		return nil
	}
	p := s.bidders[0]
	lo, hi := s.minBid(), s.maxBid(p)
	hi -= hi % govBidStep
	if hi < lo {
		return nil
	}
	bm := BidMove{Min: lo, Max: hi, Step: govBidStep, Top: s.high, Uncommitted: hi}
	if s.highBidder != nil {
		bm.Leader = s.highBidder.ID
	}
	return []BidMove{bm}
}

// mergeMoves lists the winner's majors that may pay for the token.
func (s *govAuctionStep) mergeMoves(e any) []MergeMove {
	var out []MergeMove
	for _, c := range s.payers() {
		out = append(out, MergeMove{Corp: c.ID, Payments: []string{"money"}, Owner: s.winner.ID, Value: s.high})
	}
	return out
}

// GovAuction is the government railway's token auction as it stands.
type GovAuction struct {
	Hex    string  // the hex of the token up for bid, "" while a player picks one
	City   int     // the token's city on that hex's tile (of Cities)
	Cities int     // how many cities that tile has
	High   int     // the highest bid, 0 before the first
	Leader *Player // who bid it
	MinBid int     // the least bid the next bidder may make
	// Bidders are the players who may still bid, the next first (not
	// the leader); Picker is the player choosing a token while none is up,
	// Winner the one choosing which major pays.
	Bidders []*Player
	Picker  *Player
	Winner  *Player
}

// GovAuctionNow is the token auction under way, if any.
func (g *Game) GovAuctionNow() (GovAuction, bool) {
	r := g.round
	if r == nil || r.kind != operatingRound {
		return GovAuction{}, false
	}
	for _, s := range r.steps {
		if a, ok := s.(*govAuctionStep); ok && isActive(s) && r.govClosingNow(r.current()) {
			out := GovAuction{High: a.high, Leader: a.highBidder, Winner: a.winner}
			if a.up == nil {
				out.Picker = a.acting()
				return out, true
			}
			out.Hex = a.up.Hex
			if h := g.Board.Hex(a.up.Hex); h != nil {
				cities := h.Tile.Cities()
				out.City, out.Cities = max(slices.Index(cities, a.up.City), 0), len(cities)
			}
			if a.winner == nil {
				out.MinBid = a.minBid()
				for _, p := range a.bidders {
					if p != a.highBidder {
						out.Bidders = append(out.Bidders, p)
					}
				}
			}
			return out, true
		}
	}
	return GovAuction{}, false
}
