package notation

import (
	"strings"
	"testing"

	"pbc/engine/title"
)

// sample is a value of an argument that the grammar accepts.
func specSample(a Arg) string {
	if len(a.Choices) > 0 {
		return a.Choices[len(a.Choices)-1]
	}
	switch a.Name {
	case "routes":
		return "3 H11 F9"
	case "how":
		return "M5 top"
	case "setting":
		return "dm"
	case "span":
		return "3d"
	case "answer", "until":
		return "4"
	case "topic":
		return "stock"
	}
	return map[ArgKind]string{ArgText: "packet", ArgNumber: "2", ArgAmount: "100", ArgHex: "D23", ArgTile: "57",
		ArgCompany: "SWW", ArgTrain: "3", ArgUser: "<@u1>", ArgFile: "game.json"}[a.Kind]
}

func TestSpecsFormatWhatParseReads(t *testing.T) {
	for _, s := range Specs() {
		t.Run(s.Name, func(t *testing.T) {
			for _, full := range []bool{true, false} {
				vals := map[string]string{}
				for _, a := range s.Args {
					if a.Required || full {
						vals[a.Name] = specSample(a)
					}
				}
				text, err := Format(s.Name, vals)
				if err != nil {
					t.Fatalf("Format(%v): %v", vals, err)
				}
				if IsNotify(text) {
					if _, err := ParseNotify(text); err != nil {
						t.Errorf("ParseNotify(%q): %v", text, err)
					}
				}
				cmd, err := Parse(text)
				if err != nil {
					t.Fatalf("Parse(%q): %v", text, err)
				}
				want := Verb(s.Name)
				if s.Bare {
					want = VerbOf(strings.Fields(text)[0])
				}
				if cmd.Verb != want {
					t.Errorf("Parse(%q) is %s, want %s", text, cmd.Verb, want)
				}
			}
		})
	}
}

func TestSpecsShape(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range Specs() {
		if seen[s.Name] {
			t.Errorf("%s listed twice", s.Name)
		}
		seen[s.Name] = true
		if s.Desc == "" || s.Group == "" {
			t.Errorf("%s: no description or group", s.Name)
		}
		optional := false
		for _, a := range s.Args {
			if a.Required && optional {
				t.Errorf("%s: required %s after an optional argument", s.Name, a.Name)
			}
			optional = optional || !a.Required
			if a.Kind == ArgChoice && len(a.Choices) == 0 {
				t.Errorf("%s %s: a choice with no choices", s.Name, a.Name)
			}
		}
	}
	newSpec, _ := SpecOf("new")
	if got, want := strings.Join(newSpec.Args[0].Choices, ","), strings.Join(title.Names(), ","); got != want {
		t.Errorf("new offers titles %s, want the registry's %s", got, want)
	}
}

func TestFormat(t *testing.T) {
	for _, c := range []struct {
		name string
		vals map[string]string
		want string
		bad  bool
	}{
		{name: "lay", vals: map[string]string{"tile": "57", "hex": "D23", "rotation": "1"}, want: "lay 57 D23 r1"},
		{name: "lay", vals: map[string]string{"hex": "D23", "tile": "57"}, want: "lay 57 D23"},
		{name: "train", vals: map[string]string{"train": "L-4", "from": "SWW", "price": "150"}, want: "train L-4 from SWW 150"},
		{name: "dividend", vals: map[string]string{"choice": "half"}, want: "half"},
		{name: "run", want: "run auto"},
		{name: "new", vals: map[string]string{"title": "1822CA WRS"}, want: "new 1822CA WRS"},
		{name: "import", vals: map[string]string{"file": "x.json"}, want: "import"},
		{name: "lay", vals: map[string]string{"tile": "57"}, bad: true},
		{name: "dividend", vals: map[string]string{"choice": "steal"}, bad: true},
		{name: "note", vals: map[string]string{"text": "a\npass"}, bad: true},
		{name: "fly", bad: true},
	} {
		t.Run(c.name+" "+c.want, func(t *testing.T) {
			got, err := Format(c.name, c.vals)
			if c.bad {
				if err == nil {
					t.Errorf("Format(%s, %v) = %q, want an error", c.name, c.vals, got)
				}
				return
			}
			if err != nil || got != c.want {
				t.Errorf("Format(%s, %v) = %q, %v; want %q", c.name, c.vals, got, err, c.want)
			}
		})
	}
}
