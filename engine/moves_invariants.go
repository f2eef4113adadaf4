package engine

import (
	"fmt"

	"pbc/engine/board"
	"pbc/engine/title"
)

// Invariants checks the bookkeeping every state must satisfy and describes
// each breach (nil when all hold): money is conserved, no one's cash is
// negative, each major's certificates add up to 100% and are held by players,
// its treasury, the market or the tax haven, the president holds at least as
// much as any other player, trains are where their owners list them and within
// the roster and train limits, and every station token is where it says it is.
// Self-play calls it after every action.
func (g *Game) Invariants() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []string
	bad := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	g.moneyInvariants(bad)
	g.shareInvariants(bad)
	g.trainInvariants(bad)
	g.tokenInvariants(bad)
	return out
}

// moneyInvariants: the bank, the players, the companies, the tax haven and
// the money held on company cards always add up to the starting bank
// (player loans come out of the bank); nobody but the bank goes below zero.
func (g *Game) moneyInvariants(bad func(string, ...any)) {
	total := g.Bank + g.taxHaven.Cash
	for _, p := range g.seats {
		total += p.Cash
		if p.Cash < 0 {
			bad("player %s has $%d", p.Name, p.Cash)
		}
	}
	for _, c := range g.Corps {
		total += c.Cash
		if c.Cash < 0 {
			bad("%s has $%d", c.ID, c.Cash)
		}
	}
	for _, cs := range g.cards {
		total += cs.cash
	}
	if g.taxHaven.Cash < 0 {
		bad("the tax haven has $%d", g.taxHaven.Cash)
	}
	if total != g.T.Bank {
		bad("money is not conserved: $%d in play, the bank started with $%d", total, g.T.Bank)
	}
}

// shareInvariants checks certificate holdings and presidencies.
func (g *Game) shareInvariants(bad func(string, ...any)) {
	players := map[Holder]bool{}
	for _, p := range g.seats {
		players[p] = true
	}
	for _, c := range g.Corps {
		if c.Closed || c.Kind == title.RegionalCorp {
			continue
		}
		sum := 0
		for _, s := range c.Shares {
			sum += s.Percent
			switch s.Owner {
			case Holder(c), Holder(g.Pool), Holder(g.taxHaven):
				if c.IsMinor() && s.Owner != Holder(c) {
					bad("minor %s's certificate is held by %s", c.ID, s.Owner.holderName())
				}
			default:
				if !players[s.Owner] {
					bad("%s is held by an unknown holder", s.ID())
				}
			}
		}
		if sum != 100 && !g.isGov(c) {
			bad("%s's certificates add up to %d%%", c.ID, sum)
		}
		if g.isGov(c) && sum != 10*len(c.Shares) {
			// The government railway has no president and gains a 10%
			// certificate for each minor it replaces.
			bad("%s's %d certificates add up to %d%%", c.ID, len(c.Shares), sum)
		}
		if !c.IsMajor() || !c.IPOed || g.isGov(c) {
			continue
		}
		if c.Shares[0].Owner == Holder(g.Pool) {
			bad("%s's president's certificate is in the market", c.ID)
		}
		pres := c.President()
		if pres == nil || c.presLag {
			continue
		}
		held := c.PercentOf(pres)
		for _, p := range g.seats {
			if p != pres && c.PercentOf(p) > held {
				bad("%s holds %d%% of %s, more than its president %s (%d%%)", p.Name, c.PercentOf(p), c.ID, pres.Name, held)
			}
		}
	}
}

