package bot

import (
	"context"
	"strings"
	"testing"

	"pbc/engine/action"
)

// offeredCommand is the button or menu option of r whose command
// satisfies ok, as an adapter would deliver its press: the command and the
// position it was offered at.
func offeredCommand(r Reply, ok func(command string) bool) (string, int, bool) {
	for _, b := range r.Buttons {
		if ok(b.Command) {
			cmd, at := ParseValue(b.Value())
			return cmd, at, true
		}
	}
	for _, m := range r.Menus {
		for _, o := range m.Options {
			if ok(o.Command) {
				cmd, at := ParseValue(o.Value(m.At))
				return cmd, at, true
			}
		}
	}
	return "", 0, false
}

// choose presses the offered choice of r whose command satisfies ok,
// failing the test if there is none.
func (tb *table) choose(user string, r Reply, what string, ok func(command string) bool) Reply {
	tb.t.Helper()
	cmd, at, found := offeredCommand(r, ok)
	if !found {
		tb.t.Fatalf("%s: no choice to %s under %q (buttons %+v, menus %+v)", user, what, r.Text, r.Buttons, r.Menus)
	}
	rep := tb.send(tb.core, Message{User: User{ID: user}, Text: cmd, Kind: KindButton, At: at}).last()
	if rep.Ephemeral && !strings.Contains(rep.Text, "confirm") {
		tb.t.Fatalf("%s chose %q: refused: %s", user, cmd, rep.Text)
	}
	return rep
}

func prefix(p string) func(string) bool {
	return func(c string) bool { return strings.HasPrefix(c, p) }
}
func exactly(s string) func(string) bool {
	return func(c string) bool { return c == s }
}

// round is the round the game is in.
func (tb *table) round() string {
	tb.t.Helper()
	res, err := tb.core.cmds.Do(context.Background(), Request{Channel: tb.ch, User: User{ID: "ann"}, Text: "status"})
	if err != nil || res.Moves == nil {
		tb.t.Fatalf("status: %+v, %v", res, err)
	}
	return res.Moves.Round
}

// startedByButtons sets up a 1822PNW game of ann, ben and cy with the
// buttons of the `new` message only.
func (tb *table) startedByButtons() Reply {
	tb.t.Helper()
	lobby := tb.say("ann", "new 1822PNW").last() // its buttons stay current
	tb.choose("ben", lobby, "join", exactly("join"))
	tb.choose("cy", lobby, "join", exactly("join"))
	r := tb.choose("ann", lobby, "start", exactly("start"))
	if !strings.Contains(r.Text, "begins") {
		tb.t.Fatalf("not started: %q", r.Text)
	}
	return r
}

// TestStockRoundByChoices plays the first stock round of a started
// 1822PNW game through the core without typing a move: every player bids
// on a different company (the company from the bid menu, the amount from
// the menu that answers it), then everyone passes with the pass button,
// and the round ends into the first operating round.
func TestStockRoundByChoices(t *testing.T) {
	tb := newTable(t)
	r := tb.startedByButtons()
	bid := map[string]bool{}
	taken := map[string]bool{}
	for step := 0; tb.round() == "SR"; step++ {
		if step > 40 {
			t.Fatalf("the stock round did not end; log %v", tb.log())
		}
		who := tb.mover()
		if !bid[who] {
			// A company nobody bid on yet, from the menu.
			r = tb.choose(who, r, "pick a company", func(c string) bool {
				return strings.HasPrefix(c, "bid ") && len(strings.Fields(c)) == 2 && !taken[c]
			})
			for _, m := range r.Menus {
				if m.At == 0 {
					t.Fatalf("menu %q carries no position", m.Placeholder)
				}
			}
			var target string
			r = tb.choose(who, r, "pick an amount", func(c string) bool {
				if f := strings.Fields(c); len(f) == 3 && f[0] == "bid" {
					target = "bid " + f[1]
					return true
				}
				return false
			})
			if !strings.Contains(r.Text, "bids $") {
				t.Fatalf("%s's bid: %q", who, r.Text)
			}
			bid[who], taken[target] = true, true
			continue
		}
		r = tb.choose(who, r, "pass", exactly("pass"))
	}
	if len(bid) != 3 {
		t.Errorf("%d players bid, want 3", len(bid))
	}
	log := strings.Join(tb.log(), " ")
	if strings.Count(log, "bid") != 3 || !strings.Contains(log, "pass") {
		t.Errorf("log %s", log)
	}
}

// TestEndingPassAsksConfirmation: three passes end the game in the first
// stock round (rule 7.1.2); the third, pressed as a button, is refused
// with a button confirming it, and that button ends the game.
func TestEndingPassAsksConfirmation(t *testing.T) {
	tb := newTable(t)
	r := tb.startedByButtons()
	for range 2 {
		r = tb.choose(tb.mover(), r, "pass", exactly("pass"))
	}
	last := tb.mover()
	r = tb.choose(last, r, "pass", exactly("pass"))
	if !r.Ephemeral || !strings.Contains(r.Text, "7.1.2") {
		t.Fatalf("the ending pass was not refused: %q", r.Text)
	}
	if len(r.Buttons) == 0 || r.Buttons[0].Label != "Yes, end the game" || !r.Buttons[0].Danger || r.Buttons[0].At == 0 {
		t.Fatalf("buttons %+v", r.Buttons)
	}
	if n := strings.Count(strings.Join(tb.log(), " "), "pass"); n != 2 {
		t.Fatalf("%d passes recorded before the confirmation", n)
	}
	r = tb.choose(last, r, "confirm", exactly("pass confirm"))
	if !strings.Contains(r.Text, "game is over") || len(r.Buttons)+len(r.Menus) != 0 {
		t.Errorf("after confirming: %q, %d buttons, %d menus", r.Text, len(r.Buttons), len(r.Menus))
	}
}

