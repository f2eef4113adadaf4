package commands

import (
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
			tb, err := NewTable(tc.title, nil, 586, []Seat{{1, "ann", "a"}, {2, "bob", "b"}, {3, "cy", "c"}}, "a")
			if err != nil {
				t.Fatal(err)
			}
			for _, topic := range []string{"", "stock", "as", "private", "token"} {
				rep := tb.Exec(Request{User: "a", Text: strings.TrimSpace("help " + topic)})
				for _, f := range tc.foreign {
					if strings.Contains(rep.Text, f) {
						t.Errorf("help %s cites %q: %s", topic, f, rep.Text)
					}
				}
			}
		})
	}
}
