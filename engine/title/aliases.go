package title

// The rulebooks' own abbreviations where 18xx.games uses other ids: the
// 1822PNW rulebook's major SWWR is 18xx.games's SWW; the 1822CA rulebook
// names its eastern minors M1–M19 by abbreviations (its company table)
// where 18xx.games numbers them.

var pnwAliases = map[string]string{"SWWR": "SWW"}

var caAliases = map[string]string{
	"DA": "1", "E&NA": "2", "Q&NB": "3", "QC": "4", "NS": "5", "C&StL": "6", "M&L": "7", "B&P": "8",
	"CA": "9", "MR": "10", "CSR": "11", "TH&B": "12", "O&Q": "13", "L&PS": "14", "LN&JB": "15",
	"WC&L": "16", "CC": "17", "O&A": "18", "ACR": "19",
}

// Alias is the 18xx.games id the rulebook's abbreviation s stands for
// (without regard to case), or "" if s is none.
func (t *Title) Alias(s string) string {
	for k, v := range t.Aliases {
		if equalFold(k, s) {
			return v
		}
	}
	return ""
}

// equalFold compares ASCII ids without regard to case.
func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'a' <= x && x <= 'z' {
			x -= 'a' - 'A'
		}
		if 'a' <= y && y <= 'z' {
			y -= 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
