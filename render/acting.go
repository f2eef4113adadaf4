package render

import (
	"pbc/engine"
)

// Acting is who a picture's header names as acting, as the session that
// holds the game works it out: the player who acts and the company they
// act for ("" when they act for themselves). A header drawn without it
// reads the acting entity from the game, which cannot tell a minor
// numbered 1 from player 1.
type Acting struct {
	Corp   string // the acting company's id, "" for a player acting for themselves
	Player string // the name of the player who acts
}

// label names the acting entity as the header shows it: a player by name,
// a company with the player acting for it.
func (a *Acting) label(g *engine.Game) string {
	if a.Corp == "" {
		return a.Player
	}
	name := a.Corp
	if c := g.Corp(a.Corp); c != nil {
		switch {
		case c.Def != nil && c.Def.Name != "" && c.IsMajor():
			name = c.ID + " " + c.Def.Name
		case !c.IsMajor() && numeric(c.ID):
			name = "minor " + c.ID
		}
	}
	if a.Player == "" {
		return name
	}
	return name + " (" + a.Player + ")"
}

// numeric reports whether s is all digits, as minors' ids are.
func numeric(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// Header is the status line of a picture's title strip: the round, the
// phase and who acts (from acting when given).
func Header(g *engine.Game, acting *Acting) string {
	return statusLine(g, g.Snapshot(false), acting)
}

// presidentName is the name of c's president, "" when it has none.
func presidentName(c *engine.Corp) string {
	if p := c.President(); p != nil {
		return p.Name
	}
	return ""
}
