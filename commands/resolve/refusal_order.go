package resolve

import (
	"fmt"
	"slices"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/commands/offers"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/title"
)

// Refusals that name the player's own ids and examples, and say first the
// rule the rulebook checks first.

// notYours refuses acting for e, which the sender does not control.
func (b *builder) notYours(e any) error {
	if p, ok := e.(*engine.Player); ok {
		return commands.Refuse("you cannot act for %s; you play %s", p.Name, b.me.Name)
	}
	owner := "nobody"
	if p := commands.Controller(b.g, e); p != nil {
		owner = p.Name
	}
	return commands.Refuse("%s is %s's, not yours", commands.EntityLabel(e), owner)
}

// ownTurnHint, for a sender out of turn, names one of their own companies
// that may act now with an example of its command (`P11: pass`); "" when
// none may (in a stock round, say), so that no example points at a move
// the sender cannot make.
func (b *builder) ownTurnHint(cur any) string {
	for _, a := range b.t.Moves().Actors {
		if a.Player != b.me.ID || len(a.Types) == 0 || !slices.Contains(a.Types, action.TypePass) {
			continue
		}
		e := b.named(a.Name)
		if e == nil || e == cur || e == any(b.me) {
			continue
		}
		return fmt.Sprintf("; to act for %s, start with its name, e.g. `%s: pass`", commands.EntityLabel(e), a.Name)
	}
	return ""
}

// PreRefusal refuses, before the engine is asked, what the engine would
// refuse with a reason that points the wrong way: a forced buyer's pass,
// a minor's station token, a private acquired out of its step. "" lets
// the engine judge.
func PreRefusal(t *commands.Position, a action.Action) string {
	if t.Recorded {
		return ""
	}
	if why := offers.ForcedBuyRefusal(t, a); why != "" {
		return why
	}
	env := a.Env()
	c := t.Game.Corp(env.Entity.String())
	if c == nil || env.EntityType == action.EntityCompany {
		return ""
	}
	types := typesOf(t, env)
	switch v := a.(type) {
	case *action.PlaceToken:
		if c.IsMinor() && !slices.Contains(types, action.TypePlaceToken) {
			// 5.10.1 (1822PNW), 5.9.1 (1822CA): checked before any step.
			return "Minors never place station tokens: a minor has only its home station; majors place tokens."
		}
	case *action.AcquireCompany:
		return acquireRefusal(t, c, v.Company, slices.Contains(types, action.TypeAcquireCompany))
	}
	return ""
}

// typesOf are the action types the entity of env may take now.
func typesOf(t *commands.Position, env *action.Envelope) []string {
	for _, x := range t.Moves().Actors {
		if x.Entity == env.Entity && x.EntityType == env.EntityType {
			return x.Types
		}
	}
	return nil
}

// acquireRefusal says why c may not acquire private id, in the order the
// rules check it (the private itself, the phase, who may acquire it, then
// the step of the turn: privates are acquired first, 5.6); "" when it may
// or the engine is to judge.
func acquireRefusal(t *commands.Position, c *engine.Corp, id string, inStep bool) string {
	g := t.Game
	comp := commands.FindCompany(g, id)
	if comp == nil || comp.Def == nil {
		return ""
	}
	name := notation.Capitalize(commands.EntityLabel(c))
	switch {
	case comp.Def.Kind != title.Private:
		return fmt.Sprintf("%s is not a private company; only privates are acquired at the start of a turn.", comp.ID)
	case comp.Closed:
		return fmt.Sprintf("%s is closed.", comp.ID)
	case comp.Def.AcquirePhase == 0:
		return fmt.Sprintf("%s cannot be acquired by a company.", comp.ID)
	case g.Phase+1 < comp.Def.AcquirePhase:
		return fmt.Sprintf("%s may be acquired from phase %d; this is phase %s.", comp.ID, comp.Def.AcquirePhase, commands.PhaseName(g))
	case c.IsMinor() && comp.Def.AcquireBy&title.ByMinor == 0:
		return fmt.Sprintf("%s cannot be acquired by a minor; only majors may acquire it.", comp.ID)
	case c.IsMajor() && comp.Def.AcquireBy&title.ByMajor == 0:
		return fmt.Sprintf("%s cannot be acquired by a major.", comp.ID)
	}
	if o, ok := comp.Owner.(*engine.Corp); ok {
		return fmt.Sprintf("%s already belongs to %s.", comp.ID, commands.EntityLabel(o))
	}
	if _, ok := comp.Owner.(*engine.Player); !ok {
		return fmt.Sprintf("%s is not owned by a player, so it cannot be acquired.", comp.ID)
	}
	if !inStep {
		return fmt.Sprintf("%s cannot acquire %s now: privates are acquired at the start of a company's turn, before it lays track, and %s is past that step this turn.",
			name, comp.ID, commands.EntityLabel(c))
	}
	return ""
}

// parPhaseRefusal refuses starting any major in a phase where none may be
// started, before the major named is looked at.
func parPhaseRefusal(g *engine.Game) error {
	ph := g.CurrentPhase()
	if ph == nil || slices.Contains(ph.Status, "can_par") || slices.Contains(ph.Status, "can_convert_concessions") {
		return nil
	}
	return commands.Refuse("majors cannot be started in phase %s", ph.Name)
}
