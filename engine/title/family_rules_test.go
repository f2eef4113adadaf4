package title

import (
	"slices"
	"testing"
)

// familyRules are the rule switches a title sets for the family code.
type familyRules struct {
	majors MajorRules
	acq    AcquisitionRules
	stock  StockRules
	attach bool
}

// TestFamilyRules checks the rule switches that replaced title checks in
// the family code: each title sets its own, and the rules about associated
// minors are only switched on where the title has associated minors.
func TestFamilyRules(t *testing.T) {
	pnw := familyRules{MajorRules{HomeViaMinor: true, ConvertMinor: true, MergerRoundFrom: 2},
		AcquisitionRules{UnassociatedOnly: true}, StockRules{TripleJumpUpTo: 150}, false}
	ca := familyRules{MajorRules{}, AcquisitionRules{BonusLay: true}, StockRules{OtherSalesDropFrom: 3}, true}
	tests := []struct {
		name string
		want familyRules
	}{
		{"1822PNW", pnw},
		{"1822PNW Short Scenario", pnw},
		{"1822PNW SRS", pnw},
		{"1822CA", ca},
		{"1822CA ERS", ca},
		{"1822CA WRS", ca},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ti, err := ByName(tc.name)
			if err != nil {
				t.Fatal(err)
			}
			got := familyRules{ti.Majors, ti.Acquisition, ti.Stock, ti.Routes.AttachOptional}
			if got != tc.want {
				t.Errorf("rules %+v, want %+v", got, tc.want)
			}
			assoc := slices.ContainsFunc(ti.Corps, func(c Corporation) bool { return c.Kind == Minor && c.Assoc != "" })
			uses := ti.Majors.HomeViaMinor || ti.Majors.ConvertMinor || ti.Majors.MergerRoundFrom > 0 ||
				ti.Acquisition.UnassociatedOnly
			if uses && !assoc {
				t.Errorf("association rules %+v %+v without associated minors", ti.Majors, ti.Acquisition)
			}
		})
	}
}
