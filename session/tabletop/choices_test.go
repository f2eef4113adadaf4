package tabletop

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/commands/offers"
	"pbc/commands/views"
	"pbc/engine"
	"pbc/engine/action"
)

// commandsOf lists every command an offer carries.
func commandsOf(o offers.Offer) []string {
	var out []string
	for _, b := range o.Buttons {
		out = append(out, b.Command)
	}
	for _, m := range o.Menus {
		for _, op := range m.Options {
			out = append(out, op.Command)
		}
	}
	return out
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestParsePartialAndConfirm(t *testing.T) {
	for _, tc := range []struct {
		text    string
		verb    notation.Verb
		partial bool
		confirm bool
	}{
		{"bid M5", notation.Bid, true, false},
		{"bid M5 100", notation.Bid, false, false},
		{"par SWW", notation.Par, true, false},
		{"par SWW 70", notation.Par, false, false},
		{"lay D23", notation.Lay, true, false},
		{"lay 57 D23", notation.Lay, false, false},
		{"lay D23 with P7", notation.Lay, true, false},
		{"pass confirm", notation.Pass, false, true},
		{"P7: pass CONFIRM", notation.Pass, false, true},
		{"note please confirm", notation.Note, false, false},
	} {
		t.Run(tc.text, func(t *testing.T) {
			cmd, err := notation.Parse(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			if cmd.Verb != tc.verb || notation.Partial(cmd) != tc.partial || cmd.Confirm != tc.confirm {
				t.Errorf("verb %s partial %v confirm %v, want %s %v %v", cmd.Verb, notation.Partial(cmd), cmd.Confirm, tc.verb, tc.partial, tc.confirm)
			}
		})
	}
	if cmd, _ := notation.Parse("note please confirm"); cmd.Text != "please confirm" {
		t.Errorf("note text %q", cmd.Text)
	}
}

// TestOfferedStockRound: the first decision of a new game is offered as a
// bid menu and pass; a bid target leads to its amounts, which bid.
func TestOfferedStockRound(t *testing.T) {
	tb := newPNW(t)
	o := tb.Offered("a", "status", false)
	if len(o.Menus) == 0 || o.Menus[0].Placeholder != "Bid on…" {
		t.Fatalf("menus %+v", o.Menus)
	}
	cmds := commandsOf(o)
	if !has(cmds, "bid M5") || !has(cmds, "pass") {
		t.Fatalf("offered %v", cmds)
	}
	rep := must(t, tb, "a", "bid M5")
	if rep.Action != nil || !strings.Contains(rep.Text, "Bid on M5 from $") {
		t.Errorf("bid M5: %q, action %v", rep.Text, rep.Action)
	}
	amounts := commandsOf(tb.Offered("a", "bid M5", false))
	if len(amounts) < 2 || len(amounts) > offers.MaxMenuOptions {
		t.Fatalf("amounts %v", amounts)
	}
	rep = must(t, tb, "a", amounts[1])
	if rep.Action == nil || !strings.HasPrefix(rep.Text, "Ann bids $") {
		t.Errorf("bid by menu: %q", rep.Text)
	}
}

// TestFirstStockRoundEndConfirm: everyone passing in the first stock round
// ends the game (1822PNW 7.1.2, 1822CA 8.1.2); the pass that would do it
// asks for confirmation.
func TestFirstStockRoundEndConfirm(t *testing.T) {
	for _, tc := range []struct{ title, rule string }{{"1822PNW", "7.1.2"}, {"1822CA", "8.1.2"}} {
		t.Run(tc.title, func(t *testing.T) {
			tb, err := NewTable(tc.title, nil, 586, []commands.Seat{{Player: 1, Name: "Ann", User: "a"}, {Player: 2, Name: "Bob", User: "b"}, {Player: 3, Name: "Cid", User: "c"}}, "a")
			if err != nil {
				t.Fatal(err)
			}
			var last string
			for range 10 {
				_, last = tb.WhoActs()
				rep := tb.Exec(commands.Request{User: last, Text: "pass"})
				if !rep.OK {
					if !strings.Contains(rep.Text, "rule "+tc.rule) || !strings.Contains(rep.Text, "`pass confirm`") {
						t.Fatalf("pass refused: %q", rep.Text)
					}
					break
				}
			}
			if tb.Game.Finished() || strings.Count(views.Recent(&tb.Position, 10), "pass") != 2 {
				t.Fatalf("finished %v after %s", tb.Game.Finished(), views.Recent(&tb.Position, 10))
			}
			o := tb.Offered(last, "pass", true)
			if len(o.Buttons) == 0 || o.Buttons[0].Command != "pass confirm" || o.Buttons[0].Label != "Yes, end the game" || !o.Buttons[0].Danger {
				t.Fatalf("buttons %+v", o.Buttons)
			}
			if has(commandsOf(o), "pass") {
				t.Errorf("the plain pass is still offered: %v", commandsOf(o))
			}
			must(t, tb, last, "pass confirm")
			if !tb.Game.Finished() {
				t.Error("pass confirm did not end the game")
			}
			if o := tb.Offered(last, "pass confirm", false); !o.Empty() {
				t.Errorf("offered after the end: %+v", o)
			}
		})
	}
}

func TestOfferedPendingRequests(t *testing.T) {
	tb := newPNW(t)
	must(t, tb, "a", "bid M5 100")
	must(t, tb, "b", "undo")
	cmds := commandsOf(tb.Offered("b", "undo", false))
	if len(cmds) < 2 || cmds[0] != "agree" || cmds[1] != "refuse" {
		t.Errorf("after an undo request: %v", cmds)
	}
	must(t, tb, "a", "refuse")
	if cmds := commandsOf(tb.Offered("a", "refuse", false)); has(cmds, "agree") {
		t.Errorf("after the refusal: %v", cmds)
	}
	must(t, tb, "a", "end")
	o := tb.Offered("a", "end", false)
	if len(o.Buttons) < 2 || o.Buttons[0].Command != "end" || !o.Buttons[0].Danger || o.Buttons[1].Command != "refuse" {
		t.Errorf("after an end vote: %+v", o.Buttons)
	}
	must(t, tb, "b", "refuse")
	if n := len(tb.pendingRequests().endVotes); n != 0 {
		t.Errorf("%d end votes after a refusal", n)
	}
	if cmds := commandsOf(tb.Offered("b", "refuse", false)); has(cmds, "end") {
		t.Errorf("after refusing the end: %v", cmds)
	}
	must(t, tb, "b", "end") // votes after the refusal count again
	if n := len(tb.pendingRequests().endVotes); n != 1 {
		t.Errorf("%d end votes, want 1", n)
	}
}

// TestLayByPicture: `lay D23` with no tile answers with the numbered
// picture of every legal lay, and each offered command lays its tile.
func TestLayByPicture(t *testing.T) {
	tb := tableAt(t, pnw586, 9)
	m := tb.Moves()
	if len(m.Actors) == 0 || len(m.Actors[0].Tiles) == 0 {
		t.Fatal("the position has no lay")
	}
	user := tb.UserOf(tb.Game.PlayerByID(m.Actors[0].Player))
	rep := must(t, tb, user, "lay D23")
	if rep.Action != nil || rep.Image == nil || !strings.HasPrefix(rep.Text, "D23: 10 ways") { // 57 r3 and r4 lay what 57 r0 and r1 do
		t.Fatalf("lay D23: %q, image %v", rep.Text, rep.Image != nil)
	}
	o := tb.Offered(user, "lay D23", false)
	cmds := commandsOf(o)
	_, lays := offers.HexLays(m, 0, "", "D23")
	if len(cmds) != len(lays) || len(o.Menus) != 1 {
		t.Fatalf("offered %v for %d lays", cmds, len(lays))
	}
	if got := o.Menus[0].Options[0].Label; !strings.HasPrefix(got, "1. 5 r0") {
		t.Errorf("first option %q", got)
	}
	for _, c := range cmds {
		t.Run(c, func(t *testing.T) {
			tb := tableAt(t, pnw586, 9)
			rep := must(t, tb, user, c)
			if rep.Action == nil {
				t.Errorf("%q laid nothing", c)
			}
		})
	}
	if rep := tb.Exec(commands.Request{User: user, Text: "lay A1"}); rep.OK {
		t.Errorf("lay on a hex without lays: %q", rep.Text)
	}
}

func TestBidAmounts(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    engine.BidMove
		n    int
	}{
		{"few", engine.BidMove{Min: 100, Max: 120, Step: 5}, 5},
		{"many", engine.BidMove{Min: 100, Max: 600, Step: 5}, offers.MaxMenuOptions},
		{"none", engine.BidMove{Min: 100, Max: 90, Step: 5}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := offers.BidAmounts(tc.b)
			if len(got) != tc.n {
				t.Fatalf("%d amounts %v, want %d", len(got), got, tc.n)
			}
			for i, v := range got {
				if v < tc.b.Min || v > tc.b.Max || (v-tc.b.Min)%tc.b.Step != 0 || (i > 0 && v <= got[i-1]) {
					t.Errorf("amount %d: %d", i, v)
				}
			}
			if tc.n > 0 && got[0] != tc.b.Min {
				t.Errorf("first %d, want the minimum", got[0])
			}
		})
	}
}

