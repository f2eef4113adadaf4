package house

import (
	"testing"

	"pbc/engine"
	"pbc/engine/action"
)

// sellerInDebt plays a game with the house until a stock round turn of a
// player who may sell a share that is not part of a presidency, and
// returns a copy of the game there with that player in debt beyond his
// cash.
func sellerInDebt(t *testing.T, name string, seed int64) (*engine.Game, int) {
	t.Helper()
	g := newGame(t, name, 3, seed)
	for n := 0; n < 4000 && !g.Finished(); n++ {
		m := g.Moves()
		a := m.Actors[0]
		if m.Round == "SR" && a.EntityType == action.EntityPlayer && a.Waiting {
			p := g.PlayerByID(a.Player)
			for _, sm := range a.Sells {
				if c := g.Corp(sm.Corp); c != nil && c.President() != p && p.Debt == 0 {
					h := g.Clone()
					hp := h.PlayerByID(a.Player)
					hp.Debt = hp.Cash + 10*sm.Price
					return h, a.Player
				}
			}
		}
		x := ChooseFrom(g, m, a.Player)
		if x == nil || g.Apply(x) != nil {
			t.Fatalf("the house got stuck at %d", n)
		}
	}
	t.Skip("no stock round turn with a share to sell in this game")
	return nil, 0
}

// TestHouseSellsSharesToClearDebt: a player in debt beyond his cash sells
// shares in the stock round to pay it (4.3.2-4.3.3) rather than pay only
// his cash and let half again be charged; with no cash left (when the
// engine lists no payment) he still sells.
func TestHouseSellsSharesToClearDebt(t *testing.T) {
	for _, name := range []string{"1822PNW", "1822CA"} {
		t.Run(name, func(t *testing.T) {
			g, seat := sellerInDebt(t, name, 4242)
			if _, ok := Choose(g, seat).(*action.SellShares); !ok {
				t.Fatalf("in debt with cash: the house plays %T, not a sale", Choose(g, seat))
			}
			p := g.PlayerByID(seat)
			p.Debt += p.Cash
			p.Cash = 0
			if _, ok := Choose(g, seat).(*action.SellShares); !ok {
				t.Fatalf("in debt without cash: the house plays %T, not a sale", Choose(g, seat))
			}
		})
	}
}
