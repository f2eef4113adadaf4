package offers

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/action"
)

// Partial commands: a move named without its last part asks for the
// choices of that part.

// pick is the actor of player (any player when 0) with a choice matching
// ok: the one the game waits for first.
func pick(m *engine.Moves, player int, ok func(a *engine.Actor) bool) *engine.Actor {
	if m == nil {
		return nil
	}
	var found *engine.Actor
	for _, a := range m.Actors {
		if (player == 0 || a.Player == player) && ok(a) {
			if a.Waiting {
				return a
			}
			if found == nil {
				found = a
			}
		}
	}
	return found
}

// HexLays are the legal lays on hex of the actor of player (any when 0)
// who may lay there, named as when given ("P7: lay D23"), in the order the
// tile picture numbers them: by tile, then rotation. Builder cubes are
// left out.
func HexLays(m *engine.Moves, player int, as, hex string) (*engine.Actor, []engine.TileMove) {
	a := pick(m, player, func(a *engine.Actor) bool {
		return (as == "" || strings.EqualFold(a.Name, as)) &&
			slices.ContainsFunc(a.Tiles, func(t engine.TileMove) bool { return sameHex(t.Hex, hex) && !t.Cube })
	})
	if a == nil {
		return nil, nil
	}
	var out []engine.TileMove
	for _, t := range a.Tiles {
		if sameHex(t.Hex, hex) && !t.Cube {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, func(x, y engine.TileMove) int {
		if c := tileOrder(x.Name, y.Name); c != 0 {
			return c
		}
		return x.Rotation - y.Rotation
	})
	// The same lay may be listed twice (through a private and without).
	out = slices.CompactFunc(out, func(x, y engine.TileMove) bool {
		return x.Name == y.Name && x.Rotation == y.Rotation && x.Company == y.Company
	})
	return a, distinctLays(out)
}

func sameHex(a, b string) bool { return strings.EqualFold(a, b) }

// tileOrder sorts tile names numerically where they are numbers.
func tileOrder(a, b string) int {
	na, ea := strconv.Atoi(a)
	nb, eb := strconv.Atoi(b)
	switch {
	case ea == nil && eb == nil:
		return na - nb
	case ea == nil:
		return -1
	case eb == nil:
		return 1
	}
	return strings.Compare(a, b)
}

// LayCommand is the command of one lay by actor a: a private's lays are
// made "with" it.
func LayCommand(a *engine.Actor, m engine.TileMove) string {
	cmd := fmt.Sprintf("lay %s %s r%d", m.Name, m.Hex, m.Rotation)
	var with []string
	if a != nil && a.EntityType == action.EntityCompany {
		with = append(with, a.Name)
	} else if m.Company != "" {
		with = append(with, m.Company)
	}
	for _, c := range m.Combo {
		if !slices.Contains(with, c) {
			with = append(with, c)
		}
	}
	if len(with) > 0 {
		cmd += " with " + strings.Join(with, " ")
	}
	return cmd
}

// LayVia is the private a partial lay names ("lay D23 with P7", or
// "P7: lay D23"), or "".
func LayVia(cmd *notation.Command) string {
	if len(cmd.With) > 0 {
		return cmd.With[0]
	}
	return cmd.As
}

// layLabel is the numbered label of a lay, as the picture numbers it.
func layLabel(i int, m engine.TileMove) string {
	s := fmt.Sprintf("%d. %s r%d", i+1, m.Name, m.Rotation)
	if m.Cost > 0 {
		s += fmt.Sprintf(" ($%d)", m.Cost)
	}
	return s
}

// NarrowOffer is the offer answering a partial command.
func NarrowOffer(m *engine.Moves, player int, cmd *notation.Command) Offer {
	var o Offer
	switch cmd.Verb {
	case notation.Lay:
		a, lays := HexLays(m, player, LayVia(cmd), cmd.Target)
		var opts []Option
		for i, l := range lays {
			opts = append(opts, Option{Label: layLabel(i, l), Command: LayCommand(a, l)})
		}
		if len(opts) <= 5 {
			o.Buttons = opts
		} else {
			o.menu("Lay on "+strings.ToUpper(cmd.Target)+"…", opts)
		}
	case notation.Bid:
		if b, ok := bidOn(m, player, cmd.Target); ok {
			var opts []Option
			for _, v := range BidAmounts(b) {
				opts = append(opts, Option{Label: fmt.Sprintf("$%d", v), Command: fmt.Sprintf("bid %s %d", b.Company, v)})
			}
			o.menu("Bid on "+notation.CorpLabel(b.Company)+"…", opts)
		}
	case notation.Par:
		a := pick(m, player, func(a *engine.Actor) bool {
			return slices.ContainsFunc(a.Pars, func(p engine.ParMove) bool { return strings.EqualFold(p.Corp, cmd.Target) })
		})
		if a != nil {
			o.add("Par "+strings.ToUpper(cmd.Target)+" at…", parPrices(a.Pars, cmd.Target))
		}
	}
	return o.Clipped()
}

// bidOn is player's bid move on company.
func bidOn(m *engine.Moves, player int, company string) (engine.BidMove, bool) {
	a := pick(m, player, func(a *engine.Actor) bool {
		return slices.ContainsFunc(a.Bids, func(b engine.BidMove) bool { return strings.EqualFold(b.Company, company) })
	})
	if a == nil {
		return engine.BidMove{}, false
	}
	for _, b := range a.Bids {
		if strings.EqualFold(b.Company, company) {
			return b, true
		}
	}
	return engine.BidMove{}, false
}

// BidAmounts are the amounts offered for a bid: every step near the
// minimum, wider steps up to the most the player can bid, at most
// MaxMenuOptions in all.
func BidAmounts(b engine.BidMove) []int {
	step := max(b.Step, 1)
	if b.Max < b.Min {
		return nil
	}
	n := (b.Max-b.Min)/step + 1
	var out []int
	if n <= MaxMenuOptions {
		for k := range n {
			out = append(out, b.Min+k*step)
		}
		return out
	}
	// Quadratic spacing: fine near the minimum, where most bids are.
	last := n - 1
	for i := range MaxMenuOptions {
		f := float64(i) / float64(MaxMenuOptions-1)
		k := int(f*f*float64(last) + 0.5)
		v := b.Min + k*step
		if len(out) > 0 && v <= out[len(out)-1] {
			v = out[len(out)-1] + step
		}
		if v > b.Max {
			break
		}
		out = append(out, v)
	}
	return out
}

// NarrowText words the answer to a partial command, or says why there is
// nothing to choose.
func NarrowText(m *engine.Moves, player int, cmd *notation.Command) (string, bool) {
	switch cmd.Verb {
	case notation.Lay:
		hex := strings.ToUpper(cmd.Target)
		_, lays := HexLays(m, player, LayVia(cmd), cmd.Target)
		if len(lays) == 0 {
			return fmt.Sprintf("you cannot lay a tile on %s now; `moves` lists what you can do", hex), false
		}
		var items []string
		for i, l := range lays {
			items = append(items, layLabel(i, l))
		}
		return fmt.Sprintf("%s: %d %s to lay track, numbered in the picture: %s. Choose one, or type `lay <tile> %s r<rotation>`.",
			hex, len(lays), notation.Plural(len(lays), "way", "ways"), strings.Join(items, ", "), hex), true
	case notation.Bid:
		b, ok := bidOn(m, player, cmd.Target)
		if !ok {
			return fmt.Sprintf("you cannot bid on %s now; `moves` lists what you can do", notation.Clip(cmd.Target)), false
		}
		text := fmt.Sprintf("Bid on %s from $%d to $%d", b.Company, b.Min, b.Max)
		if b.Step > 1 {
			text += fmt.Sprintf(" in steps of $%d", b.Step)
		}
		return text + fmt.Sprintf(". Choose an amount, or type `bid %s <amount>`.", b.Company), true
	case notation.Par:
		a := pick(m, player, func(a *engine.Actor) bool {
			return slices.ContainsFunc(a.Pars, func(p engine.ParMove) bool { return strings.EqualFold(p.Corp, cmd.Target) })
		})
		if a == nil {
			return fmt.Sprintf("you cannot par %s now; `moves` lists what you can do", notation.Clip(cmd.Target)), false
		}
		var prices []string
		for _, p := range a.Pars {
			if strings.EqualFold(p.Corp, cmd.Target) {
				prices = append(prices, "$"+strconv.Itoa(p.Price))
			}
		}
		corp := strings.ToUpper(cmd.Target)
		return fmt.Sprintf("Par %s at %s. Choose a price, or type `par %s <price>`.", corp, notation.JoinOr(prices), corp), true
	}
	return "", false
}
