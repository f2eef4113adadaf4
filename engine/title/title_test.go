package title

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pbc/engine/board"
)

// companyIDs returns the ids of cs in order.
func companyIDs(cs []Company) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.ID
	}
	return out
}

// corpIDs returns the ids of the corporations of t in order.
func corpIDs(t *Title) []string {
	out := make([]string, len(t.Corps))
	for i, c := range t.Corps {
		out[i] = c.ID
	}
	return out
}

func TestPNWDefinitionOrder(t *testing.T) {
	p := PNW()
	want := ids("P1-P21 M1-M21 MA MB MC")
	if got := companyIDs(p.Companies); !slices.Equal(got, want) {
		t.Errorf("companies = %v, want %v", got, want)
	}
	wantCorps := ids("1-21 A B C NP CPR GNR ORNC SPS CMPS SWW")
	if got := corpIDs(p); !slices.Equal(got, wantCorps) {
		t.Errorf("corporations = %v, want %v", got, wantCorps)
	}
}

func TestPNWAssociations(t *testing.T) {
	p := PNW()
	pairs := map[string]string{"1": "CPR", "5": "GNR", "7": "CMPS", "8": "SWW", "17": "SPS", "18": "ORNC", "20": "NP"}
	for minor, major := range pairs {
		if got := p.Corp(minor).Assoc; got != major {
			t.Errorf("minor %s assoc = %q, want %q", minor, got, major)
		}
		if got := p.Corp(major).Assoc; got != minor {
			t.Errorf("major %s assoc = %q, want %q", major, got, minor)
		}
	}
	n := 0
	for _, c := range p.Corps {
		if c.Kind == Minor && c.Assoc != "" {
			n++
		}
	}
	if n != len(pairs) {
		t.Errorf("%d associated minors, want %d", n, len(pairs))
	}
}

func TestPNWMajors(t *testing.T) {
	p := PNW()
	tests := []struct{ id, home, dest string }{
		{"NP", "O20", "I12"}, {"CPR", "A8", "A22"}, {"GNR", "D23", "D11"}, {"ORNC", "O8", "O20"},
		{"SPS", "O8", "F23"}, {"CMPS", "F23", "H11"}, {"SWW", "H11", "O22"},
	}
	for _, tc := range tests {
		c := p.Corp(tc.id)
		if c == nil {
			t.Fatalf("no major %s", tc.id)
		}
		if c.Kind != Major || c.Home != tc.home || c.Dest != tc.dest || c.Exchange != 3 {
			t.Errorf("%s = kind %d home %s dest %s exchange %d", tc.id, c.Kind, c.Home, c.Dest, c.Exchange)
		}
		if !slices.Equal(c.Tokens, []int{0, 100}) {
			t.Errorf("%s tokens = %v", tc.id, c.Tokens)
		}
	}
}

func TestPNWAcquisition(t *testing.T) {
	p := PNW()
	tests := []struct {
		id    string
		phase int
		by    Acquirer
	}{
		{"P1", 5, ByMajor}, {"P2", 2, ByMajor}, {"P3", 1, ByMinor | ByMajor}, {"P9", 3, ByMajor},
		{"P13", 3, ByMajor}, {"P17", 5, ByMinor | ByMajor}, {"P20", 1, ByMinor | ByMajor}, {"P21", 2, ByMinor | ByMajor},
	}
	for _, tc := range tests {
		c := p.Company(tc.id)
		if c.AcquirePhase != tc.phase || c.AcquireBy != tc.by {
			t.Errorf("%s acquire = phase %d by %d, want %d %d", tc.id, c.AcquirePhase, c.AcquireBy, tc.phase, tc.by)
		}
	}
	for _, c := range p.Companies {
		if c.Kind == Private && (c.Ability == "" || c.Desc == "" || c.AcquirePhase == 0) {
			t.Errorf("private %s lacks ability, description or acquisition phase", c.ID)
		}
	}
}

// endCells returns the prices of the EndGame cells of a market.
func endCells(m []Cell) []int {
	var out []int
	for _, c := range m {
		if c.Kind == EndGame {
			out = append(out, c.Price)
		}
	}
	return out
}

