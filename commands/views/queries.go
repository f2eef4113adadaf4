package views

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/commands/offers"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/board"
	"pbc/render"
)

// Query answers the commands anyone may run; they change nothing.
func Query(t *commands.Position, cmd *notation.Command) commands.Reply {
	var text string
	var err error
	rep := commands.Reply{OK: true}
	switch cmd.Verb {
	case notation.Status:
		text = status(t)
	case notation.MapView:
		if cmd.Target != "" {
			text, rep.Image, err = regionView(t, cmd.Target)
			break
		}
		var opts render.MapOptions
		text, opts = MapQuery(t)
		rep.Image, err = picture(t, "map.png", func(w *bytes.Buffer) error { return render.Map(w, t.Game, opts) })
	case notation.Market:
		rep.Image, err = picture(t, "market.png", func(w *bytes.Buffer) error {
			return render.Market(w, t.Game, render.MarketOptions{Acting: t.Acting})
		})
		text = marketText(t)
	case notation.Company:
		text, err = companyInfo(t, cmd.Target)
	case notation.Player:
		text, err = playerInfo(t, cmd.Target)
	case notation.Trains:
		text = trainsInfo(t)
	case notation.Tiles:
		text = tilesInfo(t)
	case notation.LogView:
		n := 10
		if cmd.HasAmount {
			n = min(cmd.Amount, maxLog)
		}
		text = Recent(t, n)
	case notation.Moves:
		text = offers.MovesText(t, cmd.Target == "all")
	case notation.Help:
		text = titleHelp(t.Game, notation.HelpTextFor(cmd.Text, t.Game.T))
	case notation.Bids:
		text = bidsText(t)
	case notation.TableView:
		text, rep.Image, err = tableView(t)
	}
	if err != nil {
		return commands.Reply{Text: err.Error()}
	}
	rep.Text = text
	return rep
}

// MapQuery is the answer to `map` without a place: its text and how to
// draw the whole map (the last run's routes, who acts). The query draws
// it afresh; a session holding the game draws it on its canvas instead.
func MapQuery(t *commands.Position) (string, render.MapOptions) {
	return t.Log.Title + " map.", render.MapOptions{Routes: lastRoutes(t), Acting: t.Acting}
}

// picture renders an image.
func picture(t *commands.Position, name string, draw func(*bytes.Buffer) error) (*commands.Image, error) {
	var buf bytes.Buffer
	if err := draw(&buf); err != nil {
		return nil, commands.Refuse("the picture could not be drawn: %v", err)
	}
	return &commands.Image{Name: name, Data: buf.Bytes()}, nil
}

// lastRoutes are the routes of the latest run, for the map.
func lastRoutes(t *commands.Position) []action.Route {
	acts, err := action.Effective(t.Log.Actions)
	if err != nil {
		return nil
	}
	for i := len(acts) - 1; i >= 0; i-- {
		if r, ok := acts[i].(*action.RunRoutes); ok {
			return r.Routes
		}
	}
	return nil
}

// status tells the round, the phase, who acts and what they may do.
func status(t *commands.Position) string {
	g := t.Game
	s := g.Snapshot(false)
	if g.Finished() {
		return "Game over: " + t.Standings()
	}
	round := map[string]string{"SR": "Stock round", "OR": "Operating round", "Merger": "Merger round", "Choices": "Choices"}[s.Round.Name]
	if round == "" {
		round = s.Round.Name
	}
	num := strconv.Itoa(s.Round.Turn)
	if s.Round.Name != "SR" {
		num += "." + strconv.Itoa(s.Round.RoundNum)
	}
	who, _ := t.WhoActs()
	lines := []string{fmt.Sprintf("%s, %s %s, phase %s, bank %s, certificate limit %d. %s to act.",
		t.Log.Title, strings.ToLower(round), num, s.Phase, engine.Money(g.Bank), g.CertLimit(), notation.Capitalize(who))}
	if may := offers.WaitingText(t); may != "" {
		lines = append(lines, "May: "+may)
	}
	if line := leadingLine(t); line != "" {
		lines = append(lines, line)
	}
	lines = append(lines, "Order: "+cashLine(t))
	return strings.Join(lines, "\n")
}

// marketText lists share prices.
func marketText(t *commands.Position) string {
	var items []string
	for _, c := range t.Game.Corps {
		if c.Closed || c.Price < 0 || !c.IsMajor() {
			continue
		}
		items = append(items, fmt.Sprintf("%s %s", c.ID, engine.Money(t.Game.Market.Cells[c.Price].Price)))
	}
	if len(items) == 0 {
		return "No major has a share price yet."
	}
	return "Share prices: " + strings.Join(items, ", ") + "."
}

