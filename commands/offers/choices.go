package offers

import (
	"fmt"
	"pbc/commands/notation"
	"pbc/engine/action"
	"slices"
	"strconv"
	"strings"

	"pbc/engine"
)

// The choices a front end shows under a reply, derived from the legal
// moves so that every front end offers the same ones: buttons for short
// choices, select menus for long lists. A menu entry that names only the
// first part of a move (`bid M5`, `par SWW`, `lay D23`) is answered with a
// narrower offer (Narrow): the amounts, the prices, the tiles.

// Limits every front end can show: Discord has five rows of components
// (a menu takes a row, buttons go five to a row) and 25 options a menu.
const (
	MaxButtons     = 10
	MaxMenus       = 3
	MaxMenuOptions = 25
	// shortList is the most entries of one kind shown as buttons; longer
	// lists become a menu.
	shortList = 4
)

// Option is one offered choice; choosing it sends Command as if typed.
type Option struct {
	Label       string
	Command     string
	Description string // a second line, in menus
	Danger      bool   // a destructive choice (ending the game)
}

// Menu is a long choice shown as a select menu.
type Menu struct {
	Placeholder string
	Options     []Option
}

// Offer is what to show under a reply.
type Offer struct {
	Buttons []Option
	Menus   []Menu
}

// Empty reports whether nothing is offered.
func (o Offer) Empty() bool { return len(o.Buttons) == 0 && len(o.Menus) == 0 }

// add puts opts in as buttons when they are few, as a menu otherwise.
func (o *Offer) add(placeholder string, opts []Option) {
	if len(opts) == 0 {
		return
	}
	if len(opts) <= shortList {
		o.Buttons = append(o.Buttons, opts...)
		return
	}
	o.menu(placeholder, opts)
}

// menu adds opts as one menu, or several when they are more than a menu
// holds.
func (o *Offer) menu(placeholder string, opts []Option) {
	for part := 1; len(opts) > 0; part++ {
		n := min(len(opts), MaxMenuOptions)
		p := placeholder
		if part > 1 {
			p = fmt.Sprintf("%s (%d)", placeholder, part)
		}
		o.Menus = append(o.Menus, Menu{Placeholder: p, Options: opts[:n:n]})
		opts = opts[n:]
	}
}

// Clipped keeps the offer inside what every front end shows.
func (o Offer) Clipped() Offer {
	if len(o.Buttons) > MaxButtons {
		// pass, last, is the button that must stay.
		last := o.Buttons[len(o.Buttons)-1]
		o.Buttons = append(o.Buttons[:MaxButtons-1:MaxButtons-1], last)
	}
	if len(o.Menus) > MaxMenus {
		o.Menus = o.Menus[:MaxMenus]
	}
	return o
}

// Decision is the offer for the decision the game waits for: every choice
// of the entity it waits for, each as a command.
func Decision(m *engine.Moves) Offer { return DecisionOf(m, nil) }

// DecisionOf is Decision knowing the game, which names the city of a token
// on a hex of several.
func DecisionOf(m *engine.Moves, g *engine.Game) Offer {
	if m == nil || m.Finished || len(m.Actors) == 0 || !m.Actors[0].Waiting {
		return Offer{}
	}
	o := actorOffer(m.Actors[0], g)
	// The privates of the same player that may act meanwhile (an ability,
	// a private's own lay or token), in one menu after the decision's.
	var more []Option
	for _, a := range m.Actors[1:] {
		if a.Player != 0 && a.Player == m.Actors[0].Player && a.EntityType == action.EntityCompany {
			more = append(more, privateOptions(a, g)...)
		}
	}
	if len(more) > 0 {
		o.menu("Use a private…", more)
	}
	return o.Clipped()
}

// privateOptions are what a private that is not waited for may do now.
func privateOptions(a *engine.Actor, g *engine.Game) []Option {
	var out []Option
	for _, t := range a.Types {
		if d := actionTypes[t]; d != nil && d.private != nil {
			out = append(out, d.private(a, g)...)
		}
	}
	return out
}

