package offers

import (
	"fmt"
	"slices"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/board"
	"pbc/engine/title"
)

// Offers that are true: what the rules would refuse is neither offered nor
// answered with a confirmation that leads to a refusal.

// ForcedBuyRefusal refuses a pass of a company that must buy a train and
// may not pass (it has none and can buy one), saying what it may buy, so
// that no "pass anyway" is offered for a pass the rules refuse. "" for any
// other action.
func ForcedBuyRefusal(t *commands.Position, a action.Action) string {
	if _, ok := a.(*action.Pass); !ok {
		return ""
	}
	env := a.Env()
	for _, x := range t.Moves().Actors {
		if x.Entity != env.Entity || x.EntityType != env.EntityType {
			continue
		}
		if !x.MustBuy || slices.Contains(x.Types, action.TypePass) || len(x.Trains) == 0 {
			return ""
		}
		name := x.Name
		if c := t.Game.Corp(x.Name); c != nil {
			name = commands.EntityLabel(c)
		}
		cheapest := x.Trains[0]
		for _, tm := range x.Trains {
			if tm.Price < cheapest.Price {
				cheapest = tm
			}
		}
		buy := "train " + cheapest.Variant
		if cheapest.From != "depot" && cheapest.From != "discard" {
			buy += " from " + cheapest.From
		}
		return fmt.Sprintf("%s cannot pass: it has no train and must buy one (5.14). `%s` buys %s for %s; `trains` lists all for sale.",
			notation.Capitalize(name), buy, engine.TrainWithArticle(cheapest.Variant), engine.Money(cheapest.Price))
	}
	return ""
}

// distinctLays drops the lays that put the same track as an earlier one
// (tile 9 at r3 is tile 9 at r0): equal track, stops and revenues, at the
// same cost and through the same private, count once.
func distinctLays(lays []engine.TileMove) []engine.TileMove {
	seen := map[string]bool{}
	out := lays[:0:0]
	for _, l := range lays {
		key := fmt.Sprintf("%s/%s/%d/%s/%v/%d", l.Hex, l.Name, l.Rotation, l.Company, l.Combo, l.Cost)
		if def, ok := board.TileDef(l.Name); ok {
			key = fmt.Sprintf("%s/%s/%s/%v/%d", l.Hex, board.Placement(def, l.Rotation), l.Company, l.Combo, l.Cost)
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, l)
		}
	}
	return out
}

// hasBids reports whether company id has a bid this stock round, $0 ones
// included.
func hasBids(g *engine.Game, id string) bool {
	if g == nil {
		return false
	}
	c := g.Company(id)
	return c != nil && len(g.Bids(c)) > 0
}

// CompanyExamples names one company of each kind in g, with the title's
// own ids: "a major (SWW), a minor (8 or M8) or a private (P7)".
func CompanyExamples(g *engine.Game) string {
	var major, minor, private string
	for _, c := range g.Corps {
		switch {
		case major == "" && c.IsMajor():
			major = c.ID
		case minor == "" && c.IsMinor():
			minor = c.ID
		}
	}
	for _, c := range g.Companies {
		if private == "" && c.Def != nil && c.Def.Kind == title.Private {
			private = c.ID
		}
	}
	var out []string
	if major != "" {
		out = append(out, "a major ("+major+")")
	}
	if minor != "" {
		out = append(out, "a minor ("+minor+" or M"+minor+")")
	}
	if private != "" {
		out = append(out, "a private ("+private+")")
	}
	return notation.JoinOr(out)
}

// WithTopBid adds to the amounts `bid X` offers who leads X and with how
// much, a $0 bid included: "Bid on P8 from $5 to $500 in steps of $5;
// Player 1 leads with $0. Choose an amount, …".
func WithTopBid(t *commands.Position, cmd *notation.Command, text string) string {
	if cmd.Verb != notation.Bid {
		return text
	}
	c := commands.FindCompany(t.Game, cmd.Target)
	if c == nil {
		return text
	}
	bids := t.Game.Bids(c)
	if len(bids) == 0 {
		return text
	}
	top := bids[0]
	for _, b := range bids[1:] {
		if b.Price > top.Price {
			top = b
		}
	}
	if top.Player == nil {
		return text
	}
	lead := fmt.Sprintf("; %s leads with %s. Choose an amount", top.Player.Name, engine.Money(top.Price))
	if strings.Contains(text, ". Choose an amount") {
		return strings.Replace(text, ". Choose an amount", lead, 1)
	}
	return text + strings.TrimSuffix(lead, " Choose an amount")
}
