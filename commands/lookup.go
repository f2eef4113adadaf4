package commands

import (
	"fmt"
	"strconv"
	"strings"

	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/board"
)

// Lookups of typed names in a game, without regard to case. They return nil
// (or "") when nothing matches; callers turn that into a reply.

// FindCorp finds a corporation by id: "SWW", "cnor", a minor "8" or "M8", a
// regional "A" or "MA".
func FindCorp(g *engine.Game, s string) *engine.Corp {
	if s == "" {
		return nil
	}
	if c := g.Corp(s); c != nil {
		return c
	}
	for _, c := range g.Corps {
		if strings.EqualFold(c.ID, s) {
			return c
		}
	}
	if len(s) > 1 && (s[0] == 'M' || s[0] == 'm') {
		if c := FindCorp(g, s[1:]); c != nil {
			return c
		}
	}
	if id := g.T.Alias(s); id != "" { // the rulebook's abbreviation
		return g.Corp(id)
	}
	return nil
}

// FindCompany finds a company card by id: "P7", "m5", "C2", "MA"; a bare
// number is a minor's certificate ("5" is M5).
func FindCompany(g *engine.Game, s string) *engine.Company {
	if s == "" {
		return nil
	}
	if c := g.Company(s); c != nil {
		return c
	}
	for _, c := range g.Companies {
		if strings.EqualFold(c.ID, s) {
			return c
		}
	}
	if _, ok := notation.Number(s); ok {
		return g.Company("M" + s)
	}
	if id := g.T.Alias(s); id != "" { // the rulebook's abbreviation of a minor
		return g.Company("M" + id)
	}
	return nil
}

// FindHex finds a hex of the map: "D23", "ag13", "a6" (CA's hexes left of A).
func FindHex(g *engine.Game, s string) *engine.HexState {
	if s == "" || len(s) > 8 {
		return nil
	}
	if h := g.Board.Hex(s); h != nil {
		return h
	}
	if h := g.Board.Hex(strings.ToUpper(s)); h != nil {
		return h
	}
	return g.Board.Hex(strings.ToLower(s))
}

// FindTrain finds a train by id ("L-4", "p+-0").
func FindTrain(g *engine.Game, s string) *engine.Train {
	if s == "" || !strings.Contains(s, "-") {
		return nil
	}
	if t := g.Depot.Train(s); t != nil {
		return t
	}
	return g.Depot.Train(strings.ToUpper(s))
}

// FindPlayer finds a player by name or id.
func FindPlayer(g *engine.Game, s string) *engine.Player {
	s = strings.TrimPrefix(s, "@")
	for _, p := range g.Players {
		if strings.EqualFold(p.Name, s) || strconv.Itoa(p.ID) == s {
			return p
		}
	}
	return nil
}

// Controller is the player who acts for e: the player, a corporation's
// president (a regional's owner), a company owner or its owning
// corporation's president (for a government railway, the player the game
// names as acting for it); nil when nobody does.
func Controller(g *engine.Game, e any) *engine.Player {
	switch v := e.(type) {
	case *engine.Player:
		return v
	case *engine.Corp:
		return g.Controller(v)
	case *engine.Company:
		switch o := v.Owner.(type) {
		case *engine.Player:
			return o
		case *engine.Corp:
			return g.Controller(o)
		}
	}
	return nil
}

// EntityID is the 18xx.games id of an acting entity and its entity type.
func EntityID(e any) (id, typ string) {
	switch v := e.(type) {
	case *engine.Player:
		return strconv.Itoa(v.ID), "player"
	case *engine.Corp:
		return v.ID, "corporation"
	case *engine.Company:
		return v.ID, "company"
	}
	return "", ""
}

// EntityLabel names an entity for replies: "Alice", "SWW", "P7".
func EntityLabel(e any) string {
	switch v := e.(type) {
	case *engine.Player:
		return v.Name
	case *engine.Corp:
		if v.IsMinor() {
			return "minor " + v.ID
		}
		return v.ID
	case *engine.Company:
		return v.ID
	}
	return "nobody"
}

// CurrentEntity is the entity whose turn it is (the round's current one).
func CurrentEntity(g *engine.Game) any {
	snap := g.Snapshot(false)
	id := snap.CurrentEntity
	if id == "" {
		return nil
	}
	// A minor and a player may share a number (minor 1, player 1).
	if snap.CurrentEntityType != "corporation" {
		if n, err := strconv.Atoi(id); err == nil {
			if p := g.PlayerByID(n); p != nil {
				return p
			}
		}
	}
	if c := g.Corp(id); c != nil {
		return c
	}
	return nil
}

// StopNodes lists the node indices of a tile's stops (cities, towns,
// off-boards) in tile order; "H19.2" is the second of them.
func StopNodes(t *board.Tile) []int {
	var out []int
	for i, n := range t.Nodes {
		if n.Kind != board.Junction {
			out = append(out, i)
		}
	}
	return out
}

// PhaseName is the name of g's phase ("3").
func PhaseName(g *engine.Game) string {
	if ph := g.CurrentPhase(); ph != nil {
		return ph.Name
	}
	return ""
}

// FreeSlot is the slot a token of corp takes in city node of h: its
// reserved slot, else the first empty unreserved one; -1 if none.
func FreeSlot(h *engine.HexState, node int, corp string) int {
	slots := h.Slots[node]
	res := h.Reserved[node]
	for i, id := range res {
		if id == corp && i < len(slots) && slots[i] == nil {
			return i
		}
	}
	for i, t := range slots {
		if t == nil && (i >= len(res) || res[i] == "") {
			return i
		}
	}
	return -1
}

// IntWords writes numbers as words.
func IntWords(list []int) []string {
	out := make([]string, len(list))
	for i, n := range list {
		out[i] = strconv.Itoa(n)
	}
	return out
}

// FindShare finds a certificate by id ("SWW_3", "sww_3").
func FindShare(g *engine.Game, id string) *engine.Share {
	i := strings.LastIndexByte(id, '_')
	if i <= 0 {
		return nil
	}
	c := FindCorp(g, id[:i])
	n, err := strconv.Atoi(id[i+1:])
	if c == nil || err != nil {
		return nil
	}
	for _, s := range c.Shares {
		if s.Index == n {
			return s
		}
	}
	return nil
}

// SaleList describes the trains on sale.
func SaleList(g *engine.Game) string {
	var items []string
	for i, t := range g.TrainsForSale() {
		where := "the depot"
		if i > 0 || len(g.Depot.Upcoming) == 0 {
			where = "the discard pile"
		}
		names := []string{fmt.Sprintf("%s (%s)", engine.TrainWithArticle(t.Name), engine.Money(t.Price))}
		if i == 0 && len(g.Depot.Upcoming) > 0 {
			for _, v := range t.Def.Variants {
				names = append(names, fmt.Sprintf("%s (%s)", engine.TrainWithArticle(v.Name), engine.Money(v.Price)))
			}
		}
		items = append(items, notation.JoinOr(names)+" from "+where)
	}
	if len(items) == 0 {
		return "no trains are for sale"
	}
	return "for sale: " + strings.Join(items, "; ")
}
