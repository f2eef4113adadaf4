package tabletop

import (
	"strings"
	"testing"

	"pbc/commands"
	"pbc/engine/action"
)

// TestDealSeats: the player order is dealt from the seed (1.8.16), the same
// every time for one seed, each seat keeping its player id; over a few seeds
// it is not always the join order; an imported log keeps its order.
func TestDealSeats(t *testing.T) {
	joined := []commands.Seat{{Player: 1, Name: "Ann", User: "a"}, {Player: 2, Name: "Bob", User: "b"}, {Player: 3, Name: "Cid", User: "c"}, {Player: 4, Name: "Dan", User: "d"}}
	orders := map[string]bool{}
	for seed := int64(1); seed <= 12; seed++ {
		dealt := commands.DealSeats(joined, seed)
		if again := commands.DealSeats(joined, seed); strings.Join(names(again), ",") != strings.Join(names(dealt), ",") {
			t.Fatalf("seed %d: dealt %v then %v", seed, names(dealt), names(again))
		}
		seen := map[string]bool{}
		for i, s := range dealt {
			if s.Player != joined[i].Player {
				t.Errorf("seed %d: seat %d has player %d, want %d", seed, i+1, s.Player, joined[i].Player)
			}
			if s.User != strings.ToLower(s.Name[:1]) {
				t.Errorf("seed %d: %s holds %s's seat", seed, s.User, s.Name)
			}
			seen[s.User] = true
		}
		if len(seen) != len(joined) {
			t.Fatalf("seed %d: %v is not a deal of the joined players", seed, names(dealt))
		}
		tb, err := NewTable("1822PNW", nil, seed, dealt, "a")
		if err != nil {
			t.Fatal(err)
		}
		if got := tb.Game.Players[0].Name; got != dealt[0].Name {
			t.Errorf("seed %d: %s acts first, want %s", seed, got, dealt[0].Name)
		}
		orders[strings.Join(names(dealt), ",")] = true
	}
	if len(orders) < 4 {
		t.Errorf("12 seeds dealt only %d orders: %v", len(orders), orders)
	}
	l := &action.GameLog{Title: "1822PNW", Players: []action.Player{{ID: 7, Name: "Zed"}, {ID: 3, Name: "Amy"}, {ID: 5, Name: "Kim"}}}
	tb, err := ImportTable(l, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := tb.Game.Players[0].Name + "," + tb.Seats[0].Name; got != "Zed,Zed" {
		t.Errorf("an imported log's first player is %s, want its recorded Zed", got)
	}
}
