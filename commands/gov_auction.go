package commands

import (
	"fmt"
	"slices"
	"strconv"

	"pbc/engine"
	"pbc/engine/action"
)

// The government railway's token auction by chat (1822MX's NdeM at its
// privatisation): the player whose turn it is names a token to auction
// (`nominate N23.2`, the remove_token action), the players bid on it in
// turn (`bid 60`, a bid with no company), and the winner names the major
// that pays (`merge FCP`). Pass passes each time.

// Nominate puts a government railway's station token up for auction.
const Nominate Verb = "nominate"

// removeTokenType is the entry of actionTypes for remove_token.
var removeTokenType = &actionType{
	words: "put a token up for auction",
	offer: func(o *Offer, a *engine.Actor, g *engine.Game, _ string) {
		o.add("Auction the token in…", removalOptions(g, a.Removals))
	},
	list: func(a *engine.Actor, l lister, out []string) []string {
		var items []string
		for _, r := range a.Removals {
			items = append(items, fmt.Sprintf("`%s %s` (from $%d)", Nominate, r.Hex, r.Cost))
		}
		return append(out, l.listSome(dedupe(items)))
	},
	translate: func(g *engine.Game, a action.Action) []string { return removalWordings(g, a.(*action.RemoveToken)) },
	args: func(a *engine.Actor, verb Verb, field string) []string {
		if verb != Nominate || field != "hex" {
			return nil
		}
		var out []string
		for _, r := range a.Removals {
			out = append(out, r.Hex)
		}
		return dedupe(out)
	},
	same: func(_ *engine.Game, got, want action.Action) error {
		v, w := got.(*action.RemoveToken), want.(*action.RemoveToken)
		return diff("token", [2]any{v.City, slotOf(v.Slot)}, [2]any{w.City, slotOf(w.Slot)})
	},
}

func init() {
	// A bid with no company is a bid in the token auction: its own buttons,
	// line and wording beside the bid boxes'.
	auction := actionTypes[action.TypeBid]
	bid := *auction // the bid boxes' own answers
	auction.args = func(a *engine.Actor, verb Verb, field string) []string {
		if lot, ok := auctionBid(a); ok {
			if verb != Bid || field != "amount" {
				return nil
			}
			var out []string
			for _, o := range auctionBidOptions(lot) {
				out = append(out, o.Command[len("bid "):])
			}
			return out
		}
		if bid.args == nil {
			return nil
		}
		return bid.args(a, verb, field)
	}
	auction.offer = func(o *Offer, a *engine.Actor, g *engine.Game, prefix string) {
		if lot, ok := auctionBid(a); ok {
			o.Buttons = append(o.Buttons, auctionBidOptions(lot)...)
			return
		}
		bid.offer(o, a, g, prefix)
	}
	auction.list = func(a *engine.Actor, l lister, out []string) []string {
		if lot, ok := auctionBid(a); ok {
			return append(out, fmt.Sprintf("`bid <amount>` from $%d to $%d, in steps of $%d", lot.Min, lot.Max, lot.Step))
		}
		return bid.list(a, l, out)
	}
	auction.translate = func(g *engine.Game, a action.Action) []string {
		if v := a.(*action.Bid); v.Company == "" {
			return []string{"bid " + strconv.Itoa(v.Price), "bid " + v.Entity.String() + " " + strconv.Itoa(v.Price)}
		}
		return bid.translate(g, a)
	}
}

func slotOf(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}

// auctionBid is the actor's bid in a token auction, if that is what it bids on.
func auctionBid(a *engine.Actor) (engine.BidMove, bool) {
	if len(a.Bids) == 1 && a.Bids[0].Company == "" && a.EntityType == action.EntityCorporation {
		return a.Bids[0], true
	}
	return engine.BidMove{}, false
}

// auctionBidOptions are a few bids: the least, a step or five more, the most.
func auctionBidOptions(b engine.BidMove) []Option {
	var out []Option
	for _, p := range []int{b.Min, b.Min + b.Step, b.Min + 5*b.Step, b.Max} {
		if p <= b.Max && (len(out) == 0 || strconv.Itoa(p) != out[len(out)-1].Command[len("bid "):]) &&
			!slices.ContainsFunc(out, func(o Option) bool { return o.Command == "bid "+strconv.Itoa(p) }) {
			out = append(out, Option{Label: fmt.Sprintf("bid $%d", p), Command: "bid " + strconv.Itoa(p)})
		}
	}
	return out
}

