package engine

import (
	"strings"

	"pbc/engine/action"
	"pbc/engine/title"
)

// discardStep asks corporations over their train limit to discard.
type discardStep struct {
	stepBase
	r *round
}

func (s *discardStep) name() string { return "discard trains" }
func (s *discardStep) active() bool { return s.crowded() != nil }
func (s *discardStep) activeEntity() any {
	if c := s.crowded(); c != nil {
		return c
	}
	return nil
}
func (s *discardStep) skip() { s.pass() }

// crowded is the first company over a train limit (cached until trains or
// the phase change).
func (s *discardStep) crowded() *Corp {
	g := s.g
	key := g.trainVersion*16 + g.Phase
	if g.crowdKey == key+1 {
		return g.crowdCorp
	}
	g.crowdKey, g.crowdCorp = key+1, nil
	for _, c := range g.Corps {
		if !c.Closed && len(g.discardable(c)) > 0 {
			g.crowdCorp = c
			break
		}
	}
	return g.crowdCorp
}

// actions offers a discard to every company over a limit, in any order.
func (s *discardStep) actions(e any) []string {
	c, ok := e.(*Corp)
	if !ok || c.Closed || len(s.g.discardable(c)) == 0 {
		return nil
	}
	return []string{"discard_train"}
}

func (s *discardStep) process(a action.Action, e any) error {
	v, ok := a.(*action.DiscardTrain)
	if !ok {
		return ruleErr("a train must be discarded first")
	}
	c := e.(*Corp)
	t := s.g.Depot.Train(v.Train)
	if t == nil || t.Owner != c {
		return ruleErr("%s does not own train %s", c.ID, v.Train)
	}
	if !containsTrain(s.g.discardable(c), t) {
		return ruleErr("%s does not need to discard %s", c.ID, t.ID)
	}
	g := s.g
	g.takeTrain(t)
	if g.isExtraTrain(t) {
		return nil
	}
	// Discarded trains go back to the depot as what they are now (an L bought
	// as a 2 stays a 2), losing their other variants.
	t.locked = true
	g.Depot.Discarded = append(g.Depot.Discarded, t)
	return nil
}

// discardable lists the trains c must choose from to discard, if over a limit.
func (g *Game) discardable(c *Corp) []*Train {
	var perm, pull, grain, normal []*Train
	for _, t := range c.Trains {
		switch {
		case t.Def.Name == "2P" || t.Def.Name == "LP":
			perm = append(perm, t)
		case isPullman(t):
			pull = append(pull, t)
		case isGrain(t):
			grain = append(grain, t)
		case !g.isExtraTrain(t):
			normal = append(normal, t)
		}
	}
	switch {
	case len(perm) > 1:
		return perm
	case len(pull) > 1:
		return pull
	case len(grain) > 1:
		return grain
	case len(normal) > g.trainLimit(c):
		return normal
	}
	return nil
}

func containsTrain(list []*Train, t *Train) bool {
	for _, x := range list {
		if x == t {
			return true
		}
	}
	return false
}

// housekeepingStep is a minor's first-turn purchase of an L train.
type housekeepingStep struct {
	stepBase
	r *round
}

func (s *housekeepingStep) name() string { return "first-turn train purchase" }
func (s *housekeepingStep) skip()        { s.pass() }

func (s *housekeepingStep) actions(e any) []string {
	c, ok := e.(*Corp)
	g := s.g
	if !ok || e != s.r.current() || !c.IsMinor() || c.Operated > 0 {
		return nil
	}
	if len(g.Depot.Upcoming) == 0 || g.Depot.Upcoming[0].Name != "L" {
		return nil
	}
	if g.countTrains(c) >= g.trainLimit(c) || c.Cash < g.Depot.Upcoming[0].Price {
		return nil
	}
	return []string{"buy_train", "pass"}
}

func (s *housekeepingStep) process(a action.Action, e any) error {
	c := e.(*Corp)
	switch v := a.(type) {
	case *action.Pass:
		s.pass()
		return nil
	case *action.BuyTrain:
		g := s.g
		// The log always names L-0; the minor gets the next train in the depot.
		t := g.Depot.Upcoming[0]
		price := v.Price
		if price != t.Price {
			return ruleErr("an L train costs $%d", t.Price)
		}
		g.pay(c, nil, price)
		g.giveTrain(c, t)
		g.trainBought(t)
		s.pass()
		return nil
	}
	return ruleErr("%s can buy an L train or pass", c.ID)
}

// pendingTokenStep places tokens whose city must be chosen (e.g. after a
// multi-city upgrade).
type pendingTokenStep struct {
	stepBase
	r *round
}

