package views

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/commands/offers"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/title"
)

// Round summaries: when a move ends a stock, operating or merger round,
// the reply adds a digest of the round, worked out from the state when the
// round began, the state now and the moves made in between.

// RoundKey names a round: "SR" turn 2, "OR" 2.1, "Merger" 2.
type RoundKey struct {
	Name      string
	turn, num int
}

// KeyOf is the round g is in, for a game without legal moves at hand (a
// replay).
func KeyOf(g *engine.Game) RoundKey { return keyIn(g, g.Snapshot(false).Round.Name) }

// keyIn is the round g is in, named name ("SR", "OR", "Merger").
func keyIn(g *engine.Game, name string) RoundKey {
	return RoundKey{Name: name, turn: g.Turn, num: g.RoundNum}
}

// LiveKey is the round t's game is in: the legal moves, which every reply
// works out anyway, name it.
func LiveKey(t *commands.Position) RoundKey { return keyIn(t.Game, t.Moves().Round) }

// title words a round for players: "stock round 2", "operating round 2.1".
func (k RoundKey) title() string {
	switch k.Name {
	case "SR":
		return "stock round " + strconv.Itoa(k.turn)
	case "OR":
		return fmt.Sprintf("operating round %d.%d", k.turn, k.num)
	case "Merger":
		return fmt.Sprintf("merger round %d.%d", k.turn, k.num)
	}
	return strings.ToLower(k.Name) + " round"
}

// Ledger is the part of a state a digest compares.
type Ledger struct {
	phase   string
	players map[int]int // cash by player id
	corps   map[string]corpLedger
}

// corpLedger is one company's state.
type corpLedger struct {
	price   int // share price in dollars; 0 when unpriced
	floated bool
	closed  bool
	trains  []string // ids
}

// LedgerOf records g's state for a later digest.
func LedgerOf(g *engine.Game) *Ledger {
	l := &Ledger{phase: commands.PhaseName(g), players: map[int]int{}, corps: map[string]corpLedger{}}
	for _, p := range g.Players {
		l.players[p.ID] = p.Cash
	}
	for _, c := range g.Corps {
		cl := corpLedger{price: corpPrice(g, c), floated: c.Floated, closed: c.Closed}
		for _, t := range c.Trains {
			cl.trains = append(cl.trains, t.ID)
		}
		l.corps[c.ID] = cl
	}
	return l
}

// corpPrice is c's share price in dollars, 0 when it has none.
func corpPrice(g *engine.Game, c *engine.Corp) int {
	if c.Price < 0 || c.Price >= len(g.Market.Cells) {
		return 0
	}
	return g.Market.Cells[c.Price].Price
}

// RoundStart rebuilds, by replaying the log, the state when round k began
// and the moves made since: for a table that did not see the round begin
// (loaded, or rebuilt after an undo, in the middle of it).
func RoundStart(t *commands.Position, k RoundKey) (*Ledger, []action.Action, bool) {
	acts, err := action.Effective(t.Log.Actions)
	if err != nil || len(acts) == 0 {
		return nil, nil, false
	}
	l := *t.Log
	l.Actions = nil
	g0, err := engine.Replay(&l, engine.ReplayOptions{}) // the game as set up: the first round began there
	if err != nil {
		return nil, nil, false
	}
	var start *Ledger
	from := -1
	prev := KeyOf(g0)
	if prev == k {
		start, from = LedgerOf(g0), 0
	}
	l.Actions = acts[:len(acts)-1] // the move that ended the round is the last
	n := 0
	_, err = engine.Replay(&l, engine.ReplayOptions{After: func(g *engine.Game, _ action.Action) bool {
		n++
		if key := KeyOf(g); key != prev {
			prev = key
			if key == k {
				start, from = LedgerOf(g), n
			}
		}
		return true
	}})
	if err != nil || start == nil {
		return nil, nil, false
	}
	return start, acts[from:], true
}

// GameMoves drops chat notes from a list of actions.
func GameMoves(acts []action.Action) []action.Action {
	var out []action.Action
	for _, a := range acts {
		switch a.(type) {
		case *action.Message, *action.Log:
			continue
		}
		out = append(out, a)
	}
	return out
}