// TestUndoRequestButtons: an undo request offers its owner Agree and
// Refuse buttons, and refusing by button keeps the move.
func TestUndoRequestButtons(t *testing.T) {
	tb := newTable(t)
	r := tb.startedByButtons()
	first := tb.mover()
	target, _, _ := offeredCommand(r, prefix("bid "))
	r = tb.choose(first, tb.say(first, target).last(), "bid", prefix(target+" "))
	other := "ben"
	if first == "ben" {
		other = "cy"
	}
	r = tb.say(other, "undo").last()
	if r.Ephemeral {
		t.Fatalf("undo request refused: %q", r.Text)
	}
	if _, _, ok := offeredCommand(r, exactly("agree")); !ok {
		t.Fatalf("no agree button: %+v", r.Buttons)
	}
	r = tb.choose(first, r, "refuse", exactly("refuse"))
	if !strings.Contains(r.Text, "keeps the move") {
		t.Errorf("refusal: %q", r.Text)
	}
	if log := strings.Join(tb.log(), " "); strings.Contains(log, "undo") {
		t.Errorf("log %s", log)
	}
}

// TestPartialCommandMenus: `lay`-style partial commands answer with a menu
// of what completes them; a typed `bid M5` gets its amounts.
func TestPartialCommandMenus(t *testing.T) {
	tb := newTable(t)
	target, _, _ := offeredCommand(tb.startedByButtons(), prefix("bid "))
	who := tb.mover()
	r := tb.say(who, target).last()
	if r.Ephemeral || len(r.Menus) != 1 || !strings.HasPrefix(r.Menus[0].Options[0].Command, target+" ") {
		t.Fatalf("%s: %q, menus %+v", target, r.Text, r.Menus)
	}
	if r := tb.say(who, "bid XX9").last(); !r.Ephemeral {
		t.Errorf("bid on nothing biddable: %q", r.Text)
	}
	if strings.Contains(strings.Join(tb.log(), " "), "bid") {
		t.Error("a partial command was recorded")
	}
	if r := tb.say(who, "help").last(); len(r.Buttons)+len(r.Menus) != 0 {
		t.Errorf("help offers %+v %+v", r.Buttons, r.Menus)
	}
}

// TestLayByPictureThroughCore: in an imported 1822PNW game at its first
// track lay, `lay D23` answers with the picture of the legal tiles and a
// menu of them; choosing one lays it.
func TestLayByPictureThroughCore(t *testing.T) {
	tb := newTable(t)
	l := fixture(t, "1822PNW/586.json")
	eff, err := action.Effective(l.Actions)
	if err != nil {
		t.Fatal(err)
	}
	l.Actions, l.Result, l.GameEndReason = eff[:9], nil, ""
	ctx := context.Background()
	sg, err := tb.st.Import(ctx, tb.ch, "creator", l)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range l.Players {
		if _, err := tb.st.ReplaceSeat(ctx, sg.ID, i, "user-"+p.Name, p.Name); err != nil {
			t.Fatal(err)
		}
	}
	who := tb.mover()
	r := tb.say(who, "status").last()
	if _, _, ok := offeredCommand(r, exactly("lay D23")); !ok {
		t.Fatalf("no D23 in the track menu: %+v", r.Menus)
	}
	r = tb.choose(who, r, "open D23", exactly("lay D23"))
	if len(r.Images) != 1 || !strings.HasPrefix(r.Images[0].Name, "tiles-d23") || len(r.Images[0].PNG) == 0 {
		t.Fatalf("no tile picture: %q, %d images", r.Text, len(r.Images))
	}
	// 12 lays, of which 57 r3 and r4 lay what 57 r0 and r1 do.
	if len(r.Menus) != 1 || len(r.Menus[0].Options) != 10 || !strings.HasPrefix(r.Menus[0].Options[0].Label, "1. ") {
		t.Fatalf("menus %+v", r.Menus)
	}
	before := len(tb.log())
	r = tb.choose(who, r, "lay the third", exactly(r.Menus[0].Options[2].Command))
	if got := tb.log(); len(got) != before+1 || got[len(got)-1] != "lay_tile" {
		t.Errorf("log after the lay: %v", got[before:])
	}
}

// TestSeatRequestButtons: the creator's kick of another player offers that
// player Agree and Keep-my-seat buttons; keeping it leaves the seat.
func TestSeatRequestButtons(t *testing.T) {
	tb := newTable(t)
	tb.startedByButtons()
	r := tb.say("ann", "kick ben").last()
	if r.Ephemeral {
		t.Fatalf("kick refused: %q", r.Text)
	}
	if _, _, ok := offeredCommand(r, exactly("agree")); !ok {
		t.Fatalf("no agree button under the kick request: %+v", r.Buttons)
	}
	r = tb.choose("ben", r, "refuse", exactly("refuse"))
	if !strings.Contains(r.Text, "keeps the seat") {
		t.Errorf("refusal: %q", r.Text)
	}
}
