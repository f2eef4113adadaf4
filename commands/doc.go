// Package commands reads a chat command against a position of a game
// (Position: the game, its log and its seats, never changed here). It
// resolves a command into the engine action for the right entity, or a
// refusal a player can read (Position.Build); it offers the legal moves as
// buttons, menus and `moves` lines; it words actions for replies and
// translates recorded 18xx.games actions into the text a player would type.
// What it knows of each action type (its buttons and menus, its commands in
// `moves`, its wording, its translation and comparison) is one entry of
// actionTypes (actiontypes.go).
//
// The grammar is package commands/notation, the text views package
// commands/views, and the live table that applies actions, keeps the log
// and runs the votes is package session/tabletop, which the session owns.
package commands
