package engine

import "testing"

func TestCurrentPhase(t *testing.T) {
	tt, err := TitleByName("1822CA")
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(tt, seatsN(3), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	last := len(g.T.Phases) - 1
	tests := []struct {
		name  string
		phase int
		want  string // phase name; "" for none
	}{
		{"first phase", 0, g.T.Phases[0].Name},
		{"last phase", last, g.T.Phases[last].Name},
		{"before the first", -1, ""},
		{"past the last", last + 1, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g.Phase = tc.phase
			got := ""
			if ph := g.CurrentPhase(); ph != nil {
				got = ph.Name
			}
			if got != tc.want {
				t.Errorf("CurrentPhase() at %d = %q; want %q", tc.phase, got, tc.want)
			}
		})
	}
}