func TestMarkets(t *testing.T) {
	tests := []struct {
		title     *Title
		cells     int
		end       []int
		parMinor  []int
		parAll    []int
		yellowTop int // highest YellowZone price, 0 if none
	}{
		{PNW(), 28, []int{600}, []int{50}, []int{55, 60, 65, 70, 75, 80, 90, 100}, 0},
		{PNWShort(), 28, []int{500, 550, 600}, []int{50}, []int{55, 60, 65, 70, 75, 80, 90, 100}, 0},
		{PNWSRS(), 28, []int{500, 550, 600}, []int{50}, []int{55, 60, 65, 70, 75, 80, 90, 100}, 0},
		{CA(), 35, []int{700}, []int{50}, []int{60, 70, 80, 90, 100}, 45},
		{CAERS(), 33, []int{500, 550, 600}, []int{50}, []int{60, 70, 80, 90, 100}, 45},
		{CAWRS(), 33, []int{500, 550, 600}, []int{50}, []int{60, 70, 80, 90, 100}, 45},
	}
	for _, tc := range tests {
		t.Run(tc.title.Name, func(t *testing.T) {
			m := tc.title.Market
			if len(m) != tc.cells {
				t.Errorf("%d cells, want %d", len(m), tc.cells)
			}
			if got := endCells(m); !slices.Equal(got, tc.end) {
				t.Errorf("end cells = %v, want %v", got, tc.end)
			}
			var minor, all []int
			yellow := 0
			for i, c := range m {
				if i > 0 && c.Price <= m[i-1].Price {
					t.Errorf("cell %d price %d not increasing", i, c.Price)
				}
				switch c.Kind {
				case ParMinor:
					minor = append(minor, c.Price)
				case ParAll:
					all = append(all, c.Price)
				case YellowZone:
					yellow = c.Price
				}
			}
			if !slices.Equal(minor, tc.parMinor) || !slices.Equal(all, tc.parAll) {
				t.Errorf("par cells = %v / %v, want %v / %v", minor, all, tc.parMinor, tc.parAll)
			}
			if yellow != tc.yellowTop {
				t.Errorf("top yellow cell = %d, want %d", yellow, tc.yellowTop)
			}
		})
	}
}

func TestPhases(t *testing.T) {
	minor := []int{2, 2, 2, 1, 1, 1, 1}
	major := []int{4, 4, 4, 3, 2, 2, 2}
	ors := []int{1, 2, 2, 2, 2, 2, 2}
	tiles := []board.Color{board.Yellow, board.Yellow, board.Green, board.Green, board.Brown, board.Brown, board.Gray}
	for _, ti := range allTitles() {
		t.Run(ti.Name, func(t *testing.T) {
			if len(ti.Phases) != 7 {
				t.Fatalf("%d phases", len(ti.Phases))
			}
			for i, ph := range ti.Phases {
				if ph.Name != fmt.Sprint(i+1) || ph.TrainLimitMinor != minor[i] || ph.TrainLimitMajor != major[i] ||
					ph.OperatingRounds != ors[i] || ph.Tiles != tiles[i] {
					t.Errorf("phase %d = %+v", i+1, ph)
				}
				for _, on := range ph.On {
					if ti.Train(on) == nil && !hasVariant(ti, on) {
						t.Errorf("phase %s starts on unknown train %q", ph.Name, on)
					}
				}
			}
			if slices.Contains(ti.Phases[1].Status, "l_upgrade") != (ti.LUpgradeCostPhase2 == 70) {
				t.Errorf("phase 2 switches %v with phase-2 upgrade cost %d", ti.Phases[1].Status, ti.LUpgradeCostPhase2)
			}
			if !slices.Contains(ti.Phases[5].Status, "full_capitalisation") || !slices.Contains(ti.Phases[4].Status, "can_par") {
				t.Errorf("phase 5/6 switches = %v / %v", ti.Phases[4].Status, ti.Phases[5].Status)
			}
		})
	}
}

func hasVariant(ti *Title, name string) bool {
	for _, tr := range ti.Trains {
		for _, v := range tr.Variants {
			if v.Name == name {
				return true
			}
		}
	}
	return false
}

