package tabletop

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pbc/commands"
	"pbc/engine"
	"pbc/engine/action"
)

// TestMovesListsPrivateLaysAsTheyAreSaid: where a private may lay track,
// `moves all` words its lays "… with P7", and those words are accepted from
// its owner (the listing once said `P7: lay …`, which is refused).
func TestMovesListsPrivateLaysAsTheyAreSaid(t *testing.T) {
	if testing.Short() {
		t.Skip("replays a long game at several positions")
	}
	const f = "1822PNW/1822PNW_game_end_stock_market.json"
	l := readLog(t, filepath.Join(fixtureDir, f))
	var at []int
	n := 0
	_, _ = engine.Replay(l, engine.ReplayOptions{After: func(g *engine.Game, _ action.Action) bool {
		n++
		m := g.Moves()
		for _, a := range m.Actors[min(1, len(m.Actors)):] {
			if a.EntityType == "company" && len(a.Tiles) > 0 && len(m.Actors) > 0 && a.Player == m.Actors[0].Player &&
				(len(at) == 0 || n > at[len(at)-1]+50) {
				at = append(at, n)
			}
		}
		return len(at) < 3
	}})
	if len(at) == 0 {
		t.Fatal("no position where a private may lay track")
	}
	quoted := regexp.MustCompile("`([^`]*)`")
	for _, n := range at {
		tb := tableAt(t, f, n)
		m := tb.Moves()
		user := tb.UserOf(tb.Game.PlayerByID(m.Actors[0].Player))
		text := tb.Exec(commands.Request{User: user, Text: "moves all"}).Text
		var lays []string
		for _, q := range quoted.FindAllStringSubmatch(text, -1) {
			if strings.HasPrefix(q[1], "lay ") && strings.Contains(q[1], " with P") {
				lays = append(lays, q[1])
			}
			if strings.Contains(q[1], ": lay ") {
				t.Errorf("position %d: a private's lay listed as %q", n, q[1])
			}
		}
		if len(lays) == 0 {
			t.Errorf("position %d: no private's lay in\n%s", n, text)
			continue
		}
		for _, c := range lays[:min(len(lays), 2)] {
			if rep := tableAt(t, f, n).Exec(commands.Request{User: user, Text: c}); !rep.OK {
				t.Errorf("position %d: listed %q refused: %s", n, c, rep.Text)
			}
		}
	}
}
