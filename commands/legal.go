package commands

import "pbc/engine"

// The engine's legal moves (engine.Game.Moves) are not available yet: a
// lay needs its rotation, and `moves` and `status` cannot list choices.
// This file is replaced by one using engine.Game.Moves once it lands.

// tileRotations lists the rotations at which e may lay the tile (an id
// such as "57-0") on hex now; nil while legal moves are unavailable.
func tileRotations(*engine.Game, any, string, string) []int { return nil }

// waitingText words what the entity the game waits for may do, or "".
func waitingText(*engine.Game) string { return "" }

// movesText lists what whoever may act now can do.
func movesText(*Table) string {
	return "The list of legal moves is not available yet; `status` says whose turn it is."
}
