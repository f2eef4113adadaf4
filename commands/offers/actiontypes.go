package offers

import (
	"fmt"
	"strconv"
	"strings"

	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/board"
)

// actionType is what the chat layer knows of one action type, in one
// place: how an actor's choices of the type are offered under a reply
// (buttons and menus), how they are listed as commands (`moves`), what a
// private the game does not wait for may do with it, how a refusal says it,
// how a recorded action
// of the type is written as a command (Translate) and how an action built
// from a command is compared with a recorded one (sameAction). A new action
// type is one entry of actionTypes; a nil function means the type has
// nothing of that kind.
type actionType struct {
	// words says the type in a refusal where the engine leaves it raw
	// ("6 cannot dividend now" is "minor 6 cannot pay a dividend now").
	words     string
	offer     func(o *Offer, a *engine.Actor, g *engine.Game, prefix string)
	list      func(a *engine.Actor, l lister, out []string) []string
	private   func(a *engine.Actor, g *engine.Game) []Option
	translate func(g *engine.Game, a action.Action) []string
	same      func(g *engine.Game, got, want action.Action) error
	// args lists the values an actor's choices of the type allow for an
	// argument of a command being typed with verb, by the argument's
	// name in the notation (hex, tile, company, train, amount, price):
	// the completions a front end suggests (ArgValues).
	args func(a *engine.Actor, verb notation.Verb, field string) []string
}

// lister is how actorCommands words an actor's choices: prefix before a
// private's own commands ("P7: "), with after its lays and tokens (" with
// P7"), listSome to list a few items or all of them.
type lister struct {
	prefix, with string
	listSome     func([]string) string
}

// diff says how a and b differ as what, nil when they print alike.
func diff(what string, a, b any) error {
	if fmt.Sprint(a) != fmt.Sprint(b) {
		return fmt.Errorf("%s %v, want %v", what, a, b)
	}
	return nil
}

// always is a translation that is always the same text.
func always(s ...string) func(*engine.Game, action.Action) []string {
	return func(*engine.Game, action.Action) []string { return s }
}

// payoffType is shared by the two ways to pay off a player's debt: one
// button and one line for both.
var payoffOffer = func(o *Offer, a *engine.Actor, _ *engine.Game, _ string) {
	if a.Debt != nil && !hasCommand(o.Buttons, string(notation.Payoff)) {
		o.Buttons = append(o.Buttons, Option{Label: fmt.Sprintf("pay off $%d", a.Debt.Max), Command: string(notation.Payoff)})
	}
}

var payoffList = func(a *engine.Actor, _ lister, out []string) []string {
	if a.Debt != nil && !strings.Contains(strings.Join(out, ""), string(notation.Payoff)) {
		out = append(out, fmt.Sprintf("`payoff` or `payoff <amount>` (debt $%d)", a.Debt.Debt))
	}
	return out
}

