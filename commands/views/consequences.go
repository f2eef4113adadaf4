package views

import (
	"fmt"
	"slices"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/title"
)

// What a move did beyond itself: the lines under a move's confirmation
// that say its consequences (dividends and price moves, runs skipped and
// why, companies formed, trains exported and rusted, phase changes,
// closures, a merger round with nothing to merge). They are worked out in
// one place, by comparing the state before the move with the state after
// it, so that every way a move is made (typed, pressed, or played by a
// program) says them alike.

// Before is the part of a state the consequences of a move compare.
type Before struct {
	phase     string
	phaseIdx  int
	round     RoundKey
	corps     map[string]corpBefore
	companies map[string]bool // closed, by id
	upcoming  []*engine.Train // the depot's trains still to be sold
	owned     []*engine.Train // the trains companies hold
	owner     map[*engine.Train]string
	gov       *govBefore // the government railway's auction (gov_auction_words.go)
}

// corpBefore is one railway before a move.
type corpBefore struct {
	price    int
	floated  bool
	closed   bool
	operated int
}

// BeforeMove records what a move's consequences are measured against.
func BeforeMove(t *commands.Position, round RoundKey) *Before {
	g := t.Game
	b := &Before{phase: commands.PhaseName(g), phaseIdx: g.Phase, round: round, corps: make(map[string]corpBefore, len(g.Corps)),
		companies: make(map[string]bool, len(g.Companies)), upcoming: slices.Clone(g.Depot.Upcoming),
		owner: map[*engine.Train]string{}, gov: govBeforeMove(g)}
	for _, c := range g.Corps {
		b.corps[c.ID] = corpBefore{price: corpPrice(g, c), floated: c.Floated, closed: c.Closed, operated: c.Operated}
		b.owned = append(b.owned, c.Trains...)
		for _, tr := range c.Trains {
			b.owner[tr] = commands.EntityLabel(c)
		}
	}
	for _, c := range g.Companies {
		b.companies[c.ID] = c.Closed
	}
	return b
}

// Consequences words what move a did beyond itself, one line each, in the
// order a player meets them.
func Consequences(t *commands.Position, b *Before, a action.Action) []string {
	if b == nil {
		return nil
	}
	g := t.Game
	var lines []string
	actor := a.Env().Entity.String()
	// The mover's own operating turn first, then those the move ran past.
	corps := slices.Clone(g.Corps)
	slices.SortStableFunc(corps, func(x, y *engine.Corp) int {
		switch {
		case x.ID == actor && y.ID != actor:
			return -1
		case y.ID == actor && x.ID != actor:
			return 1
		}
		return 0
	})
	for _, c := range corps {
		cb, ok := b.corps[c.ID]
		if !ok || c.Operated <= cb.operated {
			continue
		}
		lines = append(lines, operatedLine(t, c, cb, a))
	}
	formed, from := formedLines(t, b, a)
	lines = append(lines, formed...)
	lines = append(lines, exportedLines(g, b)...)
	if ph := commands.PhaseName(g); ph != b.phase {
		lines = append(lines, phaseLine(g, b.phase))
	}
	lines = append(lines, govLines(g, b.gov, a)...)
	lines = append(lines, rustedLines(b)...)
	lines = append(lines, closedLines(g, b, from)...)
	return lines
}

