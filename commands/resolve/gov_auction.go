package resolve

import (
	"slices"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/action"
)

// The government railway's token auction by chat (1822MX's NdeM at its
// privatisation): `nominate N23.2` puts a token up (remove_token), `bid 60`
// bids on it (a bid with no company), and the winner names the major that
// pays (`merge FCP`).

// nominate builds a remove_token: the token the command names among those
// the government railway's auction offers.
func (b *builder) nominate() (action.Action, error) {
	g, cmd := b.g, b.cmd
	c, err := b.corp()
	if err != nil {
		return nil, err
	}
	a := commands.ActorOf(b.t.Moves(), c)
	if a == nil || !slices.Contains(a.Types, action.TypeRemoveToken) {
		return nil, commands.Refuse("no token is to be put up for auction now")
	}
	h := commands.FindHex(g, cmd.Target)
	if h == nil {
		return nil, commands.Refuse("there is no hex %q on this map%s", notation.Clip(cmd.Target),
			notation.DidYouMean(cmd.Target, commands.HexIDs(g), ""))
	}
	var found []engine.TokenMove
	var hexes []string
	for _, r := range a.Removals {
		hexes = append(hexes, r.Hex)
		if r.Hex == h.Def.ID && (cmd.City == 0 || cityNumber(h, r.Node) == cmd.City) {
			found = append(found, r)
		}
	}
	switch len(found) {
	case 0:
		slices.Sort(hexes)
		return nil, commands.Refuse("%s has no token you may put up for auction in %s; you may in %s", c.ID, h.Def.ID,
			notation.JoinOr(slices.Compact(hexes)))
	case 1:
		slot := found[0].Slot
		return SetEntity(&action.RemoveToken{City: found[0].City, Slot: &slot}, c), nil
	}
	return nil, commands.Refuse("%s has %d tokens in %s; say which city, e.g. `%s %s.%d`", c.ID, len(found), h.Def.ID,
		notation.Nominate, h.Def.ID, cityNumber(h, found[0].Node))
}

// auctionBidAction builds a bid in the token auction ("bid 60", "bid NDEM
// 60"), or nil when no token auction waits for a bid.
func (b *builder) auctionBidAction() (action.Action, error) {
	m := b.t.Moves()
	if len(m.Actors) == 0 {
		return nil, nil
	}
	a := m.Actors[0]
	if len(a.Bids) != 1 || a.Bids[0].Company != "" || a.EntityType != action.EntityCorporation {
		return nil, nil
	}
	c := b.g.Corp(a.Entity.String())
	switch {
	case !b.cmd.HasAmount:
		return nil, commands.Refuse("bid an amount on the token, e.g. `bid %d`", a.Bids[0].Min)
	case b.cmd.Target != "" && commands.FindCorp(b.g, b.cmd.Target) != c:
		return nil, nil
	}
	if !b.controls(c) {
		return nil, b.notYours(c)
	}
	return SetEntity(&action.Bid{Price: b.cmd.Amount}, c), nil
}

// mayPayForToken reports whether major m may pay for the token c's auction
// sold (c's merge choices name it).
func (b *builder) mayPayForToken(c *engine.Corp, m *engine.Corp) bool {
	a := commands.ActorOf(b.t.Moves(), c)
	return a != nil && slices.ContainsFunc(a.Merges, func(mm engine.MergeMove) bool { return mm.Corp == m.ID })
}
