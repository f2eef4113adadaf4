package offers

import (
	"fmt"
	"regexp"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/action"
)

// Wording of confirmations and refusals that the engine's terse messages
// leave unclear.

// Said words an applied action for the reply: "alice passes.", "Minor 5
// passes.", as bids read "alice bids $100 on M5."; other moves as confirm
// words them. A player's name is written as the player spelt it.
func Said(t *commands.Position, a action.Action) string {
	if _, ok := a.(*action.Pass); ok {
		who := t.ActorLabel(a)
		if _, player := a.Env().Entity.PlayerID(); !player {
			who = notation.Capitalize(who)
		}
		return who + " passes."
	}
	return Confirm(t, a)
}

// cannotNow matches the engine's "X cannot <type> now" refusals.
var cannotNow = regexp.MustCompile(`^(\S+) cannot ([a-z_]+) now`)

// minorSubject matches a minor's bare number as the subject of a clause
// inside an engine refusal ("…: 13 must first buy a train"), to be named
// "minor 13"; the refusal's first word is renamed with its verb below.
var minorSubject = regexp.MustCompile(`(^|[:;,] |help |then |and )(\d{1,2}) (may|must|has|cannot|can|is|needs|owns|would)\b`)

// HumanRefusal rewords an engine refusal for players: minors, whose ids
// are numbers, are named "minor 6"; raw action types become words ("6
// cannot dividend now" is "minor 6 cannot pay a dividend now").
func HumanRefusal(msg string) string {
	msg = minorSubject.ReplaceAllString(verbRefusal(msg), "${1}minor $2 $3")
	return minorObject.ReplaceAllString(msg, "$1 minor $2$3")
}

// minorObject matches a minor's bare number as what a company cannot
// acquire or merge with ("… cannot merge with 4").
var minorObject = regexp.MustCompile(`(cannot acquire|cannot merge with) (\d{1,2})( now|$|[.;,])`)

// verbRefusal words the engine's "X cannot <type> now" refusals.
func verbRefusal(msg string) string {
	m := cannotNow.FindStringSubmatchIndex(msg)
	if m == nil {
		return msg
	}
	who, typ := msg[m[2]:m[3]], msg[m[4]:m[5]]
	if d := actionTypes[typ]; d != nil && d.words != "" {
		typ = d.words
	}
	return notation.CorpLabel(who) + " cannot " + typ + " now" + msg[m[1]:]
}

// Describe words an action briefly, with its actor.
func Describe(t *commands.Position, a action.Action) string {
	who := t.ActorLabel(a)
	words := Translate(t.Game, a)
	if _, ok := a.(*action.LayTile); ok && len(words) > 1 {
		return who + ": " + words[1] // with the rotation
	}
	return who + ": " + words[0]
}

// Confirm words an applied action for the reply.
func Confirm(t *commands.Position, a action.Action) string {
	g := t.Game
	switch v := a.(type) {
	case *action.RunRoutes:
		total := 0
		var runs []string
		for _, r := range v.Routes {
			total += r.Revenue
			runs = append(runs, routeWords(g, r, false, false))
		}
		if len(runs) == 0 {
			return notation.Capitalize(t.ActorLabel(a)) + " runs no trains."
		}
		return fmt.Sprintf("%s runs %s for %s.", notation.Capitalize(t.ActorLabel(a)), strings.Join(runs, ", "), engine.Money(total))
	case *action.Bid:
		if id, ok := v.Entity.PlayerID(); ok && g.PlayerByID(id) != nil {
			return fmt.Sprintf("%s bids %s on %s.", g.PlayerByID(id).Name, engine.Money(v.Price), v.Company)
		}
	}
	return notation.Capitalize(Describe(t, a)) + "."
}