// Digest words what happened in round k, which began at start and ended
// with acts (the game is now in round next).
func Digest(t *commands.Position, k, next RoundKey, start *Ledger, acts []action.Action) string {
	g := t.Game
	lines := []string{notation.Capitalize(k.title()) + " is over."}
	sep := ", "
	add := func(label string, items []string) {
		if len(items) > 0 {
			lines = append(lines, label+": "+strings.Join(items, sep)+".")
		}
	}
	switch k.Name {
	case "SR":
		add("Won", bidsWon(t, acts))
		add("Parred", parsMade(t, acts))
	case "OR":
		sep = "; "
		add("Ran", runsMade(t, start, acts))
		sep = ", "
		add("Trains bought", trainsBought(t, acts))
	case "Merger":
		var merges []string
		for _, a := range acts {
			if m, ok := a.(*action.Merge); ok {
				merges = append(merges, t.ActorLabel(a)+" with "+notation.CorpLabel(m.Corporation))
			}
		}
		if len(merges) == 0 {
			lines[0] = notation.Capitalize(k.title()) + " is over: no mergers."
		}
		add("Merged", merges)
	}
	add("Floated", floated(g, start))
	add("Closed", closed(g, start))
	add("Rusted", rusted(g, start))
	if ph := commands.PhaseName(g); ph != start.phase {
		lines = append(lines, fmt.Sprintf("Phase %s → %s.", start.phase, ph))
	}
	if next.Name == "OR" {
		add("Privates paid", privatesPaid(g))
	}
	if r := ranking(g, start); len(lines) > 1 || k.Name != "Merger" {
		// An empty merger round changes nobody's worth: no ranking.
		lines = append(lines, "Ranking by net worth: "+strings.Join(r, "; ")+".")
	}
	return strings.Join(lines, "\n")
}

// bidsWon lists the bid-box companies bid on in the round with the winner
// and price: the highest bid, if its bidder now holds the company or
// presides over its minor.
func bidsWon(t *commands.Position, acts []action.Action) []string {
	g := t.Game
	type top struct {
		player int
		price  int
	}
	best := map[string]top{}
	var order []string
	for _, a := range acts {
		b, ok := a.(*action.Bid)
		if !ok {
			continue
		}
		id, ok := b.Entity.PlayerID()
		if !ok {
			continue
		}
		cur, seen := best[b.Company]
		if !seen {
			order = append(order, b.Company)
		}
		if !seen || b.Price > cur.price {
			best[b.Company] = top{id, b.Price}
		}
	}
	var out []string
	for _, id := range order {
		b := best[id]
		p := g.PlayerByID(b.player)
		c := g.Company(id)
		if p == nil || c == nil || !holds(g, p, c) {
			continue
		}
		name := id
		if c.Def != nil && c.Def.Kind == title.Concession && c.Def.Corp != "" {
			name += " (" + c.Def.Corp + " concession)"
		}
		out = append(out, fmt.Sprintf("%s to %s for %s", name, p.Name, engine.Money(b.price)))
	}
	return out
}

// holds reports whether p owns company card c or presides over the
// railway it starts.
func holds(g *engine.Game, p *engine.Player, c *engine.Company) bool {
	if c.Owner == any(p) {
		return true
	}
	if c.Def != nil && c.Def.Corp != "" {
		if r := g.Corp(c.Def.Corp); r != nil && r.President() == p {
			return true
		}
	}
	return false
}

// parsMade lists the majors parred in the round.
func parsMade(t *commands.Position, acts []action.Action) []string {
	g := t.Game
	var out []string
	for _, a := range acts {
		p, ok := a.(*action.Par)
		if !ok {
			continue
		}
		price, _, _ := strings.Cut(p.SharePrice, ",")
		who := t.ActorLabel(a)
		if c := g.Corp(p.Corporation); c != nil && c.Par >= 0 && c.Par < len(g.Market.Cells) {
			price = strconv.Itoa(g.Market.Cells[c.Par].Price)
		}
		out = append(out, fmt.Sprintf("%s at $%s by %s", p.Corporation, price, who))
	}
	return out
}

// runsMade lists each company's revenue, dividend and price move, in the
// order they operated.
func runsMade(t *commands.Position, start *Ledger, acts []action.Action) []string {
	g := t.Game
	type run struct {
		id      string
		revenue int
		ran     bool
		kind    string
	}
	var runs []*run
	byID := map[string]*run{}
	get := func(id string) *run {
		if r, ok := byID[id]; ok {
			return r
		}
		r := &run{id: id}
		byID[id] = r
		runs = append(runs, r)
		return r
	}
	for _, a := range acts {
		if env := a.Env(); env.EntityType == action.EntityCorporation {
			get(env.Entity.String()) // it operated, run or not
		}
		switch v := a.(type) {
		case *action.RunRoutes:
			r := get(v.Entity.String())
			r.ran = true
			for _, rt := range v.Routes {
				r.revenue += rt.Revenue
			}
		case *action.Dividend:
			get(v.Entity.String()).kind = v.Kind
		}
	}
	var out []string
	for _, r := range runs {
		c := g.Corp(r.id)
		if c == nil {
			continue
		}
		text := corpWord(c)
		switch {
		case r.ran && r.revenue > 0:
			text += " " + engine.Money(r.revenue)
		case r.ran:
			text += " no revenue"
		default:
			text += " no run"
		}
		if w, ok := map[string]string{"payout": "paid out", "half": "half paid", "withhold": "withheld"}[r.kind]; ok {
			text += " " + w
		}
		before, now := start.corps[c.ID].price, corpPrice(g, c)
		switch {
		case before > 0 && now != before:
			text += fmt.Sprintf(", %s → %s", engine.Money(before), engine.Money(now))
		case now > 0:
			text += ", stays " + engine.Money(now)
		}
		out = append(out, text)
	}
	return out
}

