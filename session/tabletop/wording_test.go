package tabletop

import (
	"pbc/commands"
	"pbc/commands/notation"
	"strings"
	"testing"
)

func TestCapitalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"émile", "Émile"},
		{"محمد", "محمد"}, // Arabic has no case
		{"ångström", "Ångström"},
		{"ǆemal", "ǅemal"}, // a digraph takes its title case, not its upper case
		{"ა", "ა"},         // Georgian Mkhedruli is not capitalized
		{"ann", "Ann"},
		{"", ""},
		{"\xffx", "\xffx"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			if got := notation.Capitalize(tc.in); got != tc.want {
				t.Errorf("capitalize(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestNonASCIINames plays with players whose names start with a letter
// outside ASCII: replies must name them whole.
func TestNonASCIINames(t *testing.T) {
	tb, err := NewTable("1822PNW", nil, 586, []commands.Seat{{Player: 1, Name: "émile", User: "a"}, {Player: 2, Name: "محمد", User: "b"}, {Player: 3, Name: "ångström", User: "c"}}, "a")
	if err != nil {
		t.Fatal(err)
	}
	rep := tb.Exec(commands.Request{User: "b", Text: "pass"})
	if want := "It is émile's turn"; !strings.HasPrefix(rep.Text, "It is") || !strings.Contains(rep.Text, "émile") || strings.Contains(rep.Text, "\ufffd") {
		t.Errorf("refusal %q, want it to start %q", rep.Text, want)
	}
	if rep := must(t, tb, "a", "pass"); !strings.HasPrefix(rep.Text, "émile passes.") { // as bids: "émile bids"
		t.Errorf("pass: %q", rep.Text)
	}
	if rep := must(t, tb, "b", "pass"); !strings.HasPrefix(rep.Text, "محمد passes.") {
		t.Errorf("pass: %q", rep.Text)
	}
	if rep := must(t, tb, "x", "status"); !strings.Contains(rep.Text, "Ångström to act") {
		t.Errorf("status: %q", rep.Text)
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"D32", "D23", 1}, {"kitten", "sitting", 3}, {"", "abc", 3}, {"abc", "ABC", 0}, {"withold", "withhold", 1}, {"émile", "emile", 1},
	}
	for _, tc := range tests {
		t.Run(tc.a+"-"+tc.b, func(t *testing.T) {
			if got := notation.EditDistance(tc.a, tc.b); got != tc.want {
				t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
			}
		})
	}
}

// TestMessages checks the rewordings issue 15 asks for: the real refusal
// before a rotation is asked, rotations 0–5, a dividend asked out of turn,
// near misses and passes.
func TestMessages(t *testing.T) {
	fixtures(t)
	track := func(t *testing.T) *Table { return tableAt(t, pnw586, upTo(t, pnw586, 10)) }
	sr := func(t *testing.T) *Table { return tableAt(t, pnw586, 0) }
	tests := []struct {
		name  string
		state func(*testing.T) *Table
		text  string
		ok    bool
		want  string
	}{
		{"city tile on a plain hex", track, "lay 57 F7", false, "F7 needs a tile with no city or town; tile 57 has 1 city; no tile can be laid on F7 now."},
		{"rotation past 5", track, "lay 57 D23 r9", false, "Rotation must be 0–5, not \"r9\"; e.g. `lay 57 D23 r1`."},
		{"dividend before the run", track, "pay", false, "Minor 5 cannot pay a dividend now; it may: `lay 5 D23 r0` (r0/1/2/3), `lay 6 D23 r0` (r0/1/2/4) or `lay 57 D23 r0` (r0/1/3/4); `pass`."},
		{"hex swapped", track, "lay 57 D32 r1", false, "There is no hex \"D32\" on this map (did you mean D23?)."},
		{"command typo", track, "withold", false, "\"withold\" is not a command (did you mean `withhold`?); `help` lists them."},
		{"company typo", track, "company SWX", false, "There is no company \"SWX\" (did you mean SWW?)."},
		{"tile typo", track, "lay 577 D23 r1", false, "There is no tile \"577\" in this game's supply (did you mean 57?)."},
		{"major typo", sr, "par SWX 70", false, "Majors cannot be started in phase 1."},
		{"minor passes", track, "pass", true, "Minor 5 passes. Next: minor 5 (Player 1)."},
		{"player passes", sr, "pass", true, "Player 1 passes. Next: Player 2."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := tc.state(t)
			before := state(t, tb)
			rep := tb.Exec(commands.Request{User: "u0", Text: tc.text})
			if rep.Text != tc.want || rep.OK != tc.ok {
				t.Errorf("%q:\n got %v %q\nwant %v %q", tc.text, rep.OK, rep.Text, tc.ok, tc.want)
			}
			if !tc.ok && state(t, tb) != before {
				t.Errorf("%q changed the game", tc.text)
			}
		})
	}
}
