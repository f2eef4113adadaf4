package resolve

import (
	"encoding/json"
	"pbc/commands"
	"pbc/commands/notation"
	"pbc/engine/action"
)

// mergerProgram builds "autopass merger [minors]": 18xx.games's merger pass
// for the player's minors named, or all of them.
func (b *builder) mergerProgram() (action.Action, error) {
	var ids []string
	for _, c := range b.g.Corps {
		if !c.IsMinor() || c.Closed || c.President() != b.me {
			continue
		}
		if len(b.cmd.Items) == 0 || notation.InChoices(b.cmd.Items, c.ID) || notation.InChoices(b.cmd.Items, "M"+c.ID) {
			ids = append(ids, c.ID)
		}
	}
	if len(ids) == 0 {
		return nil, commands.Refuse("%s has no such minor to pass for in merger rounds", b.me.Name)
	}
	by, _ := json.Marshal(map[string][]string{action.MergerRoundKey: ids})
	a := &action.ProgramMergerPass{}
	a.Extra = map[string]json.RawMessage{"corporations_by_round": by}
	return SetEntity(a, b.me), nil
}
