package engine

import (
	"strings"
	"testing"

	"pbc/engine/rng"
	"pbc/engine/title"
)

func seatsN(n int) []Seat {
	out := make([]Seat, n)
	for i := range out {
		out[i] = Seat{ID: i, Name: "Player " + string(rune('1'+i))}
	}
	return out
}

func ids(cs []*Company) string {
	var out []string
	for _, c := range cs {
		if c == nil {
			out = append(out, "EMPTY")
			continue
		}
		out = append(out, c.ID)
	}
	return strings.Join(out, " ")
}

// TestNewEveryTitle creates a game for every title, player count and variant,
// and checks the dealt deck and the first bid boxes.
func TestNewEveryTitle(t *testing.T) {
	for _, name := range title.Names() {
		tt, err := TitleByName(name)
		if err != nil {
			t.Fatal(err)
		}
		for n := tt.MinPlayers; n <= tt.MaxPlayers; n++ {
			variants := [][]string{nil}
			if name == "1822PNW" {
				variants = append(variants, []string{"starting_packet"}, []string{"remove_two_ls"}, []string{"remove_three_ls"})
			}
			for _, opts := range variants {
				t.Run(name+"/"+string(rune('0'+n))+"p/"+strings.Join(opts, "+"), func(t *testing.T) {
					g, err := New(tt, seatsN(n), 12345, opts)
					if err != nil {
						t.Fatal(err)
					}
					want := len(tt.StartingCompanies(n, nil))
					if len(tt.Government.ReplacesFirstOf) > 0 {
						want-- // a government railway takes one minor's place
					}
					if got := len(g.Companies); got != want && len(opts) == 0 {
						t.Errorf("deck has %d companies, want %d", got, want)
					}
					for _, p := range g.Players {
						if len(opts) == 0 && p.Cash != tt.StartCash[n] {
							t.Errorf("%s starts with $%d, want $%d", p.Name, p.Cash, tt.StartCash[n])
						}
					}
					if len(opts) == 1 && opts[0] == "starting_packet" {
						if g.round.kind != operatingRound {
							t.Errorf("starting packet game starts in %v, want an operating round", g.roundName)
						}
						return
					}
					if len(g.bidboxMinors()) != 4 || len(g.bidboxPrivates()) != 3 {
						t.Errorf("bid boxes %q / %q", ids(g.bidboxMinors()), ids(g.bidboxPrivates()))
					}
					if g.bidboxPrivates()[0].ID != "P1" {
						t.Errorf("first private %s, want P1", g.bidboxPrivates()[0].ID)
					}
					if strings.HasPrefix(name, "1822CA") && g.bidboxConcessions()[0].ID != "C2" {
						t.Errorf("first concession %s, want C2", g.bidboxConcessions()[0].ID)
					}
					if (name == "1822PNW" || name == "1822CA" || name == "1822CA ERS" || name == "1822PNW SRS") && g.bidboxMinors()[0].ID != "M6" {
						t.Errorf("first minor %s, want M6", g.bidboxMinors()[0].ID)
					}
					up := g.Depot.Upcoming[0].ID
					switch {
					case len(opts) == 0 && up != "L-0":
						t.Errorf("first depot train %s, want L-0", up)
					case len(opts) == 1 && opts[0] == "remove_two_ls" && up != "L-2":
						t.Errorf("first depot train %s, want L-2", up)
					case len(opts) == 1 && opts[0] == "remove_three_ls" && up != "L-3":
						t.Errorf("first depot train %s, want L-3", up)
					}
				})
			}
		}
	}
}

