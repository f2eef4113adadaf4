package resolve

import (
	"pbc/commands"
	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/action"
)

// Share moves: player buys and sells, corporate issues and redemptions.

// namedShares resolves explicit share ids, all of one corporation.
func namedShares(g *engine.Game, ids []string) ([]*engine.Share, error) {
	var out []*engine.Share
	for _, id := range ids {
		s := commands.FindShare(g, id)
		if s == nil {
			return nil, commands.Refuse("there is no share %q", notation.Clip(id))
		}
		if len(out) > 0 && s.Corp != out[0].Corp {
			return nil, commands.Refuse("shares of one corporation at a time")
		}
		out = append(out, s)
	}
	return out, nil
}

// bundle is the ids and total percent of shares.
func bundle(shares []*engine.Share) ([]string, int) {
	ids := make([]string, len(shares))
	pct := 0
	for i, s := range shares {
		ids[i] = s.ID()
		pct += s.Percent
	}
	return ids, pct
}

// major resolves the command's corporation as a major with shares.
func (b *builder) major() (*engine.Corp, error) {
	c := commands.FindCorp(b.g, b.cmd.Target)
	if c == nil || !c.IsMajor() {
		return nil, commands.Refuse("%q is not a major%s; shares are traded in %s", notation.Clip(b.cmd.Target), notation.DidYouMean(b.cmd.Target, commands.MajorIDs(b.g), ""), b.tradedList())
	}
	return c, nil
}

// tradedList lists the majors whose shares are out.
func (b *builder) tradedList() string {
	var ids []string
	for _, c := range b.g.Corps {
		if c.IsMajor() && c.IPOed && !c.Closed {
			ids = append(ids, c.ID)
		}
	}
	if len(ids) == 0 {
		return "no major yet (par one first)"
	}
	return notation.JoinAnd(ids)
}

// buy builds a player's share purchase: "buy SWW", "buy SWW pool", "buy SWW_3".
func (b *builder) buy() (action.Action, error) {
	g, cmd := b.g, b.cmd
	if _, err := b.player(); err != nil {
		return nil, err
	}
	var shares []*engine.Share
	if len(cmd.Items) > 0 {
		var err error
		if shares, err = namedShares(g, cmd.Items); err != nil {
			return nil, err
		}
	} else {
		c, err := b.major()
		if err != nil {
			return nil, err
		}
		if !c.IPOed {
			return nil, commands.Refuse("%s has not started; start it with `par %s <price>`", c.ID, c.ID)
		}
		n := 1
		if cmd.HasAmount {
			n = cmd.Amount
		}
		ipo := nonPresident(c.SharesOf(c))
		pool := c.SharesOf(g.Pool)
		from, where := ipo, "treasury"
		if cmd.Pool || len(ipo) == 0 {
			from, where = pool, "market"
		}
		if len(from) == 0 {
			return nil, commands.Refuse("no %s shares are for sale (treasury and market are empty)", c.ID)
		}
		if n > len(from) {
			return nil, commands.Refuse("the %s holds only %d %s share(s)", where, len(from), c.ID)
		}
		shares = from[:n]
	}
	ids, pct := bundle(shares)
	a := &action.BuyShares{Shares: ids, Percent: pct}
	if cmd.HasPrice {
		a.SharePrice = cmd.Price
	}
	return SetEntity(a, b.me), nil
}

// nonPresident drops the president's certificate from a list.
func nonPresident(list []*engine.Share) []*engine.Share {
	var out []*engine.Share
	for _, s := range list {
		if !s.President {
			out = append(out, s)
		}
	}
	return out
}