// actionTypes are the action types the chat layer knows, by "type".
var actionTypes = map[string]*actionType{
	action.TypeBid: {
		args: func(a *engine.Actor, verb notation.Verb, field string) []string {
			return fieldOf(a.Bids, field, map[string]func(engine.BidMove) string{
				"company": ifVerb(verb, notation.Bid, func(b engine.BidMove) string { return b.Company }),
				"amount":  func(b engine.BidMove) string { return strconv.Itoa(b.Min) },
				"price":   func(b engine.BidMove) string { return strconv.Itoa(b.Min) },
			})
		},
		offer: func(o *Offer, a *engine.Actor, g *engine.Game, _ string) { o.menu("Bid on…", bidTargets(a.Bids, g)) },
		list: func(a *engine.Actor, l lister, out []string) []string {
			var items []string
			for _, b := range a.Bids {
				items = append(items, fmt.Sprintf("%s (from $%d)", b.Company, b.Min))
			}
			return append(out, "`bid <company> <amount>` on "+l.listSome(items))
		},
		translate: func(_ *engine.Game, a action.Action) []string {
			v := a.(*action.Bid)
			return []string{fmt.Sprintf("bid %s %d", v.Company, v.Price)}
		},
		same: func(_ *engine.Game, got, want action.Action) error {
			v, w := got.(*action.Bid), want.(*action.Bid)
			return diff("bid", [2]any{v.Company, v.Price}, [2]any{w.Company, w.Price})
		},
	},
	action.TypeBuyShares: {
		args: func(a *engine.Actor, verb notation.Verb, field string) []string {
			return fieldOf(a.Buys, field, map[string]func(engine.ShareMove) string{
				"company": ifVerb(verb, notation.Buy, func(b engine.ShareMove) string { return b.Corp })})
		},
		offer: func(o *Offer, a *engine.Actor, _ *engine.Game, _ string) {
			o.add("Buy…", shareOptions(a, a.Buys, true))
		},
		list: func(a *engine.Actor, l lister, out []string) []string {
			return append(out, shareCommands(a, a.Buys, true, l.listSome)...)
		},
		translate: func(g *engine.Game, a action.Action) []string {
			v := a.(*action.BuyShares)
			return shareWordings(g, v.Entity, v.Shares, v.Percent, v.SharePrice, true)
		},
		same: func(_ *engine.Game, got, want action.Action) error {
			v, w := got.(*action.BuyShares), want.(*action.BuyShares)
			return diff("shares", [3]any{sorted(v.Shares), v.Percent, v.SharePrice}, [3]any{sorted(w.Shares), w.Percent, w.SharePrice})
		},
	},
	action.TypeSellShares: {
		args: func(a *engine.Actor, verb notation.Verb, field string) []string {
			return fieldOf(a.Sells, field, map[string]func(engine.ShareMove) string{
				"company": ifVerb(verb, notation.Sell, func(b engine.ShareMove) string { return b.Corp })})
		},
		offer: func(o *Offer, a *engine.Actor, _ *engine.Game, _ string) {
			o.add("Sell…", shareOptions(a, a.Sells, false))
		},
		list: func(a *engine.Actor, l lister, out []string) []string {
			return append(out, shareCommands(a, a.Sells, false, l.listSome)...)
		},
		translate: func(g *engine.Game, a action.Action) []string {
			v := a.(*action.SellShares)
			return shareWordings(g, v.Entity, v.Shares, v.Percent, v.SharePrice, false)
		},
		same: func(_ *engine.Game, got, want action.Action) error {
			v, w := got.(*action.SellShares), want.(*action.SellShares)
			return diff("shares", [3]any{sorted(v.Shares), v.Percent, v.SharePrice}, [3]any{sorted(w.Shares), w.Percent, w.SharePrice})
		},
	},
	action.TypePar: {
		args: func(a *engine.Actor, verb notation.Verb, field string) []string {
			return fieldOf(a.Pars, field, map[string]func(engine.ParMove) string{
				"company": ifVerb(verb, notation.Par, func(p engine.ParMove) string { return p.Corp }),
				"amount":  func(p engine.ParMove) string { return strconv.Itoa(p.Price) },
				"price":   func(p engine.ParMove) string { return strconv.Itoa(p.Price) },
			})
		},
		words: "par a major",
		offer: func(o *Offer, a *engine.Actor, _ *engine.Game, _ string) { o.menu("Par…", parTargets(a.Pars)) },
		list: func(a *engine.Actor, _ lister, out []string) []string {
			byCorp := map[string][]string{}
			var corps []string
			for _, p := range a.Pars {
				if _, ok := byCorp[p.Corp]; !ok {
					corps = append(corps, p.Corp)
				}
				byCorp[p.Corp] = append(byCorp[p.Corp], "$"+strconv.Itoa(p.Price))
			}
			for _, c := range corps {
				out = append(out, fmt.Sprintf("`par %s <price>` at %s", c, notation.JoinOr(byCorp[c])))
			}
			return out
		},
		translate: func(_ *engine.Game, a action.Action) []string {
			v := a.(*action.Par)
			price, _, _ := strings.Cut(v.SharePrice, ",")
			return []string{"par " + v.Corporation + " " + price, "par " + v.Corporation + " " + v.SharePrice}
		},
		same: func(_ *engine.Game, got, want action.Action) error {
			v, w := got.(*action.Par), want.(*action.Par)
			return diff("par", [2]any{v.Corporation, v.SharePrice}, [2]any{w.Corporation, w.SharePrice})
		},
	},
	action.TypeLayTile: {
		args: func(a *engine.Actor, verb notation.Verb, field string) []string {
			return fieldOf(a.Tiles, field, map[string]func(engine.TileMove) string{
				"hex":  unlessVerb(verb, notation.Token, func(t engine.TileMove) string { return t.Hex }),
				"tile": func(t engine.TileMove) string { return t.Name },
			})
		},
		offer: func(o *Offer, a *engine.Actor, _ *engine.Game, _ string) {
			o.menu("Lay track on…", layTargets(companyOf(a), a.Tiles))
		},
		list: func(a *engine.Actor, l lister, out []string) []string {
			return append(out, tileCommands(l.with, a.Tiles, l.listSome)...)
		},
		private: func(a *engine.Actor, _ *engine.Game) []Option {
			var out []Option
			for _, o := range layTargets(a.Name, a.Tiles) {
				o.Label = a.Name + ": " + o.Label
				out = append(out, o)
			}
			return out
		},
		translate: func(g *engine.Game, a action.Action) []string { return layWordings(g, a.(*action.LayTile)) },
		same: func(g *engine.Game, got, want action.Action) error {
			v, w := got.(*action.LayTile), want.(*action.LayTile)
			rot, wrot := v.Rotation, w.Rotation
			if isCube(g, w) {
				rot, wrot = 0, 0
			}
			return diff("lay", [4]any{v.Hex, v.Tile, rot, v.ComboEntities}, [4]any{w.Hex, w.Tile, wrot, w.ComboEntities})
		},
	},
	action.TypePlaceToken: {
		args: func(a *engine.Actor, verb notation.Verb, field string) []string {
			return fieldOf(a.Tokens, field, map[string]func(engine.TokenMove) string{
				"hex": unlessVerb(verb, notation.Lay, func(t engine.TokenMove) string { return t.Hex })})
		},
		offer: func(o *Offer, a *engine.Actor, g *engine.Game, _ string) {
			o.add("Place a token in…", tokenOptions(companyOf(a), a.Tokens, g))
		},
		list: func(a *engine.Actor, l lister, out []string) []string {
			var items []string
			for _, tk := range a.Tokens {
				items = append(items, fmt.Sprintf("`token %s%s` ($%d)", tk.Hex, l.with, tk.Cost))
			}
			return append(out, l.listSome(Dedupe(items)))
		},
		private: func(a *engine.Actor, g *engine.Game) []Option {
			var out []Option
			for _, o := range tokenOptions(a.Name, a.Tokens, g) {
				o.Label = a.Name + ": " + o.Label
				out = append(out, o)
			}
			return out
		},
		translate: func(g *engine.Game, a action.Action) []string { return tokenWordings(g, a.(*action.PlaceToken)) },
		same: func(g *engine.Game, got, want action.Action) error {
			return diff("token", tokenKey(g, got.(*action.PlaceToken)), tokenKey(g, want.(*action.PlaceToken)))
		},
	},
	action.TypeHexToken: {
		args: func(a *engine.Actor, verb notation.Verb, field string) []string {
			return fieldOf(a.HexTokens, field, map[string]func(string) string{
				"hex": unlessVerb(verb, notation.Lay, func(h string) string { return h })})
		},
		words: "place a destination token",
		offer: func(o *Offer, a *engine.Actor, _ *engine.Game, _ string) {
			var opts []Option
			for _, h := range a.HexTokens {
				opts = append(opts, Option{Label: "destination " + h, Command: "destination " + h})
			}
			o.add("Destination token in…", opts)
		},
		list: func(a *engine.Actor, _ lister, out []string) []string {
			for _, h := range a.HexTokens {
				out = append(out, "`destination "+h+"`")
			}
			return out
		},
		translate: func(_ *engine.Game, a action.Action) []string {
			return []string{"destination " + a.(*action.HexToken).Hex}
		},
		same: func(_ *engine.Game, got, want action.Action) error {
			return diff("hex", got.(*action.HexToken).Hex, want.(*action.HexToken).Hex)
		},
	},
	action.TypeBuyTrain: {
		args: func(a *engine.Actor, verb notation.Verb, field string) []string {
			return fieldOf(a.Trains, field, map[string]func(engine.TrainMove) string{
				"company": ifVerb(verb, notation.Train, func(t engine.TrainMove) string {
					if t.From == "depot" || t.From == "discard" {
						return ""
					}
					return t.From
				}),
				"train": func(t engine.TrainMove) string { return t.Variant },
			})
		},
		offer: func(o *Offer, a *engine.Actor, _ *engine.Game, _ string) {
			o.add("Buy a train…", trainOptions(a.Trains))
		},
		list: func(a *engine.Actor, l lister, out []string) []string {
			var items []string
			for _, tr := range a.Trains {
				items = append(items, trainCommand(tr))
			}
			return append(out, l.listSome(Dedupe(items)))
		},
		translate: func(g *engine.Game, a action.Action) []string { return trainWordings(g, a.(*action.BuyTrain)) },
		same: func(g *engine.Game, got, want action.Action) error {
			v, w := got.(*action.BuyTrain), want.(*action.BuyTrain)
			if firstTurnL(g, v, w) {
				return nil
			}
			return diff("train", trainKey(g, v), trainKey(g, w))
		},
	},
	action.TypeDiscardTrain: {
		offer: func(o *Offer, a *engine.Actor, _ *engine.Game, _ string) {
			var opts []Option
			for _, id := range a.Discards {
				opts = append(opts, Option{Label: "discard " + id, Command: "discard " + id})
			}
			o.add("Discard…", opts)
		},
		list: func(a *engine.Actor, _ lister, out []string) []string {
			for _, id := range a.Discards {
				out = append(out, "`discard "+id+"`")
			}
			return out
		},
		translate: func(_ *engine.Game, a action.Action) []string {
			return []string{"discard " + a.(*action.DiscardTrain).Train}
		},
		same: func(_ *engine.Game, got, want action.Action) error {
			return diff("train", got.(*action.DiscardTrain).Train, want.(*action.DiscardTrain).Train)
		},
	},
	action.TypeAcquireCompany: {
		offer: func(o *Offer, a *engine.Actor, _ *engine.Game, _ string) {
			var opts []Option
			for _, id := range a.Privates {
				opts = append(opts, Option{Label: "acquire " + id, Command: "acquire " + id})
			}
			o.add("Acquire…", opts)
		},
		list: func(a *engine.Actor, _ lister, out []string) []string {
			for _, id := range a.Privates {
				out = append(out, "`acquire "+id+"`")
			}
			return out
		},
		translate: func(_ *engine.Game, a action.Action) []string {
			return []string{"acquire " + a.(*action.AcquireCompany).Company}
		},
		same: func(_ *engine.Game, got, want action.Action) error {
			return diff("company", got.(*action.AcquireCompany).Company, want.(*action.AcquireCompany).Company)
		},
	},
	action.TypeMerge: {
		words: "merge",
		offer: func(o *Offer, a *engine.Actor, _ *engine.Game, _ string) {
			var opts []Option
			for _, mm := range a.Merges {
				opts = append(opts, Option{Label: "merge " + notation.CorpLabel(mm.Corp), Command: "merge " + mm.Corp,
					Description: mergeNote(mm)})
			}
			o.add("Merge with…", opts)
		},
		list: func(a *engine.Actor, _ lister, out []string) []string {
			for _, m := range a.Merges {
				out = append(out, "`merge "+m.Corp+"`")
			}
			return out
		},
		translate: func(_ *engine.Game, a action.Action) []string {
			return []string{"merge " + a.(*action.Merge).Corporation}
		},
		same: func(_ *engine.Game, got, want action.Action) error {
			return diff("corporation", got.(*action.Merge).Corporation, want.(*action.Merge).Corporation)
		},
	},
	action.TypeChoose: {
		words: "choose",
		offer: func(o *Offer, a *engine.Actor, _ *engine.Game, prefix string) {
			var opts []Option
			for _, c := range a.Choices {
				opts = append(opts, Option{Label: choiceLabel(c), Command: prefix + "choose " + c.Choice})
			}
			o.add("Choose…", opts)
		},
		list: func(a *engine.Actor, l lister, out []string) []string {
			for _, c := range a.Choices {
				out = append(out, "`"+l.prefix+"choose "+c.Choice+"`"+label(c.Label))
			}
			return out
		},
		private: func(a *engine.Actor, _ *engine.Game) []Option {
			var out []Option
			for _, c := range a.Choices {
				out = append(out, Option{Label: a.Name + ": " + choiceLabel(c), Command: a.Name + ": choose " + c.Choice})
			}
			return out
		},
		translate: func(_ *engine.Game, a action.Action) []string { return []string{"choose " + a.(*action.Choose).Choice} },
		same: func(_ *engine.Game, got, want action.Action) error {
			return diff("choice", got.(*action.Choose).Choice, want.(*action.Choose).Choice)
		},
	},
	action.TypeChooseAbility: {
		words: "use an ability",
		offer: func(o *Offer, a *engine.Actor, _ *engine.Game, _ string) {
			var opts []Option
			for _, c := range a.Abilities {
				opts = append(opts, Option{Label: choiceLabel(c), Command: "use " + a.Name + " " + c.Choice})
			}
			o.add("Use "+a.Name+"…", opts)
		},
		list: func(a *engine.Actor, _ lister, out []string) []string {
			for _, c := range a.Abilities {
				out = append(out, "`use "+a.Name+" "+c.Choice+"`"+label(c.Label))
			}
			return out
		},
		private: func(a *engine.Actor, _ *engine.Game) []Option {
			var out []Option
			for _, c := range a.Abilities {
				out = append(out, Option{Label: a.Name + ": " + choiceLabel(c), Command: "use " + a.Name + " " + c.Choice})
			}
			return out
		},
		translate: func(_ *engine.Game, a action.Action) []string {
			v := a.(*action.ChooseAbility)
			return []string{"use " + v.Entity.String() + " " + v.Choice}
		},
		same: func(_ *engine.Game, got, want action.Action) error {
			return diff("choice", got.(*action.ChooseAbility).Choice, want.(*action.ChooseAbility).Choice)
		},
	},
	action.TypeAssign: {
		words: "assign",
		offer: func(o *Offer, a *engine.Actor, _ *engine.Game, _ string) {
			var opts []Option
			for _, h := range a.Assigns {
				opts = append(opts, Option{Label: "assign " + h, Command: "assign " + h + " with " + a.Name})
			}
			o.add("Assign "+a.Name+" to…", opts)
		},
		list: func(a *engine.Actor, l lister, out []string) []string {
			return append(out, "`assign <hex> with "+a.Name+"` on "+l.listSome(a.Assigns))
		},
		private: func(a *engine.Actor, _ *engine.Game) []Option {
			var out []Option
			for _, h := range a.Assigns {
				out = append(out, Option{Label: a.Name + ": assign " + h, Command: "assign " + h + " with " + a.Name})
			}
			return out
		},
		translate: func(_ *engine.Game, a action.Action) []string {
			v := a.(*action.Assign)
			return []string{"assign " + v.Target, "assign " + v.Target + " with " + v.Entity.String()}
		},
		same: func(_ *engine.Game, got, want action.Action) error {
			return diff("target", got.(*action.Assign).Target, want.(*action.Assign).Target)
		},
	},
	action.TypeDividend: {
		words: "pay a dividend",
		offer: func(o *Offer, a *engine.Actor, _ *engine.Game, _ string) {
			for _, d := range a.Dividends {
				if word := dividendWords[d.Kind]; word != "" {
					o.Buttons = append(o.Buttons, Option{Label: fmt.Sprintf("%s ($%d/share)", word, d.PerShare), Command: word})
				}
			}
		},
		list: func(a *engine.Actor, _ lister, out []string) []string {
			for _, d := range a.Dividends {
				out = append(out, fmt.Sprintf("`%s` ($%d a share)", dividendWords[d.Kind], d.PerShare))
			}
			return out
		},
		translate: func(_ *engine.Game, a action.Action) []string {
			return []string{dividendWords[a.(*action.Dividend).Kind]}
		},
		same: func(_ *engine.Game, got, want action.Action) error {
			return diff("dividend", got.(*action.Dividend).Kind, want.(*action.Dividend).Kind)
		},
	},
	action.TypeRunRoutes: {
		offer: func(o *Offer, a *engine.Actor, _ *engine.Game, prefix string) {
			if a.Routes != nil && len(a.Routes.Trains) > 0 {
				o.Buttons = append(o.Buttons, Option{Label: "run auto", Command: prefix + "run auto"})
			}
		},
		list: func(a *engine.Actor, _ lister, out []string) []string {
			return append(out, "`run <train> <stops>` with "+notation.JoinAnd(a.Routes.Trains))
		},
		translate: func(g *engine.Game, a action.Action) []string { return runWordings(g, a.(*action.RunRoutes)) },
		same: func(g *engine.Game, got, want action.Action) error {
			return sameRoutes(g, want.Env().Entity.String(), got.(*action.RunRoutes).Routes, want.(*action.RunRoutes).Routes)
		},
	},
	action.TypePayoffPlayerDebt: {words: "pay off debt", offer: payoffOffer, list: payoffList, translate: always(string(notation.Payoff))},
	action.TypePayoffPlayerDebtPartial: {words: "pay off debt", offer: payoffOffer, list: payoffList,
		translate: func(_ *engine.Game, a action.Action) []string {
			return []string{"payoff " + strconv.Itoa(a.(*action.PayoffPlayerDebtPartial).Amount)}
		},
		same: func(_ *engine.Game, got, want action.Action) error {
			return diff("amount", got.(*action.PayoffPlayerDebtPartial).Amount, want.(*action.PayoffPlayerDebtPartial).Amount)
		},
	},
	action.TypeRemoveToken: removeTokenType,
	action.TypePass:        {translate: always(string(notation.Pass))},
	action.TypeLog: {
		translate: func(_ *engine.Game, a action.Action) []string { return []string{"note " + a.(*action.Log).Message} },
		same: func(_ *engine.Game, got, want action.Action) error {
			return diff("message", got.(*action.Log).Message, want.(*action.Log).Message)
		},
	},
	action.TypeEndGame: {translate: always(string(notation.End))},
	action.TypeUndo:    {translate: always(string(notation.Undo))},
	action.TypeRedo:    {translate: always(string(notation.Redo))},
	action.TypeProgramSharePass: {words: "set auto-pass", translate: func(_ *engine.Game, a action.Action) []string {
		return []string{autoPassWording(a.(*action.ProgramSharePass))}
	}},
	action.TypeProgramMergerPass: {translate: func(_ *engine.Game, a action.Action) []string {
		return []string{mergerPassWording(a.(*action.ProgramMergerPass))}
	}},
	action.TypeProgramBuyShares: {words: "set auto-buy", translate: func(_ *engine.Game, a action.Action) []string {
		return []string{autoBuyWording(a.(*action.ProgramBuyShares))}
	}},
	action.TypeProgramDisable: {words: "stop automatic play", translate: always("auto off")},
}

// isCube says whether lay v places the title's builder cube.
func isCube(g *engine.Game, v *action.LayTile) bool {
	cube := g.T.SpecialTiles.Cube
	return cube != "" && board.TileName(v.Tile) == cube
}

// typeOf is the entry of actionTypes for a's type, nil for a type the chat
// layer does not know (chat messages, unknown types).
func typeOf(a action.Action) *actionType {
	if _, ok := a.(*action.Unknown); ok {
		return nil
	}
	return actionTypes[action.TypeName(a)]
}
