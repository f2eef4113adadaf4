// Package offers is what the chat layer says of the legal moves of a
// position: the choices offered as buttons and menus (Decision), the
// `moves` lines, the wording of applied actions and of refusals, and the
// translation of recorded 18xx.games actions into the text a player would
// type (Translate) with the comparison that checks it. What it knows of each
// action type is one entry of actionTypes (actiontypes.go). It changes
// nothing.
package offers