// companyInfo describes a corporation or a company card.
func companyInfo(t *commands.Position, name string) (string, error) {
	g := t.Game
	if c := commands.FindCorp(g, name); c != nil && (strings.EqualFold(c.ID, name) || c.Floated || g.T.Alias(name) == c.ID) {
		return corpInfo(t, c), nil
	}
	if comp := commands.FindCompany(g, name); comp != nil {
		owner := "unsold"
		switch o := comp.Owner.(type) {
		case *engine.Player:
			owner = "owned by " + o.Name
		case *engine.Corp:
			owner = "owned by " + o.ID
		}
		if comp.Closed {
			owner = "closed"
		}
		return fmt.Sprintf("%s %s (%s, value %s, income %s): %s", comp.ID, comp.Def.Name, owner, engine.Money(comp.Value), engine.Money(comp.Revenue), comp.Def.Desc) + companyBids(t, comp), nil
	}
	if hint := notation.DidYouMean(name, commands.CompanyIDs(g), ""); hint != "" {
		return "", commands.Refuse("there is no company %q%s", notation.Clip(name), hint)
	}
	return "", commands.Refuse("there is no company %q; try %s", notation.Clip(name), offers.CompanyExamples(g))
}

// corpInfo describes a corporation.
func corpInfo(t *commands.Position, c *engine.Corp) string {
	g := t.Game
	parts := []string{c.ID + " " + c.Def.Name}
	if c.Closed {
		return parts[0] + " (closed)."
	}
	if p := c.President(); p != nil {
		parts = append(parts, "president "+p.Name)
	}
	if c.Price >= 0 {
		parts = append(parts, "price "+engine.Money(g.Market.Cells[c.Price].Price))
	}
	parts = append(parts, "cash "+engine.Money(c.Cash))
	var trains []string
	for _, tr := range c.Trains {
		trains = append(trains, tr.Name+" ("+tr.ID+")")
	}
	if len(trains) > 0 {
		parts = append(parts, "trains "+strings.Join(trains, ", "))
	} else {
		parts = append(parts, "no trains")
	}
	var placed []string
	left := 0
	for _, tk := range c.Tokens {
		if tk.Used {
			placed = append(placed, tk.Hex)
		} else if tk.Kind == engine.NormalToken {
			left++
		}
	}
	parts = append(parts, fmt.Sprintf("tokens %s, %d left", orNone(placed), left))
	if c.IsMajor() {
		var holders []string
		for _, p := range g.Players {
			if n := c.PercentOf(p); n > 0 {
				holders = append(holders, fmt.Sprintf("%s %d%%", p.Name, n))
			}
		}
		holders = append(holders, fmt.Sprintf("treasury %d%%", c.PercentOf(c)), fmt.Sprintf("market %d%%", c.PercentOf(g.Pool)))
		parts = append(parts, "shares: "+strings.Join(holders, ", "))
	}
	var privs []string
	for _, p := range c.Privates {
		if !p.Closed {
			privs = append(privs, p.ID)
		}
	}
	if len(privs) > 0 {
		parts = append(parts, "privates "+strings.Join(privs, ", "))
	}
	return strings.Join(parts, "; ") + "."
}

// orNone lists items or says none.
func orNone(items []string) string {
	if len(items) == 0 {
		return "none placed"
	}
	return strings.Join(items, ", ")
}

// playerInfo describes a player.
func playerInfo(t *commands.Position, name string) (string, error) {
	g := t.Game
	p := commands.FindPlayer(g, name)
	if p == nil {
		for _, s := range t.Seats {
			if strings.EqualFold(s.User, strings.Trim(name, "<@!>")) {
				p = g.PlayerByID(s.Player)
			}
		}
	}
	if p == nil {
		var names []string
		for _, s := range t.Seats {
			names = append(names, s.Name)
		}
		return "", commands.Refuse("there is no player %q; the players are %s", notation.Clip(name), notation.JoinAnd(names))
	}
	parts := []string{fmt.Sprintf("%s: cash %s, value %s, certificates %d/%d", p.Name, engine.Money(p.Cash), engine.Money(g.PlayerValue(p)), g.CertCount(p), g.CertLimit())}
	if p.Debt > 0 {
		parts = append(parts, "debt "+engine.Money(p.Debt))
	}
	var shares []string
	for _, c := range g.Corps {
		if n := c.PercentOf(p); n > 0 && !c.Closed {
			shares = append(shares, fmt.Sprintf("%s %d%%", c.ID, n))
		}
	}
	if len(shares) > 0 {
		parts = append(parts, "shares "+strings.Join(shares, ", "))
	}
	var comps []string
	for _, c := range p.Companies {
		if !c.Closed {
			comps = append(comps, c.ID)
		}
	}
	if len(comps) > 0 {
		parts = append(parts, "companies "+strings.Join(comps, ", "))
	}
	if bids := playerBids(t, p); bids != "" {
		parts = append(parts, bids)
	}
	return strings.Join(parts, "; ") + ".", nil
}

