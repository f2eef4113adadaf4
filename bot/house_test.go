package bot

import (
	"context"
	"strings"
	"testing"

	"pbc/session/tabletop"
	"pbc/storage"
)

// senders are who sent each stored log entry of the channel's game.
func (tb *table) senders() []string {
	tb.t.Helper()
	sg, err := tb.st.OpenGame(context.Background(), tb.ch)
	if err != nil {
		tb.t.Fatal(err)
	}
	ld, err := tb.st.Load(context.Background(), sg.ID)
	if err != nil {
		tb.t.Fatal(err)
	}
	var out []string
	for _, e := range ld.Entries {
		out = append(out, e.UserID)
	}
	return out
}

// seatsNow are the channel's game's seats as stored.
func (tb *table) seatsNow() []storage.Seat {
	tb.t.Helper()
	sg, err := tb.st.OpenGame(context.Background(), tb.ch)
	if err != nil {
		tb.t.Fatal(err)
	}
	seats, err := tb.st.Seats(context.Background(), sg.ID)
	if err != nil {
		tb.t.Fatal(err)
	}
	return seats
}

// houseMoves counts the entries the house sent from log position from on.
func houseMoves(senders []string, from int) int {
	n := 0
	for _, s := range senders[min(from, len(senders)):] {
		if tabletop.IsHouse(s) {
			n++
		}
	}
	return n
}

// act has user make a move: a pass, else the first offered choice the
// game accepts. It returns the accepted reply.
func (tb *table) act(user string) Reply {
	tb.t.Helper()
	r := tb.say(user, "pass").last()
	if !r.Ephemeral {
		return r
	}
	st := tb.say(user, "status").last()
	var cmds []string
	for _, b := range st.Buttons {
		cmds = append(cmds, b.Command)
	}
	for _, m := range st.Menus {
		for _, o := range m.Options {
			cmds = append(cmds, o.Command)
		}
	}
	for _, c := range cmds {
		if r := tb.say(user, c).last(); !r.Ephemeral {
			return r
		}
	}
	tb.t.Fatalf("%s could not move: pass %q; status %q offers %v", user, r.Text, st.Text, cmds)
	return Reply{}
}

// TestHousePlayerTakesASeat: in a 1822PNW game set up by ann and ben, the
// house takes the third seat and plays its turns as soon as it is to act,
// its moves posted in the replies like anyone's; cy takes its seat with
// `join` and cy's move is accepted; the creator's `replace ben house` asks
// ben first, and once ben agrees the house plays ben's seat until ben takes
// it back with `join` and moves again.
func TestHousePlayerTakesASeat(t *testing.T) {
	tb := newTable(t)
	for _, c := range []struct{ user, text, want string }{
		{"ann", "new 1822PNW", "New 1822PNW game"},
		{"ben", "join", "ben joins"},
		{"ann", "house", "The house takes a seat as House"},
		{"ann", "start", "1822PNW begins!"},
	} {
		r := tb.say(c.user, c.text)
		if r.last().Ephemeral || !strings.Contains(r.text(), c.want) {
			t.Fatalf("%s: %q: %s (want %q)", c.user, c.text, r.text(), c.want)
		}
	}
	var house storage.Seat
	for _, s := range tb.seatsNow() {
		if tabletop.IsHouse(s.UserID) {
			house = s
		}
	}
	if house.DisplayName != "House" {
		t.Fatalf("no house seat after the start: %+v", tb.seatsNow())
	}

	// The people play; the house plays its turns within their replies.
	posted := false
	for i := 0; houseMoves(tb.senders(), 0) < 4; i++ {
		if i > 60 {
			t.Fatalf("after 60 moves of the people the house moved %d times: %v", houseMoves(tb.senders(), 0), tb.log())
		}
		mover := tb.mover()
		if mover == "" || tabletop.IsHouse(mover) {
			t.Fatalf("the table waits for the house after a reply: %q", mover)
		}
		before := len(tb.senders())
		r := tb.act(mover)
		if houseMoves(tb.senders(), before) > 0 && strings.Contains(r.Text, "House") {
			posted = true
		}
	}
	if !posted {
		t.Error("no reply to a person's move showed the house's moves")
	}

	// cy takes the house's seat the way any seat is taken.
	if r := tb.say("cy", "join").last(); r.Ephemeral || !strings.Contains(r.Text, "You now play House") {
		t.Fatalf("cy's join: %q", r.Text)
	}
	for _, s := range tb.seatsNow() {
		if s.Order == house.Order && s.UserID != "cy" {
			t.Fatalf("the house's seat is held by %q after cy's join", s.UserID)
		}
	}
	took := len(tb.senders())
	cyMoved := false
	for i := 0; !cyMoved; i++ {
		if i > 60 {
			t.Fatal("cy never got to move after taking the house's seat")
		}
		mover := tb.mover()
		before := len(tb.senders())
		tb.act(mover)
		ss := tb.senders()
		cyMoved = mover == "cy" && len(ss) > before && ss[before] == "cy"
	}
	if n := houseMoves(tb.senders(), took); n > 0 {
		t.Errorf("the house moved %d times after cy took its seat", n)
	}

	// The creator gives ben's seat to the house: ben is asked first.
	r := tb.say("ann", "replace ben house").last()
	if r.Ephemeral || !strings.Contains(r.Text, "to the house") || !strings.Contains(r.Text, "agree") {
		t.Fatalf("replace ben house: %q", r.Text)
	}
	for _, s := range tb.seatsNow() {
		if tabletop.IsHouse(s.UserID) {
			t.Fatal("ben's seat went to the house before ben agreed")
		}
	}
	handed := len(tb.senders())
	if r := tb.say("ben", "agree").last(); r.Ephemeral || !strings.Contains(r.Text, "the house now plays") {
		t.Fatalf("ben's agree: %q", r.Text)
	}
	for i := 0; houseMoves(tb.senders(), handed) == 0; i++ {
		if i > 60 {
			t.Fatal("the house never played ben's seat")
		}
		mover := tb.mover()
		if mover == "ben" {
			t.Fatal("ben is still asked to act for the seat the house plays")
		}
		tb.act(mover)
	}
	if r := tb.say("ben", "join").last(); r.Ephemeral || !strings.Contains(r.Text, "You now play ben") {
		t.Fatalf("ben's join: %q", r.Text)
	}
	for i := 0; ; i++ {
		if i > 60 {
			t.Fatal("ben never got to move after taking the seat back")
		}
		mover := tb.mover()
		before := len(tb.senders())
		tb.act(mover)
		if ss := tb.senders(); mover == "ben" && len(ss) > before && ss[before] == "ben" {
			break
		}
	}
}