func (s *pendingTokenStep) name() string { return "place pending token" }
func (s *pendingTokenStep) active() bool { return len(s.r.op.pendingTok) > 0 }
func (s *pendingTokenStep) activeEntity() any {
	if len(s.r.op.pendingTok) > 0 {
		return s.r.op.pendingTok[0].corp
	}
	return nil
}
func (s *pendingTokenStep) skip() { s.pass() }

func (s *pendingTokenStep) actions(e any) []string {
	op := s.r.op
	if len(op.pendingTok) == 0 || e != any(op.pendingTok[0].corp) {
		return nil
	}
	return []string{"place_token"}
}

func (s *pendingTokenStep) process(a action.Action, e any) error {
	v, ok := a.(*action.PlaceToken)
	if !ok {
		return ruleErr("choose the city for the pending token first")
	}
	g := s.g
	p := s.r.op.pendingTok[0]
	h, city, err := g.Board.cityByID(v.City)
	if err != nil {
		return err
	}
	if _, has := h.tokenOf(p.corp); has {
		return ruleErr("%s cannot have two tokens in one city", p.corp.ID)
	}
	var tok *Token
	for _, t := range p.corp.Tokens {
		if !t.Used && t.Kind == NormalToken {
			tok = t
			break
		}
	}
	if tok == nil {
		tok = &Token{Corp: p.corp}
		p.corp.Tokens = append(p.corp.Tokens, tok)
	}
	slot := -1
	if v.Slot != nil {
		slot = *v.Slot
	}
	if p.corp.Def.HomeChoose {
		// Minor 13's rondel token always brings its own slot, and costs its price.
		h.addSlot(city)
		if tok.Price > p.corp.Cash {
			return ruleErr("%s cannot afford its $%d home token", p.corp.ID, tok.Price)
		}
		g.pay(p.corp, nil, tok.Price)
	}
	if err := h.placeToken(tok, city, slot, true); err != nil {
		return err
	}
	s.r.op.pendingTok = s.r.op.pendingTok[1:]
	g.afterPlaceToken(h)
	return nil
}

// tokenStep places one station token per turn.
type tokenStep struct {
	stepBase
	r *round
}

func (s *tokenStep) name() string { return "place a token" }
func (s *tokenStep) skip()        { s.pass() }

func (s *tokenStep) actions(e any) []string {
	g := s.g
	if comp, ok := e.(*Company); ok {
		if len(g.companyChoices(comp, "token")) > 0 {
			return []string{"choose_ability"}
		}
		return nil
	}
	c, ok := e.(*Corp)
	if !ok || e != s.r.current() || s.r.op.tokened {
		return nil
	}
	if t := g.nextToken(c); t != nil {
		// A token private (CA P10) keeps the step open even without a reachable city.
		if g.ownsAbility(c, "winnipeg_token") || (t.Price <= c.Cash && g.canToken(c)) {
			return []string{"place_token", "pass"}
		}
	}
	// CA P28 keeps the step open for its swap while exchange tokens remain.
	if g.ownsAbility(c, "token_swap") && c.Exchange > 0 {
		return []string{"choose_ability", "pass"}
	}
	return nil
}

// nextToken is the next unplaced normal token of c.
func (g *Game) nextToken(c *Corp) *Token {
	for _, t := range c.Tokens {
		if !t.Used && t.Kind == NormalToken {
			return t
		}
	}
	return nil
}

func (s *tokenStep) process(a action.Action, e any) error {
	g := s.g
	switch v := a.(type) {
	case *action.Pass:
		s.pass()
		return nil
	case *action.ChooseAbility:
		return g.companyChoice(e.(*Company), v.Choice, "token")
	case *action.PlaceToken:
		c := e.(*Corp)
		h, city, err := g.Board.cityByID(v.City)
		if err != nil {
			return err
		}
		if tc, has := h.tokenOf(c); has && (tc == city || !g.T.MultipleTokensPerHex) {
			return ruleErr("%s already has a token in %s", c.ID, h.Def.ID)
		}
		t := g.nextToken(c)
		if t == nil {
			return ruleErr("%s has no tokens left", c.ID)
		}
		if g.validating() {
			slot := -1
			if v.Slot != nil {
				slot = *v.Slot
			}
			if err := g.checkTokenPlace(c, h, city, slot); err != nil {
				return err
			}
		}
		cost := g.tokenCost(c, t, h)
		if cost > c.Cash {
			return ruleErr("a token costs $%d; %s has $%d", cost, c.ID, c.Cash)
		}
		slot := -1
		if v.Slot != nil {
			slot = *v.Slot
		}
		if err := h.placeToken(t, city, slot, false); err != nil {
			return ruleErr("%v", err)
		}
		g.pay(c, nil, cost)
		g.afterPlaceToken(h)
		s.r.op.tokened = true
		s.pass()
		return nil
	}
	return ruleErr("%s can place a token or pass", entityName(e))
}

func (g *Game) tokenCost(c *Corp, t *Token, h *HexState) int { return t.Price }

