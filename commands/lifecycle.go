package commands

import "pbc/engine/rng"

// StartSeats orders the seats of a game about to start: shuffled with the
// game's recorded seed by the 18xx.games generator (engine/rng), so that
// anyone can check the seating from the stored seed.
func StartSeats(seats []Seat, seed int64) []Seat {
	return rng.SortByKey(rng.New(seed), append([]Seat(nil), seats...))
}

// DealSeats deals the player order of a game about to start (1.8.16): the
// seats' holders shuffled with the game's seed (StartSeats). Each seat keeps
// its place and player id and gets the holder dealt to it, so the stored
// seat order is the order of play and the log exported from it replays on
// 18xx.games in that order. Imported games keep their recorded order: they
// are never dealt.
func DealSeats(seats []Seat, seed int64) []Seat {
	dealt := StartSeats(seats, seed)
	out := make([]Seat, len(seats))
	for i, s := range seats {
		out[i] = Seat{Player: s.Player, Name: dealt[i].Name, User: dealt[i].User}
	}
	return out
}
