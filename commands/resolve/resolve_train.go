package resolve

import (
	"slices"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/title"
)

// Train purchases: "train 3", "train 2" (an L bought as a 2), "train E",
// "train 3 pool" (from the discard pile), "train L-4 from SWW 150",
// "upgrade L-4".

// variantPrice is the depot price of def bought as name.
func variantPrice(def *title.Train, name string) (int, bool) {
	if strings.EqualFold(def.Name, name) {
		return def.Price, true
	}
	for _, v := range def.Variants {
		if strings.EqualFold(v.Name, name) {
			return v.Price, true
		}
	}
	return 0, false
}

// variantName is the canonical spelling of variant name of def.
func variantName(def *title.Train, name string) string {
	if strings.EqualFold(def.Name, name) {
		return def.Name
	}
	for _, v := range def.Variants {
		if strings.EqualFold(v.Name, name) {
			return v.Name
		}
	}
	return name
}

// train builds a train purchase.
func (b *builder) train() (action.Action, error) {
	g, cmd := b.g, b.cmd
	c, err := b.corp()
	if err != nil {
		return nil, err
	}
	if cmd.From != "" {
		return b.trainFrom(c)
	}
	if t := commands.FindTrain(g, cmd.Target); t != nil {
		if t.Owner != nil && t.Owner != c {
			if !cmd.HasPrice {
				return nil, commands.Refuse("%s belongs to %s; say the agreed price, e.g. `train %s from %s 100`", t.ID, t.Owner.ID, t.ID, t.Owner.ID)
			}
			return SetEntity(&action.BuyTrain{Train: t.ID, Price: cmd.Price}, c), nil
		}
		variant := t.Name
		if cmd.Choice != "" {
			variant = variantName(t.Def, cmd.Choice)
		}
		price, ok := variantPrice(t.Def, variant)
		if !ok {
			return nil, commands.Refuse("%s cannot be bought as %s", engine.TrainWithArticle(t.Def.Name), engine.TrainWithArticle(notation.Clip(variant)))
		}
		if cmd.HasPrice {
			price = cmd.Price
		}
		return SetEntity(&action.BuyTrain{Train: t.ID, Price: price, Variant: variant}, c), nil
	}
	want := cmd.Target
	var candidates []*engine.Train
	if !cmd.Pool && len(g.Depot.Upcoming) > 0 {
		candidates = append(candidates, g.Depot.Upcoming[0])
	}
	for _, t := range g.Depot.Discarded {
		if strings.EqualFold(t.Name, want) {
			candidates = append(candidates, t)
		}
	}
	for _, t := range candidates {
		price, ok := variantPrice(t.Def, want)
		if !ok || (t.Owner == nil && slices.Contains(g.Depot.Discarded, t) && !strings.EqualFold(t.Name, want)) {
			continue
		}
		if cmd.HasPrice {
			price = cmd.Price
		}
		return SetEntity(&action.BuyTrain{Train: t.ID, Price: price, Variant: variantName(t.Def, want)}, c), nil
	}
	return nil, commands.Refuse("no %s train is for sale; %s", notation.Clip(want), commands.SaleList(g))
}

// trainFrom builds a purchase from another company: "train 3 from SWW 150".
func (b *builder) trainFrom(c *engine.Corp) (action.Action, error) {
	g, cmd := b.g, b.cmd
	seller := commands.FindCorp(g, cmd.From)
	if seller == nil {
		return nil, commands.Refuse("there is no company %q", notation.Clip(cmd.From))
	}
	if !cmd.HasPrice {
		return nil, commands.Refuse("say the agreed price, e.g. `train %s from %s 100`", notation.Clip(cmd.Target), seller.ID)
	}
	var t *engine.Train
	for _, x := range seller.Trains {
		if strings.EqualFold(x.ID, cmd.Target) || (t == nil && strings.EqualFold(x.Name, cmd.Target)) {
			t = x
		}
	}
	if t == nil {
		var ids []string
		for _, x := range seller.Trains {
			ids = append(ids, x.ID+" (a "+x.Name+")")
		}
		if len(ids) == 0 {
			return nil, commands.Refuse("%s has no trains", seller.ID)
		}
		return nil, commands.Refuse("%s has no train %q; it has %s", seller.ID, notation.Clip(cmd.Target), notation.JoinAnd(ids))
	}
	return SetEntity(&action.BuyTrain{Train: t.ID, Price: cmd.Price}, c), nil
}

// upgrade builds an L→2 upgrade: "upgrade L-4" (or just "upgrade L").
func (b *builder) upgrade() (action.Action, error) {
	g := b.g
	c, err := b.corp()
	if err != nil {
		return nil, err
	}
	var t *engine.Train
	for _, x := range c.Trains {
		if x.Name == "L" && (strings.EqualFold(x.ID, b.cmd.Target) || (t == nil && strings.EqualFold(b.cmd.Target, "L"))) {
			t = x
		}
	}
	if t == nil {
		var ls []string
		for _, x := range c.Trains {
			if x.Name == "L" {
				ls = append(ls, x.ID)
			}
		}
		if len(ls) == 0 {
			return nil, commands.Refuse("%s has no L train to upgrade", commands.EntityLabel(c))
		}
		return nil, commands.Refuse("%s has no L train %q; upgrade %s", commands.EntityLabel(c), notation.Clip(b.cmd.Target), notation.JoinOr(ls))
	}
	price := g.T.LUpgradeCost
	if g.Phase >= 1 && g.T.LUpgradeCostPhase2 > 0 {
		price = g.T.LUpgradeCostPhase2
	}
	if price == 0 {
		price = 80
	}
	return SetEntity(&action.BuyTrain{Train: t.ID, Price: price, Variant: "2", Exchange: t.ID}, c), nil
}
