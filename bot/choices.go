package bot

import (
	"slices"

	"pbc/commands/notation"
	"pbc/commands/offers"
	"pbc/engine"
	"pbc/session"
	"pbc/storage"
)

// corpLabel names a company for players: minors as "minor 7".
var corpLabel = notation.CorpLabel

// offer marks choices offered when the log has seq entries.
var offer = session.Offer

// Buttons are the short choices of the decision the game waits for, as
// buttons carrying the command they stand for (offers.Decision); long
// lists are Menus.
func Buttons(moves *engine.Moves) []Button {
	return buttonsOf(offers.Decision(moves), 0)
}

// Menus are the long choices of the decision the game waits for (bids,
// pars, shares, trains, hexes to lay track on) as select menus.
func Menus(moves *engine.Moves) []Menu {
	return menusOf(offers.Decision(moves), 0)
}

func buttonsOf(o offers.Offer, at int) []Button {
	var out []Button
	for _, b := range o.Buttons {
		out = append(out, Button{Label: b.Label, Command: b.Command, Danger: b.Danger, At: at})
	}
	return out
}

func menusOf(o offers.Offer, at int) []Menu {
	var out []Menu
	for _, m := range o.Menus {
		mm := Menu{Placeholder: m.Placeholder, At: at}
		for _, op := range m.Options {
			mm.Options = append(mm.Options, MenuOption{Label: op.Label, Command: op.Command, Description: op.Description})
		}
		out = append(out, mm)
	}
	return out
}

// legalCandidates lists the values an argument may take in the legal moves
// of the user's entities (or of everyone, if the user may not act now);
// nil when the moves say nothing about that argument.
func legalCandidates(moves *engine.Moves, seats []storage.Seat, user, command, field string) []string {
	player := -1
	for _, s := range seats {
		if s.UserID == user {
			player = s.PlayerID
		}
	}
	if moves == nil {
		return nil
	}
	actors := moves.Actors
	var mine []*engine.Actor
	for _, a := range actors {
		if a.Player == player {
			mine = append(mine, a)
		}
	}
	if len(mine) > 0 {
		actors = mine
	}
	seen := map[string]bool{}
	var out []string
	verb := notation.VerbOf(command)
	for _, a := range actors {
		for _, v := range offers.ArgValues(a, verb, field) {
			if v != "" && !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	if field == "hex" {
		slices.SortFunc(out, hexOrder)
	}
	return out
}