func TestReservedTrains(t *testing.T) {
	for _, ti := range allTitles() {
		t.Run(ti.Name, func(t *testing.T) {
			linked := map[string]string{}
			for _, tr := range ti.Trains {
				if tr.Reserved != (len(tr.ReservedFor) > 0) {
					t.Errorf("train %s: Reserved %v with owners %v", tr.Name, tr.Reserved, tr.ReservedFor)
				}
				if tr.Reserved && tr.Count != len(tr.ReservedFor) {
					t.Errorf("train %s: %d copies for %d owners", tr.Name, tr.Count, len(tr.ReservedFor))
				}
				for i, owner := range tr.ReservedFor {
					linked[owner] = fmt.Sprintf("%s-%d", tr.Name, i)
				}
			}
			for _, c := range ti.Companies {
				want, ok := linked[c.ID]
				if c.Train != want || (ok && c.Kind != Private) {
					t.Errorf("company %s train = %q, want %q", c.ID, c.Train, want)
				}
				if ok && c.Ability != "train" && c.Ability != "pullman" && c.Ability != "grain_train" {
					t.Errorf("company %s owns train %s but has ability %q", c.ID, want, c.Ability)
				}
			}
		})
	}
}

func TestCompanyLinks(t *testing.T) {
	for _, ti := range allTitles() {
		t.Run(ti.Name, func(t *testing.T) {
			seen := map[string]bool{}
			for _, c := range ti.Companies {
				if seen[c.ID] {
					t.Errorf("duplicate company %s", c.ID)
				}
				seen[c.ID] = true
				if c.Kind == Private {
					if c.Corp != "" || c.Value != 0 {
						t.Errorf("private %s: corp %q value %d", c.ID, c.Corp, c.Value)
					}
					continue
				}
				corp := ti.Corp(c.Corp)
				if corp == nil {
					t.Errorf("company %s stands for missing corporation %q", c.ID, c.Corp)
					continue
				}
				if c.Value != 100 || !strings.HasSuffix(c.ID, c.Corp) && c.Kind != Concession {
					t.Errorf("company %s: value %d corp %s", c.ID, c.Value, c.Corp)
				}
			}
			for _, c := range ti.Corps {
				if c.ID == ti.Government.Corp {
					continue // its certificates grow as minors leave the game
				}
				total := 0
				for _, s := range c.Shares {
					total += s
				}
				if total != 100 || c.FloatPercent == 0 || len(c.Tokens) == 0 || c.Home == "" && c.Kind != Major {
					t.Errorf("corporation %s: shares %v float %d tokens %v home %q",
						c.ID, c.Shares, c.FloatPercent, c.Tokens, c.Home)
				}
			}
		})
	}
}

// TestPrivateTrains checks the reserved-train table of doc 2.11.
func TestPrivateTrains(t *testing.T) {
	tests := []struct {
		title string
		want  string // private=train pairs
	}{
		{"1822PNW", "P1=5P-0 P2=2P-0 P3=LP-0 P4=LP-1 P5=P+-0 P6=P+-1"},
		{"1822PNW Short Scenario", "P1=5P-0 P2=2P-0 P3=LP-0 P5=P+-0"},
		{"1822PNW SRS", "P1=5P-0 P2=2P-0 P3=LP-0 P5=P+-0"},
		{"1822CA", "P1=5P-0 P2=LP-0 P3=2P-0 P4=2P-1 P5=P-0 P6=P-1 P26=G-0 P27=G-1"},
		{"1822CA ERS", "P1=5P-0 P2=LP-0 P3=2P-0 P4=2P-1 P5=P-0 P6=P-1"},
		{"1822CA WRS", "P1=5P-0 P2=LP-0 P3=2P-0 P4=2P-1 P5=P-0 P6=P-1 P26=G-0 P27=G-1"},
	}
	for _, tc := range tests {
		ti, err := ByName(tc.title)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range ti.Companies {
			if c.Train != "" {
				got = append(got, c.ID+"="+c.Train)
			}
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s: private trains %v, want %s", tc.title, got, tc.want)
		}
	}
}

