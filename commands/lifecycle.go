package commands

import "pbc/engine/rng"

// StartSeats orders the seats of a game about to start: shuffled with the
// game's recorded seed by the 18xx.games generator (engine/rng), so that
// anyone can check the seating from the stored seed.
func StartSeats(seats []Seat, seed int64) []Seat {
	return rng.SortByKey(rng.New(seed), append([]Seat(nil), seats...))
}
