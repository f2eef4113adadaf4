package render

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/title"
)

// The British titles' fixtures (1822 and its scenarios), beside the repository.
const (
	// fixture1822Late ends on the market's $700 cell: the fullest 1822 map.
	fixture1822Late = "../../shared/fixtures-next/1822/1822_game_end_stock_market.json"
	fixtureMRSBank  = "../../shared/fixtures-next/1822MRS/1822MRS_game_end_bank.json"
	// stacked1822 is the number of effective actions of fixture1822Late
	// after which three companies share the $90 cell (minor 15 on top, then
	// GWR and NER) and two the $45 cell (minors 17 and 28).
	stacked1822 = 876
)

// TestBritishGoldens draws the 1822 pictures players see late in a game:
// the whole map, the region a move changed, London's six cities, the
// Channel and France, and the grid market with stacked companies.
func TestBritishGoldens(t *testing.T) {
	for _, tc := range []struct {
		name    string
		fixture string
		actions int
		draw    func(*bytes.Buffer, *engine.Game) error
	}{
		{"gb1822_end_map.png", fixture1822Late, 0, func(b *bytes.Buffer, g *engine.Game) error {
			return Map(b, g, MapOptions{Scale: 0.5})
		}},
		{"gb1822_end_move.png", fixture1822Late, 0, func(b *bytes.Buffer, g *engine.Game) error {
			// A tile laid on Manchester, as the bot posts a move on the
			// tall British board: the region around it with its locator.
			opts, ok := MoveCrop(g, MapOptions{Highlight: []string{"I22"}})
			if !ok {
				t.Fatal("no crop around I22")
			}
			return Map(b, g, opts)
		}},
		{"gb1822_end_london.png", fixture1822Late, 0, func(b *bytes.Buffer, g *engine.Game) error {
			// As `map London` shows it: its six cities numbered as a run
			// names them, each number on its track just outside.
			return Map(b, g, MapOptions{Crop: Around(g.Board.Map, "M38", 1), NoLegend: true, StopNumbers: true})
		}},
		{"gb1822_start_swansea.png", fixture1822Late, 5, func(b *bytes.Buffer, g *engine.Game) error {
			// Swansea's city and Oystermouth's town in one hex, numbered.
			return Map(b, g, MapOptions{Crop: Around(g.Board.Map, "D35", 1), NoLegend: true, StopNumbers: true})
		}},
		{"gb1822_end_channel.png", fixture1822Late, 0, func(b *bytes.Buffer, g *engine.Game) error {
			return Map(b, g, MapOptions{Crop: []string{"N40", "Q44"}, NoLegend: true})
		}},
		{"gb1822_stacked_market.png", fixture1822Late, stacked1822, func(b *bytes.Buffer, g *engine.Game) error {
			return Market(b, g, MarketOptions{})
		}},
		{"gbmrs_end_market.png", fixtureMRSBank, 0, func(b *bytes.Buffer, g *engine.Game) error {
			return Market(b, g, MarketOptions{})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := replayN(t, tc.fixture, tc.actions)
			var b bytes.Buffer
			if err := tc.draw(&b, g); err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name, b.Bytes())
		})
	}
}

// TestGridMarketStacksInOrder: each company of a shared cell is drawn in
// its own place, top of the stack first, in its own colour, on the cell's
// row and column; every market of several rows is drawn as its grid.
func TestGridMarketStacksInOrder(t *testing.T) {
	g := replayN(t, fixture1822Late, stacked1822)
	rows, cols := gridRows(g.Market.Cells)
	if rows != 15 || cols != 21 {
		t.Fatalf("1822's market is %d×%d, want 15 rows of up to 21 cells", rows, cols)
	}
	var b bytes.Buffer
	if err := Market(&b, g, MarketOptions{}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	l := layoutGrid(g, rows, cols, 1)
	if img.Bounds().Dx() != int(l.width+0.999) {
		t.Errorf("picture %d px wide, want the grid's %.0f", img.Bounds().Dx(), l.width)
	}
	stacked := 0
	for i, stack := range g.Market.Stacks {
		if len(stack) < 2 {
			continue
		}
		stacked++
		for k, c := range stack {
			at := l.tokenAt(g.Market.Cells[i], k, 1)
			// Above the token's name, inside its disc.
			x, y := int(at.X), int(at.Y-0.55*l.tokR)
			bg, _ := corpColors(c)
			if got := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA); !near(got, bg) {
				t.Errorf("%s, %d on the stack of $%d: colour %v at (%d,%d), want its %v", c.ID, k+1, g.Market.Cells[i].Price, got, x, y, bg)
			}
		}
	}
	if stacked == 0 {
		t.Fatal("no cell holds two companies: the fixture's position changed")
	}
}

// near reports whether two colours differ by at most 24 per channel.
func near(a, b color.RGBA) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= 24 && int(y)-int(x) <= 24 }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

