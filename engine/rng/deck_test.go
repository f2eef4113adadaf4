package rng

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestPNWDeck586 replays the 1822PNW setup of section 2.5 with seed 586 and
// compares with the deck given in section 2.10 of the log-format doc. It checks
// the draw order across several SortByKey calls on one generator.
func TestPNWDeck586(t *testing.T) {
	var all []string
	for i := 1; i <= 21; i++ {
		all = append(all, fmt.Sprintf("P%d", i))
	}
	for i := 1; i <= 21; i++ {
		all = append(all, fmt.Sprintf("M%d", i))
	}
	all = append(all, "MA", "MB", "MC")

	r := New(586)
	shuffled := SortByKey(r, all)
	privates := []string{"P1"}
	var assoc, other []string
	isAssoc := map[string]bool{"M1": true, "M5": true, "M7": true, "M8": true, "M17": true, "M18": true, "M20": true}
	for _, c := range shuffled {
		switch {
		case c == "P1" || c == "M6":
		case strings.HasPrefix(c, "P"):
			privates = append(privates, c)
		case isAssoc[c]:
			assoc = append(assoc, c)
		default:
			other = append(other, c)
		}
	}
	deck := []string{"M6"}
	deck = append(deck, SortByKey(r, slices.Concat(assoc[0:3], other[0:6]))...)
	deck = append(deck, SortByKey(r, slices.Concat(assoc[3:5], other[6:11]))...)
	deck = append(deck, SortByKey(r, slices.Concat(assoc[5:7], other[11:16]))...)
	deck = append(deck, privates...)

	want := strings.Fields(`M6 M20 M3 M5 M21 M18 M15 MC M4 M9 M8 M14 MA M10 M12 M19 M7 M17 M2 M16 M13 MB M11 M1
		P1 P7 P8 P11 P21 P12 P4 P13 P6 P14 P18 P9 P3 P2 P16 P17 P15 P5 P20 P10 P19`)
	if !slices.Equal(deck, want) {
		t.Fatalf("deck\n got %v\nwant %v", deck, want)
	}
}