// operatedLine says what c's operating turn paid and how its price moved;
// a turn that ran no trains says why.
func operatedLine(t *commands.Position, c *engine.Corp, cb corpBefore, a action.Action) string {
	g := t.Game
	name := notation.Capitalize(commands.EntityLabel(c))
	price := priceMove(cb.price, corpPrice(g, c))
	mine := a.Env().Entity.String() == c.ID
	switch a.(type) {
	case *action.RunRoutes, *action.Dividend, *action.Choose:
	default:
		mine = false
	}
	if !mine {
		return fmt.Sprintf("%s %s: earns $0, %s.", name, noRunReason(g, c), price)
	}
	if c.LastRevenue == 0 {
		return fmt.Sprintf("%s earns $0: %s.", name, price)
	}
	if c.LastPaid == 0 {
		return fmt.Sprintf("%s withholds %s: %s.", name, engine.Money(c.LastRevenue), price)
	}
	var paid []string
	for _, p := range g.Players {
		if v := g.PayoutTo(c, p, c.LastPaid); v > 0 {
			paid = append(paid, p.Name+" "+engine.Money(v))
		}
	}
	kept := c.LastRevenue - c.LastPaid
	if c.IsMinor() {
		return fmt.Sprintf("%s pays %s and keeps %s: %s.", name, notation.JoinAnd(paid), engine.Money(kept), price)
	}
	per := (c.LastPaid + c.NumShares() - 1) / c.NumShares()
	how := "pays"
	if d, ok := a.(*action.Dividend); ok && d.Kind == "half" {
		how = "pays half,"
	}
	line := fmt.Sprintf("%s %s %s a share", name, how, engine.Money(per))
	if len(paid) > 0 {
		line += ": " + strings.Join(paid, ", ")
	}
	if kept > 0 {
		line += "; keeps " + engine.Money(kept)
	}
	return line + "; " + price + "."
}

// noRunReason says why c ran no trains: it has none, or no route for them.
func noRunReason(g *engine.Game, c *engine.Corp) string {
	var names []string
	for _, tr := range c.Trains {
		switch tr.Def.Name {
		case "P+", "P", "G":
			continue // they ride along with another train
		}
		names = append(names, tr.Name)
	}
	switch len(names) {
	case 0:
		return "has no train"
	case 1:
		return "has no route for its " + names[0] + "-train"
	}
	return "has no route for its " + notation.JoinAnd(names) + " trains"
}

// priceMove words a share price change: "price $65→$60".
func priceMove(from, to int) string {
	switch {
	case to == 0:
		return "no share price"
	case from == to:
		return "price stays " + engine.Money(to)
	}
	return "price " + engine.Money(from) + "→" + engine.Money(to)
}

// formedLines says which majors formed or floated in the move: by a
// merger (with the minors and what their shares are worth), by converting
// a minor, or by selling enough shares.
// It returns the lines and the minors the majors formed from, whose
// closing goes without saying.
func formedLines(t *commands.Position, b *Before, a action.Action) (lines []string, used map[string]bool) {
	g := t.Game
	used = map[string]bool{}
	for _, c := range g.Corps {
		cb, ok := b.corps[c.ID]
		if !ok || cb.floated || !c.Floated || c.IsMinor() {
			continue
		}
		if m, ok := a.(*action.Merge); ok {
			x, y := g.Corp(a.Env().Entity.String()), g.Corp(m.Corporation)
			if x != nil && y != nil {
				value := 2 * (b.corps[x.ID].price + b.corps[y.ID].price)
				lines = append(lines, fmt.Sprintf("%s forms from %s and %s, their shares worth %s; its par price is chosen next.",
					c.ID, commands.EntityLabel(x), commands.EntityLabel(y), engine.Money(value)))
				continue
			}
		}
		var from []string
		for _, m := range g.Corps {
			if m.IsMinor() && m.Closed && !b.corps[m.ID].closed {
				from = append(from, commands.EntityLabel(m))
				used[m.ID] = true
			}
		}
		line := c.ID + " floats"
		if len(from) > 0 {
			line = c.ID + " forms from " + notation.JoinAnd(from)
		}
		if p := corpPrice(g, c); p > 0 {
			line += " at " + engine.Money(p) + " a share"
		}
		lines = append(lines, fmt.Sprintf("%s, with %s in its treasury.", line, engine.Money(c.Cash)))
	}
	return lines, used
}

