// Package commands is the base of the chat layer: a Position, what it reads
// of a table (the game, its log and its seats, never changed here), with the
// legal moves now (Position.Moves, computed once per state), who acts and
// who sits where, and the lookups of companies, hexes, trains and players by
// the names players type.
//
// Above it, each in a package of its own: commands/notation is the grammar
// (text to Command, no game), commands/offers the legal moves as choices and
// their words, commands/resolve a command into an action, commands/views the
// text views; session/tabletop is the live table that applies actions, keeps
// the log and runs the votes, owned by the session.
package commands
