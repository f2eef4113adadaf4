package title

import "testing"

// allTitles builds every registered title.
func allTitles() []*Title {
	var out []*Title
	for _, n := range Names() {
		t, err := ByName(n)
		if err != nil {
			panic(err)
		}
		out = append(out, t)
	}
	return out
}

func TestByName(t *testing.T) {
	for _, n := range Names() {
		ti, err := ByName(n)
		if err != nil {
			t.Fatal(err)
		}
		if ti.Name != n {
			t.Errorf("ByName(%q).Name = %q", n, ti.Name)
		}
		if ti.Map != nil {
			t.Errorf("%s: Map set; the engine attaches the board", n)
		}
		for _, p := range []int{ti.MinPlayers, ti.MaxPlayers} {
			if ti.StartCash[p] == 0 || ti.CertLimit[p] == 0 || ti.BidTokens[p] == 0 {
				t.Errorf("%s: no cash, cert limit or bid tokens for %d players", n, p)
			}
		}
	}
	if _, err := ByName("1822Africa"); err == nil {
		t.Error("ByName(1822Africa) succeeded")
	}
	a, _ := ByName("1822PNW")
	b, _ := ByName("1822PNW")
	a.Companies[0].Name = "changed"
	if b.Companies[0].Name == "changed" {
		t.Error("ByName shares state between calls")
	}
}

func TestBoard(t *testing.T) {
	for _, n := range Names() {
		t.Run(n, func(t *testing.T) {
			m, err := Board(n)
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Hexes) == 0 || len(m.Tiles) == 0 {
				t.Errorf("Board(%q) has %d hexes and %d tiles", n, len(m.Hexes), len(m.Tiles))
			}
		})
	}
	pnw, _ := Board("1822PNW")
	ca, _ := Board("1822CA")
	if pnw.Layout == ca.Layout {
		t.Error("the 1822PNW and 1822CA boards share a layout; each title must get its own board")
	}
	for _, n := range []string{"", "1822pnw", "1822Africa", "18xx"} {
		if _, err := Board(n); err == nil {
			t.Errorf("Board(%q) succeeded; unknown titles must be refused", n)
		}
	}
}