// TestDepot checks the buyable trains of doc 2.11, in depot order, written
// as name:count (-1 = unlimited) with the L price.
func TestDepot(t *testing.T) {
	tests := []struct {
		title  string
		depot  string
		lPrice int
	}{
		{"1822PNW", "L:22 3:7 4:4 5:2 6:3 7:-1", 60},
		{"1822PNW Short Scenario", "L:14 3:7 4:4 5:2 6:3 7:-1", 50},
		{"1822PNW SRS", "L:14 3:7 4:3 5:1 6:2 7:-1", 50},
		{"1822CA", "L:22 3:9 4:6 5:3 6:3 7:-1", 60},
		{"1822CA ERS", "L:14 3:6 4:4 5:2 6:3 7:20", 50},
		{"1822CA WRS", "L:14 3:6 4:4 5:2 6:3 7:20", 50},
	}
	for _, tc := range tests {
		ti, err := ByName(tc.title)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, tr := range ti.Trains {
			if !tr.Reserved {
				got = append(got, fmt.Sprintf("%s:%d", tr.Name, tr.Count))
			}
		}
		if strings.Join(got, " ") != tc.depot || ti.Trains[0].Price != tc.lPrice {
			t.Errorf("%s: depot %v L $%d, want %s L $%d", tc.title, got, ti.Trains[0].Price, tc.depot, tc.lPrice)
		}
	}
}

// TestStartingSets checks the companies in play of doc 2.4.
func TestStartingSets(t *testing.T) {
	tests := []struct {
		title   string
		players int
		want    string
	}{
		{"1822PNW", 3, "P1-P21 M1-M21 MA MB MC"},
		{"1822PNW", 5, "P1-P21 M1-M21 MA MB MC"},
		{"1822PNW Short Scenario", 4, "P1 P2 P3 P5 P7 P9 P10 P11 P14 P15 P16 P20 M1-M21 MA MB MC"},
		{"1822PNW SRS", 2, "P1 P2 P3 P5 P7 P9 P10 P11 P14 P15 P16 P18 M6-M21 MB MC"},
		{"1822PNW SRS", 3, "P1 P2 P3 P5 P7 P9 P10 P11 P14 P15 P16 P18 M6-M21 MB MC"},
		{"1822CA", 2, "P1-P30 C1-C10 M1-M30"},
		{"1822CA", 7, "P1-P30 C1-C10 M1-M30"},
		{"1822CA ERS", 3, "P1-P9 P11-P17 P22-P25 P28-P30 C2 C4 C6 C7 C8 C10 M1-M19"},
		{"1822CA ERS", 5, "P1-P9 P11-P17 P22-P25 P28-P30 C2 C4 C6 C7 C8 C10 M1-M19"},
		{"1822CA ERS", 2, "P1 P2 P3 P9 P12-P17 P23 P24 P28 P29 P30 C2 C4 C6 C7 C8 C10 M1-M19"},
		{"1822CA WRS", 4, "P1-P8 P11 P18 P19 P20 P22 P24 P26 P27 P28 P29 C1 C2 C3 C5 C8 C9 M16-M30"},
		{"1822CA WRS", 2, "P1 P2 P3 P5 P7 P9 P11 P12 P18 P19 P20 P26 P27 P28 P29 C1 C2 C3 C5 C8 C9 M16-M30"},
	}
	for _, tc := range tests {
		ti, err := ByName(tc.title)
		if err != nil {
			t.Fatal(err)
		}
		got := companyIDs(ti.StartingCompanies(tc.players, nil))
		if want := ids(tc.want); !slices.Equal(got, want) {
			t.Errorf("%s with %d players: %d companies %v, want %d %v",
				tc.title, tc.players, len(got), got, len(want), want)
		}
	}
}