func TestSkipsForced(t *testing.T) {
	for _, tc := range []struct {
		name   string
		a      engine.Actor
		forced bool
	}{
		{"second lay of a private", engine.Actor{EntityType: "company", Name: "P11", Types: []string{"lay_tile", "pass"}}, true},
		{"routes to run", engine.Actor{EntityType: "corporation", Name: "GNR", Types: []string{"run_routes", "pass"},
			Routes: &engine.RouteMove{Trains: []string{"2-0"}}}, true},
		{"no trains to run", engine.Actor{EntityType: "corporation", Name: "GNR", Types: []string{"run_routes", "pass"},
			Routes: &engine.RouteMove{}}, false},
		{"a train to buy", engine.Actor{EntityType: "corporation", Name: "GNR", Types: []string{"buy_train", "pass"},
			MustBuy: true, Trains: []engine.TrainMove{{Variant: "3"}}}, true},
		{"an optional lay", engine.Actor{EntityType: "corporation", Name: "5", Types: []string{"lay_tile", "pass"}}, false},
		{"a stock round turn", engine.Actor{EntityType: "player", Name: "Ann", Types: []string{"bid", "pass"}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := skipsForced(&tc.a); (got != "") != tc.forced {
				t.Errorf("skipsForced = %q, want forced %v", got, tc.forced)
			}
		})
	}
}

