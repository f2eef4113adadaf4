// Package resolve turns a parsed command of a seated player into the engine
// action it means against a position (Build), or a refusal a player can
// read: the acting entity (the player, or a company they control), the
// names of companies, hexes, tiles and trains, routes traced hex by hex,
// and the refusals the engine would word the wrong way, checked first
// (PreRefusal). It changes nothing: the live table applies what it builds.
// Phrase finds the wording a player would type for a recorded action.
package resolve
