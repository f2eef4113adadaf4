package title

import (
	"slices"
	"strings"
)

// The chat names a game by its base title and a scenario word ("new 1822PNW
// short"); both are read off the registered names, so a new title or
// scenario needs no word of its own anywhere else.

// Base is the base title a title name belongs to: its first word ("1822PNW"
// for "1822PNW Short Scenario").
func Base(name string) string {
	for _, t := range titles {
		if t.name == name && t.base != "" {
			return t.base
		}
	}
	base, _, _ := strings.Cut(name, " ")
	return base
}

// Named is the title a player's word names on its own, case aside: a base
// title ("1822") or a title whose 18xx.games name is that one word
// ("1822MRS"); ok is false when it names none.
func Named(word string) (name string, ok bool) {
	for _, t := range titles {
		if !strings.Contains(t.name, " ") && strings.EqualFold(t.name, word) {
			return t.name, true
		}
	}
	return "", false
}

// Bases lists the base titles in display order.
func Bases() []string {
	var out []string
	for _, n := range Names() {
		if b := Base(n); !slices.Contains(out, b) {
			out = append(out, b)
		}
	}
	return out
}

// ScenarioWords lists the words that pick the scenarios of base, in display
// order: the rest of each scenario's name, lower case, without the word
// "scenario" ("short" for "1822PNW Short Scenario", "srs" for "1822PNW SRS").
func ScenarioWords(base string) []string {
	var out []string
	for _, n := range Names() {
		if w := scenarioWord(n); w != "" && Base(n) == base {
			out = append(out, w)
		}
	}
	return out
}

// Scenario is the title of base that word picks, case aside; ok is false
// when word names none of its scenarios.
func Scenario(base, word string) (name string, ok bool) {
	for _, n := range Names() {
		if Base(n) == base && scenarioWord(n) != "" && strings.EqualFold(scenarioWord(n), word) {
			return n, true
		}
	}
	return "", false
}

// scenarioWord is the word of a scenario's name, "" for a base title.
func scenarioWord(name string) string {
	for _, t := range titles {
		if t.name == name && t.base != "" {
			return t.word
		}
	}
	_, rest, ok := strings.Cut(name, " ")
	if !ok {
		return ""
	}
	ws := slices.DeleteFunc(strings.Fields(strings.ToLower(rest)), func(w string) bool { return w == "scenario" })
	return strings.Join(ws, "-")
}

// OptionWord is the short word a player types for option o: the title's
// own word for it (OptionWords), else the last part of its name when no
// other option of the title ends so ("packet" for "starting_packet"), else
// the whole name.
func (t *Title) OptionWord(o string) string {
	if w, ok := t.OptionWords[o]; ok {
		return w
	}
	i := strings.LastIndex(o, "_")
	if i < 0 {
		return o
	}
	tail := o[i:]
	for _, other := range t.Options {
		if other != o && strings.HasSuffix(other, tail) {
			return o
		}
	}
	return o[i+1:]
}

// Option is the option of the title that word names, by its name or its
// OptionWord (hyphens read as underscores), ok false if none.
func (t *Title) Option(word string) (string, bool) {
	under := func(s string) string { return strings.ReplaceAll(strings.ToLower(s), "-", "_") }
	w := under(word)
	for _, o := range t.Options {
		if w == o || w == under(t.OptionWord(o)) {
			return o, true
		}
	}
	return "", false
}

// ExampleMajor is a major company of the title to cite in help texts: the
// last one defined with a home of its own (a government railway has none),
// so that a scenario's cites one it has.
func (t *Title) ExampleMajor() string {
	for i := len(t.Corps) - 1; i >= 0; i-- {
		if t.Corps[i].Kind == Major && t.Corps[i].Home != "" {
			return t.Corps[i].ID
		}
	}
	return ""
}

// Played reports whether a new game may set option o: the engine plays it.
func (t *Title) Played(o string) bool { return !slices.Contains(t.Unplayed, o) }
