package engine

import (
	"strconv"
	"strings"
)

// Read-only views of the depot and small formatting rules that commands and
// render share with the engine, so that a reply or a picture cannot drift
// from what the engine accepts.

// TrainsForSale lists the trains the depot sells now, as a purchase sees
// them: the next train of the upcoming list, then one of each type in the
// discard pile.
func (g *Game) TrainsForSale() []*Train { return g.depotTrains() }

// TrainType is the type a train id names, without its copy index: "L-4" is an L.
func TrainType(id string) string { return trainBase(id) }

// Money writes an amount of dollars as the games' texts do: "$120", and "-$45"
// for a debt.
func Money(v int) string {
	if v < 0 {
		return "-$" + strconv.Itoa(-v)
	}
	return "$" + strconv.Itoa(v)
}

// trainWithArticle is a train type with its article as it is read aloud:
// "an L", "an E", "an 8", "a 2".
func trainWithArticle(name string) string {
	if name != "" && strings.ContainsRune("LEAFHMNRSX8", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

// TrainWithArticle is trainWithArticle for the replies of commands.
func TrainWithArticle(name string) string { return trainWithArticle(name) }
