package bot

import (
	"fmt"
	"slices"
	"strconv"

	"pbc/commands"
	"pbc/engine"
	"pbc/session"
	"pbc/storage"
)

// corpLabel names a company for players: minors as "minor 7".
var corpLabel = commands.CorpLabel

// offer marks choices offered when the log has seq entries.
var offer = session.Offer

// maxButtons is the most buttons offered under a reply.
const maxButtons = 10

// Buttons are the short choices of whoever the game waits for, as buttons
// carrying the command they stand for: pay, half or withhold; answers to a
// question; acquisitions and mergers; the auto-router; pass. Long lists
// (bids, tiles, shares) are left to typing and autocompletion.
func Buttons(moves *engine.Moves) []Button {
	if moves == nil || moves.Finished {
		return nil
	}
	var out []Button
	for _, a := range moves.Actors {
		if !a.Waiting {
			continue
		}
		for _, d := range a.Dividends {
			word := map[string]string{"payout": "pay", "half": "half", "withhold": "withhold"}[d.Kind]
			if word == "" {
				continue
			}
			out = append(out, Button{Label: fmt.Sprintf("%s ($%d/share)", word, d.PerShare), Command: word})
		}
		for _, c := range a.Choices {
			out = append(out, Button{Label: labelOr(c.Label, c.Choice), Command: "choose " + c.Choice})
		}
		for _, c := range a.Abilities {
			out = append(out, Button{Label: labelOr(c.Label, c.Choice), Command: "use " + a.Name + " " + c.Choice})
		}
		if len(a.Merges) <= 4 {
			for _, m := range a.Merges {
				out = append(out, Button{Label: "merge " + corpLabel(m.Corp), Command: "merge " + m.Corp})
			}
		}
		if len(a.Privates) <= 4 {
			for _, p := range a.Privates {
				out = append(out, Button{Label: "acquire " + p, Command: "acquire " + p})
			}
		}
		if a.Routes != nil && len(a.Routes.Trains) > 0 {
			out = append(out, Button{Label: "run auto", Command: "run auto"})
		}
		if a.CanPass {
			out = append(out, Button{Label: "pass", Command: "pass"})
		}
		break
	}
	if len(out) > maxButtons {
		out = out[:maxButtons]
	}
	return out
}

func labelOr(label, alt string) string {
	if label != "" && len(label) <= 60 {
		return label
	}
	return alt
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
	add := func(s string) {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, a := range actors {
		switch field {
		case "hex":
			if command != "token" {
				for _, t := range a.Tiles {
					add(t.Hex)
				}
			}
			if command != "lay" {
				for _, t := range a.Tokens {
					add(t.Hex)
				}
				for _, h := range a.HexTokens {
					add(h)
				}
			}
		case "tile":
			for _, t := range a.Tiles {
				add(t.Name)
			}
		case "company":
			switch command {
			case "bid":
				for _, b := range a.Bids {
					add(b.Company)
				}
			case "buy":
				for _, b := range a.Buys {
					add(b.Corp)
				}
			case "sell":
				for _, b := range a.Sells {
					add(b.Corp)
				}
			case "par":
				for _, b := range a.Pars {
					add(b.Corp)
				}
			case "train":
				for _, t := range a.Trains {
					if t.From != "depot" && t.From != "discard" {
						add(t.From)
					}
				}
			}
		case "train":
			for _, t := range a.Trains {
				add(t.Variant)
			}
		case "amount", "price":
			for _, b := range a.Bids {
				add(strconv.Itoa(b.Min))
			}
			for _, p := range a.Pars {
				add(strconv.Itoa(p.Price))
			}
		}
	}
	if field == "hex" {
		slices.SortFunc(out, hexOrder)
	}
	return out
}
