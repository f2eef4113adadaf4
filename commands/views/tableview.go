package views

import (
	"bytes"
	"fmt"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/engine"
	"pbc/render"
)

// The table in view: who bids what in a stock round, the cash each player
// has tied up in the bids they lead, and the table picture.

// standing is one company's bids in a bid box: the leader first.
type standing struct {
	company *engine.Company
	lead    engine.Bid
	others  []engine.Bid // outbid, highest first
}

// standings lists the companies of the bid boxes that have bids, in box
// order, and those that have none.
func standings(g *engine.Game) (bid []standing, unbid []*engine.Company) {
	for _, box := range g.BidBoxes() {
		for _, c := range box {
			if c == nil {
				continue
			}
			bids := g.Bids(c)
			if len(bids) == 0 {
				unbid = append(unbid, c)
				continue
			}
			// The highest bid leads; of equal bids the earlier one does.
			lead := 0
			for i, b := range bids {
				if b.Price > bids[lead].Price {
					lead = i
				}
			}
			s := standing{company: c, lead: bids[lead]}
			for i := len(bids) - 1; i >= 0; i-- {
				if i != lead {
					s.others = append(s.others, bids[i])
				}
			}
			sortBids(s.others)
			bid = append(bid, s)
		}
	}
	return bid, unbid
}

// sortBids orders bids highest first, keeping the order of equal ones.
func sortBids(bids []engine.Bid) {
	for i := 1; i < len(bids); i++ {
		for j := i; j > 0 && bids[j].Price > bids[j-1].Price; j-- {
			bids[j], bids[j-1] = bids[j-1], bids[j]
		}
	}
}

// committed is the cash p has tied up in the bids p leads.
func committed(g *engine.Game, p *engine.Player) int {
	bid, _ := standings(g)
	n := 0
	for _, s := range bid {
		if s.lead.Player == p {
			n += s.lead.Price
		}
	}
	return n
}

// bidsText answers `bids`: every open bid with who leads and by how much,
// then each player's cash, committed and free.
func bidsText(t *commands.Position) string {
	g := t.Game
	bid, unbid := standings(g)
	if len(bid) == 0 && len(unbid) == 0 {
		return "No company is in a bid box."
	}
	var lines []string
	if len(bid) == 0 && t.Moves().Round != "SR" {
		var ids []string
		for _, c := range unbid {
			ids = append(ids, c.ID)
		}
		return "Bids are made in stock rounds; the bid boxes hold " + notation.JoinAnd(ids) + "."
	}
	if len(bid) == 0 {
		lines = append(lines, "No bids yet.")
	}
	for _, s := range bid {
		line := fmt.Sprintf("%s: %s leads with %s", companyName(s.company), s.lead.Player.Name, engine.Money(s.lead.Price))
		var under []string
		for _, b := range s.others {
			under = append(under, b.Player.Name+" "+engine.Money(b.Price))
		}
		if len(under) > 0 {
			line += " (outbid: " + strings.Join(under, ", ") + ")"
		}
		lines = append(lines, line+".")
	}
	if len(unbid) > 0 {
		var ids []string
		for _, c := range unbid {
			ids = append(ids, c.ID)
		}
		lines = append(lines, "No bids on "+notation.JoinAnd(ids)+".")
	}
	lines = append(lines, "Cash: "+cashLine(t)+".")
	return strings.Join(lines, "\n")
}

// companyName is a company's id with its name: "M6 (Spokane)".
func companyName(c *engine.Company) string {
	if c.Def != nil && c.Def.Name != "" && c.Def.Name != c.ID {
		return c.ID + " (" + c.Def.Name + ")"
	}
	return c.ID
}

// cashLine lists each player's cash, with what their leading bids commit.
func cashLine(t *commands.Position) string {
	g := t.Game
	var items []string
	for _, p := range g.Players {
		item := p.Name + " " + engine.Money(p.Cash)
		if n := committed(g, p); n > 0 {
			item += fmt.Sprintf(" (%s committed, %s free)", engine.Money(n), engine.Money(p.Cash-n))
		}
		items = append(items, item)
	}
	return strings.Join(items, ", ")
}

// leadingLine words the bids leading now, for `status`: "" when none.
func leadingLine(t *commands.Position) string {
	bid, _ := standings(t.Game)
	if len(bid) == 0 {
		return ""
	}
	var items []string
	for _, s := range bid {
		items = append(items, fmt.Sprintf("%s %s %s", s.company.ID, s.lead.Player.Name, engine.Money(s.lead.Price)))
	}
	return "Leading bids: " + strings.Join(items, ", ") + " (`bids` for all)."
}

// companyBids words the bids on company c, for `company M6`: "" when none.
func companyBids(t *commands.Position, c *engine.Company) string {
	bid, _ := standings(t.Game)
	for _, s := range bid {
		if s.company != c {
			continue
		}
		text := fmt.Sprintf(" Leading bid: %s %s", s.lead.Player.Name, engine.Money(s.lead.Price))
		var under []string
		for _, b := range s.others {
			under = append(under, b.Player.Name+" "+engine.Money(b.Price))
		}
		if len(under) > 0 {
			text += "; outbid: " + strings.Join(under, ", ")
		}
		return text + "."
	}
	for _, box := range t.Game.BidBoxes() {
		for _, x := range box {
			if x == c {
				return " In a bid box, no bids yet."
			}
		}
	}
	return ""
}

// playerBids words p's bids, for `player @bob`: "" when none.
func playerBids(t *commands.Position, p *engine.Player) string {
	bid, _ := standings(t.Game)
	var leads, behind []string
	for _, s := range bid {
		if s.lead.Player == p {
			leads = append(leads, s.company.ID+" "+engine.Money(s.lead.Price))
			continue
		}
		for _, b := range s.others {
			if b.Player == p {
				behind = append(behind, fmt.Sprintf("%s %s (%s leads with %s)", s.company.ID, engine.Money(b.Price), s.lead.Player.Name, engine.Money(s.lead.Price)))
				break
			}
		}
	}
	var parts []string
	if len(leads) > 0 {
		n := committed(t.Game, p)
		parts = append(parts, fmt.Sprintf("leads %s, committing %s (%s free)", strings.Join(leads, ", "), engine.Money(n), engine.Money(p.Cash-n)))
	}
	if len(behind) > 0 {
		parts = append(parts, "outbid on "+strings.Join(behind, ", "))
	}
	return strings.Join(parts, "; ")
}

// tableView answers `table`: the table picture and the bids in words.
func tableView(t *commands.Position) (string, *commands.Image, error) {
	img, err := picture(t, "table.png", func(w *bytes.Buffer) error {
		return render.Table(w, t.Game, render.TableOptions{Acting: t.Acting})
	})
	if err != nil {
		return "", nil, err
	}
	text := "Players, companies, bid boxes and trains."
	if line := leadingLine(t); line != "" {
		text += " " + line
	}
	return text, img, nil
}
