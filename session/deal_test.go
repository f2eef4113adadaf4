package session

import (
	"strings"
	"testing"

	"pbc/commands"
	"pbc/engine/action"
	"pbc/session/tabletop"
	"pbc/storage"
)

// TestDealSeats: the player order is dealt from the seed (1.8.16), the same
// every time for one seed, each seat keeping its player id; over a few seeds
// it is not always the join order; an imported log keeps its order.
func TestDealSeats(t *testing.T) {
	joined := []storage.Seat{{Order: 0, PlayerID: 1, DisplayName: "Ann", UserID: "a"}, {Order: 1, PlayerID: 2, DisplayName: "Bob", UserID: "b"},
		{Order: 2, PlayerID: 3, DisplayName: "Cid", UserID: "c"}, {Order: 3, PlayerID: 4, DisplayName: "Dan", UserID: "d"}}
	orders := map[string]bool{}
	for seed := int64(1); seed <= 12; seed++ {
		dealt := DealSeats(joined, seed)
		if again := DealSeats(joined, seed); strings.Join(seatNames(again), ",") != strings.Join(seatNames(dealt), ",") {
			t.Fatalf("seed %d: dealt %v then %v", seed, seatNames(dealt), seatNames(again))
		}
		seen := map[string]bool{}
		var cs []commands.Seat
		for i, s := range dealt {
			if s.PlayerID != joined[i].PlayerID || s.Order != joined[i].Order {
				t.Errorf("seed %d: seat %d has player %d, want %d", seed, i+1, s.PlayerID, joined[i].PlayerID)
			}
			if s.UserID != strings.ToLower(s.DisplayName[:1]) {
				t.Errorf("seed %d: %s holds %s's seat", seed, s.UserID, s.DisplayName)
			}
			seen[s.UserID] = true
			cs = append(cs, commands.Seat{Player: s.PlayerID, Name: s.DisplayName, User: s.UserID})
		}
		if len(seen) != len(joined) {
			t.Fatalf("seed %d: %v is not a deal of the joined players", seed, seatNames(dealt))
		}
		tb, err := tabletop.NewTable("1822PNW", nil, seed, cs, "a")
		if err != nil {
			t.Fatal(err)
		}
		if got := tb.Game.Players[0].Name; got != dealt[0].DisplayName {
			t.Errorf("seed %d: %s acts first, want %s", seed, got, dealt[0].DisplayName)
		}
		orders[strings.Join(seatNames(dealt), ",")] = true
	}
	if len(orders) < 4 {
		t.Errorf("12 seeds dealt only %d orders: %v", len(orders), orders)
	}
	if joined[0].DisplayName != "Ann" {
		t.Errorf("dealing changed its input: %v", seatNames(joined))
	}
	l := &action.GameLog{Title: "1822PNW", Players: []action.Player{{ID: 7, Name: "Zed"}, {ID: 3, Name: "Amy"}, {ID: 5, Name: "Kim"}}}
	tb, err := tabletop.ImportTable(l, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := tb.Game.Players[0].Name + "," + tb.Seats[0].Name; got != "Zed,Zed" {
		t.Errorf("an imported log's first player is %s, want its recorded Zed", got)
	}
}

// seatNames lists seats' display names.
func seatNames(seats []storage.Seat) []string {
	var out []string
	for _, s := range seats {
		out = append(out, s.DisplayName)
	}
	return out
}