// trainsBought lists the trains bought in the round, by whom.
func trainsBought(t *commands.Position, acts []action.Action) []string {
	var out []string
	for _, a := range acts {
		b, ok := a.(*action.BuyTrain)
		if !ok {
			continue
		}
		name := engine.TrainType(b.Train)
		if b.Variant != "" {
			name = b.Variant
		}
		out = append(out, fmt.Sprintf("%s %s (%s)", t.ActorLabel(a), trainWord(name), engine.Money(b.Price)))
	}
	return out
}

// trainWord names a train with its article: "a 3-train", "an L-train".
func trainWord(name string) string {
	article := "a "
	if name != "" && strings.ContainsRune("AEFHILMNORSX8", rune(name[0])) {
		article = "an "
	}
	return article + name + "-train"
}

// corpWord names a company for digests: "minor 5", "regional C", "GNR".
func corpWord(c *engine.Corp) string {
	if c.Kind == title.RegionalCorp {
		return "regional " + c.ID
	}
	return commands.EntityLabel(c)
}

// floated lists the companies that floated since start.
func floated(g *engine.Game, start *Ledger) []string {
	var out []string
	for _, c := range g.Corps {
		if c.Floated && !c.Closed && !start.corps[c.ID].floated {
			text := corpWord(c)
			if p := c.President(); p != nil {
				text += " (" + p.Name + ")"
			}
			out = append(out, text)
		}
	}
	return out
}

// closed lists the companies that closed since start.
func closed(g *engine.Game, start *Ledger) []string {
	var out []string
	for _, c := range g.Corps {
		if c.Closed && !start.corps[c.ID].closed {
			out = append(out, corpWord(c))
		}
	}
	return out
}

// rusted lists the trains companies held at start that have rusted since,
// by train name: "2 (GNR, minor 5)".
func rusted(g *engine.Game, start *Ledger) []string {
	owners := map[string][]string{}
	var names []string
	for _, c := range g.Corps {
		for _, id := range start.corps[c.ID].trains {
			tr := g.Depot.Train(id)
			if tr == nil || !tr.Rusted {
				continue
			}
			if _, ok := owners[tr.Name]; !ok {
				names = append(names, tr.Name)
			}
			owners[tr.Name] = append(owners[tr.Name], corpWord(c))
		}
	}
	var out []string
	for _, n := range names {
		out = append(out, n+" ("+strings.Join(offers.Dedupe(owners[n]), ", ")+")")
	}
	return out
}

// privatesPaid lists what the companies paid their owners at the start of
// the operating round now in play, by owner.
func privatesPaid(g *engine.Game) []string {
	type owed struct {
		total int
		items []string
	}
	by := map[string]*owed{}
	var order []string
	for _, c := range g.Companies {
		if c.Closed || c.Revenue <= 0 || (c.Def != nil && c.Def.Kind == title.MinorCert) {
			continue
		}
		var who string
		switch o := c.Owner.(type) {
		case *engine.Player:
			who = o.Name
		case *engine.Corp:
			who = commands.EntityLabel(o)
		default:
			continue
		}
		if by[who] == nil {
			by[who] = &owed{}
			order = append(order, who)
		}
		by[who].total += c.Revenue
		by[who].items = append(by[who].items, c.ID+" "+engine.Money(c.Revenue))
	}
	var out []string
	for _, who := range order {
		o := by[who]
		out = append(out, fmt.Sprintf("%s %s (%s)", who, engine.Money(o.total), strings.Join(o.items, ", ")))
	}
	return out
}

// ranking lists the players by net worth, with their cash and its change
// over the round.
func ranking(g *engine.Game, start *Ledger) []string {
	players := append([]*engine.Player(nil), g.Players...)
	value := map[*engine.Player]int{}
	for _, p := range players {
		value[p] = g.PlayerValue(p)
	}
	sort.SliceStable(players, func(i, j int) bool { return value[players[i]] > value[players[j]] })
	var out []string
	for i, p := range players {
		cash := "cash " + engine.Money(p.Cash)
		if was, ok := start.players[p.ID]; ok && was != p.Cash {
			if p.Cash > was {
				cash += ", up " + engine.Money(p.Cash-was)
			} else {
				cash += ", down " + engine.Money(was-p.Cash)
			}
		}
		out = append(out, fmt.Sprintf("%d. %s %s (%s)", i+1, p.Name, engine.Money(value[p]), cash))
	}
	return out
}