// TestForcedPassConfirm: in 586, P11 has laid its first tile (action 150)
// and waits for its second; passing would close it, so the pass asks for
// confirmation.
func TestForcedPassConfirm(t *testing.T) {
	tb := tableAt(t, pnw586, upTo(t, pnw586, 151))
	m := tb.Moves()
	if len(m.Actors) == 0 || m.Actors[0].Name != "P11" || !m.Actors[0].Waiting {
		t.Fatalf("P11 is not waiting: %s", m.Waiting)
	}
	user := tb.UserOf(tb.Game.PlayerByID(m.Actors[0].Player))
	if !has(commandsOf(tb.Offered(user, "status", false)), "P11: pass") {
		t.Fatalf("no P11 pass offered: %v", commandsOf(tb.Offered(user, "status", false)))
	}
	// Its second lay is offered too, made with P11.
	var hexCmd string
	for _, c := range commandsOf(tb.Offered(user, "status", false)) {
		if strings.HasPrefix(c, "lay ") && strings.HasSuffix(c, " with P11") {
			hexCmd = c
			break
		}
	}
	if hexCmd == "" {
		t.Fatal("no lay with P11 offered")
	}
	lay := tableAt(t, pnw586, upTo(t, pnw586, 151))
	must(t, lay, user, hexCmd)
	if next := commandsOf(lay.Offered(user, hexCmd, false)); len(next) == 0 {
		t.Errorf("%q opens nothing", hexCmd)
	} else if rep := must(t, lay, user, next[0]); rep.Action == nil {
		t.Errorf("%q laid nothing", next[0])
	}
	rep := tb.Exec(commands.Request{User: user, Text: "P11: pass"})
	if rep.OK || !strings.Contains(rep.Text, "P11 closes") || !strings.Contains(rep.Text, "`P11: pass confirm`") {
		t.Fatalf("P11: pass: ok %v %q", rep.OK, rep.Text)
	}
	o := tb.Offered(user, "P11: pass", true)
	if !o.Confirms() || o.Buttons[0].Command != "P11: pass confirm" || o.Buttons[0].Label != "Yes, pass" {
		t.Fatalf("offer %+v", o.Buttons)
	}
	must(t, tb, user, "P11: pass confirm")
	if c := tb.Game.Company("P11"); c == nil || !c.Closed {
		t.Error("P11 is still open after the confirmed pass")
	}
}

