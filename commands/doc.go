// Package commands is what the chat layer reads of a game: a Position (the
// game, its log and its seats, never changed here), the legal moves now
// (Position.Moves), and the offer of them as buttons, menus and `moves`
// lines. It words actions for replies and refusals, and translates recorded
// 18xx.games actions into the text a player would type. What it knows of
// each action type (its buttons and menus, its commands in `moves`, its
// wording, its translation and comparison) is one entry of actionTypes
// (actiontypes.go).
//
// Above it: commands/notation is the grammar (text to Command, no game),
// commands/resolve turns a command into an action, commands/views answers
// the queries, and session/tabletop is the live table that applies actions,
// keeps the log and runs the votes, owned by the session.
package commands
