package resolve

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/action"
)

// TestIssuePriceOnAGrid: "issue N" prices the shares where the issue moves
// the share price, a row down per share on a grid market, not N cells back
// along the market's list (the recorded issues of the British fixtures;
// 1822MRS/35936's GWR issue was priced $100, recorded $120).
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
			r, err := os.Open(filepath.Join("..", "..", "..", "shared", "fixtures-next", filepath.FromSlash(tc.fixture)))
			if err != nil {
				t.Skip("../shared/fixtures-next not found")
			}
			defer r.Close()
			l, err := action.ReadGameLog(r)
			if err != nil {
				t.Fatal(err)
			}
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
			g, err := engine.Replay(l, engine.ReplayOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var seats []commands.Seat
			for _, p := range l.Players {
				seats = append(seats, commands.Seat{Player: p.ID, Name: p.Name, User: "u" + strconv.Itoa(p.ID)})
			}
			p := &commands.Position{Game: g, Log: l, Seats: seats}
			pres := g.Corp(rec.Entity.String()).President()
			user := "u" + strconv.Itoa(pres.ID)
			cmd, err := notation.Parse("issue " + strconv.Itoa(len(rec.Shares)))
			if err != nil {
				t.Fatal(err)
			}
			a, err := Build(p, p.SeatOf(user), cmd, commands.Request{User: user})
			if err != nil {
				t.Fatal(err)
			}
			got, ok := a.(*action.SellShares)
			if !ok || got.SharePrice != rec.SharePrice {
				t.Fatalf("issue %d became %#v, want the recorded price $%d", len(rec.Shares), a, rec.SharePrice)
			}
		})
	}
}