// TestUndoTakesBackTheHousesMovesToo: a player's undo after the house
// moved takes back the house's moves with the player's own, at once, and
// the house does not play them again: the player is to act.
func TestUndoTakesBackTheHousesMovesToo(t *testing.T) {
	tb := newTable(t)
	for _, c := range []struct{ user, text string }{{"ann", "new 1822PNW"}, {"ben", "join"}, {"ann", "house"}, {"ann", "start"}} {
		if r := tb.say(c.user, c.text); r.last().Ephemeral {
			t.Fatalf("%s: %q: %s", c.user, c.text, r.text())
		}
	}
	var mover string
	var housed int
	for i := 0; ; i++ {
		if i > 40 {
			t.Fatal("no move of a person was followed by the house's")
		}
		mover = tb.mover()
		before := len(tb.senders())
		tb.act(mover)
		ss := tb.senders()
		if housed = houseMoves(ss, before); len(ss) > before && ss[before] == mover && housed > 0 {
			break
		}
	}
	n := len(tb.senders())
	r := tb.say(mover, "undo").last()
	if r.Ephemeral || !strings.Contains(r.Text, "Undone: House") {
		t.Fatalf("%s's undo: %q", mover, r.Text)
	}
	types := tb.log()[n:]
	if len(types) != housed+1 {
		t.Errorf("the undo wrote %v, want %d undos", types, housed+1)
	}
	for _, ty := range types {
		if ty != "undo" {
			t.Errorf("the undo wrote %v: the house played again", types)
			break
		}
	}
	if got := tb.mover(); got != mover {
		t.Errorf("after the undo %q acts, want %s", got, mover)
	}
}

// TestHouseDueAtLoadPlays: a game loaded while it waits for the house
// (its seat handed over while no process played it) gets the house's
// moves before the next command, said in its reply.
func TestHouseDueAtLoadPlays(t *testing.T) {
	tb := newTable(t)
	tb.started()
	mover := tb.mover()
	sg, err := tb.st.OpenGame(context.Background(), tb.ch)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range tb.seatsNow() {
		if s.UserID == mover {
			if _, err := tb.st.ReplaceSeat(context.Background(), sg.ID, s.Order, tabletop.HouseUser, s.DisplayName); err != nil {
				t.Fatal(err)
			}
		}
	}
	other := tb.newCore(tb.st) // another process: nothing in memory
	n := len(tb.senders())
	r := tb.send(other, Message{User: User{ID: "zed"}, Text: "status"}).last()
	if houseMoves(tb.senders(), n) == 0 {
		t.Fatalf("the house did not play at load: %q", r.Text)
	}
	if !strings.Contains(r.Text, mover) {
		t.Errorf("the reply does not say the house's move for %s's seat: %q", mover, r.Text)
	}
}