// exportedLines says which depot trains the move removed from the game
// (the exports at the end of a stock round).
func exportedLines(g *engine.Game, b *Before) []string {
	var gone []string
	for _, tr := range b.upcoming {
		if tr.Owner == nil && !tr.Rusted && !slices.Contains(g.Depot.Upcoming, tr) && !slices.Contains(g.Depot.Discarded, tr) {
			gone = append(gone, engine.TrainWithArticle(tr.Name)+"-train")
		}
	}
	if len(gone) == 0 {
		return nil
	}
	line := notation.Capitalize(notation.JoinAnd(gone)) + " " + notation.Plural(len(gone), "is", "are") + " exported"
	if next := g.Depot.Upcoming; len(next) > 0 {
		line += "; the next train for sale is " + engine.TrainWithArticle(next[0].Name)
	}
	return []string{line + "."}
}

// phaseLine says the phase that began and what it allows.
func phaseLine(g *engine.Game, from string) string {
	ph := g.CurrentPhase()
	if ph == nil {
		return ""
	}
	line := fmt.Sprintf("Phase %s → %s: tiles up to %s", from, ph.Name, ph.Tiles)
	if ph.TrainLimitMinor > 0 || ph.TrainLimitMajor > 0 {
		line += fmt.Sprintf(", train limit %d for minors and %d for majors", ph.TrainLimitMinor, ph.TrainLimitMajor)
	}
	return line + "."
}

// rustedLines says which trains rusted and whose they were.
func rustedLines(b *Before) []string {
	var types []string
	owners := map[string][]string{}
	for _, tr := range b.owned {
		if !tr.Rusted {
			continue
		}
		typ := engine.TrainType(tr.ID)
		if _, ok := owners[typ]; !ok {
			types = append(types, typ)
			owners[typ] = nil
		}
		if o := b.owner[tr]; o != "" && !slices.Contains(owners[typ], o) {
			owners[typ] = append(owners[typ], o)
		}
	}
	var lines []string
	for _, typ := range types {
		lines = append(lines, fmt.Sprintf("The %s-trains rust: %s %s %s.", typ, notation.JoinAnd(owners[typ]),
			notation.Plural(len(owners[typ]), "loses", "lose"), notation.Plural(len(owners[typ]), "its", "theirs")))
	}
	return lines
}

// closedLines says which railways and company cards closed.
// Minors a major formed from and concessions turned into a major's
// president's certificate are left out: the line of the major says them.
func closedLines(g *engine.Game, b *Before, formed map[string]bool) []string {
	var corps, cards []string
	for _, c := range g.Corps {
		if cb, ok := b.corps[c.ID]; ok && c.Closed && !cb.closed && !formed[c.ID] {
			corps = append(corps, commands.EntityLabel(c))
		}
	}
	for _, c := range g.Companies {
		if c.Def != nil && c.Def.Kind == title.Concession {
			continue
		}
		if closed, ok := b.companies[c.ID]; ok && c.Closed && !closed && g.Corp(strings.TrimPrefix(c.ID, "M")) == nil {
			cards = append(cards, c.ID)
		}
	}
	var lines []string
	for _, list := range [][]string{corps, cards} {
		if len(list) > 0 {
			lines = append(lines, notation.Capitalize(notation.JoinAnd(list))+" "+notation.Plural(len(list), "closes", "close")+".")
		}
	}
	return lines
}

// MergerSkipped says that the merger round after an operating round had no
// merger to offer, when the move ran past it without a word; it goes after
// the operating round's digest.
func MergerSkipped(t *commands.Position, b *Before, a action.Action) string {
	g := t.Game
	if b == nil {
		return ""
	}
	from := g.T.Majors.MergerRoundFrom
	if from == 0 || b.round.Name != "OR" || g.Phase+1 < from {
		return ""
	}
	now := LiveKey(t)
	if now == b.round || now.Name == "Merger" || g.Finished() {
		return ""
	}
	for _, x := range a.Env().AutoActions {
		if _, ok := x.(*action.Pass); ok {
			if c := g.Corp(x.Env().Entity.String()); c != nil && c.IsMinor() {
				return "" // programs passed for the minors: the programs' notes say so
			}
		}
	}
	return fmt.Sprintf("Merger round %d.%d: no merger is possible, so it is skipped.", b.round.turn, b.round.num)
}
