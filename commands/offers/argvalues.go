package offers

import (
	"maps"
	"slices"

	"pbc/commands/notation"
	"pbc/engine"
)

// actionTypeNames are the keys of actionTypes in order, so that what is
// read from every descriptor comes in a stable order.
var actionTypeNames = slices.Sorted(maps.Keys(actionTypes))

// ArgValues lists the values argument field (its name in the notation:
// hex, tile, company, train, amount, price) of a command with verb may take
// in actor a's legal moves, as the action types' descriptors say; nil when
// they say nothing about it. Values may repeat.
func ArgValues(a *engine.Actor, verb notation.Verb, field string) []string {
	var out []string
	for _, name := range actionTypeNames {
		if t := actionTypes[name]; t.args != nil {
			out = append(out, t.args(a, verb, field)...)
		}
	}
	return out
}

// fieldOf reads argument field of each of a type's moves with the reader
// the type gives for it ("" values dropped); nil when it has none.
func fieldOf[M any](moves []M, field string, read map[string]func(M) string) []string {
	f := read[field]
	if f == nil {
		return nil
	}
	var out []string
	for _, m := range moves {
		if v := f(m); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// ifVerb is f for a command of verb v only: the argument means the type's
// own when the command is its word (a bid's company is what is bid on).
func ifVerb[M any](verb, v notation.Verb, f func(M) string) func(M) string {
	if verb != v {
		return nil
	}
	return f
}

// unlessVerb is f except for a command of verb v, whose argument is
// another type's (a token's hex is no place to lay a tile).
func unlessVerb[M any](verb, v notation.Verb, f func(M) string) func(M) string {
	if verb == v {
		return nil
	}
	return f
}
