package tabletop

import (
	"pbc/commands"
	"strings"
	"testing"
)

// TestHelpCitesThisTitlesIDs: help in a 1822PNW game names no 1822CA
// major (GT_0, GWR) and in a 1822CA game no 1822PNW one (SWW).
func TestHelpCitesThisTitlesIDs(t *testing.T) {
	for _, tc := range []struct {
		title   string
		foreign []string
	}{
		{"1822PNW", []string{"GT_0", "GWR", "GT "}},
		{"1822CA", []string{"SWW", "GNR"}},
	} {
		t.Run(tc.title, func(t *testing.T) {
			tb, err := NewTable(tc.title, nil, 586, []commands.Seat{{Player: 1, Name: "ann", User: "a"}, {Player: 2, Name: "bob", User: "b"}, {Player: 3, Name: "cy", User: "c"}}, "a")
			if err != nil {
				t.Fatal(err)
			}
			for _, topic := range []string{"", "stock", "as", "private", "token"} {
				rep := tb.Exec(commands.Request{User: "a", Text: strings.TrimSpace("help " + topic)})
				for _, f := range tc.foreign {
					if strings.Contains(rep.Text, f) {
						t.Errorf("help %s cites %q: %s", topic, f, rep.Text)
					}
				}
			}
		})
	}
}
