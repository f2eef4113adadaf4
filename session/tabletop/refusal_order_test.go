package tabletop

import (
	"pbc/commands"
	"pbc/commands/offers"
	"testing"
)

// TestRefusalsPointTheRightWay: refusals say first what the rules check
// first, with the title's own ids and examples; the rulebook's
// abbreviations are accepted beside the 18xx.games ids.
func TestRefusalsPointTheRightWay(t *testing.T) {
	fixtures(t)
	const pnw = "1822PNW/165580.json"
	// Minor 6 (Player 3, u14958) at the start of its turn in OR 5.1, phase 3.
	start := func(t *testing.T) *Table { return tableAt(t, pnw, upTo(t, pnw, 454)) }
	// The same turn once it passed its acquisition step: it may lay track.
	track := func(t *testing.T) *Table {
		tb := start(t)
		must(t, tb, "u14958", "pass")
		return tb
	}
	sr := func(t *testing.T) *Table { return tableAt(t, pnw, upTo(t, pnw, 20)) }
	ca := func(t *testing.T) *Table { return tableAt(t, "1822CA/1.json", upTo(t, "1822CA/1.json", 20)) }
	caPar := func(t *testing.T) *Table { return tableAt(t, "1822CA/1.json", upTo(t, "1822CA/1.json", 70)) }
	phase3 := func(t *testing.T) *Table { return tableAt(t, pnw586, upTo(t, pnw586, 114)) }
	tests := []struct {
		name  string
		state func(*testing.T) *Table
		user  string
		text  string
		ok    bool
		want  string
	}{
		{"a minor's token", track, "u14958", "token L19", false,
			"Minors never place station tokens: a minor has only its home station; majors place tokens."},
		{"a minor's token before its track", start, "u14958", "token L19", false,
			"Minors never place station tokens: a minor has only its home station; majors place tokens."},
		{"a private after the acquisition step", track, "u14958", "acquire P15", false,
			"Minor 6 cannot acquire P15 now: privates are acquired at the start of a company's turn, before it lays track, and minor 6 is past that step this turn."},
		{"a private before its phase", start, "u14958", "acquire P1", false, "P1 may be acquired from phase 5; this is phase 3."},
		{"a closed private", start, "u14958", "acquire P6", false, "P6 is closed."},
		{"out of turn in a stock round", sr, "u1339", "pass", false, "It is Player 4's turn, not yours."},
		{"out of turn in an operating round", start, "u1339", "pass", false, "It is minor 6 (Player 3)'s turn, not yours."},
		{"majors in a phase that starts none", phase3, "u0", "par XYZ 70", false, "Majors cannot be started in phase 3."},
		{"the rulebook's SWWR", phase3, "u0", "par SWWR 70", false, "Majors cannot be started in phase 3."},
		{"a major's typo where majors may start", caPar, "u2", "par CPX 60", false,
			"\"CPX\" is not a major (did you mean CPR?); par one of CNoR, CPR, GNWR, GT, GTP, GWR, ICR, NTR, PGE or QMOO."},
		{"a price that is none", caPar, "u2", "par CPR 61", false, "$61 is not a share price; majors par at $60, $70, $80, $90 or $100."},
		{"company by the rulebook's id", phase3, "u1", "company SWWR", true,
			"SWW Seattle and Walla Walla Railroad; cash $0; no trains; tokens none placed, 2 left; shares: treasury 100%, market 0%."},
		{"a minor by its CA abbreviation", ca, "u1", "company DA", true, "1 Dominion Atlantic Railway; cash $0; no trains; tokens none placed, 1 left."},
		{"no such company, with this title's ids", ca, "u1", "company XYZQ", false,
			"There is no company \"XYZQ\"; try a major (CNoR), a minor (1 or M1) or a private (P1)."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := tc.state(t)
			before := state(t, tb)
			rep := tb.Exec(commands.Request{User: tc.user, Text: tc.text})
			if rep.OK != tc.ok || rep.Text != tc.want {
				t.Errorf("%s: ok %v %q\nwant ok %v %q", tc.text, rep.OK, rep.Text, tc.ok, tc.want)
			}
			if !tc.ok && state(t, tb) != before {
				t.Error("a refusal changed the game")
			}
		})
	}
	t.Run("acting for another player", func(t *testing.T) {
		tb, err := NewTable("1822PNW", nil, 586, []commands.Seat{{Player: 1, Name: "ann", User: "a"}, {Player: 2, Name: "bob", User: "b"}, {Player: 3, Name: "cy", User: "c"}}, "a")
		if err != nil {
			t.Fatal(err)
		}
		for _, user := range []string{"a", "b", "c"} {
			me := tb.SeatOf(user).Name
			other := "bob"
			if me == "bob" {
				other = "ann"
			}
			rep := tb.Exec(commands.Request{User: user, Text: other + ": pass"})
			if want := "You cannot act for " + other + "; you play " + me + "."; rep.OK || rep.Text != want {
				t.Errorf("%s: %q, want %q", user, rep.Text, want)
			}
		}
	})
}

// TestMinorsNamedInRefusals: an engine refusal names a minor by its
// number alone; the reply says "minor 13" wherever it is the subject or
// what is acquired or merged with.
func TestMinorsNamedInRefusals(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"13 cannot place a token now: 13 must first buy a train", "minor 13 cannot place a token now: minor 13 must first buy a train"},
		{"13 has $40 and cannot pay $60", "minor 13 has $40 and cannot pay $60"},
		{"with the president's help 13 may only buy the cheapest train for sale, an L for $60 (5.14)",
			"with the president's help minor 13 may only buy the cheapest train for sale, an L for $60 (5.14)"},
		{"5 cannot merge with 4", "minor 5 cannot merge with minor 4"},
		{"GNR cannot acquire 12 now", "GNR cannot acquire minor 12 now"},
		{"choose 2 to 6 shares", "choose 2 to 6 shares"},
		{"a 2 costs $120 from the depot", "a 2 costs $120 from the depot"},
	} {
		if got := offers.HumanRefusal(tc.in); got != tc.want {
			t.Errorf("humanRefusal(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
