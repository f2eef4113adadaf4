package render

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"pbc/engine"
	"pbc/engine/action"
)

// replayToID replays the log at path up to and including the action with
// id last.
func replayToID(tb testing.TB, path string, last int) *engine.Game {
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
	g, err := engine.Replay(log, engine.ReplayOptions{After: func(_ *engine.Game, a action.Action) bool {
		return a.Env().ID < last
	}})
	if g == nil {
		tb.Fatalf("replay %s: %v", path, err)
	}
	return g
}

// TestGoldenTableGovAuction: the table during the NdeM's token auction
// (fixture 1822MX_game_end_stock_market after id 682: the token at K20 up
// for bid, $30 the high bid) shows the token, the high bid and its bidder,
// the least next bid and who may still bid; once the auction is over the
// section is gone.
func TestGoldenTableGovAuction(t *testing.T) {
	g := replayToID(t, fixtureMX, 682)
	sec := govAuctionSection(g)
	if len(sec.rows) != 1 {
		t.Fatalf("auction section rows %v, want one", sec.rows)
	}
	row := sec.rows[0]
	if !strings.HasPrefix(row[0].text, "K20") || row[1].text != "$30" || row[2].text == "" || row[3].text == "" {
		t.Errorf("auction row %q %q %q %q: want K20, $30, a bidder and who may still bid",
			row[0].text, row[1].text, row[2].text, row[3].text)
	}
	if !strings.Contains(sec.note, "$40 or more") {
		t.Errorf("note %q: want the least next bid, $40", sec.note)
	}
	var b bytes.Buffer
	if err := Table(&b, g, TableOptions{}); err != nil {
		t.Fatal(err)
	}
	golden(t, "mx_682_table_auction.png", b.Bytes())
	if s := govAuctionSection(replayToID(t, fixtureMX, 693)); len(s.rows) != 0 || s.note != "" {
		t.Errorf("after the auction the section still shows %v %q", s.rows, s.note)
	}
}
