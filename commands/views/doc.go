// Package views answers the chat queries that read a game (status, map,
// market, company, player, trains, tiles, log, table) and words what a move
// did beyond itself: its consequences and the digest of a round it ended.
// Each takes the position read-only.
package views
