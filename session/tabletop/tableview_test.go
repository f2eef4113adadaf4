package tabletop

import (
	"bytes"
	"image/png"
	"pbc/commands"
	"strings"
	"testing"
)

// TestBidsInView checks that the bids, who leads them and the cash they
// commit are shown by `bids`, `status`, `company`, `player` and `table`.
func TestBidsInView(t *testing.T) {
	tb := newPNW(t)
	must(t, tb, "a", "bid M5 100")
	must(t, tb, "a", "bid P8 0")
	must(t, tb, "a", "pass")
	must(t, tb, "b", "bid M5 110")
	tests := []struct {
		query string
		want  []string
	}{
		{"bids", []string{
			"M5 (Idaho & Washington Northern Railway): Bob leads with $110 (outbid: Ann $100).",
			"P8 (Dit Crusher): Ann leads with $0.",
			"No bids on M6, M20, M3, P1 and P7.",
			"Cash: Ann $500, Bob $500 ($110 committed, $390 free), Cid $500."}},
		{"status", []string{"Leading bids: M5 Bob $110, P8 Ann $0 (`bids` for all).", "Order: Ann $500, Bob $500 ($110 committed, $390 free), Cid $500"}},
		{"company M5", []string{"Leading bid: Bob $110; outbid: Ann $100."}},
		{"company M6", []string{"In a bid box, no bids yet."}},
		{"player Ann", []string{"leads P8 $0, committing $0 ($500 free); outbid on M5 $100 (Bob leads with $110)."}},
		{"player Bob", []string{"leads M5 $110, committing $110 ($390 free)."}},
		{"table", []string{"Leading bids: M5 Bob $110"}},
		// Bob leads M5, so he may not raise it (4.8.4): six bids, none cut.
		{"moves", []string{"on M6 (from $100), M20 (from $100), M3 (from $100), P1 (from $0), P7 (from $0) or P8 (from $5); `pass`"}},
		{"moves all", []string{"P7 (from $0) or P8 (from $5); `pass`"}},
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			rep := tb.Exec(commands.Request{User: "x", Text: tc.query})
			if !rep.OK {
				t.Fatalf("refused: %s", rep.Text)
			}
			for _, w := range tc.want {
				if !strings.Contains(rep.Text, w) {
					t.Errorf("%q:\n%s\nlacks %q", tc.query, rep.Text, w)
				}
			}
		})
	}
	rep := tb.Exec(commands.Request{User: "x", Text: "table"})
	if rep.Image == nil || rep.Image.Name != "table.png" {
		t.Fatalf("table: no picture: %+v", rep)
	}
	if _, err := png.Decode(bytes.NewReader(rep.Image.Data)); err != nil {
		t.Errorf("table.png: %v", err)
	}
}

// TestBidsOutsideStockRounds: in an operating round `bids` says when bids
// are made, not that nobody bid.
func TestBidsOutsideStockRounds(t *testing.T) {
	fixtures(t)
	tb := tableAt(t, pnw586, 8)
	want := "Bids are made in stock rounds; the bid boxes hold M20, M3, M21, M18, P1, P11 and P21."
	if rep := tb.Exec(commands.Request{User: "x", Text: "bids"}); rep.Text != want {
		t.Errorf("bids in an operating round: %q, want %q", rep.Text, want)
	}
}

// TestNothingCutSilently: whenever a list of moves is cut, the reply says
// how to see the rest, and `moves all` cuts nothing.
func TestNothingCutSilently(t *testing.T) {
	tb := newPNW(t)
	short := tb.Exec(commands.Request{User: "x", Text: "moves"}).Text
	all := tb.Exec(commands.Request{User: "x", Text: "moves all"}).Text
	if strings.Contains(short, "more") && !strings.Contains(short, "`moves all`") {
		t.Errorf("moves cut without saying how to see the rest: %s", short)
	}
	if strings.Contains(all, " more") {
		t.Errorf("moves all still cuts: %s", all)
	}
	if len(all) <= len(short)-len(" and 1 more (`moves all` lists them)") {
		t.Errorf("moves all (%d bytes) lists no more than moves (%d)", len(all), len(short))
	}
}
