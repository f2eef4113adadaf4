package render

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"pbc/engine"
	"pbc/engine/action"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/")

// Fixtures live in the shared folder beside the repository; tests that need
// one are skipped without it.
const (
	fixturePNW     = "../../shared/fixtures/1822PNW/586.json"
	fixturePNWLate = "../../shared/fixtures/1822PNW/1822PNW_game_end_stock_market.json"
	fixtureCA      = "../../shared/fixtures/1822CA/1.json"
	// fixtureCABank ends with the busiest 1822CA map of the fixtures.
	fixtureCABank = "../../shared/fixtures/1822CA/1822CA_game_end_bank.json"
)

// replayN replays the first n effective actions of a fixture (all if n <= 0).
func replayN(tb testing.TB, path string, n int) *engine.Game {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Skipf("fixture not available: %v", err)
	}
	defer f.Close()
	log, err := action.ReadGameLog(f)
	if err != nil {
		tb.Fatal(err)
	}
	k := 0
	g, err := engine.Replay(log, engine.ReplayOptions{After: func(*engine.Game, action.Action) bool {
		k++
		return n <= 0 || k < n
	}})
	if g == nil {
		tb.Fatalf("replay %s: %v", path, err)
	}
	if n > 0 && k < n {
		tb.Skipf("%s: the engine applies only %d of the first %d actions (%v)", path, k, n, err)
	}
	return g
}

// golden compares a PNG with testdata/name, or rewrites it with -update. Two
// images match when at most 0.2% of their pixels differ by more than 24 in
// a channel (antialiasing may differ slightly across platforms).
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update to create it)", err)
	}
	a, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	b, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	if a.Bounds() != b.Bounds() {
		t.Fatalf("%s: size %v, golden %v (run go test ./render -update after checking the new picture)", name, a.Bounds().Size(), b.Bounds().Size())
	}
	if n, total := diffPixels(a, b, 24); float64(n) > 0.002*float64(total) {
		out := filepath.Join(os.TempDir(), "pbc-render-"+name)
		_ = os.WriteFile(out, got, 0o644)
		t.Errorf("%s: %d of %d pixels differ; new picture in %s (run go test ./render -update after checking it)", name, n, total, out)
	}
}

// diffPixels counts the pixels of a and b differing by more than tol in a channel.
func diffPixels(a, b image.Image, tol int) (n, total int) {
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c1, c2 := a.At(x, y), b.At(x, y)
			r1, g1, b1, a1 := c1.RGBA()
			r2, g2, b2, a2 := c2.RGBA()
			for _, d := range [4]int{int(r1>>8) - int(r2>>8), int(g1>>8) - int(g2>>8), int(b1>>8) - int(b2>>8), int(a1>>8) - int(a2>>8)} {
				if d > tol || d < -tol {
					n++
					break
				}
			}
		}
	}
	return n, r.Dx() * r.Dy()
}

