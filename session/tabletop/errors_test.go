package tabletop

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"testing"

	"pbc/commands"
	"pbc/commands/offers"
	"pbc/engine/action"
)

// tableAt imports the first n effective actions of a fixture (all of them
// when n < 0) and seats user "u<id>" for each player.
func tableAt(t testing.TB, fixture string, n int) *Table {
	t.Helper()
	l := readLog(t, filepath.Join(fixtureDir, fixture))
	acts, err := action.Effective(l.Actions)
	if err != nil {
		t.Fatal(err)
	}
	if n >= 0 {
		acts = acts[:n]
	}
	l.Actions = acts
	return importSeated(t, l)
}

// upTo returns the number of effective actions before the action with id.
func upTo(t testing.TB, fixture string, id int) int {
	t.Helper()
	l := readLog(t, filepath.Join(fixtureDir, fixture))
	acts, _ := action.Effective(l.Actions)
	for i, a := range acts {
		if a.Env().ID == id {
			return i
		}
	}
	t.Fatalf("%s has no action %d", fixture, id)
	return 0
}

// state is everything a refused command must leave alone.
func state(t testing.TB, tb *Table) string {
	t.Helper()
	b, err := json.Marshal(struct {
		Snap    any
		Log     int
		Senders int
		Seats   []commands.Seat
	}{tb.Game.Snapshot(true), len(tb.Log.Actions), len(tb.Senders), tb.Seats})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The states the error table uses, in 1822PNW/586.json (players 0, 1, 2).
const pnw586 = "1822PNW/586.json"

// TestErrorReplies checks the reply to every kind of refused command and
// that nothing changed.
func TestErrorReplies(t *testing.T) {
	fixtures(t)
	sr := func(t *testing.T) *Table { return tableAt(t, pnw586, 0) }
	track := func(t *testing.T) *Table { return tableAt(t, pnw586, upTo(t, pnw586, 10)) }
	route := func(t *testing.T) *Table { return tableAt(t, pnw586, upTo(t, pnw586, 12)) }
	trains := func(t *testing.T) *Table { return tableAt(t, pnw586, upTo(t, pnw586, 43)) }
	over := func(t *testing.T) *Table { return tableAt(t, pnw586, -1) }
	tests := []struct {
		name  string
		state func(*testing.T) *Table
		user  string
		admin bool
		text  string
		want  string
	}{
		{"parse error", sr, "u0", false, "fly", "\"fly\" is not a command; try `help`."},
		{"not seated", sr, "eve", false, "bid M6 100", "You are not playing in this game; anyone may ask `status`, `map`, `company X` and so on."},
		{"game over", over, "u0", false, "pass", "The game is over; Player 2 $710, Player 3 $500, Player 1 $395 (manually ended)."},
		{"not your turn", sr, "u1", false, "pass", "It is Player 1's turn, not yours."},
		{"engine refuses bid", sr, "u0", false, "bid M6 50", "The minimum bid for M6 is $100."},
		{"bid off box", sr, "u0", false, "bid M9 100", "M9 is not in a bid box; bid on M6, M20, M3, M5, P1, P7, P8."},
		{"bid unknown", sr, "u0", false, "bid Q9 100", "There is no company \"Q9\"; bid on M6, M20, M3, M5, P1, P7 or P8."},
		{"as unknown", sr, "u0", false, "ZZ: pass", "There is no company or player \"ZZ\" in this game."},
		{"as not mine", track, "u1", false, "5: pass", "Minor 5 is Player 1's, not yours."},
		{"as wrong kind", track, "u0", false, "5: bid M6 100", "Minor 5 cannot bid."},
		{"corp move in SR", sr, "u0", false, "lay 57 D23 r1", "Companies act in operating rounds; in this stock round it is Player 1's turn."},
		{"par unknown", sr, "u0", false, "par XYZ 70", "Majors cannot be started in phase 1."},
		{"par bad price", sr, "u0", false, "par SWW 71", "Majors cannot be started in phase 1."},
		{"buy not major", sr, "u0", false, "buy M5", "\"M5\" is not a major; shares are traded in no major yet (par one first)."},
		{"buy not started", sr, "u0", false, "buy SWW", "SWW has not started; start it with `par SWW <price>`."},
		{"sell none", sr, "u0", false, "sell SWW 1", "You hold no SWW shares."},
		{"bad share id", sr, "u0", false, "buy SWW_99", "There is no share \"SWW_99\"."},
		{"lay no hex", track, "u0", false, "lay 57 Z99 r1", "There is no hex \"Z99\" on this map."},
		{"lay no tile", track, "u0", false, "lay 999 D23 r1", "There is no tile \"999\" in this game's supply."},
		{"lay illegal", track, "u0", false, "lay 8 D23 r0", "D23 needs a tile with 1 city; tile 8 has no city or town; tiles that fit D23 now: 5 (rotations 0, 1, 2 or 3), 6 (rotations 0, 1, 2 or 4), 57 (rotations 0 or 1)."},
		{"lay no rotation", track, "u0", false, "lay 57 D23", noRotation("57", "D23", "0 or 1", 0)},
		{"lay private unknown", track, "u0", false, "lay 57 D23 r1 with P99", "There is no private \"P99\"."},
		{"token no hex", track, "u0", false, "token Q99", "There is no hex \"Q99\" on this map."},
		{"token no city", track, "u0", false, "token D21", "D21 has no city to place a token in."},
		{"token city number", track, "u0", false, "token D23 3", "D23 has 1 cities; say `token D23 1` to `token D23 1`."},
		{"run unknown train", route, "u0", false, "run 3 D23", "Minor 5 has no train \"3\" to run; its trains are L-4."},
		{"run no track", route, "u0", false, "run L-4 D23 O8", "Route 1: no track joins D23 and O8."},
		{"run stops bad hex", route, "u0", false, "run L-4 Q99", "Route 1: there is no hex \"Q99\"."},
		{"run wrong revenue", route, "u0", false, "run L-4 D23 =90", "Route 1 (train L-4) earns $20, not $90."},
		{"train not on sale", trains, "u0", false, "train 4", "No 4 train is for sale; for sale: an L ($60) or a 2 ($120) from the depot."},
		{"train from no price", trains, "u0", false, "train L-7 from 3", "Say the agreed price, e.g. `train L-7 from 3 100`."},
		{"upgrade no L", trains, "u0", false, "upgrade L-9", "Minor 5 has no L train \"L-9\"; upgrade L-4."},
		{"acquire unknown", track, "u0", false, "acquire P99", "There is no private \"P99\" (did you mean P19 or P9?)."},
		{"merge not minor", track, "u0", false, "merge SWW", "\"SWW\" is not a minor or regional railway."},
		{"use unknown", track, "u0", false, "use P99 x", "There is no company \"P99\" (did you mean P19 or P9?)."},
		{"use not mine", track, "u1", false, "use P7 x", "P7 is not yours to use."},
		{"assign no hex", track, "u0", false, "assign Q99", "There is no hex \"Q99\"."},
		{"assign nothing", track, "u0", false, "assign D23", "None of your companies can do that."},
		{"payoff no debt", sr, "u0", false, "payoff", "You have no debt to pay off."},
		{"discard unknown", track, "u0", false, "discard 9-9", "There is no train \"9-9\" owned by a company; name it by id, e.g. `discard 3-1`."},
		{"autobuy not major", sr, "u0", false, "autobuy M5 2", "\"M5\" is not a major."},
		{"run auto unavailable", route, "u0", false, "run L-4 D23 =20 =30", "Route 1 (train L-4) earns $20, not $30."},
		{"undo nothing", sr, "u0", false, "undo", "There is nothing to undo."},
		{"undo not player", track, "eve", false, "undo", "Only players (or an admin) may undo."},
		{"redo nothing", track, "u0", false, "redo", "There is nothing to redo."},
		{"agree nothing", track, "u0", false, "agree", "Nobody is asking anything."},
		{"end not player", track, "eve", false, "end", "Only players (or an admin) may end the game."},
		{"kick not creator", track, "u1", false, "kick u0", "Only the game's creator or an admin may kick players."},
		{"kick nobody", track, "u-creator", false, "kick zed", "Nobody called \"zed\" sits at this game."},
		{"replace taken", track, "u-creator", false, "replace u0 u1", "That user already has a seat."},
		{"join seated", track, "u0", false, "join", "You already have a seat."},
		{"join full", track, "eve", false, "join", "Every seat is taken; the creator or an admin can `replace` a player."},
		{"leave running", track, "u0", false, "leave", "The game is running; the creator or an admin can `replace` you."},
		{"new here", track, "u0", false, "new 1822CA", "This channel already has a 1822PNW game; `new` is for a channel without one."},
		{"company unknown", track, "eve", false, "company XYZ", "There is no company \"XYZ\"; try a major (NP), a minor (1 or M1) or a private (P1)."},
		{"player unknown", track, "eve", false, "player @zed", "There is no player \"zed\"; the players are Player 1, Player 2 and Player 3."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := tt.state(t)
			before := state(t, tb)
			rep := tb.Exec(commands.Request{User: tt.user, Admin: tt.admin, Text: tt.text})
			if rep.OK || rep.Action != nil {
				t.Errorf("%q was accepted: %q", tt.text, rep.Text)
			}
			if rep.Text != tt.want {
				t.Errorf("%q:\n got %q\nwant %q", tt.text, rep.Text, tt.want)
			}
			if after := state(t, tb); after != before {
				t.Errorf("%q changed the game", tt.text)
			}
		})
	}
}

// noRotation is the refusal of a lay without rotation: the legal ones when
// the engine lists legal moves, else a request for one.
func noRotation(tile, hex, rots string, first int) string {
	if !offers.HaveMoves {
		return "Say the rotation, e.g. `lay " + tile + " " + hex + " r0` (0 to 5)."
	}
	return "Tile " + tile + " fits " + hex + " at rotations " + rots + "; add one, e.g. `lay " + tile + " " + hex + " r" + strconv.Itoa(first) + "`."
}
