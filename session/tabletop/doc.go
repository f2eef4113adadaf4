// Package tabletop is one channel's live table, which the session owns: the
// engine game, its log and senders, the seats and their governance (undo,
// redo and end votes, kick, replace, join, consent, the house player's
// seats) and the checkpoints an undo rebuilds from. Exec and Do run one
// chat command: parsed by commands/notation, resolved by commands/resolve,
// answered by commands/views, worded by commands/offers, applied to the
// game once. ReplayChat drives a recorded game through the same path, for
// `pbc replay --chat`.
package tabletop
