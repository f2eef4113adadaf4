package session

import (
	"slices"
	"strings"
	"testing"
)

// TestResolveTitle reads `new` against the title registry: base titles,
// scenario words and option words, and says what it knows when a word
// names nothing.
func TestResolveTitle(t *testing.T) {
	for _, tc := range []struct {
		target string
		items  []string
		name   string
		opts   []string
		bad    string
	}{
		{"1822pnw", nil, "1822PNW", nil, ""},
		{"1822PNW", []string{"short"}, "1822PNW Short Scenario", nil, ""},
		{"1822PNW", []string{"short", "scenario"}, "1822PNW Short Scenario", nil, ""},
		{"1822PNW", []string{"SRS"}, "1822PNW SRS", nil, ""},
		{"1822CA", []string{"wrs"}, "1822CA WRS", nil, ""},
		{"1822CA", []string{"ers"}, "1822CA ERS", nil, ""},
		{"1822PNW", []string{"packet"}, "1822PNW", []string{"starting_packet"}, ""},
		{"1822PNW", []string{"remove-two-ls"}, "1822PNW", []string{"remove_two_ls"}, ""},
		{"1822PNW", []string{"wrs"}, "", nil, "1822PNW has no option \"wrs\"; it has packet, remove_two_ls, remove_three_ls."},
		{"1822CA", []string{"packet"}, "", nil, "1822CA has no option \"packet\"."},
		{"1822PNW SRS", nil, "", nil, "I know 1822PNW"},
		{"18Chesapeake", nil, "", nil, "I know 1822PNW"},
	} {
		t.Run(tc.target+" "+strings.Join(tc.items, " "), func(t *testing.T) {
			name, opts, bad := resolveTitle(tc.target, tc.items)
			if tc.bad != "" {
				if !strings.Contains(bad, tc.bad) {
					t.Errorf("problem %q, want %q", bad, tc.bad)
				}
				return
			}
			if bad != "" || name != tc.name || !slices.Equal(opts, tc.opts) {
				t.Errorf("resolveTitle = %q %v %q, want %q %v", name, opts, bad, tc.name, tc.opts)
			}
		})
	}
}