// TestDecisionsFitAndParse walks recorded games position by position: what
// Decision offers stays inside every front end's limits (Discord's rows and
// 25 options, Slack's 75-character option text) and every command offered
// is one the grammar reads.
func TestDecisionsFitAndParse(t *testing.T) {
	for _, f := range []string{pnw586, "1822PNW/1822PNW_game_end_stock_market.json", "1822CA/1.json"} {
		t.Run(f, func(t *testing.T) {
			l := readLog(t, filepath.Join(fixtureDir, f))
			positions, offered := 0, 0
			_, _ = engine.Replay(l, engine.ReplayOptions{After: func(g *engine.Game, _ action.Action) bool {
				positions++
				o := offers.Decision(g.Moves())
				if len(o.Buttons) > offers.MaxButtons || len(o.Menus) > offers.MaxMenus {
					t.Fatalf("position %d: %d buttons, %d menus", positions, len(o.Buttons), len(o.Menus))
				}
				check := func(op offers.Option) {
					offered++
					if n := len([]rune(op.Label)); n == 0 || n > 75 || len([]rune(op.Description)) > 75 {
						t.Errorf("position %d: label %q (%d), description %q", positions, op.Label, n, op.Description)
					}
					if _, err := notation.Parse(op.Command); err != nil {
						t.Errorf("position %d: %q does not parse: %v", positions, op.Command, err)
					}
				}
				for _, b := range o.Buttons {
					check(b)
				}
				for _, m := range o.Menus {
					if len(m.Options) == 0 || len(m.Options) > offers.MaxMenuOptions || m.Placeholder == "" {
						t.Errorf("position %d: menu %q of %d options", positions, m.Placeholder, len(m.Options))
					}
					for _, op := range m.Options {
						check(op)
					}
				}
				return !t.Failed()
			}})
			t.Logf("%d positions, %d choices", positions, offered)
			if positions < 100 || offered < positions {
				t.Errorf("%d positions, %d choices offered", positions, offered)
			}
		})
	}
}

// TestDecisionsAccepted plays, at positions of recorded games, every
// command offered, each on its own copy of the table: the player the game
// waits for may send each of them (a partial one is answered with its
// choices, whose first and last are accepted too; a pass that asks for
// confirmation, once confirmed).
func TestDecisionsAccepted(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every offered command at many positions")
	}
	for _, tc := range []struct {
		fixture string
		stride  int
	}{{pnw586, 3}, {"1822CA/1.json", 11}} {
		t.Run(tc.fixture, func(t *testing.T) {
			l := readLog(t, filepath.Join(fixtureDir, tc.fixture))
			eff, err := action.Effective(l.Actions)
			if err != nil {
				t.Fatal(err)
			}
			tried := 0
			for n := 1; n < len(eff); n += tc.stride {
				tried += acceptsOffered(t, tc.fixture, n)
			}
			if tried < 50 {
				t.Errorf("%d commands tried", tried)
			}
		})
	}
}

