package selfplay

import (
	"encoding/json"

	"pbc/engine"
	"pbc/engine/action"
)

// Automatic play in self-play games (Config.Programs): now and then a
// player sets an 18xx.games program (auto-pass, auto-buy, a merger pass)
// or switches his off, on his turn or another's; the engine then plays it.
// The exported logs carry the programs and what they did, for the check
// against 18xx.games (scripts/oracle-selfplay).

// program returns a program action to try now, or nil.
func (p *policy) program(m *engine.Moves) action.Action {
	if p.rng.Float64() >= 0.04 || len(m.Actors) == 0 {
		return nil
	}
	g := p.g
	var pl *engine.Player
	if a := m.Actors[0]; a.EntityType == action.EntityPlayer && p.rng.Float64() < 0.7 {
		pl = g.PlayerByID(a.Player) // on his turn
	} else {
		pl = g.Players[p.rng.IntN(len(g.Players))]
	}
	if pl == nil {
		return nil
	}
	if _, on := g.ProgramOf(pl.ID); on && p.rng.Float64() < 0.3 {
		return withPlayer(&action.ProgramDisable{}, "program_disable", pl, map[string]any{"reason": "user"})
	}
	switch {
	case m.Round == "SR" && p.rng.Float64() < 0.5:
		return withPlayer(&action.ProgramSharePass{}, "program_share_pass", pl,
			map[string]any{"unconditional": p.rng.Float64() < 0.2, "indefinite": false})
	case m.Round == "SR":
		var majors []*engine.Corp
		for _, c := range g.Corps {
			if c.IsMajor() && c.IPOed && !c.Closed {
				majors = append(majors, c)
			}
		}
		if len(majors) == 0 {
			return nil
		}
		c := majors[p.rng.IntN(len(majors))]
		var until any = c.PercentOf(pl)/10 + 1 + p.rng.IntN(2)
		if p.rng.Float64() < 0.3 {
			until = "float"
		}
		return withPlayer(&action.ProgramBuyShares{}, "program_buy_shares", pl, map[string]any{
			"corporation": c.ID, "until_condition": until, "from_market": p.rng.Float64() < 0.2,
			"auto_pass_after": p.rng.Float64() < 0.5})
	case (m.Round == "OR" || m.Round == "Merger") && g.T.Majors.MergerRoundFrom > 0:
		var minors []string
		for _, c := range g.Corps {
			if c.IsMinor() && !c.Closed && c.President() == pl {
				minors = append(minors, c.ID)
			}
		}
		if len(minors) == 0 {
			return nil
		}
		return withPlayer(&action.ProgramMergerPass{}, "program_merger_pass", pl,
			map[string]any{"corporations_by_round": map[string][]string{"MR": minors}})
	}
	return nil
}

// withPlayer addresses a program action to pl with its fields.
func withPlayer(a action.Action, typ string, pl *engine.Player, fields map[string]any) action.Action {
	env := a.Env()
	env.Type, env.Entity, env.EntityType = typ, action.PlayerEntity(pl.ID), action.EntityPlayer
	env.Extra = map[string]json.RawMessage{}
	for k, v := range fields {
		raw, _ := json.Marshal(v)
		env.Extra[k] = raw
	}
	return a
}
