package title

import "fmt"

// titles maps each 18xx.games title name to its constructor, in display order.
var titles = []struct {
	name string
	make func() *Title
}{
	{"1822PNW", PNW},
	{"1822PNW Short Scenario", PNWShort},
	{"1822PNW SRS", PNWSRS},
	{"1822CA", CA},
	{"1822CA ERS", CAERS},
	{"1822CA WRS", CAWRS},
}

// Names returns the supported title names, spelled as on 18xx.games.
func Names() []string {
	out := make([]string, len(titles))
	for i, t := range titles {
		out[i] = t.name
	}
	return out
}

// ByName returns a fresh copy of the title with this exact 18xx.games name.
func ByName(name string) (*Title, error) {
	for _, t := range titles {
		if t.name == name {
			return t.make(), nil
		}
	}
	return nil, fmt.Errorf("title: unknown title %q", name)
}
