package commands

import (
	"strconv"
	"strings"

	"pbc/engine"
	"pbc/engine/board"
)

// Lookups of typed names in a game, without regard to case. They return nil
// (or "") when nothing matches; callers turn that into a reply.

// findCorp finds a corporation by id: "SWW", "cnor", a minor "8" or "M8", a
// regional "A" or "MA".
func findCorp(g *engine.Game, s string) *engine.Corp {
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
		if c := findCorp(g, s[1:]); c != nil {
			return c
		}
	}
	if id := g.T.Alias(s); id != "" { // the rulebook's abbreviation
		return g.Corp(id)
	}
	return nil
}

// findCompany finds a company card by id: "P7", "m5", "C2", "MA"; a bare
// number is a minor's certificate ("5" is M5).
func findCompany(g *engine.Game, s string) *engine.Company {
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
	if _, ok := number(s); ok {
		return g.Company("M" + s)
	}
	if id := g.T.Alias(s); id != "" { // the rulebook's abbreviation of a minor
		return g.Company("M" + id)
	}
	return nil
}

// findHex finds a hex of the map: "D23", "ag13", "a6" (CA's hexes left of A).
func findHex(g *engine.Game, s string) *engine.HexState {
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

// findTrain finds a train by id ("L-4", "p+-0").
func findTrain(g *engine.Game, s string) *engine.Train {
	if s == "" || !strings.Contains(s, "-") {
		return nil
	}
	if t := g.Depot.Train(s); t != nil {
		return t
	}
	return g.Depot.Train(strings.ToUpper(s))
}

// findPlayer finds a player by name or id.
func findPlayer(g *engine.Game, s string) *engine.Player {
	s = strings.TrimPrefix(s, "@")
	for _, p := range g.Players {
		if strings.EqualFold(p.Name, s) || strconv.Itoa(p.ID) == s {
			return p
		}
	}
	return nil
}

// controller is the player who acts for e: the player, a corporation's
// president (a regional's owner), a company owner or its owning
// corporation's president; nil when nobody does.
func controller(g *engine.Game, e any) *engine.Player {
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

// entityID is the 18xx.games id of an acting entity and its entity type.
func entityID(e any) (id, typ string) {
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

// entityLabel names an entity for replies: "Alice", "SWW", "P7".
func entityLabel(e any) string {
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

// currentEntity is the entity whose turn it is (the round's current one).
func currentEntity(g *engine.Game) any {
	id := g.Snapshot(false).CurrentEntity
	if id == "" {
		return nil
	}
	if n, err := strconv.Atoi(id); err == nil {
		if p := g.PlayerByID(n); p != nil {
			return p
		}
	}
	if c := g.Corp(id); c != nil {
		return c
	}
	return nil
}

// stopNodes lists the node indices of a tile's stops (cities, towns,
// off-boards) in tile order; "H19.2" is the second of them.
func stopNodes(t *board.Tile) []int {
	var out []int
	for i, n := range t.Nodes {
		if n.Kind != board.Junction {
			out = append(out, i)
		}
	}
	return out
}

// joinOr lists items as "a, b or c".
func joinOr(items []string) string { return joinWith(items, " or ") }

// joinAnd lists items as "a, b and c".
func joinAnd(items []string) string { return joinWith(items, " and ") }

// joinWith lists items, the last two joined by last.
func joinWith(items []string, last string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + last + items[len(items)-1]
}
