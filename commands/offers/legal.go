package offers

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/board"
)

// The engine's legal moves (engine.Game.Moves), used for the rotation of a
// lay when only one fits, for the entity the game waits for, for `moves`
// and for `status`.

// HaveMoves says whether the engine's legal moves are in use.
const HaveMoves = true

// TileRotations lists the rotations at which e may lay the tile (an id
// such as "57-0") on hex now.
func TileRotations(t *commands.Position, e any, hex, tile string) []int {
	a := commands.ActorOf(t.Moves(), e)
	if a == nil {
		return nil
	}
	var out []int
	for _, m := range a.Tiles {
		if m.Hex == hex && m.Tile == tile && !slices.Contains(out, m.Rotation) {
			out = append(out, m.Rotation)
		}
	}
	slices.Sort(out)
	// Rotations that lay the same track are one lay (9 at r0 is 9 at
	// r3): nothing to ask.
	if def, ok := board.TileDef(board.TileName(tile)); ok {
		out = board.DistinctRotations(def, out)
	}
	return out
}

// AsksChoice reports whether entity e is asked a choose whose answers
// include choice now (the split of a 2P or LP train's revenue, say).
func AsksChoice(t *commands.Position, e any, choice string) bool {
	a := commands.ActorOf(t.Moves(), e)
	if a == nil || len(a.Types) == 0 || a.Types[0] != action.TypeChoose {
		return false
	}
	for _, c := range a.Choices {
		if c.Choice == choice {
			return true
		}
	}
	return false
}

// WaitingText words what the entity the game waits for may do, or "".
func WaitingText(t *commands.Position) string {
	m := t.Moves()
	if len(m.Actors) > 0 && m.Actors[0].Waiting {
		return strings.Join(ActorCommands(m.Actors[0], false), "; ")
	}
	return ""
}

// MovesText lists, in command form, what whoever may act now can do; all
// lists every choice instead of a few of each kind.
func MovesText(t *commands.Position, all bool) string {
	g := t.Game
	m := t.Moves()
	if m.Finished || len(m.Actors) == 0 {
		return "Nobody can move now."
	}
	var lines []string
	for _, a := range m.Actors {
		who := a.Name
		if a.EntityType == action.EntityCorporation {
			if c := g.Corp(a.Name); c != nil {
				who = commands.EntityLabel(c)
			}
		}
		if p := g.PlayerByID(a.Player); p != nil && p.Name != a.Name {
			who += " (" + p.Name + ")"
		}
		if a.Waiting {
			who += ", to act"
		}
		lines = append(lines, who+": "+strings.Join(ActorCommands(a, all), "; "))
	}
	return strings.Join(lines, "\n")
}

// maxListed bounds the examples listed per action type.
const maxListed = 6

// ActorCommands words an actor's choices as commands, a few of each kind
// unless all.
func ActorCommands(a *engine.Actor, all bool) []string {
	listSome := listSome
	if all {
		listSome = notation.JoinOr
	}
	var out []string
	// A private's lays and tokens are said "with" it; its other choices
	// start with its name.
	prefix, with := "", withWord(companyOf(a))
	if a.EntityType == action.EntityCompany {
		prefix = a.Name + ": "
	}
	l := lister{prefix: prefix, with: with, listSome: listSome}
	for _, t := range a.Types {
		if d := actionTypes[t]; d != nil && d.list != nil {
			out = d.list(a, l, out)
		}
	}
	if a.CanPass {
		out = append(out, "`"+prefix+"pass`")
	}
	return out
}

// label adds a choice's description.
func label(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

// shareCommands words share moves.
func shareCommands(a *engine.Actor, list []engine.ShareMove, buy bool, listSome func([]string) string) []string {
	var items []string
	for _, s := range list {
		switch {
		case a.EntityType == action.EntityCorporation && buy:
			items = append(items, fmt.Sprintf("`redeem %d`", s.Percent/10))
		case a.EntityType == action.EntityCorporation:
			items = append(items, fmt.Sprintf("`issue %d`", s.Percent/10))
		case buy && s.From == "market":
			items = append(items, fmt.Sprintf("`buy %s pool` ($%d)", s.Corp, s.Price))
		case buy:
			items = append(items, fmt.Sprintf("`buy %s` ($%d)", s.Corp, s.Price))
		default:
			items = append(items, fmt.Sprintf("`sell %s %d`", s.Corp, s.Percent/10))
		}
	}
	if len(items) == 0 {
		return nil
	}
	return []string{listSome(Dedupe(items))}
}

// tileCommands words tile lays, one per hex and tile.
func tileCommands(with string, list []engine.TileMove, listSome func([]string) string) []string {
	type key struct {
		hex, name string
		cube      bool
	}
	rots := map[key][]int{}
	var keys []key
	for _, m := range list {
		k := key{m.Hex, m.Name, m.Cube}
		if _, ok := rots[k]; !ok {
			keys = append(keys, k)
		}
		rots[k] = append(rots[k], m.Rotation)
	}
	sort.SliceStable(keys, func(i, j int) bool { return keys[i].hex < keys[j].hex })
	var items []string
	for _, k := range keys {
		if k.cube {
			items = append(items, "`cube "+k.hex+with+"`")
			continue
		}
		r := rots[k]
		if len(r) == 1 {
			items = append(items, fmt.Sprintf("`lay %s %s%s`", k.name, k.hex, with))
		} else {
			items = append(items, fmt.Sprintf("`lay %s %s r%d%s` (r%s)", k.name, k.hex, r[0], with, strings.Join(commands.IntWords(r), "/")))
		}
	}
	return []string{listSome(items)}
}

// trainCommand words one train purchase.
func trainCommand(tr engine.TrainMove) string {
	switch {
	case tr.Exchange != "":
		return fmt.Sprintf("`upgrade %s` ($%d)", tr.Exchange, tr.Price)
	case tr.From != "depot" && tr.From != "discard":
		return fmt.Sprintf("`train %s from %s <price>` ($%d-$%d)", tr.Train, tr.From, tr.Price, tr.MaxPrice)
	case tr.From == "discard":
		return fmt.Sprintf("`train %s pool` ($%d)", tr.Variant, tr.Price)
	}
	return fmt.Sprintf("`train %s` ($%d)", tr.Variant, tr.Price)
}

// listSome lists at most maxListed items, saying how to see the rest.
func listSome(items []string) string {
	if len(items) > maxListed {
		return strings.Join(items[:maxListed], ", ") + fmt.Sprintf(" and %d more (`moves all` lists them)", len(items)-maxListed)
	}
	return notation.JoinOr(items)
}

// Dedupe drops repeated items, keeping order.
func Dedupe(items []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range items {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