// removalOptions offer each token that may be auctioned.
func removalOptions(g *engine.Game, list []engine.TokenMove) []Option {
	var out []Option
	for _, r := range list {
		cmd := string(Nominate) + " " + r.Hex
		if n := cityNumberOf(g, r.Hex, r.Node); n > 0 && len(cityNodes(g, r.Hex)) > 1 {
			cmd = fmt.Sprintf("%s %s.%d", Nominate, r.Hex, n)
		}
		out = append(out, Option{Label: cmd[len(Nominate)+1:], Command: cmd, Description: fmt.Sprintf("from $%d", r.Cost)})
	}
	return out
}

// cityNodes lists the city nodes of hex id.
func cityNodes(g *engine.Game, id string) []int {
	if h := g.Board.Hex(id); h != nil {
		return h.Tile.Cities()
	}
	return nil
}

// cityNumberOf is node's number among hex id's cities, from 1; 0 if none.
func cityNumberOf(g *engine.Game, id string, node int) int {
	return slices.Index(cityNodes(g, id), node) + 1
}

// removalWordings word a remove_token: "nominate N23", "nominate N23.2".
func removalWordings(g *engine.Game, v *action.RemoveToken) []string {
	h, node := cityHex(g, v.City)
	if h == nil {
		return []string{string(Nominate) + " " + v.City}
	}
	return []string{string(Nominate) + " " + h.Def.ID, fmt.Sprintf("%s %s.%d", Nominate, h.Def.ID, cityNumberOf(g, h.Def.ID, node))}
}

// nominate builds a remove_token: the token the command names among those
// the government railway's auction offers.
func (b *builder) nominate() (action.Action, error) {
	g, cmd := b.g, b.cmd
	c, err := b.corp()
	if err != nil {
		return nil, err
	}
	a := actorOf(b.t.moves(), c)
	if a == nil || !slices.Contains(a.Types, action.TypeRemoveToken) {
		return nil, refuse("no token is to be put up for auction now")
	}
	h := findHex(g, cmd.Target)
	if h == nil {
		return nil, refuse("there is no hex %q on this map%s", clip(cmd.Target), didYouMean(cmd.Target, hexIDs(g), ""))
	}
	var found []engine.TokenMove
	var hexes []string
	for _, r := range a.Removals {
		hexes = append(hexes, r.Hex)
		if r.Hex == h.Def.ID && (cmd.City == 0 || cityNumberOf(g, r.Hex, r.Node) == cmd.City) {
			found = append(found, r)
		}
	}
	switch len(found) {
	case 0:
		return nil, refuse("%s has no token you may put up for auction in %s; you may in %s", c.ID, h.Def.ID, joinOr(dedupe(hexes)))
	case 1:
		slot := found[0].Slot
		return setEntity(&action.RemoveToken{City: found[0].City, Slot: &slot}, c), nil
	}
	return nil, refuse("%s has %d tokens in %s; say which city, e.g. `%s %s.%d`", c.ID, len(found), h.Def.ID, Nominate,
		h.Def.ID, cityNumberOf(g, h.Def.ID, found[0].Node))
}

// auctionBidAction builds a bid in the token auction ("bid 60", "bid NDEM
// 60"), or nil when no token auction waits for a bid.
func (b *builder) auctionBidAction() (action.Action, error) {
	m := b.t.moves()
	if len(m.Actors) == 0 {
		return nil, nil
	}
	a := m.Actors[0]
	lot, ok := auctionBid(a)
	if !ok {
		return nil, nil
	}
	c := b.g.Corp(a.Entity.String())
	amount := b.cmd.Amount
	switch {
	case !b.cmd.HasAmount:
		return nil, refuse("bid an amount on the token, e.g. `bid %d`", lot.Min)
	case b.cmd.Target != "" && findCorp(b.g, b.cmd.Target) != c:
		return nil, nil
	}
	if !b.controls(c) {
		return nil, b.notYours(c)
	}
	return setEntity(&action.Bid{Price: amount}, c), nil
}

// actorMerges lists what c may merge with now.
func actorMerges(t *Table, c *engine.Corp) []engine.MergeMove {
	if a := actorOf(t.moves(), c); a != nil {
		return a.Merges
	}
	return nil
}
