package resolve

import (
	"fmt"
	"pbc/commands"
	"pbc/commands/notation"
	"pbc/commands/offers"
	"pbc/engine/action"
)

// Phrase returns the first of Translate's wordings that the dispatcher,
// acting for the controller of a's entity, turns into an action the
// engine treats as a (same entity and fields; routes traced the same way).
// A wording without an entity prefix is tried first, then one with.
func Phrase(t *commands.Position, a action.Action) (string, error) {
	words := offers.Translate(t.Game, a)
	if len(words) == 0 || words[0] == "" {
		return "", fmt.Errorf("%s actions have no command", action.TypeName(a))
	}
	user := t.ActingUser(a)
	seat := t.SeatOf(user)
	if seat == nil {
		return "", fmt.Errorf("nobody is seated to act for %s", a.Env().Entity.String())
	}
	prefix := a.Env().Entity.String() + ": "
	if _, ok := a.Env().Entity.PlayerID(); ok {
		prefix = "@" + prefix // a player's id is also a minor's name
	}
	var last error
	for _, p := range []string{"", prefix} {
		for _, w := range words {
			cmd, err := notation.Parse(p + w)
			if err != nil {
				last = fmt.Errorf("%q: %v", p+w, err)
				continue
			}
			built, err := Build(t, seat, cmd, commands.Request{User: user})
			if err != nil {
				last = fmt.Errorf("%q: %v", p+w, err)
				continue
			}
			if err := offers.SameAction(t.Game, built, a); err != nil {
				last = fmt.Errorf("%q: %v", p+w, err)
				if debugPhrase != nil {
					debugPhrase(t, p+w, err)
				}
				continue
			}
			return p + w, nil
		}
	}
	return "", fmt.Errorf("no wording of %s reproduces it; last: %v", action.TypeName(a), last)
}

// debugPhrase, when set (tests), hears why a wording was passed over.
var debugPhrase func(t *commands.Position, text string, err error)
