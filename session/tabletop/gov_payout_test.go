package tabletop

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pbc/commands"
	"pbc/commands/resolve"
)

// TestNdeMPayoutNamesWhatEachGot: the NdeM's run by chat (fixture
// 1822MX_game_end_stock_market, id 645) says, like a major's dividend, what
// each player holding its shares got.
func TestNdeMPayoutNamesWhatEachGot(t *testing.T) {
	l := readLog(t, filepath.Join(nextFixtureDir, "1822MX", "1822MX_game_end_stock_market.json"))
	cut := -1
	for i, a := range l.Actions {
		if a.Env().ID >= 645 {
			cut = i
			break
		}
	}
	if cut < 0 {
		t.Fatal("no action 645")
	}
	a := l.Actions[cut]
	l.Actions = l.Actions[:cut]
	tb := importSeated(t, l)
	p := tb.Game.Controller(tb.Game.Corp("NDEM"))
	if p == nil {
		t.Fatal("nobody acts for the NdeM")
	}
	text, err := resolve.Phrase(&tb.Position, a)
	if err != nil {
		t.Fatal(err)
	}
	rep := tb.Exec(commands.Request{User: "u" + strconv.Itoa(p.ID), Text: text, Autos: a.Env().AutoActions})
	if !rep.OK {
		t.Fatalf("%q refused: %s", text, rep.Text)
	}
	want := "NDEM pays $33 a share: Player 1 $198; price $120→$150."
	if !strings.Contains(rep.Text, want) {
		t.Errorf("the reply does not say what each player got (%q):\n%s", want, rep.Text)
	}
}