func TestGoldenImages(t *testing.T) {
	for _, tc := range []struct {
		name    string
		fixture string
		actions int
		draw    func(*bytes.Buffer, *engine.Game) error
	}{
		{"pnw586_40_map.png", fixturePNW, 40, func(b *bytes.Buffer, g *engine.Game) error {
			return Map(b, g, MapOptions{Scale: 0.6})
		}},
		{"pnw586_150_map.png", fixturePNW, 150, func(b *bytes.Buffer, g *engine.Game) error {
			return Map(b, g, MapOptions{Scale: 0.6, Highlight: []string{"O10", "P11"}})
		}},
		{"pnw586_150_portland.png", fixturePNW, 150, func(b *bytes.Buffer, g *engine.Game) error {
			return Map(b, g, MapOptions{Crop: []string{"M7", "P13"}, NoLegend: true})
		}},
		{"pnw586_150_market.png", fixturePNW, 150, func(b *bytes.Buffer, g *engine.Game) error {
			return Market(b, g, MarketOptions{})
		}},
		{"pnw586_150_table.png", fixturePNW, 150, func(b *bytes.Buffer, g *engine.Game) error {
			return Table(b, g, TableOptions{})
		}},
		{"pnw586_17_table.png", fixturePNW, 17, func(b *bytes.Buffer, g *engine.Game) error {
			// Player 1 outbids Player 2 on M20: the table shows who leads,
			// who was outbid and the cash each has committed.
			bid := &action.Bid{Company: "M20", Price: 110}
			bid.Type, bid.Entity, bid.EntityType = "bid", action.PlayerEntity(0), action.EntityPlayer
			if err := g.Apply(bid); err != nil {
				return err
			}
			return Table(b, g, TableOptions{})
		}},
		{"pnwlate_end_tacoma.png", fixturePNWLate, 0, func(b *bytes.Buffer, g *engine.Game) error {
			// Tacoma's phase revenues beside its three slots, M10's home
			// among them, and Seattle's crowded hex above.
			return Map(b, g, MapOptions{Crop: []string{"H11", "J13"}, NoLegend: true})
		}},
		{"cabank_end_montreal.png", fixtureCABank, 0, func(b *bytes.Buffer, g *engine.Game) error {
			// Montréal, Ottawa, Québec and Saint Jean at the end of a game:
			// water-crossing costs beside full stations.
			return Map(b, g, MapOptions{Crop: []string{"AD10", "AH16"}, NoLegend: true})
		}},
		{"pnwbank_end_map.png", fixturePNWBank, 0, func(b *bytes.Buffer, g *engine.Game) error {
			return Map(b, g, MapOptions{Scale: 0.5})
		}},
		{"ca1_20_map.png", fixtureCA, 20, func(b *bytes.Buffer, g *engine.Game) error {
			return Map(b, g, MapOptions{Scale: 0.5})
		}},
		{"ca1_60_map.png", fixtureCA, 60, func(b *bytes.Buffer, g *engine.Game) error {
			return Map(b, g, MapOptions{Scale: 0.5})
		}},
		{"ca1_60_east.png", fixtureCA, 60, func(b *bytes.Buffer, g *engine.Game) error {
			return Map(b, g, MapOptions{Crop: []string{"AB10", "AH16"}, NoLegend: true})
		}},
		{"ca1_60_move.png", fixtureCA, 60, func(b *bytes.Buffer, g *engine.Game) error {
			// A tile laid on AE13, as the bot shows a move on the wide
			// 1822CA board: the region around it with its locator.
			opts, ok := MoveCrop(g, MapOptions{Highlight: []string{"AE13"}})
			if !ok {
				return fmt.Errorf("no crop")
			}
			return Map(b, g, opts)
		}},
		{"ca1_60_market.png", fixtureCA, 60, func(b *bytes.Buffer, g *engine.Game) error {
			return Market(b, g, MarketOptions{})
		}},
		{"ca2_end_map.png", fixtureCA2, 0, func(b *bytes.Buffer, g *engine.Game) error {
			return Map(b, g, MapOptions{Scale: 0.5})
		}},
		{"ca4_end_toronto.png", fixtureCA4, 0, func(b *bytes.Buffer, g *engine.Game) error {
			return Map(b, g, MapOptions{Crop: []string{"AB20", "AD22"}, NoLegend: true})
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

// TestDefaultSizeLimits checks the chat limits at the default size: every
// PNG under 1 MB.
func TestDefaultSizeLimits(t *testing.T) {
	for _, fx := range []string{fixturePNWLate, fixtureCA, fixtureCABank} {
		g := replayN(t, fx, 0)
		for name, draw := range map[string]func(*bytes.Buffer) error{
			"map":    func(b *bytes.Buffer) error { return Map(b, g, MapOptions{}) },
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
			if _, err := png.Decode(&b); err != nil {
				t.Errorf("%s %s: not a PNG: %v", filepath.Base(fx), name, err)
			}
		}
	}
}

func TestMapOptions(t *testing.T) {
	g := replayN(t, fixturePNW, 40)
	var full, crop, big bytes.Buffer
	if err := Map(&full, g, MapOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := Map(&crop, g, MapOptions{Crop: []string{"H11", "I12"}}); err != nil {
		t.Fatal(err)
	}
	if err := Map(&big, g, MapOptions{Scale: 1.5, NoLegend: true}); err != nil {
		t.Fatal(err)
	}
	size := func(b *bytes.Buffer) image.Point {
		cfg, err := png.DecodeConfig(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		return image.Pt(cfg.Width, cfg.Height)
	}
	f, c, l := size(&full), size(&crop), size(&big)
	if c.X >= f.X/2 || c.Y >= f.Y/2 {
		t.Errorf("crop to H11-I12 gives %v, full map %v", c, f)
	}
	if l.X <= f.X*14/10 {
		t.Errorf("scale 1.5 gives width %d, default %d", l.X, f.X)
	}
	if err := Map(&bytes.Buffer{}, g, MapOptions{Crop: []string{"not a hex"}}); err == nil || !strings.Contains(err.Error(), "crop") {
		t.Errorf("bad crop hex: err = %v", err)
	}
	if err := Map(&bytes.Buffer{}, nil, MapOptions{}); err == nil {
		t.Error("nil game: no error")
	}
	if err := Market(&bytes.Buffer{}, nil, MarketOptions{}); err == nil {
		t.Error("nil game market: no error")
	}
	if err := Table(&bytes.Buffer{}, nil, TableOptions{}); err == nil {
		t.Error("nil game table: no error")
	}
}

func TestBoardDigestChanged(t *testing.T) {
	before := BoardDigest(replayN(t, fixturePNW, 40))
	after := BoardDigest(replayN(t, fixturePNW, 150))
	if got := Changed(before, before); len(got) != 0 {
		t.Errorf("Changed(same) = %v", got)
	}
	got := Changed(before, after)
	if len(got) == 0 {
		t.Fatal("no hex changed between actions 40 and 150")
	}
	for i := 1; i < len(got); i++ {
		if got[i-1] >= got[i] {
			t.Fatalf("Changed not sorted: %v", got)
		}
	}
}

// benchDraw runs draw b.N times and reports, besides the wall time, the CPU
// time per drawing (robust when other work shares the machine) and the PNG
// size.
func benchDraw(b *testing.B, draw func(*bytes.Buffer) error) {
	var buf bytes.Buffer
	var ru0, ru1 syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	b.ResetTimer()
	n := 0
	for b.Loop() {
		buf.Reset()
		if err := draw(&buf); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.StopTimer()
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := time.Duration(ru1.Utime.Nano()+ru1.Stime.Nano()-ru0.Utime.Nano()-ru0.Stime.Nano()) * time.Nanosecond
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(n), "cpu-ns/op")
	b.ReportMetric(float64(buf.Len()), "bytes")
}

// BenchmarkMapLate draws the map of a finished 1822PNW game, again and
// again: from the second drawing on, the bands of the PNG come from the
// cache, as for a board redrawn after a move that changed little.
func BenchmarkMapLate(b *testing.B) {
	g := replayN(b, fixturePNWLate, 0)
	benchDraw(b, func(buf *bytes.Buffer) error { return Map(buf, g, MapOptions{}) })
}

// BenchmarkMapCA draws the (larger) map of an 1822CA game.
func BenchmarkMapCA(b *testing.B) {
	g := replayN(b, fixtureCA, 0)
	benchDraw(b, func(buf *bytes.Buffer) error { return Map(buf, g, MapOptions{}) })
}

// BenchmarkMapLateCold is BenchmarkMapLate with every band of the PNG
// compressed afresh, as after a move that changed the whole picture.
func BenchmarkMapLateCold(b *testing.B) {
	g := replayN(b, fixturePNWLate, 0)
	benchDraw(b, func(buf *bytes.Buffer) error { resetBands(); return Map(buf, g, MapOptions{}) })
}

// BenchmarkMapCACold is BenchmarkMapCA with every band compressed afresh.
func BenchmarkMapCACold(b *testing.B) {
	g := replayN(b, fixtureCA, 0)
	benchDraw(b, func(buf *bytes.Buffer) error { resetBands(); return Map(buf, g, MapOptions{}) })
}

// BenchmarkMarketLate draws the stock market of a finished 1822PNW game.
func BenchmarkMarketLate(b *testing.B) {
	g := replayN(b, fixturePNWLate, 0)
	benchDraw(b, func(buf *bytes.Buffer) error { return Market(buf, g, MarketOptions{}) })
}

// BenchmarkTableLate draws the table of a finished 1822PNW game.
func BenchmarkTableLate(b *testing.B) {
	g := replayN(b, fixturePNWLate, 0)
	benchDraw(b, func(buf *bytes.Buffer) error { return Table(buf, g, TableOptions{}) })
}
