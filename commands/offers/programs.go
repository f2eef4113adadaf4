package offers

import (
	"encoding/json"
	"fmt"
	"strings"

	"pbc/commands"
	"pbc/engine/action"
)

// ProgramNotes tells what automatic play did after an action: the passes
// and purchases programs made for their owners, and why a program stopped.
func ProgramNotes(t *commands.Position, a action.Action) string {
	g := t.Game
	name := func(e action.EntityID) string {
		if id, ok := e.PlayerID(); ok && g.PlayerByID(id) != nil {
			return g.PlayerByID(id).Name
		}
		if c := g.Corp(e.String()); c != nil && c.President() != nil {
			return c.President().Name + "'s " + e.String()
		}
		return e.String()
	}
	var notes []string
	for _, x := range a.Env().AutoActions {
		env := x.Env()
		switch v := x.(type) {
		case *action.Pass:
			// The engine's own passes are majors' (destinations, acquisitions);
			// a minor's is a merger-round program's.
			if c := g.Corp(env.Entity.String()); env.EntityType == action.EntityPlayer || c != nil && c.IsMinor() {
				notes = append(notes, name(env.Entity)+" passes (automatic).")
			}
		case *action.BuyShares:
			corp, _, _ := strings.Cut(strings.Join(v.Shares, ""), "_")
			notes = append(notes, fmt.Sprintf("%s buys %d%% of %s (automatic).", name(env.Entity), v.Percent, corp))
		case *action.ProgramSharePass:
			notes = append(notes, name(env.Entity)+"'s automatic play now passes in the stock round.")
		case *action.ProgramDisable:
			var reason string
			_ = json.Unmarshal(v.Extra["reason"], &reason)
			notes = append(notes, fmt.Sprintf("%s's automatic play stops: %s.", name(env.Entity), strings.TrimSuffix(reason, ".")))
		}
	}
	return strings.Join(notes, " ")
}

// ProgramWords says what a program action sets, for its confirmation.
func ProgramWords(t *commands.Position, a action.Action) (string, bool) {
	id, ok := a.Env().Entity.PlayerID()
	p := t.Game.PlayerByID(id)
	if !ok || p == nil {
		return "", false
	}
	switch a.(type) {
	case *action.ProgramSharePass, *action.ProgramBuyShares, *action.ProgramMergerPass:
		if prog, ok := t.Game.ProgramOf(id); ok {
			return fmt.Sprintf("%s's automatic play: %s (`auto off` stops it).", p.Name, prog), true
		}
	case *action.ProgramDisable:
		return p.Name + "'s automatic play is off.", true
	}
	return "", false
}

// autoPassWording words a programmed share pass from its raw fields.
func autoPassWording(v *action.ProgramSharePass) string {
	w := "autopass"
	if string(v.Extra["unconditional"]) == "true" {
		w += " always"
	}
	if string(v.Extra["indefinite"]) == "true" {
		w += " indefinitely"
	}
	return w
}

// mergerPassWording words a programmed merger pass from its raw fields.
func mergerPassWording(v *action.ProgramMergerPass) string {
	var by map[string][]string
	_ = json.Unmarshal(v.Extra["corporations_by_round"], &by)
	return strings.TrimSpace("autopass merger " + strings.Join(by[action.MergerRoundKey], " "))
}
