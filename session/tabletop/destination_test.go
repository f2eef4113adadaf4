package tabletop

import (
	"path/filepath"
	"strconv"
	"testing"

	"pbc/engine/action"
)

// TestDestinationInSplitQuebec: Québec is split and either city could take
// ICR's destination token, so a hex token cannot say which; `destination
// AH8` becomes a token in the one city ICR reaches (a self-play position
// kept by the engine's tests, where 18xx.games failed on the hex token).
func TestDestinationInSplitQuebec(t *testing.T) {
	l := readLog(t, filepath.Join("..", "..", "engine", "testdata", "selfplay", "destination_split_quebec.json"))
	l.Actions = l.Actions[:len(l.Actions)-1]
	tb := importSeated(t, l)
	pres := tb.Game.Corp("ICR").President()
	if pres == nil {
		t.Fatal("ICR has no president")
	}
	rep := must(t, tb, "u"+strconv.Itoa(pres.ID), "destination AH8")
	pt, ok := rep.Action.(*action.PlaceToken)
	if !ok || pt.City != "Q1-0-0" || pt.TokenType != "destination" {
		t.Fatalf("destination AH8 became %#v, want a destination token in city Q1-0-0", rep.Action)
	}
}

// importSeated imports a log and seats user "u<id>" for each player.
func importSeated(t testing.TB, l *action.GameLog) *Table {
	t.Helper()
	tb, err := ImportTable(l, "u-creator")
	if err != nil {
		t.Fatal(err)
	}
	for i := range tb.Seats {
		tb.Seats[i].User = "u" + strconv.Itoa(tb.Seats[i].Player)
	}
	return tb
}