// trainsInfo lists the depot and who owns which trains.
func trainsInfo(t *commands.Position) string {
	g := t.Game
	var lines []string
	counts := map[string]int{}
	unlimited := map[string]bool{}
	var order []string
	for _, tr := range g.Depot.Upcoming {
		if counts[tr.Name] == 0 {
			order = append(order, tr.Name)
		}
		counts[tr.Name]++
		unlimited[tr.Name] = unlimited[tr.Name] || tr.Def.Count == board.Unlimited
	}
	var depot []string
	for _, n := range order {
		if unlimited[n] { // as the trains picture shows them
			depot = append(depot, n+"×∞")
			continue
		}
		depot = append(depot, fmt.Sprintf("%s×%d", n, counts[n]))
	}
	lines = append(lines, "Depot: "+strings.Join(depot, ", ")+". "+notation.Capitalize(commands.SaleList(g))+".")
	var owned []string
	for _, c := range g.Corps {
		if c.Closed || len(c.Trains) == 0 {
			continue
		}
		var names []string
		for _, tr := range c.Trains {
			names = append(names, tr.Name)
		}
		owned = append(owned, c.ID+" "+strings.Join(names, " "))
	}
	if len(owned) > 0 {
		lines = append(lines, "Owned: "+strings.Join(owned, "; ")+".")
	}
	return strings.Join(lines, "\n")
}

// tilesInfo lists the tiles left in the supply.
func tilesInfo(t *commands.Position) string {
	g := t.Game
	used := map[string]int{}
	for _, h := range g.Board.Hexes {
		used[board.TileName(h.TileID)]++
	}
	byColor := map[board.Color][]string{}
	for _, def := range g.Board.Map.Tiles {
		if def.Hidden {
			continue
		}
		left := "∞"
		if def.Count != board.Unlimited {
			left = strconv.Itoa(def.Count - used[def.Name])
		}
		byColor[def.Color] = append(byColor[def.Color], def.Name+"×"+left)
	}
	var cols []board.Color
	for c := range byColor {
		cols = append(cols, c)
	}
	sort.Slice(cols, func(i, j int) bool { return cols[i] < cols[j] })
	var lines []string
	for _, c := range cols {
		lines = append(lines, notation.Capitalize(c.String())+": "+strings.Join(byColor[c], " "))
	}
	return strings.Join(lines, "\n")
}

// maxLog bounds the moves `log` lists.
const maxLog = 50

// Recent lists the last n actions as commands, saying how to see earlier
// ones when it leaves some out.
func Recent(t *commands.Position, n int) string {
	acts := t.Log.Actions
	var lines []string
	earlier := false
	for i := len(acts) - 1; i >= 0; i-- {
		if len(lines) == n {
			// Any earlier move (not a chat note) is left out: say so.
			if _, note := acts[i].(*action.Message); !note {
				earlier = true
				break
			}
			continue
		}
		a := acts[i]
		if _, ok := a.(*action.Message); ok {
			continue
		}
		who := a.Env().Entity.String()
		if id, ok := a.Env().Entity.PlayerID(); ok {
			if p := t.Game.PlayerByID(id); p != nil {
				who = p.Name
			}
		}
		text := offers.Translate(t.Game, a)
		lines = append(lines, fmt.Sprintf("%d. %s: %s", a.Env().ID, who, text[0]))
	}
	if len(lines) == 0 {
		return "Nothing has happened yet."
	}
	for i, j := 0, len(lines)-1; i < j; i, j = i+1, j-1 {
		lines[i], lines[j] = lines[j], lines[i]
	}
	if earlier {
		more := "`export` gives the whole log"
		if n < maxLog {
			more = fmt.Sprintf("`log %d` shows more, %s", maxLog, more)
		}
		lines = append([]string{"Earlier moves left out: " + more + "."}, lines...)
	}
	return strings.Join(lines, "\n")
}