// actorOffer lists an actor's choices.
func actorOffer(a *engine.Actor, g *engine.Game) Offer {
	var o Offer
	prefix := ""
	if a.EntityType == action.EntityCompany {
		prefix = a.Name + ": "
	}
	for _, t := range a.Types {
		if d := actionTypes[t]; d != nil && d.offer != nil {
			d.offer(&o, a, g, prefix)
		}
	}
	if a.CanPass {
		o.Buttons = append(o.Buttons, Option{Label: "pass", Command: prefix + "pass"})
	}
	return o
}

// dividendWords are the commands of the ways to pay out.
var dividendWords = map[string]string{"payout": "pay", "half": "half", "withhold": "withhold"}

func hasCommand(opts []Option, cmd string) bool {
	for _, o := range opts {
		if o.Command == cmd {
			return true
		}
	}
	return false
}

// choiceLabel is a choice's label, short enough for a button.
func choiceLabel(c engine.ChoiceMove) string {
	if c.Label != "" && len(c.Label) <= 60 {
		return c.Label
	}
	return c.Choice
}

func mergeNote(m engine.MergeMove) string {
	if m.Value > 0 {
		return fmt.Sprintf("worth $%d", m.Value)
	}
	return ""
}

// bidTargets are the companies one may bid on; choosing one asks how much.
// A leading bid of $0 (on a private with no price) is a top bid too.
func bidTargets(bids []engine.BidMove, g *engine.Game) []Option {
	var out []Option
	for _, b := range bids {
		desc := fmt.Sprintf("from $%d", b.Min)
		if b.Top > 0 || hasBids(g, b.Company) {
			desc = fmt.Sprintf("top bid $%d; from $%d", b.Top, b.Min)
		}
		out = append(out, Option{Label: notation.CorpLabel(b.Company), Command: "bid " + b.Company, Description: desc})
	}
	return out
}

// parTargets are the majors one may par, each choosing asks the price; a
// single major's prices are offered at once.
func parTargets(pars []engine.ParMove) []Option {
	var corps []string
	for _, p := range pars {
		if !slices.Contains(corps, p.Corp) {
			corps = append(corps, p.Corp)
		}
	}
	if len(corps) == 1 {
		return parPrices(pars, corps[0])
	}
	var out []Option
	for _, c := range corps {
		var prices []string
		for _, p := range pars {
			if p.Corp == c {
				prices = append(prices, "$"+strconv.Itoa(p.Price))
			}
		}
		out = append(out, Option{Label: "par " + c, Command: "par " + c, Description: "at " + strings.Join(prices, ", ")})
	}
	return out
}

// parPrices are corp's par prices.
func parPrices(pars []engine.ParMove, corp string) []Option {
	var out []Option
	for _, p := range pars {
		if !strings.EqualFold(p.Corp, corp) {
			continue
		}
		desc := fmt.Sprintf("costs $%d now", p.Cost)
		if p.Via != "" {
			desc += " with " + p.Via
		}
		out = append(out, Option{Label: fmt.Sprintf("par %s at $%d", p.Corp, p.Price),
			Command: fmt.Sprintf("par %s %d", p.Corp, p.Price), Description: desc})
	}
	return out
}

// shareOptions are the share bundles one may buy or sell (a major issues
// and redeems its own).
func shareOptions(a *engine.Actor, list []engine.ShareMove, buy bool) []Option {
	var out []Option
	seen := map[string]bool{}
	for _, s := range list {
		var o Option
		switch {
		case a.EntityType == action.EntityCorporation && buy:
			o = Option{Label: fmt.Sprintf("redeem %d ($%d)", s.Percent/10, s.Price), Command: fmt.Sprintf("redeem %d", s.Percent/10)}
		case a.EntityType == action.EntityCorporation:
			o = Option{Label: fmt.Sprintf("issue %d ($%d)", s.Percent/10, s.Price), Command: fmt.Sprintf("issue %d", s.Percent/10)}
		case buy && s.From == "market":
			o = Option{Label: fmt.Sprintf("buy %s from the pool ($%d)", s.Corp, s.Price), Command: "buy " + s.Corp + " pool"}
		case buy:
			o = Option{Label: fmt.Sprintf("buy %s ($%d)", s.Corp, s.Price), Command: "buy " + s.Corp}
		default:
			o = Option{Label: fmt.Sprintf("sell %d%% of %s ($%d)", s.Percent, s.Corp, s.Price),
				Command: fmt.Sprintf("sell %s %d", s.Corp, s.Percent/10)}
		}
		if !seen[o.Command] {
			seen[o.Command] = true
			out = append(out, o)
		}
	}
	return out
}

