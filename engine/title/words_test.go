package title

import (
	"slices"
	"testing"
)

func TestScenarioWords(t *testing.T) {
	if got, want := Bases(), []string{"1822PNW", "1822CA"}; !slices.Equal(got[:2], want) {
		t.Errorf("Bases() = %v, want it to start %v", got, want)
	}
	for _, tc := range []struct{ base, word, want string }{
		{"1822PNW", "short", "1822PNW Short Scenario"},
		{"1822PNW", "SRS", "1822PNW SRS"},
		{"1822CA", "wrs", "1822CA WRS"},
		{"1822CA", "ers", "1822CA ERS"},
		{"1822CA", "srs", ""},
		{"1822PNW", "scenario", ""},
	} {
		t.Run(tc.base+" "+tc.word, func(t *testing.T) {
			got, ok := Scenario(tc.base, tc.word)
			if got != tc.want || ok != (tc.want != "") {
				t.Errorf("Scenario(%q, %q) = %q, %v, want %q", tc.base, tc.word, got, ok, tc.want)
			}
		})
	}
	// Every scenario is named by its base and one of the base's words.
	for _, n := range Names() {
		if Base(n) == n {
			continue
		}
		found := false
		for _, w := range ScenarioWords(Base(n)) {
			if s, _ := Scenario(Base(n), w); s == n {
				found = true
			}
		}
		if !found {
			t.Errorf("no word of %s names %q", Base(n), n)
		}
	}
}

func TestOptionWords(t *testing.T) {
	p := PNW()
	for _, tc := range []struct{ word, want string }{
		{"packet", "starting_packet"}, {"starting-packet", "starting_packet"}, {"remove_two_ls", "remove_two_ls"},
		{"ls", ""}, {"remove2", ""},
	} {
		if got, ok := p.Option(tc.word); got != tc.want || ok != (tc.want != "") {
			t.Errorf("Option(%q) = %q, %v, want %q", tc.word, got, ok, tc.want)
		}
	}
	if got := p.OptionWord("starting_packet"); got != "packet" {
		t.Errorf("OptionWord(starting_packet) = %q", got)
	}
	if got := p.OptionWord("remove_two_ls"); got != "remove_two_ls" {
		t.Errorf("OptionWord(remove_two_ls) = %q", got)
	}
}

func TestExampleMajorIsAMajorOfEachTitle(t *testing.T) {
	for _, n := range Names() {
		ti, _ := ByName(n)
		id := ti.ExampleMajor()
		c := ti.Corp(id)
		if c == nil || c.Kind != Major {
			t.Errorf("%s: ExampleMajor %q is not one of its majors", n, id)
		}
	}
}
