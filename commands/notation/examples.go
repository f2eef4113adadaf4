package notation

import (
	"slices"
	"strings"

	"pbc/engine/title"
)

// NewExamples are four ways to open a game, read off the title registry for
// the texts that teach `new`: the first base title, it with its first
// scenario word, the last other base title that has scenarios, and it with
// its last scenario word ("new 1822PNW", "new 1822PNW short", "new 1822CA",
// "new 1822CA wrs").
func NewExamples() [4]string {
	bases := title.Bases()
	first, other := bases[0], bases[len(bases)-1]
	for _, b := range bases[1:] {
		if len(title.ScenarioWords(b)) > 0 {
			other = b
		}
	}
	with := func(base string, pick func([]string) string) string {
		if ws := title.ScenarioWords(base); len(ws) > 0 {
			return "new " + base + " " + pick(ws)
		}
		return "new " + base
	}
	return [4]string{"new " + first, with(first, func(ws []string) string { return ws[0] }),
		"new " + other, with(other, func(ws []string) string { return ws[len(ws)-1] })}
}

// newSyntax is how `help game` spells `new`: each base title with its
// scenario words and its options ("`new 1822PNW [short|srs] [packet|…]`").
func newSyntax() string {
	var forms []string
	for _, b := range title.Bases() {
		f := "`new " + b
		if ws := title.ScenarioWords(b); len(ws) > 0 {
			f += " [" + strings.Join(ws, "|") + "]"
		}
		base := playedWords(b)
		if len(base) > 0 {
			f += " [" + strings.Join(base, "|") + "]"
		}
		f += "`"
		// A scenario's own options ("mrs: `advanced`").
		for _, w := range title.ScenarioWords(b) {
			name, _ := title.Scenario(b, w)
			var own []string
			for _, o := range playedWords(name) {
				if !slices.Contains(base, o) {
					own = append(own, "`"+o+"`")
				}
			}
			if len(own) > 0 {
				f += " (" + w + ": " + strings.Join(own, ", ") + ")"
			}
		}
		forms = append(forms, f)
	}
	if len(forms) < 2 {
		return strings.Join(forms, "")
	}
	return strings.Join(forms[:len(forms)-1], ", ") + " or " + forms[len(forms)-1]
}

// playedWords are the words of the options a new game of title name may
// set.
func playedWords(name string) []string {
	t, err := title.ByName(name)
	if err != nil {
		return nil
	}
	var out []string
	for _, o := range t.Options {
		if t.Played(o) {
			out = append(out, t.OptionWord(o))
		}
	}
	return out
}

// helpExamples fills the blanks of the help texts from title t's data: its
// ways to open a game, a major of its own, and that major's home city by
// name and by hex, so that help never cites another title's companies or
// places.
func helpExamples(t *title.Title) *strings.Replacer {
	major := t.ExampleMajor()
	hex, city := "", ""
	if c := t.Corp(major); c != nil && t.Map != nil {
		hex = c.Home
		for _, h := range t.Map.Hexes {
			if h.ID == hex {
				city = h.Name
			}
		}
	}
	many, inside := stopExamples(t)
	at := many
	if t != nil && t.Map != nil {
		for _, h := range t.Map.Hexes {
			if h.ID == many && h.Name != "" {
				at = h.Name + " (" + many + ")"
			}
		}
	}
	return strings.NewReplacer("{new}", newSyntax(), "{major}", major, "{hex}", hex, "{city}", city,
		"{stops}", many, "{stopsat}", at, "{inside}", inside)
}
