package notation

import (
	"strings"
	"testing"

	"pbc/engine"
	"pbc/engine/title"
	"pbc/render"
)

// TestHelpCitesTheGamesOwnCompanies: help in a game names majors of that
// game's title, never another title's (no CA GT_0 in a PNW game).
func TestHelpCitesTheGamesOwnCompanies(t *testing.T) {
	for _, name := range title.Names() {
		t.Run(name, func(t *testing.T) {
			ti, err := title.ByName(name)
			if err != nil {
				t.Fatal(err)
			}
			own := map[string]bool{}
			for _, c := range ti.Corps {
				own[c.ID] = true
			}
			for _, topic := range []string{"", "stock"} {
				h := HelpTextFor(topic, ti)
				if strings.Contains(h, "{") {
					t.Errorf("help %q leaves a blank: %s", topic, h)
				}
				for _, other := range title.Names() {
					o, _ := title.ByName(other)
					for _, c := range o.Corps {
						if c.Kind == title.Major && !own[c.ID] && strings.Contains(h, "`sell "+c.ID+"_0") {
							t.Errorf("help %q in %s cites %s's %s", topic, name, other, c.ID)
						}
					}
				}
				if !strings.Contains(h, "`buy "+ti.ExampleMajor()) {
					t.Errorf("help %q in %s does not cite its own major %s: %s", topic, name, ti.ExampleMajor(), h)
				}
			}
		})
	}
}

// TestNewSyntaxNamesEveryTitle: `help game` spells `new` for every base
// title with its scenario words and options, and the first and last
// examples of NewExamples are forms it shows.
func TestNewSyntaxNamesEveryTitle(t *testing.T) {
	h := HelpText("game")
	for _, b := range title.Bases() {
		if !strings.Contains(h, "`new "+b) {
			t.Errorf("help game lacks `new %s`: %s", b, h)
		}
		for _, w := range title.ScenarioWords(b) {
			if !strings.Contains(h, w) {
				t.Errorf("help game lacks %s's scenario word %q", b, w)
			}
		}
	}
	if strings.Contains(h, "remove2") {
		t.Errorf("help game offers an option word the bot refuses: %s", h)
	}
	for _, ex := range NewExamples() {
		cmd, err := Parse(ex)
		if err != nil || cmd.Verb != New {
			t.Errorf("example %q does not parse as new: %v", ex, err)
		}
	}
}

// TestHelpMapExamplesAreTheTitlesPlaces: the regions help shows for `map`
// are places of the game's own board.
func TestHelpMapExamplesAreTheTitlesPlaces(t *testing.T) {
	for _, name := range title.Names() {
		t.Run(name, func(t *testing.T) {
			ti, err := engine.TitleByName(name)
			if err != nil {
				t.Fatal(err)
			}
			parts := strings.Split(HelpTextFor("", ti), "`")
			n := 0
			for i := 1; i < len(parts); i += 2 {
				place, ok := strings.CutPrefix(parts[i], "map ")
				if !ok {
					continue
				}
				n++
				if _, err := render.Place(ti.Map, place); err != nil || place == "" {
					t.Errorf("help shows `map %s`, not a place of %s: %v", place, name, err)
				}
			}
			if n != 2 {
				t.Errorf("help shows %d `map` regions, want 2", n)
			}
		})
	}
}