// TestTableSaysStacks: under each bid box the table says how many
// companies wait in its stack (1822 with four players: 24 minors, 4 in the
// box; the 1822+ expansion adds six).
func TestTableSaysStacks(t *testing.T) {
	for _, tc := range []struct {
		options []string
		minors  int
	}{{nil, 20}, {[]string{"plus_expansion"}, 26}} {
		tt, err := engine.TitleByName("1822")
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.New(tt, []engine.Seat{{ID: 1, Name: "Ann"}, {ID: 2, Name: "Ben"}, {ID: 3, Name: "Cy"}, {ID: 4, Name: "Di"}}, 7, tc.options)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.StackSizes(); len(got) != 3 || got[0] != tc.minors {
			t.Errorf("%v: stacks %v, want %d minors", tc.options, got, tc.minors)
		}
		var rows []string
		for _, r := range bidSection(g).rows {
			rows = append(rows, r[0].text+": "+r[1].text)
		}
		want := fmt.Sprintf("minors: %d more in the stack", tc.minors)
		if !slices.Contains(rows, want) {
			t.Errorf("%v: the bid boxes %q lack %q", tc.options, rows, want)
		}
		if each := g.PrivateStackSizes(); (each != nil) != (tc.options != nil) {
			t.Errorf("%v: private stacks %v", tc.options, each)
		} else if each != nil {
			// 1822+: one private of each stack in the box, the rest said
			// stack by stack.
			want := fmt.Sprintf("privates: %d, %d and %d more in its 3 stacks", each[0], each[1], each[2])
			if !slices.Contains(rows, want) {
				t.Errorf("%v: the bid boxes %q lack %q", tc.options, rows, want)
			}
		}
	}
}

// TestBritishSizeLimits: at the default size the British titles' pictures
// late in a game (the 211-hex 1822 board with its last run drawn, the grid
// markets, the tables) stay under 1 MB, the chat limit.
func TestBritishSizeLimits(t *testing.T) {
	for _, fx := range []string{fixture1822Late, fixtureMRSBank, "../../shared/fixtures-next/1822NRS/1822NRS_game_end_bank.json"} {
		g := replayN(t, fx, 0)
		routes := lastRuns(t, fx)
		for name, draw := range map[string]func(*bytes.Buffer) error{
			"map":    func(b *bytes.Buffer) error { return Map(b, g, MapOptions{Routes: routes}) },
			"market": func(b *bytes.Buffer) error { return Market(b, g, MarketOptions{}) },
			"table":  func(b *bytes.Buffer) error { return Table(b, g, TableOptions{}) },
		} {
			var b bytes.Buffer
			if err := draw(&b); err != nil {
				t.Fatalf("%s %s: %v", fx, name, err)
			}
			if b.Len() >= 1<<20 {
				t.Errorf("%s %s: %d bytes, want under 1 MB", filepath.Base(fx), name, b.Len())
			}
			t.Logf("%s %s: %d bytes", filepath.Base(fx), name, b.Len())
		}
	}
}

// lastRuns are the routes of the last run of a fixture's log.
func lastRuns(t *testing.T, path string) []action.Route {
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("fixture not available: %v", err)
	}
	defer f.Close()
	l, err := action.ReadGameLog(f)
	if err != nil {
		t.Fatal(err)
	}
	acts, err := action.Effective(l.Actions)
	if err != nil {
		t.Fatal(err)
	}
	for i := len(acts) - 1; i >= 0; i-- {
		if r, ok := acts[i].(*action.RunRoutes); ok {
			return r.Routes
		}
	}
	return nil
}

// TestStopNumbersHideNothing: the stop numbers of `map <hex>` cover no
// token slot and no name or label, on every title's board, slots empty and
// full, and late in the British fixtures.
func TestStopNumbersHideNothing(t *testing.T) {
	check := func(t *testing.T, where string, g *engine.Game) {
		md := drawRecorded(t, g, MapOptions{StopNumbers: true}, nil)
		var faults []string
		for _, f := range layoutFaults(md) {
			if strings.Contains(f, elStopNumber.String()) {
				faults = append(faults, f)
			}
		}
		report(t, where, faults)
	}
	for _, name := range title.Names() {
		t.Run(name, func(t *testing.T) {
			tl, err := engine.TitleByName(name)
			if err != nil {
				t.Fatal(err)
			}
			seats := make([]engine.Seat, tl.MinPlayers)
			for i := range seats {
				seats[i] = engine.Seat{ID: i + 1, Name: fmt.Sprintf("Player %d", i+1)}
			}
			for _, full := range []bool{false, true} {
				g, err := engine.New(tl, seats, 1, nil)
				if err != nil {
					t.Fatal(err)
				}
				if full {
					fillSlots(g)
				}
				check(t, fmt.Sprintf("slots full %v", full), g)
			}
		})
	}
	for _, fx := range []string{fixture1822Late, fixtureMRSBank} {
		check(t, filepath.Base(fx), replayN(t, fx, 0))
	}
}
