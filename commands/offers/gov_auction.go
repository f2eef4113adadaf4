package offers

import (
	"fmt"
	"slices"
	"strconv"

	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/action"
)

// The government railway's token auction (1822MX's NdeM at its
// privatisation): its buttons, `moves` lines and wordings. The player
// whose turn it is names a token (`nominate N23.2`, remove_token), the
// players bid on it in turn (`bid 60`, a bid with no company), the winner
// names the major that pays (`merge FCP`); pass passes each time.

// removeTokenType is the entry of actionTypes for remove_token.
var removeTokenType = &actionType{
	words: "put a token up for auction",
	offer: func(o *Offer, a *engine.Actor, g *engine.Game, _ string) {
		o.add("Auction the token in…", removalOptions(g, a.Removals))
	},
	list: func(a *engine.Actor, l lister, out []string) []string {
		var items []string
		for _, r := range a.Removals {
			items = append(items, fmt.Sprintf("`%s %s` (from $%d)", notation.Nominate, r.Hex, r.Cost))
		}
		return append(out, l.listSome(Dedupe(items)))
	},
	translate: func(g *engine.Game, a action.Action) []string { return removalWordings(g, a.(*action.RemoveToken)) },
	args: func(a *engine.Actor, verb notation.Verb, field string) []string {
		if verb != notation.Nominate || field != "hex" {
			return nil
		}
		var out []string
		for _, r := range a.Removals {
			out = append(out, r.Hex)
		}
		return Dedupe(out)
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
	auction.args = func(a *engine.Actor, verb notation.Verb, field string) []string {
		if lot, ok := auctionBid(a); ok {
			if verb != notation.Bid || field != "amount" {
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
		cmd := "bid " + strconv.Itoa(p)
		if p <= b.Max && !slices.ContainsFunc(out, func(o Option) bool { return o.Command == cmd }) {
			out = append(out, Option{Label: fmt.Sprintf("bid $%d", p), Command: cmd})
		}
	}
	return out
}

// removalOptions offer each token that may be auctioned.
func removalOptions(g *engine.Game, list []engine.TokenMove) []Option {
	var out []Option
	for _, r := range list {
		where := r.Hex
		if n := cityNumberOf(g, r.Hex, r.Node); n > 0 && len(cityNodes(g, r.Hex)) > 1 {
			where = fmt.Sprintf("%s.%d", r.Hex, n)
		}
		out = append(out, Option{Label: where, Command: string(notation.Nominate) + " " + where,
			Description: fmt.Sprintf("from $%d", r.Cost)})
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
		return []string{string(notation.Nominate) + " " + v.City}
	}
	return []string{string(notation.Nominate) + " " + h.Def.ID,
		fmt.Sprintf("%s %s.%d", notation.Nominate, h.Def.ID, cityNumberOf(g, h.Def.ID, node))}
}