// sell builds a player's sale: "sell SWW 2" (shares, the president's
// certificate counting two), "sell SWW_3 SWW_4".
func (b *builder) sell() (action.Action, error) {
	g, cmd := b.g, b.cmd
	if _, err := b.player(); err != nil {
		return nil, err
	}
	var shares []*engine.Share
	if len(cmd.Items) > 0 {
		var err error
		if shares, err = namedShares(g, cmd.Items); err != nil {
			return nil, err
		}
	} else {
		c, err := b.major()
		if err != nil {
			return nil, err
		}
		n := 1
		if cmd.HasAmount {
			n = cmd.Amount
		}
		held := c.SharesOf(b.me)
		have := 0
		for _, s := range held {
			have += s.Percent / 10
		}
		if have == 0 {
			return nil, commands.Refuse("you hold no %s shares", c.ID)
		}
		if n > have || n < 1 {
			return nil, commands.Refuse("you hold %d %s share(s); sell 1 to %d", have, c.ID, have)
		}
		if shares = pickSale(held, n*10); shares == nil {
			if len(held) == 1 && held[0].President && held[0].Percent > n*10 {
				// Part of a lone president's certificate: the new president
				// swaps shares for it and the rest comes back (4.4.7).
				a := &action.SellShares{Shares: []string{held[0].ID()}, Percent: n * 10}
				if cmd.HasPrice {
					a.SharePrice = cmd.Price
				}
				return SetEntity(a, b.me), nil
			}
			return nil, commands.Refuse("your %s certificates cannot make up %d%%", c.ID, n*10)
		}
	}
	ids, pct := bundle(shares)
	if len(cmd.Items) > 0 && cmd.HasAmount {
		// "sell GT_0 GT_1 GT_2 GT_3 40%": certificates and the percent sold
		// when they are more, as 18xx.games records a sale that passes a
		// presidency (the new president swaps for the president's
		// certificate and the surplus comes back).
		if cmd.Amount < 1 || cmd.Amount*10 > pct {
			return nil, commands.Refuse("those certificates make up %d%%; sell 10%% to %d%% of them", pct, pct)
		}
		pct = cmd.Amount * 10
	}
	a := &action.SellShares{Shares: ids, Percent: pct}
	if cmd.HasPrice {
		a.SharePrice = cmd.Price
	}
	return SetEntity(a, b.me), nil
}

// pickSale picks certificates making up pct percent: ordinary ones (the
// lowest first, as 18xx.games does), with the president's certificate only
// when they cannot.
func pickSale(held []*engine.Share, pct int) []*engine.Share {
	var pres *engine.Share
	var plain []*engine.Share
	for _, s := range held {
		if s.President {
			pres = s
		} else {
			plain = append(plain, s)
		}
	}
	for _, withPres := range []bool{false, true} {
		need := pct
		if withPres {
			if pres == nil {
				break
			}
			need -= pres.Percent
		}
		if need < 0 || need%10 != 0 || need/10 > len(plain) {
			continue
		}
		out := append([]*engine.Share(nil), plain[:need/10]...)
		if withPres {
			out = append(out, pres)
		}
		return out
	}
	return nil
}

// issue builds a major's issue or redemption: "issue 2", "redeem 1".
func (b *builder) issue() (action.Action, error) {
	g, cmd := b.g, b.cmd
	c, err := b.corp()
	if err != nil {
		return nil, err
	}
	if !c.IsMajor() {
		return nil, commands.Refuse("only majors issue and redeem shares; %s is a minor", commands.EntityLabel(c))
	}
	var shares []*engine.Share
	if len(cmd.Items) > 0 {
		if shares, err = namedShares(g, cmd.Items); err != nil {
			return nil, err
		}
	} else {
		from, where := nonPresident(c.SharesOf(c)), "treasury"
		if cmd.Verb == notation.Redeem {
			from, where = c.SharesOf(g.Pool), "market"
		}
		if cmd.Amount > len(from) {
			return nil, commands.Refuse("the %s holds %d %s share(s)", where, len(from), c.ID)
		}
		shares = from[:cmd.Amount]
	}
	ids, pct := bundle(shares)
	if cmd.Verb == notation.Redeem {
		return SetEntity(&action.BuyShares{Shares: ids, Percent: pct}, c), nil
	}
	price := cmd.Price
	if !cmd.HasPrice && c.Price >= 0 {
		price = g.PriceAfterDrop(c, len(shares))
	}
	return SetEntity(&action.SellShares{Shares: ids, Percent: pct, SharePrice: price}, c), nil
}