// trainInvariants checks train ownership, the roster and the train limits.
func (g *Game) trainInvariants(bad func(string, ...any)) {
	where := map[*Train]string{}
	place := func(t *Train, at string) {
		if prev, ok := where[t]; ok {
			bad("train %s is both %s and %s", t.ID, prev, at)
		}
		where[t] = at
	}
	for _, t := range g.Depot.Upcoming {
		place(t, "in the depot")
		if t.Owner != nil {
			bad("depot train %s has owner %s", t.ID, t.Owner.ID)
		}
	}
	for _, t := range g.Depot.Discarded {
		place(t, "discarded")
		if t.Owner != nil {
			bad("discarded train %s has owner %s", t.ID, t.Owner.ID)
		}
	}
	crowded := g.crowdedAllowed()
	for _, c := range g.Corps {
		for _, t := range c.Trains {
			place(t, "owned by "+c.ID)
			if t.Owner != c {
				bad("%s lists train %s, whose owner is %v", c.ID, t.ID, t.Owner)
			}
			if t.Rusted {
				bad("%s owns rusted train %s", c.ID, t.ID)
			}
		}
		if c.Closed && len(c.Trains) > 0 && !g.isGov(c) { // the government railway closes keeping its trains
			bad("closed %s still owns trains", c.ID)
		}
		if n := g.countTrains(c); !c.Closed && n > g.trainLimit(c) && !crowded {
			bad("%s owns %d trains, over its limit of %d, and is not discarding", c.ID, n, g.trainLimit(c))
		}
	}
	count := map[*title.Train]int{}
	for _, t := range g.Depot.all {
		if t.Owner != nil {
			if _, ok := where[t]; !ok {
				bad("train %s's owner %s does not list it", t.ID, t.Owner.ID)
			}
		}
		if _, ok := where[t]; ok {
			count[t.Def]++
		}
	}
	for def, n := range count {
		if def.Count != board.Unlimited && n > def.Count {
			bad("%d %s-trains are in play; the roster has %d", n, def.Name, def.Count)
		}
	}
}

// crowdedAllowed reports whether a company may be over its train limit now:
// while the game waits for a discard, or in CA's choices round, which has no
// discard step (the next operating round starts with one).
func (g *Game) crowdedAllowed() bool {
	if g.round == nil {
		return false
	}
	if g.round.kind == choicesRound {
		return true
	}
	_, ok := g.round.activeStep().(*discardStep)
	return ok
}

// tokenInvariants checks that placed tokens and the board agree, and that no
// company has more tokens than its charter (counting exchange tokens).
func (g *Game) tokenInvariants(bad func(string, ...any)) {
	onBoard := map[*Token]string{}
	for _, id := range g.Board.order {
		h := g.Board.Hexes[id]
		for node, slots := range h.Slots {
			for _, t := range slots {
				if t != nil {
					g.checkPlaced(bad, onBoard, t, h, node)
				}
			}
		}
		for node, list := range h.Extra {
			for _, t := range list {
				g.checkPlaced(bad, onBoard, t, h, node)
			}
		}
	}
	for _, c := range g.Corps {
		normal := 0
		for _, t := range c.Tokens {
			if t.Corp != c {
				bad("%s lists a token of %s", c.ID, t.Corp.ID)
			}
			if t.Used && onBoard[t] == "" {
				bad("%s's token on %s is not on the board", c.ID, t.Hex)
			}
			if t.Kind == NormalToken {
				normal++
			}
		}
		if c.IsMajor() && c.Exchange < 0 {
			bad("%s has %d exchange tokens", c.ID, c.Exchange)
		}
		if charter := len(c.Def.Tokens) + c.Def.Exchange; c.IsMajor() && normal+c.Exchange > charter {
			bad("%s has %d tokens and %d exchange tokens; its charter has %d", c.ID, normal, c.Exchange, charter)
		}
	}
}

// checkPlaced checks one token found in city node of h.
func (g *Game) checkPlaced(bad func(string, ...any), seen map[*Token]string, t *Token, h *HexState, node int) {
	at := fmt.Sprintf("%s city %d", h.Def.ID, node)
	if prev, ok := seen[t]; ok {
		bad("a %s token is both in %s and %s", t.Corp.ID, prev, at)
	}
	seen[t] = at
	if !t.Used || t.Hex != h.Def.ID || t.City != node {
		bad("a %s token in %s says it is at %s city %d (used %v)", t.Corp.ID, at, t.Hex, t.City, t.Used)
	}
	if t.Corp.Closed && !g.isGov(t.Corp) { // its tokens not auctioned stay on the map
		bad("closed %s has a token in %s", t.Corp.ID, at)
	}
}
