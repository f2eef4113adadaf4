package title

import (
	"slices"
	"testing"
)

func TestBritishTitles(t *testing.T) {
	for _, tc := range []struct {
		name                    string
		make                    func() *Title
		companies4, corps, rows int
		opts                    map[string]bool
		withOpts                int
	}{
		// 18 privates, 10 concessions, 24 minors; 1822+ adds P19-P21 and M25-M30.
		{"1822", British, 52, 40, 15, map[string]bool{"plus_expansion": true}, 61},
		// P1-P21 but P5, P10, P17; six concessions; sixteen minors.
		{"1822NRS", BritishNRS, 40, 22, 14, nil, 40},
		// P1, P2, P5-P16, P18; seven concessions; sixteen minors; advanced: P1-P12.
		{"1822MRS", BritishMRS, 38, 23, 14, map[string]bool{"advanced": true}, 35},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ti := tc.make()
			if ti.Name != tc.name {
				t.Errorf("name %q", ti.Name)
			}
			if n := len(ti.StartingCompanies(4, nil)); n != tc.companies4 {
				t.Errorf("%d companies with 4 players, want %d", n, tc.companies4)
			}
			if n := len(ti.StartingCompanies(4, tc.opts)); n != tc.withOpts {
				t.Errorf("%d companies with options %v, want %d", n, tc.opts, tc.withOpts)
			}
			if n := len(ti.Corps); n != tc.corps {
				t.Errorf("%d corporations, want %d", n, tc.corps)
			}
			rows := 0
			for _, c := range ti.Market {
				rows = max(rows, c.Row+1)
			}
			if rows != tc.rows {
				t.Errorf("market of %d rows, want %d", rows, tc.rows)
			}
			for _, c := range ti.StartingCompanies(4, tc.opts) {
				if c.Kind == MinorCert && ti.Corp(c.Corp) == nil {
					t.Errorf("%s stands for %s, which is not in the title", c.ID, c.Corp)
				}
			}
		})
	}
}

func TestBritishOptionCorps(t *testing.T) {
	ti := British()
	if got := ti.OptionCorps["plus_expansion"]; !slices.Equal(got, ids("25-30")) {
		t.Errorf("plus_expansion corporations %v", got)
	}
	if c := ti.Corp("14"); !c.HomeChoose || !c.HomeSlotStays || c.Tokens[0] != 20 {
		t.Errorf("minor 14: %+v", c)
	}
	if c := ti.Corp("LNWR"); !c.DestWithHome || c.FloatPercent != 10 || len(c.Shares) != 10 {
		t.Errorf("LNWR: %+v", c)
	}
}

func TestGridMarket(t *testing.T) {
	cells := GridMarket(". 100 110e", "50p 60x 70y")
	want := []Cell{{100, Normal, 0, 1}, {110, EndGame, 0, 2}, {50, ParMinor, 1, 0}, {60, ParAll, 1, 1}, {70, YellowZone, 1, 2}}
	if !slices.Equal(cells, want) {
		t.Errorf("GridMarket = %v, want %v", cells, want)
	}
	g := NewGrid(cells)
	if g.Rows() != 2 || g.RowLen(0) != 3 || g.At(0, 0) != -1 || g.At(1, 2) != 4 || g.At(2, 0) != -1 {
		t.Errorf("grid: rows %d, row 0 len %d, at(0,0) %d, at(1,2) %d", g.Rows(), g.RowLen(0), g.At(0, 0), g.At(1, 2))
	}
}
