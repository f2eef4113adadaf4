package bot

import (
	"context"
	"slices"
	"strings"
	"testing"

	"pbc/commands/notation"
	"pbc/engine/title"
)

// TestNewOpensEveryTitle: every way of opening the British titles that the
// title registry offers (a base, a scenario word or its own name, option
// words) sets up and starts a game of that title and those options through
// the real core, and the Discord title choices and help name them.
func TestNewOpensEveryTitle(t *testing.T) {
	for _, tc := range []struct {
		text, title string
		options     []string
	}{
		{"new 1822", "1822", nil},
		{"new 1822 plus", "1822", []string{"plus_expansion"}},
		{"new 1822 plus no-removals", "1822", []string{"plus_expansion", "plus_expansion_no_removals"}},
		{"new 1822 plus single-stack tax-haven-multiple", "1822", []string{"plus_expansion", "plus_expansion_single_stack", "tax_haven_multiple"}},
		{"new 1822 nrs", "1822NRS", nil},
		{"new 1822NRS", "1822NRS", nil},
		{"new 1822 mrs advanced", "1822MRS", []string{"advanced"}},
		{"new 1822MRS starter", "1822MRS", []string{"starter"}},
		{"new 1822 MRS Advanced", "1822MRS", []string{"advanced"}},
		{"new 1822PNW short", "1822PNW Short Scenario", nil},
		{"new 1822CA wrs", "1822CA WRS", nil},
		{"new 1822MX", "1822MX", nil},
	} {
		t.Run(tc.text, func(t *testing.T) {
			tb := newTable(t)
			for _, c := range []struct{ user, text string }{{"ann", tc.text}, {"ben", "join"}, {"cy", "join"}, {"ann", "start"}} {
				if r := tb.say(c.user, c.text); r.last().Ephemeral {
					t.Fatalf("%s: %q refused: %s", c.user, c.text, r.text())
				}
			}
			sg, err := tb.st.OpenGame(context.Background(), tb.ch)
			if err != nil {
				t.Fatal(err)
			}
			if sg.Title != tc.title || !slices.Equal(sorted(sg.Options), sorted(tc.options)) {
				t.Errorf("game %q with %v, want %q with %v", sg.Title, sg.Options, tc.title, tc.options)
			}
			if r := tb.say("ann", "status"); !strings.Contains(r.text(), tc.title) {
				t.Errorf("status does not name %s: %s", tc.title, r.text())
			}
		})
	}
	for _, tc := range []struct{ text, want string }{
		{"new 1822 turbo", "has no option"}, {"new 1822 srs", "has no option"}, {"new 1822NRS plus", "has no option"},
		{"new 1822 mrs sw-peninsula", "not played here yet"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			tb := newTable(t)
			if r := tb.say("ann", tc.text); !r.last().Ephemeral || !strings.Contains(r.text(), tc.want) {
				t.Errorf("%q: %s", tc.text, r.text())
			}
		})
	}
	// The Discord command's title choices are the registry's names, and
	// `help game` spells the British scenario words.
	spec, _ := notation.SpecOf(string(notation.New))
	for _, name := range []string{"1822", "1822NRS", "1822MRS"} {
		if !slices.Contains(spec.Args[0].Choices, name) {
			t.Errorf("the new command's title choices %v lack %s", spec.Args[0].Choices, name)
		}
	}
	if h := helpFor("game"); !strings.Contains(h, "`new 1822 [nrs|mrs] [plus|no-removals|single-stack|tax-haven-multiple]` (mrs: `starter`, `advanced`)") {
		t.Errorf("help game does not spell 1822's scenarios and options: %s", h)
	}
	if len(title.ScenarioWords("1822")) != 2 {
		t.Errorf("1822's scenario words %v, want nrs and mrs", title.ScenarioWords("1822"))
	}
}

// sorted is a sorted copy.
func sorted(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}