// companyOf is the private an actor is ("" for players and companies):
// its lays and tokens are commands "with" it.
func companyOf(a *engine.Actor) string {
	if a.EntityType == action.EntityCompany {
		return a.Name
	}
	return ""
}

// withWord is " with P7" for the lays and tokens of private via, or "".
func withWord(via string) string {
	if via == "" {
		return ""
	}
	return " with " + via
}

// layTargets are the hexes one may lay track on (and build cubes in),
// by private via if set; choosing one shows its tiles.
func layTargets(via string, tiles []engine.TileMove) []Option {
	var out []Option
	count := map[string]int{}
	var hexes []string
	cubes := map[string]bool{}
	for _, m := range distinctLays(tiles) {
		if m.Cube {
			cubes[m.Hex] = true
			continue
		}
		if count[m.Hex] == 0 {
			hexes = append(hexes, m.Hex)
		}
		count[m.Hex]++
	}
	for _, h := range hexes {
		out = append(out, Option{Label: h, Command: "lay " + h + withWord(via),
			Description: fmt.Sprintf("%d %s", count[h], notation.Plural(count[h], "way", "ways"))})
	}
	for _, m := range tiles {
		if m.Cube && cubes[m.Hex] {
			delete(cubes, m.Hex)
			out = append(out, Option{Label: "cube " + m.Hex, Command: "cube " + m.Hex + withWord(via),
				Description: "a builder cube"})
		}
	}
	return out
}

// tokenOptions are the cities a token may go to, placed by private via if
// set. On a hex of several cities the command names the city, counted as
// the grammar counts them (`token N16 2`); that takes the game (nil: one
// choice per hex, and the player is asked which city).
func tokenOptions(via string, tokens []engine.TokenMove, g *engine.Game) []Option {
	var out []Option
	seen := map[string]bool{}
	for _, t := range tokens {
		city, label := "", t.Hex
		if g != nil {
			if h := g.Board.Hexes[t.Hex]; h != nil && h.Tile != nil {
				if cs := h.Tile.Cities(); len(cs) > 1 {
					if i := slices.Index(cs, t.Node); i >= 0 {
						city = " " + strconv.Itoa(i+1)
						label = fmt.Sprintf("%s city %d", t.Hex, i+1)
					}
				}
			}
		}
		cmd := "token " + t.Hex + city + withWord(via)
		if seen[cmd] {
			continue
		}
		seen[cmd] = true
		out = append(out, Option{Label: fmt.Sprintf("token %s ($%d)", label, t.Cost), Command: cmd})
	}
	return out
}

// trainOptions are the trains one may buy; a train from another company
// is offered at its lowest and highest price.
func trainOptions(trains []engine.TrainMove) []Option {
	var out []Option
	seen := map[string]bool{}
	add := func(o Option) {
		if !seen[o.Command] {
			seen[o.Command] = true
			out = append(out, o)
		}
	}
	for _, tr := range trains {
		switch {
		case tr.Exchange != "":
			add(Option{Label: fmt.Sprintf("upgrade %s ($%d)", tr.Exchange, tr.Price), Command: "upgrade " + tr.Exchange})
		case tr.From == "depot":
			add(Option{Label: fmt.Sprintf("train %s ($%d)", tr.Variant, tr.Price), Command: "train " + tr.Variant})
		case tr.From == "discard":
			add(Option{Label: fmt.Sprintf("train %s from the pool ($%d)", tr.Variant, tr.Price), Command: "train " + tr.Variant + " pool"})
		default:
			for _, p := range []int{tr.Price, tr.MaxPrice} {
				add(Option{Label: fmt.Sprintf("%s from %s for $%d", tr.Train, tr.From, p),
					Command: fmt.Sprintf("train %s from %s %d", tr.Train, tr.From, p)})
			}
		}
	}
	return out
}

// Confirms reports whether the offer asks to confirm a refused move.
func (o Offer) Confirms() bool {
	return len(o.Buttons) > 0 && strings.HasSuffix(o.Buttons[0].Command, " confirm")
}
