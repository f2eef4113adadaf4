package notation

import (
	"fmt"
	"strings"

	"pbc/engine/title"
)

// The grammar as data, for front ends that build forms (slash commands,
// menus, the playground) instead of reading typed text: every command with
// its arguments in the order they are written (the forms of the notation
// table, notation.go), and Format to write a command from the values
// chosen. Parse stays the one reader of the text.

// ArgKind says what an argument holds, so a front end can pick a widget and
// the completions to offer.
type ArgKind string

// The kinds of arguments.
const (
	ArgText    ArgKind = "text"    // free text
	ArgNumber  ArgKind = "number"  // a whole number (a count, a rotation)
	ArgAmount  ArgKind = "amount"  // money: a bid, a price
	ArgHex     ArgKind = "hex"     // a hex of the map, e.g. D23
	ArgTile    ArgKind = "tile"    // a tile number, e.g. 57
	ArgCompany ArgKind = "company" // a company, minor or private, e.g. SWW, M5, P7
	ArgTrain   ArgKind = "train"   // a train, e.g. 3 or L-4
	ArgUser    ArgKind = "user"    // a chat user, written as the platform mentions them
	ArgFile    ArgKind = "file"    // an attached file (not written into the text)
	ArgChoice  ArgKind = "choice"  // one of Choices
)

// Arg is one argument of a command.
type Arg struct {
	// Name is the argument's name in forms: lowercase, no spaces.
	Name string
	Desc string
	Kind ArgKind
	// Required arguments come before optional ones.
	Required bool
	// Prefix is written before the value: "r" makes rotation 1 "r1".
	Prefix string
	// Default is written when the argument is left out ("auto" routes).
	Default string
	// Choices are the only values allowed, for ArgChoice.
	Choices []string
}

// Spec is one command of the grammar.
type Spec struct {
	// Name is the command word as typed.
	Name string
	Desc string
	// Group is the family the command belongs to: "play" (moves), "more"
	// (rarer moves), "view" (queries), "game" (seats and the game's life),
	// "settings" (the channel's settings).
	Group string
	// Common marks the commands a front end with little room shows first.
	Common bool
	// Bare commands are not written with their own word: the value of their
	// one argument is the command ("dividend" with "half" is "half").
	Bare bool
	Args []Arg
}

// The groups of commands, in the order front ends show them.
const (
	GroupPlay     = "play"
	GroupMore     = "more"
	GroupView     = "view"
	GroupGame     = "game"
	GroupSettings = "settings"
)

func reqArg(name, desc string, kind ArgKind) Arg {
	return Arg{Name: name, Desc: desc, Kind: kind, Required: true}
}

func optArg(name, desc string, kind ArgKind) Arg {
	return Arg{Name: name, Desc: desc, Kind: kind}
}

// Specs returns the command set, in the order front ends list it. The
// result is a copy: callers may change it.
func Specs() []Spec {
	var out []Spec
	for _, w := range notation {
		if w.Form == nil {
			continue
		}
		s := formOf(w)
		for j := range s.Args {
			if s.Name == string(New) && s.Args[j].Name == "title" {
				s.Args[j].Choices = title.Names()
			}
			s.Args[j].Choices = append([]string(nil), s.Args[j].Choices...)
		}
		out = append(out, s)
	}
	return out
}

// SpecOf returns the command named name (its command word).
func SpecOf(name string) (Spec, bool) {
	for _, s := range Specs() {
		if s.Name == name {
			return s, true
		}
	}
	return Spec{}, false
}

// Format writes the command named name from the values chosen for its
// arguments, by argument name, as a player would type it: "lay" with tile
// 57, hex D23 and rotation 1 is "lay 57 D23 r1". File arguments are not
// written. It refuses a missing required argument, a value not among an
// argument's choices and a value spanning lines.
func Format(name string, values map[string]string) (string, error) {
	s, ok := SpecOf(name)
	if !ok {
		return "", fmt.Errorf("no command %q", name)
	}
	var words []string
	if !s.Bare {
		words = append(words, s.Name)
	}
	for _, a := range s.Args {
		v := strings.TrimSpace(values[a.Name])
		if strings.ContainsAny(v, "\r\n") {
			return "", fmt.Errorf("%s %s: one line only", s.Name, a.Name)
		}
		if a.Kind == ArgFile {
			continue
		}
		switch {
		case v == "" && a.Required:
			return "", fmt.Errorf("%s needs %s", s.Name, a.Name)
		case v == "":
			if a.Default != "" {
				words = append(words, a.Default)
			}
			continue
		case len(a.Choices) > 0 && !InChoices(a.Choices, v):
			return "", fmt.Errorf("%s %s: %q is not one of %s", s.Name, a.Name, Clip(v), strings.Join(a.Choices, ", "))
		}
		words = append(words, a.Prefix+v)
	}
	if len(words) == 0 {
		return "", fmt.Errorf("%s: nothing to write", s.Name)
	}
	return strings.Join(words, " "), nil
}

// InChoices reports whether list holds s, whatever the case.
func InChoices(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