// TestSetupExamples checks the seeded deals documented for 18xx.games games
// (action-log-format 2.10): same seed, same deck and bid boxes.
func TestSetupExamples(t *testing.T) {
	tests := []struct {
		title    string
		players  int
		seed     int64
		deck     string // prefix of the deck order
		minors   string
		concs    string
		privates string
	}{
		{"1822PNW", 3, 586,
			"M6 M20 M3 M5 M21 M18 M15 MC M4 M9 M8 M14 MA M10 M12 M19 M7 M17 M2 M16 M13 MB M11 M1 " +
				"P1 P7 P8 P11 P21 P12 P4 P13 P6 P14 P18 P9 P3 P2 P16 P17 P15 P5 P20 P10 P19",
			"M6 M20 M3 M5", "", "P1 P7 P8"},
		{"1822CA", 4, 1705813307, "M6", "M6 M24 M15 M18", "C2 C4 C3", "P1 P3 P21"},
		{"1822PNW Short Scenario", 4, 714733995, "M17", "M17 M12 M13 M20", "", "P1 P20 P7"},
	}
	for _, tc := range tests {
		t.Run(tc.title, func(t *testing.T) {
			tt, _ := TitleByName(tc.title)
			g, err := New(tt, seatsN(tc.players), tc.seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := ids(g.Companies); !strings.HasPrefix(got, tc.deck) {
				t.Errorf("deck\n got %s\nwant %s", got, tc.deck)
			}
			if got := ids(g.bidboxMinors()); got != tc.minors {
				t.Errorf("minor box %q, want %q", got, tc.minors)
			}
			if got := ids(g.bidboxConcessions()); got != tc.concs {
				t.Errorf("concession box %q, want %q", got, tc.concs)
			}
			if got := ids(g.bidboxPrivates()); got != tc.privates {
				t.Errorf("private box %q, want %q", got, tc.privates)
			}
		})
	}
}

// TestOptionsRefused mirrors the combinations 18xx.games refuses.
func TestOptionsRefused(t *testing.T) {
	tt, _ := TitleByName("1822PNW")
	for _, opts := range [][]string{
		{"starting_packet", "remove_two_ls"},
		{"starting_packet", "remove_three_ls"},
		{"remove_two_ls", "remove_three_ls"},
	} {
		if _, err := New(tt, seatsN(3), 1, opts); err == nil {
			t.Errorf("%v accepted, want refused", opts)
		}
	}
	if _, err := New(tt, seatsN(6), 1, nil); err == nil {
		t.Error("6 players accepted for 1822PNW")
	}
}

// TestStartingPacketDeck: with the PNW quick start the minors stay in the
// order of the opening shuffle (doc 2.9): no M6 first and no stacks, else
// every later bid box differs from 18xx.games (self-play games with the
// option diverged from the reference engine at their first stock round).
func TestStartingPacketDeck(t *testing.T) {
	tt, _ := TitleByName("1822PNW")
	const seed = 700005
	g, err := New(tt, seatsN(4), seed, []string{"starting_packet"})
	if err != nil {
		t.Fatal(err)
	}
	var set []*title.Company
	for _, c := range tt.StartingCompanies(4, nil) {
		set = append(set, tt.Company(c.ID))
	}
	dealt := map[string]bool{} // the packets' minors belong to the players
	for _, packet := range tt.StartingPackets[:4] {
		for _, id := range packet {
			dealt[id] = true
		}
	}
	var want []string
	for _, c := range rng.SortByKey(rng.New(seed), set) {
		if c.Kind != title.Private && !dealt[c.ID] {
			want = append(want, c.ID)
		}
	}
	var got []string
	for _, c := range g.Companies {
		if c.Def.Kind != title.Private {
			got = append(got, c.ID)
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("minors\n got %v\nwant %v (the shuffle's order)", got, want)
	}
}

// TestThunderBayHomes: in 1822CA WRS minor 18 and the GNWR share Thunder
// Bay's one slot; 18 holds the city's reservation and the GNWR's waits on the
// whole hex, so no other company may take a slot the GNWR will need.
func TestThunderBayHomes(t *testing.T) {
	tt, _ := TitleByName("1822CA WRS")
	g, err := New(tt, seatsN(3), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := g.Board.Hex("R16")
	city := h.Tile.Cities()[0]
	if got := h.Reserved[city]; len(got) != 1 || got[0] != "18" {
		t.Errorf("Thunder Bay's slot is reserved for %q, want minor 18", got)
	}
	if !g.hexReserved["GNWR"] {
		t.Error("the GNWR's home is not reserved on the hex")
	}
	if got := g.hexReservers(g.Corp("CPR"), h); len(got) != 1 || got[0] != "GNWR" {
		t.Errorf("hex reservers for the CPR: %v, want GNWR", got)
	}
}