// TestScenarioSwitches checks the per-title setup facts of doc 2.11 and 1.4.
func TestScenarioSwitches(t *testing.T) {
	tests := []struct {
		title            string
		cash, cert, bids string // "players:value" lists
		upgrade          [2]int
		emptySR1End      bool
		corps            int
		options          int
		extraOR, lock    bool // BankBreakExtraOR, EndLockFirstTrigger
	}{
		{"1822PNW", "3:500 4:375 5:300", "3:21 4:15 5:12", "3:5 4:4 5:4", [2]int{80, 80}, true, 31, 3, false, false},
		{"1822PNW Short Scenario", "3:500 4:375 5:300", "3:18 4:14 5:11", "3:5 4:4 5:4", [2]int{80, 70}, false, 31, 0,
			false, false},
		{"1822PNW SRS", "2:750 3:500", "2:18 3:14", "2:6 3:5", [2]int{80, 70}, false, 23, 0, false, false},
		{"1822CA", "2:1000 3:700 4:525 5:420 6:350 7:300", "2:40 3:26 4:20 5:16 6:13 7:11", "2:7 3:6 4:5 5:4 6:3 7:3",
			[2]int{80, 80}, true, 40, 0, true, true},
		{"1822CA ERS", "2:750 3:500 4:375 5:300", "2:27 3:17 4:13 5:10", "2:7 3:6 4:5 5:4", [2]int{80, 70}, false, 25, 0,
			false, true},
		{"1822CA WRS", "2:750 3:500 4:375 5:300", "2:27 3:17 4:13 5:10", "2:7 3:6 4:5 5:4", [2]int{80, 70}, false, 21, 0,
			false, true},
	}
	for _, tc := range tests {
		ti, err := ByName(tc.title)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []struct {
			name string
			got  map[int]int
			want string
		}{{"cash", ti.StartCash, tc.cash}, {"cert", ti.CertLimit, tc.cert}, {"bids", ti.BidTokens, tc.bids}} {
			if got := perPlayer(m.got); got != m.want {
				t.Errorf("%s %s = %s, want %s", tc.title, m.name, got, m.want)
			}
		}
		if ti.Bank != 12000 || ti.LUpgradeCost != tc.upgrade[0] || ti.LUpgradeCostPhase2 != tc.upgrade[1] ||
			ti.EndOnEmptyFirstSR != tc.emptySR1End || len(ti.Corps) != tc.corps || len(ti.Options) != tc.options ||
			ti.BankBreakExtraOR != tc.extraOR || ti.EndLockFirstTrigger != tc.lock {
			t.Errorf("%s: bank %d upgrade %d/%d emptySR1 %v corps %d options %v", tc.title, ti.Bank,
				ti.LUpgradeCost, ti.LUpgradeCostPhase2, ti.EndOnEmptyFirstSR, len(ti.Corps), ti.Options)
		}
	}
}

// perPlayer formats a per-player-count table as "2:750 3:500".
func perPlayer(m map[int]int) string {
	var parts []string
	for p := 1; p <= 7; p++ {
		if v, ok := m[p]; ok {
			parts = append(parts, fmt.Sprintf("%d:%d", p, v))
		}
	}
	return strings.Join(parts, " ")
}

// TestPNWStacks checks that the minor stacks of the PNW family use up every
// associated and other minor exactly (doc 2.5-2.7).
func TestPNWStacks(t *testing.T) {
	for _, ti := range []*Title{PNW(), PNWShort(), PNWSRS()} {
		assoc, other := 0, 0
		for _, c := range ti.Companies {
			if c.Kind == Private || c.ID == ti.Deck.FrontMinor {
				continue
			}
			if ti.Corp(c.Corp).Assoc != "" {
				assoc++
			} else {
				other++
			}
		}
		if len(ti.Deck.Pairs) > 0 {
			assoc--
			other--
		}
		for _, s := range ti.Deck.Stacks {
			assoc -= s[0]
			other -= s[1]
		}
		if assoc != 0 || other != 0 {
			t.Errorf("%s: stacks leave %d associated and %d other minors", ti.Name, assoc, other)
		}
		for _, p := range ti.Deck.Pairs {
			a, u := ti.Company(p[0]), ti.Company(p[1])
			if a == nil || u == nil || ti.Corp(a.Corp).Assoc == "" || ti.Corp(u.Corp).Assoc != "" {
				t.Errorf("%s: bad pair %v", ti.Name, p)
			}
		}
	}
}