// destinationStep places a major's destination token once home and destination connect.
type destinationStep struct {
	stepBase
	r *round
}

func (s *destinationStep) name() string { return "place the destination token" }
func (s *destinationStep) skip()        { s.pass() }

func (s *destinationStep) actions(e any) []string {
	c, ok := e.(*Corp)
	if !ok || e != s.r.current() || !c.IsMajor() {
		return nil
	}
	for _, t := range c.Tokens {
		if t.Kind == DestinationToken && !t.Used {
			if s.g.T.DestinationByCity {
				// A destination with several cities is chosen by city.
				return []string{"hex_token", "place_token", "pass"}
			}
			return []string{"hex_token", "pass"}
		}
	}
	return nil
}

func (s *destinationStep) process(a action.Action, e any) error {
	c := e.(*Corp)
	switch v := a.(type) {
	case *action.Pass:
		s.pass()
		return nil
	case *action.HexToken:
		if err := s.g.placeDestinationToken(c, v.Hex); err != nil {
			return err
		}
		s.pass()
		return nil
	case *action.PlaceToken:
		h, city, err := s.g.Board.cityByID(v.City)
		if err != nil {
			return err
		}
		if h.Def.ID != c.Dest {
			return ruleErr("%s's destination is %s", c.ID, c.Dest)
		}
		if s.g.validating() && !s.g.destinationReaches(c, h, city) {
			return ruleErr("%s's home station does not reach city %s of %s", c.ID, v.City, h.Def.ID)
		}
		if err := s.g.placeDestinationIn(c, h, city); err != nil {
			return err
		}
		s.pass()
		return nil
	}
	return ruleErr("%s must place its destination token or pass", c.ID)
}

// placeDestinationToken puts c's destination token in the destination hex,
// adding a slot when the city is full. A destination hex with several cities
// c may take is tokened by city (place_token), not by hex.
func (g *Game) placeDestinationToken(c *Corp, hex string) error {
	h := g.Board.Hex(hex)
	if h == nil {
		return ruleErr("no hex %s", hex)
	}
	cities := g.destinationCities(c, h)
	switch {
	case len(cities) == 0:
		return ruleErr("%s has no city for %s's destination token", hex, c.ID)
	case len(cities) > 1:
		ids := make([]string, len(cities))
		for i, city := range cities {
			ids[i] = cityID(h, city)
		}
		return ruleErr("%s has %d cities %s may take: place the destination token in one of them (%s)",
			hex, len(cities), c.ID, strings.Join(ids, " or "))
	}
	return g.placeDestinationIn(c, h, cities[0])
}

// placeDestinationIn puts c's destination token in city node of h: the first
// open slot nobody has reserved, or a new slot when there is none (5.9.2).
func (g *Game) placeDestinationIn(c *Corp, h *HexState, node int) error {
	var tok *Token
	for _, t := range c.Tokens {
		if t.Kind == DestinationToken && !t.Used {
			tok = t
		}
	}
	if tok == nil {
		return ruleErr("%s has no destination token", c.ID)
	}
	slot := h.openSlot(node)
	if slot < 0 {
		slot = h.addSlot(node)
	}
	if err := h.placeToken(tok, node, slot, true); err != nil {
		return err
	}
	// A station token of c already in that city goes back to its charter.
	g.removeExtraTokens(h)
	g.afterPlaceToken(h)
	return nil
}

// destinationCities lists the cities of h that may take c's destination
// token: the first city, or (CA) each city whose track reaches one of the
// destination's named edges.
func (g *Game) destinationCities(c *Corp, h *HexState) []int {
	cities := h.Tile.Cities()
	if len(cities) == 0 {
		return nil
	}
	exits := c.Def.DestExits
	if len(exits) == 0 {
		return cities[:1]
	}
	var out []int
	for _, city := range cities {
		for _, e := range cityExits(h.Tile, h.Rotation, city) {
			if hasInt(exits, e) {
				out = append(out, city)
				break
			}
		}
	}
	return out
}

// issueStep lets a major issue shares to the market or redeem them.
type issueStep struct {
	stepBase
	r *round
}

func (s *issueStep) name() string { return "issue or redeem shares" }
func (s *issueStep) skip()        { s.pass() }

func (s *issueStep) actions(e any) []string {
	g := s.g
	if comp, ok := e.(*Company); ok {
		if len(g.companyChoices(comp, "issue")) > 0 {
			return []string{"choose_ability"}
		}
		return nil
	}
	c, ok := e.(*Corp)
	if !ok || e != s.r.current() || !c.IsMajor() {
		return nil
	}
	var out []string
	if g.canRedeem(c) {
		out = append(out, "buy_shares")
	}
	if g.canIssue(c) {
		out = append(out, "sell_shares")
	}
	// Owning P21 Credit Mobilier holds the step open for its choice.
	if len(out) == 0 && g.ownsAbility(c, "credit_mobilier") {
		out = append(out, "choose_ability")
	}
	if len(out) > 0 {
		out = append(out, "pass")
	}
	return out
}