// acceptsOffered tries the offer at position n of fixture and says how
// many commands it tried.
func acceptsOffered(t *testing.T, fixture string, n int) int {
	t.Helper()
	tb := tableAt(t, fixture, n)
	m := tb.Moves()
	if len(m.Actors) == 0 || !m.Actors[0].Waiting {
		return 0
	}
	user := tb.UserOf(tb.Game.PlayerByID(m.Actors[0].Player))
	tried := 0
	for _, c := range commandsOf(tb.Offered(user, "status", false)) {
		tried++
		tb := tableAt(t, fixture, n)
		rep := tb.Exec(commands.Request{User: user, Text: c})
		if !rep.OK && strings.Contains(rep.Text, "confirm`") {
			rep = tb.Exec(commands.Request{User: user, Text: c + " confirm"})
		}
		if !rep.OK {
			t.Errorf("position %d: %s %q refused: %s", n, user, c, rep.Text)
			continue
		}
		next := commandsOf(tb.Offered(user, c, false))
		if cmd, _ := notation.Parse(c); !notation.Partial(cmd) || len(next) == 0 {
			continue
		}
		for _, c2 := range []string{next[0], next[len(next)-1]} {
			tried++
			tb := tableAt(t, fixture, n)
			if rep := tb.Exec(commands.Request{User: user, Text: c2}); !rep.OK || rep.Action == nil {
				t.Errorf("position %d: %s %q (from %q): ok %v: %s", n, user, c2, c, rep.OK, rep.Text)
			}
		}
	}
	return tried
}

// BenchmarkLayPicture answers `lay D23` at the first lay of 586: twelve
// lays, each played on a copy of the game, and their picture.
func BenchmarkLayPicture(b *testing.B) {
	tb := tableAt(b, pnw586, 9)
	user := tb.UserOf(tb.Game.PlayerByID(tb.Moves().Actors[0].Player))
	b.ReportAllocs()
	for b.Loop() {
		if rep := tb.Exec(commands.Request{User: user, Text: "lay D23"}); rep.Image == nil {
			b.Fatal(rep.Text)
		}
	}
}

// BenchmarkOffered is the offer under a reply after a move, early and late
// in a game, and under the pass that asks for confirmation (a copy of the
// game plays it). The legal moves are cached, as after a move: the
// session's answer computes them anyway.
func BenchmarkOffered(b *testing.B) {
	late := tableAt(b, "1822PNW/1822PNW_game_end_stock_market.json", 900)
	confirm := newPNWB(b)
	for _, u := range []string{"a", "b"} {
		if rep := confirm.Exec(commands.Request{User: u, Text: "pass"}); !rep.OK {
			b.Fatal(rep.Text)
		}
	}
	for _, c := range []struct {
		name, user, text string
		tb               *Table
		refused          bool
	}{
		{"early", "u1", "pass", tableAt(b, pnw586, 9), false},
		{"late", "u1", "pass", late, false},
		{"confirm", "c", "pass", confirm, true},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if c.tb.Offered(c.user, c.text, c.refused).Empty() {
					b.Fatal("nothing offered")
				}
			}
		})
	}
}

func newPNWB(b *testing.B) *Table {
	tb, err := NewTable("1822PNW", nil, 586, []commands.Seat{{Player: 1, Name: "Ann", User: "a"}, {Player: 2, Name: "Bob", User: "b"}, {Player: 3, Name: "Cid", User: "c"}}, "a")
	if err != nil {
		b.Fatal(err)
	}
	return tb
}

