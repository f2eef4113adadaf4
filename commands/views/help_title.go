package views

import (
	"regexp"
	"slices"

	"pbc/engine"
	"pbc/engine/title"
)

// The help texts give examples from both titles; in a game, a major of
// another title is replaced by one of this game's, so that help in a
// 1822PNW game never cites 1822CA's GT_0 (and the other way round).

// helpWord matches a word of a help text: "GT" and "0" in "GT_0", "CNoR".
var helpWord = regexp.MustCompile(`[A-Za-z0-9]+`)

// titleHelp rewrites text's majors of other titles as majors of g's.
func titleHelp(g *engine.Game, text string) string {
	if g == nil {
		return text
	}
	var mine []string
	for _, c := range g.Corps {
		if c.IsMajor() {
			mine = append(mine, c.ID)
		}
	}
	foreign := foreignMajors(g)
	if len(mine) == 0 || len(foreign) == 0 {
		return text
	}
	used := map[string]bool{}
	for _, w := range helpWord.FindAllString(text, -1) {
		used[w] = true
	}
	swap := map[string]string{}
	next := 0
	return helpWord.ReplaceAllStringFunc(text, func(w string) string {
		if !foreign[w] {
			return w
		}
		if s, ok := swap[w]; ok {
			return s
		}
		for next < len(mine) && used[mine[next]] {
			next++
		}
		s := mine[len(mine)-1]
		if next < len(mine) {
			s = mine[next]
			next++
		}
		swap[w] = s
		return s
	})
}

// foreignMajors are the majors of other titles that g does not have.
func foreignMajors(g *engine.Game) map[string]bool {
	out := map[string]bool{}
	for _, name := range title.Names() {
		t, err := title.ByName(name)
		if err != nil {
			continue
		}
		for _, c := range t.Corps {
			if c.Kind == title.Major && g.Corp(c.ID) == nil && !slices.Contains([]string{"CA", "PNW"}, c.ID) {
				out[c.ID] = true
			}
		}
	}
	return out
}