// ownsAbility reports whether c owns an open private with the ability.
func (g *Game) ownsAbility(c *Corp, ability string) bool {
	for _, p := range c.Privates {
		if !p.Closed && p.Def.Ability == ability {
			return true
		}
	}
	return false
}

func (g *Game) canIssue(c *Corp) bool {
	return c.Operated >= 2 && len(c.SharesOf(c)) > 0 && c.PercentOf(g.Pool)+10 <= 50
}

func (g *Game) canRedeem(c *Corp) bool {
	return len(c.SharesOf(g.Pool)) > 0 && c.Cash >= g.sharePrice(c)
}

func (s *issueStep) process(a action.Action, e any) error {
	g := s.g
	switch v := a.(type) {
	case *action.Pass:
		s.pass()
		return nil
	case *action.ChooseAbility:
		return g.companyChoice(e.(*Company), v.Choice, "issue")
	case *action.SellShares:
		c := e.(*Corp)
		shares, corp, err := g.findShares(v.Shares)
		if err != nil {
			return err
		}
		if corp != c {
			return ruleErr("%s can only issue its own shares", c.ID)
		}
		n := len(shares)
		price := v.SharePrice
		if price <= 0 {
			price = g.Market.price(max(c.Price-n, 0))
		}
		for _, sh := range shares {
			if sh.Owner != Holder(c) {
				return ruleErr("%s is not in %s's treasury", sh.ID(), c.ID)
			}
		}
		g.pay(nil, c, price*n)
		prev := c.President()
		for _, sh := range shares {
			g.moveShare(sh, g.Pool)
		}
		g.checkPresidency(c, prev, g.Pool) // a presidency left behind by an acquisition moves now
		g.moveLeft(c, n)                   // an issue drops one space per share
		s.pass()
		return nil
	case *action.BuyShares:
		c := e.(*Corp)
		shares, corp, err := g.findShares(v.Shares)
		if err != nil {
			return err
		}
		if corp != c {
			return ruleErr("%s can only redeem its own shares", c.ID)
		}
		price := g.sharePrice(c) * percentOf(shares) / 10
		if price > c.Cash {
			return ruleErr("redeeming costs $%d; %s has $%d", price, c.ID, c.Cash)
		}
		g.pay(c, nil, price)
		prev := c.President()
		for _, sh := range shares {
			g.moveShare(sh, c)
		}
		g.checkPresidency(c, prev, g.Pool) // as after an issue
		s.pass()
		return nil
	}
	return ruleErr("%s can issue, redeem or pass", entityName(e))
}

var _ = title.Major

// redeemMoves lists the shares major c may redeem from the market in its
// issue step (rule 5.20).
func (g *Game) redeemMoves(c *Corp) []ShareMove {
	var out []ShareMove
	pool := c.SharesOf(g.Pool)
	price := g.sharePrice(c)
	for n := 1; n <= len(pool); n++ {
		if b := shareBundle(pool, n*10); b != nil && price*n <= c.Cash {
			out = append(out, ShareMove{Corp: c.ID, Shares: b, Percent: n * 10, From: "market", SharePrice: price, Price: price * n})
		}
	}
	return out
}

// buyMoves lists the shares a major may redeem from the market.
func (s *issueStep) buyMoves(e any) []ShareMove {
	c, ok := e.(*Corp)
	if !ok {
		return nil
	}
	return s.g.redeemMoves(c)
}

// saleMoves lists the bundles a major may issue from its treasury, each at
// the price it sells for.
func (s *issueStep) saleMoves(e any) ([]ShareMove, bool) {
	g := s.g
	c, ok := e.(*Corp)
	if !ok || !g.canIssue(c) {
		return nil, false
	}
	var out []ShareMove
	treasury := c.SharesOf(c)
	room := (50 - c.PercentOf(g.Pool)) / 10
	for n := 1; n <= len(treasury) && n <= room; n++ {
		b := shareBundle(treasury, n*10)
		if b == nil {
			continue
		}
		price := g.Market.price(max(c.Price-n, 0))
		out = append(out, ShareMove{Corp: c.ID, Shares: b, Percent: n * 10, From: "treasury", SharePrice: price, Price: price * n})
	}
	return out, false
}

// abilityChoices lists the token-time company choices (CA P28's swap).
func (s *tokenStep) abilityChoices(comp *Company) []string { return s.g.companyChoices(comp, "token") }

// abilityChoices lists the issue-time company choices.
func (s *issueStep) abilityChoices(comp *Company) []string { return s.g.companyChoices(comp, "issue") }
