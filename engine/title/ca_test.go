package title

import (
	"slices"
	"testing"
)

func TestCADefinitionOrder(t *testing.T) {
	ca := CA()
	if got, want := companyIDs(ca.Companies), ids("P1-P30 C1-C10 M1-M30"); !slices.Equal(got, want) {
		t.Errorf("companies = %v, want %v", got, want)
	}
	want := ids("1-30 CNoR CPR GNWR GT GTP GWR ICR NTR PGE QMOO")
	if got := corpIDs(ca); !slices.Equal(got, want) {
		t.Errorf("corporations = %v, want %v", got, want)
	}
	for i, m := range ids("CNoR CPR GNWR GT GTP GWR ICR NTR PGE QMOO") {
		c := ca.Companies[30+i]
		if c.Kind != Concession || c.Corp != m {
			t.Errorf("%s stands for %q, want %s", c.ID, c.Corp, m)
		}
	}
	if p11 := ca.Company("P11"); p11.AcquireBy != 0 {
		t.Errorf("P11 acquirable by %d", p11.AcquireBy)
	}
}

// TestCAMajors checks homes, destinations and exchange tokens, including the
// ERS and WRS overrides.
func TestCAMajors(t *testing.T) {
	tests := []struct {
		title, id, home, dest string
		exchange              int
	}{
		{"1822CA", "CNoR", "N16", "C15", 3},
		{"1822CA", "CPR", "AF12", "C15", 4},
		{"1822CA", "GNWR", "R16", "N16", 3},
		{"1822CA", "GT", "AC21", "AF12", 3},
		{"1822CA", "GTP", "N16", "A7", 3},
		{"1822CA", "GWR", "AB24", "Z28", 3},
		{"1822CA", "ICR", "AP4", "AH8", 3},
		{"1822CA", "NTR", "AO3", "N16", 3},
		{"1822CA", "PGE", "C15", "D10", 3},
		{"1822CA", "QMOO", "AH8", "AA15", 3},
		{"1822CA ERS", "CPR", "AF12", "T12", 4},
		{"1822CA ERS", "NTR", "AO3", "T14", 3},
		{"1822CA WRS", "CPR", "T14", "C15", 4},
		{"1822CA WRS", "NTR", "T12", "N16", 3},
		{"1822CA WRS", "16", "C17", "", 0},
		{"1822CA WRS", "17", "K15", "", 0},
		{"1822CA WRS", "18", "R16", "", 0},
		{"1822CA WRS", "19", "T12", "", 0},
	}
	for _, tc := range tests {
		ti, _ := ByName(tc.title)
		c := ti.Corp(tc.id)
		if c == nil {
			t.Errorf("%s: no corporation %s", tc.title, tc.id)
			continue
		}
		if c.Home != tc.home || c.Dest != tc.dest || c.Exchange != tc.exchange {
			t.Errorf("%s %s: home %s dest %s exchange %d", tc.title, tc.id, c.Home, c.Dest, c.Exchange)
		}
	}
	cpr := CA().Corp("CPR")
	if len(cpr.Shares) != 10 || cpr.Shares[0] != 10 || !cpr.DestWithHome || cpr.FloatPercent != 10 {
		t.Errorf("CPR shares %v float %d dest-with-home %v", cpr.Shares, cpr.FloatPercent, cpr.DestWithHome)
	}
	if m13 := CA().Corp("13"); !m13.HomeChoose || m13.Tokens[0] != 20 {
		t.Errorf("minor 13: choose %v tokens %v", m13.HomeChoose, m13.Tokens)
	}
}

func TestCADeck(t *testing.T) {
	for _, tc := range []struct {
		ti    *Title
		minor string
	}{{CA(), "M6"}, {CAERS(), "M6"}, {CAWRS(), ""}} {
		d := tc.ti.Deck
		if d.FrontMinor != tc.minor || d.FrontConcession != "C2" || !slices.Equal(d.FrontPrivates, []string{"P1"}) {
			t.Errorf("%s deck = %+v", tc.ti.Name, d)
		}
	}
}
