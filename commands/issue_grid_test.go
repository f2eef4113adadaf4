package commands

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"pbc/engine/action"
)

// TestIssuePriceOnAGrid: "issue N" prices the shares where the issue moves
// the share price, a row down per share on a grid market, not N cells back
// along the market's list (the recorded issues of the British fixtures).
func TestIssuePriceOnAGrid(t *testing.T) {
	for _, tc := range []struct {
		fixture string
		id      int
	}{
		{"1822/1822_game_end_stock_market.json", 525},
		{"1822MRS/1822MRS_game_end_bank.json", 277},
		{"1822MRS/35936.json", 892},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			file := filepath.Join("..", "..", "shared", "fixtures-next", filepath.FromSlash(tc.fixture))
			if _, err := os.Stat(file); err != nil {
				t.Skip("../shared/fixtures-next not found")
			}
			l := readLog(t, file)
			acts, err := action.Effective(l.Actions)
			if err != nil {
				t.Fatal(err)
			}
			var rec *action.SellShares
			for i, a := range acts {
				if a.Env().ID == tc.id {
					rec = a.(*action.SellShares)
					l.Actions = acts[:i]
				}
			}
			if rec == nil {
				t.Fatalf("no issue at id %d", tc.id)
			}
			tb := importSeated(t, l)
			c := tb.Game.Corp(rec.Entity.String())
			rep := must(t, tb, "u"+strconv.Itoa(c.President().ID), "issue "+strconv.Itoa(len(rec.Shares)))
			got, ok := rep.Action.(*action.SellShares)
			if !ok || got.SharePrice != rec.SharePrice {
				t.Fatalf("issue %d became %#v, want the recorded price $%d", len(rec.Shares), rep.Action, rec.SharePrice)
			}
		})
	}
}
