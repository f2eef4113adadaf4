package tabletop

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pbc/commands"
	"pbc/commands/resolve"
	"pbc/engine/action"
)

// TestNdeMByChat: the NdeM's turn at its privatisation (fixture
// 1822MX_game_end_stock_market, ids 665-669) by chat: its shareholder
// lays its track, then the players name a token and bid in turn. At each
// step only the player the engine names may act for the NdeM; another is
// refused with the name of the one who may, and nothing changes; the
// replies say the cash-out, the token put up and each bid.
func TestNdeMByChat(t *testing.T) {
	l := readLog(t, filepath.Join(nextFixtureDir, "1822MX", "1822MX_game_end_stock_market.json"))
	cut := 0
	for i, a := range l.Actions {
		if a.Env().ID >= 665 {
			cut = i
			break
		}
	}
	rest := l.Actions[cut:]
	l.Actions = l.Actions[:cut]
	tb := importSeated(t, l)
	ndem := tb.Game.Corp("NDEM")
	checked := 0
	wantText := map[int]string{665: "lay", 667: "nominate L19", 668: "bid 60"}
	wantSaid := map[int]string{
		666: "NDEM is privatised: the market buys Player 1's 60% at $165 a share.",
		667: "NDEM's token in L19 is up for auction.",
		668: "Player 1 bids $60 for NDEM's token in L19.",
		669: "Player 2 bids $70 for NDEM's token in L19.",
	}
	for _, a := range rest {
		id := a.Env().ID
		if id > 669 {
			break
		}
		text, err := resolve.Phrase(&tb.Position, a)
		if err != nil {
			t.Fatalf("id %d: %v", id, err)
		}
		if w := wantText[id]; w != "" && !strings.HasPrefix(text, w) {
			t.Errorf("id %d is said %q, want %q…", id, text, w)
		}
		p := tb.Game.Controller(ndem)
		if p == nil {
			t.Fatalf("id %d: nobody acts for the NdeM", id)
		}
		for _, s := range tb.Seats {
			if s.Player == p.ID {
				continue
			}
			before := len(tb.Log.Actions)
			rep := tb.Exec(commands.Request{User: "u" + strconv.Itoa(s.Player), Text: text})
			if rep.OK || len(tb.Log.Actions) != before {
				t.Fatalf("id %d: %q by player %d was accepted; only %s acts for the NdeM now", id, text, s.Player, p.Name)
			}
			if !strings.Contains(rep.Text, p.Name) {
				t.Errorf("id %d: the refusal %q does not name %s", id, rep.Text, p.Name)
			}
			break
		}
		rep := tb.Exec(commands.Request{User: "u" + strconv.Itoa(p.ID), Text: text, Autos: a.Env().AutoActions})
		if !rep.OK {
			t.Fatalf("id %d: %q by %s refused: %s", id, text, p.Name, rep.Text)
		}
		if w := wantSaid[id]; w != "" && !strings.Contains(rep.Text, w) {
			t.Errorf("id %d: the reply %q does not say %q", id, rep.Text, w)
		}
		if _, ok := rep.Action.(*action.RemoveToken); id == 667 && !ok {
			t.Errorf("id 667 became %T, want a remove_token", rep.Action)
		}
		checked++
	}
	if checked < 5 {
		t.Errorf("%d of the NdeM's actions checked, want 5", checked)
	}
}
