package session

import (
	"pbc/engine/rng"
	"pbc/storage"
)

// startOrder orders the seats of a game about to start: shuffled with the
// game's recorded seed by the 18xx.games generator (engine/rng), so that
// anyone can check the seating from the stored seed.
func startOrder(seats []storage.Seat, seed int64) []storage.Seat {
	return rng.SortByKey(rng.New(seed), append([]storage.Seat(nil), seats...))
}

// DealSeats deals the player order of a game about to start (1.8.16): the
// seats' holders shuffled with the game's seed. Each seat keeps its place
// (Order) and player id and gets the holder dealt to it, so the stored seat
// order is the order of play and the log exported from it replays on
// 18xx.games in that order. Imported games keep their recorded order: they
// are never dealt.
func DealSeats(seats []storage.Seat, seed int64) []storage.Seat {
	dealt := startOrder(seats, seed)
	out := make([]storage.Seat, len(seats))
	for i, s := range seats {
		out[i] = storage.Seat{Order: s.Order, PlayerID: s.PlayerID, UserID: dealt[i].UserID, DisplayName: dealt[i].DisplayName}
	}
	return out
}
