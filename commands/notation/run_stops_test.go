package notation

import (
	"strings"
	"testing"

	"pbc/engine"
	"pbc/engine/title"
)

// TestParseRunStopNumbers: a stop of a hex with several is its number
// within the hex ("M38.4", London's fourth city); a chain may start and end
// in one hex ("D35.1>D35.2", Swansea's city to Oystermouth's town), and only
// a chain's ends carry numbers.
func TestParseRunStopNumbers(t *testing.T) {
	type stop struct {
		hex     string
		node    int
		chained bool
		via     int
	}
	for _, tc := range []struct {
		in    string
		stops [][]stop // by route
		err   string
	}{
		{"run L-2 D35.1>D35.2", [][]stop{{{"D35", 1, false, 0}, {"D35", 2, true, 0}}}, ""},
		{"run 3 M38.4 K38", [][]stop{{{"M38", 4, false, 0}, {"K38", 0, false, 0}}}, ""},
		{"run 6-1 M38.3 K38 K42 M42 O42 P43 Q44 =360", [][]stop{{{"M38", 3, false, 0}, {"K38", 0, false, 0}, {"K42", 0, false, 0},
			{"M42", 0, false, 0}, {"O42", 0, false, 0}, {"P43", 0, false, 0}, {"Q44", 0, false, 0}}}, ""},
		{"run 3-5 N29.2>N27>M26 M26>L25>J21, 3-4 I30 N29.1", [][]stop{
			{{"N29", 2, false, 0}, {"M26", 0, true, 1}, {"J21", 0, true, 1}},
			{{"I30", 0, false, 0}, {"N29", 1, false, 0}}}, ""},
		{"run 4-1 M38.4>M36 M36>L35>L33", [][]stop{{{"M38", 4, false, 0}, {"M36", 0, true, 0}, {"L33", 0, true, 1}}}, ""},
		{"run L-17 I30 M38.6", [][]stop{{{"I30", 0, false, 0}, {"M38", 6, false, 0}}}, ""},
		{"run 3 M38.0 K38", nil, "say the train"},
		{"run 3 N29>N27.1>M26", nil, "only the ends"},
		{"run M38.2 K38", nil, "say the train"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			cmd, err := Parse(tc.in)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(cmd.Routes) != len(tc.stops) {
				t.Fatalf("%d routes, want %d", len(cmd.Routes), len(tc.stops))
			}
			for i, want := range tc.stops {
				got := cmd.Routes[i].Stops
				if len(got) != len(want) {
					t.Fatalf("route %d: stops %+v, want %+v", i+1, got, want)
				}
				for k, w := range want {
					g := got[k]
					if g.Hex != w.hex || g.Node != w.node || g.Chained != w.chained || len(g.Via) != w.via {
						t.Errorf("route %d stop %d: %+v, want %+v", i+1, k+1, g, w)
					}
				}
			}
		})
	}
}

// FuzzParseRunStops: no run text makes the parser panic; every stop it
// accepts is a hex, with a stop number from 1 when one is typed; and the
// stops of an accepted run, written back, read the same.
func FuzzParseRunStops(f *testing.F) {
	for _, s := range []string{"L-2 D35.1>D35.2", "3 M38.4 K38", "3-5 N29.2>N27>M26 M26>L25>J21, 3-4 I30 N29.1",
		"L M38.6 bare", "2 H19.1-H19.2", "3 M38.99>M38.1", "3 M38..2", "3 M38.-1", "3 M38.2.1", "E M38.1>P43>Q44 =300",
		"3/2P-0 N29.1>N27 M26", "L D35.1>D35.1>D35.2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		cmd, err := Parse("run " + text)
		if err != nil || cmd.Auto || cmd.Routes == nil {
			return
		}
		var again []string
		for _, r := range cmd.Routes {
			words := []string{r.Train}
			for _, s := range r.Stops {
				if !looksLikeHex(s.Hex) || s.Node < 0 {
					t.Fatalf("run %q: stop %+v", text, s)
				}
				w := s.Hex
				if s.Node > 0 {
					w += "." + itoa(s.Node)
				}
				words = append(words, w)
			}
			again = append(again, strings.Join(words, " "))
		}
		re, err := Parse("run " + strings.Join(again, ", "))
		if err != nil {
			// A train named like a stop word is read as one only when
			// typed first; stops alone always parse again.
			if strings.Contains(err.Error(), "train") {
				return
			}
			t.Fatalf("run %q: its stops %q do not parse: %v", text, again, err)
		}
		for i, r := range re.Routes {
			if i >= len(cmd.Routes) || len(r.Stops) != len(cmd.Routes[i].Stops) {
				t.Fatalf("run %q: %q reads %d routes", text, again, len(re.Routes))
			}
			for k, s := range r.Stops {
				if o := cmd.Routes[i].Stops[k]; s.Hex != o.Hex || s.Node != o.Node {
					t.Fatalf("run %q: stop %d reads %+v, then %+v", text, k+1, o, s)
				}
			}
		}
	})
}

// itoa is strconv.Itoa for the fuzzer.
func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestHelpRunCitesTheTitlesStops: help on run numbers stops with a hex of
// the game's own map that has several (London's M38 in 1822), and its
// example of a run inside one hex parses.
func TestHelpRunCitesTheTitlesStops(t *testing.T) {
	for _, name := range title.Names() {
		tt, err := engine.TitleByName(name)
		if err != nil {
			t.Fatal(err)
		}
		many, inside := stopExamples(tt)
		h := HelpTextFor("run", tt)
		if many == "" || strings.Contains(h, "{") || !strings.Contains(h, many+".2") {
			t.Errorf("%s: help run cites %q: %s", name, many, h)
		}
		if _, err := Parse("run L " + inside + ".1>" + inside + ".2"); err != nil {
			t.Errorf("%s: the example run inside %s: %v", name, inside, err)
		}
	}
	tt, _ := engine.TitleByName("1822")
	if many, inside := stopExamples(tt); many != "M38" || inside != "D35" {
		t.Errorf("1822 cites %s and %s, want London (M38) and Swansea & Oystermouth (D35)", many, inside)
	}
}