// TestPrivateChoicesAccepted: where a private of the player the game
// waits for may act meanwhile (PNW P7's lays, P15's assignments), its menu's
// choices are accepted, and a private's partial lay opens lays by that
// private.
func TestPrivateChoicesAccepted(t *testing.T) {
	if testing.Short() {
		t.Skip("replays a long game at several positions")
	}
	const f = "1822PNW/1822PNW_game_end_stock_market.json"
	l := readLog(t, filepath.Join(fixtureDir, f))
	var at []int
	n := 0
	_, _ = engine.Replay(l, engine.ReplayOptions{After: func(g *engine.Game, _ action.Action) bool {
		n++
		for _, m := range offers.Decision(g.Moves()).Menus {
			if m.Placeholder == "Use a private…" && (len(at) == 0 || n > at[len(at)-1]+50) {
				at = append(at, n)
			}
		}
		return len(at) < 4
	}})
	if len(at) == 0 {
		t.Fatal("no position offers a private's choices")
	}
	for _, n := range at {
		tb := tableAt(t, f, n)
		m := tb.Moves()
		user := tb.UserOf(tb.Game.PlayerByID(m.Actors[0].Player))
		var menu *offers.Menu
		o := offers.Decision(m)
		for i := range o.Menus {
			if o.Menus[i].Placeholder == "Use a private…" {
				menu = &o.Menus[i]
			}
		}
		for _, op := range menu.Options[:min(len(menu.Options), 3)] {
			tb := tableAt(t, f, n)
			rep := tb.Exec(commands.Request{User: user, Text: op.Command})
			if !rep.OK {
				t.Errorf("position %d: %q refused: %s", n, op.Command, rep.Text)
				continue
			}
			if cmd, _ := notation.Parse(op.Command); notation.Partial(cmd) {
				next := commandsOf(tb.Offered(user, op.Command, false))
				if len(next) == 0 || !strings.HasSuffix(next[0], " with "+cmd.With[0]) {
					t.Errorf("position %d: %q opens %v", n, op.Command, next)
					continue
				}
				if rep := tb.Exec(commands.Request{User: user, Text: next[0]}); !rep.OK || rep.Action == nil {
					t.Errorf("position %d: %q refused: %s", n, next[0], rep.Text)
				}
			}
		}
	}
}

// TestTokenChoicesAccepted: tokens offered on hexes of several cities (the
// 1822CA cities, P10 in Winnipeg) name the city and are accepted.
func TestTokenChoicesAccepted(t *testing.T) {
	if testing.Short() {
		t.Skip("replays a game at several positions")
	}
	const f = "1822CA/1.json"
	l := readLog(t, filepath.Join(fixtureDir, f))
	eff, err := action.Effective(l.Actions)
	if err != nil {
		t.Fatal(err)
	}
	tried, multi := 0, 0
	for n := 1; n < len(eff) && tried < 12; n++ {
		g, err := engine.Replay(&action.GameLog{Title: l.Title, Settings: l.Settings, Players: l.Players, Actions: eff[:n]}, engine.ReplayOptions{})
		if err != nil || !slices.ContainsFunc(g.Moves().Actors, func(a *engine.Actor) bool { return len(a.Tokens) > 0 }) {
			continue
		}
		tb := tableAt(t, f, n)
		m := tb.Moves()
		user := tb.UserOf(tb.Game.PlayerByID(m.Actors[0].Player))
		for _, c := range commandsOf(tb.Offered(user, "status", false)) {
			if !strings.HasPrefix(c, "token ") {
				continue
			}
			tried++
			if len(strings.Fields(c)) > 2 && strings.Fields(c)[2] != "with" {
				multi++
			}
			tb := tableAt(t, f, n)
			if rep := tb.Exec(commands.Request{User: user, Text: c}); !rep.OK || rep.Action == nil {
				t.Errorf("position %d: %q: %s", n, c, rep.Text)
			}
		}
	}
	if tried == 0 || multi == 0 {
		t.Errorf("%d tokens tried, %d naming a city", tried, multi)
	}
}
