package tabletop

import "pbc/engine/action"

// ActingUser is the user seated for the controller of a's entity (the first
// seated user for an entity nobody controls): who would send a as a chat
// command, for drivers that replay recorded actions through a bot.
func (t *Table) ActingUser(a action.Action) string { return t.ActingUser(a) }
