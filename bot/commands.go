package bot

import (
	"context"
	"strconv"

	"pbc/engine"
	"pbc/storage"
)

// Commands is the command layer the core drives: it turns one message into
// a change to the channel's stored game (or a query of it) and a short reply.
type Commands interface {
	Do(ctx context.Context, r Request) (Result, error)
}

// Request is one command for the command layer.
type Request struct {
	Channel storage.Channel
	User    User
	Text    string
}

// Show says which pictures a reply carries.
type Show struct {
	Map, Market, Table bool
}

// Result is what a command did.
type Result struct {
	// Text is the reply; it names who acts next.
	Text string
	// Refused says the command was refused (Text says why and what would be
	// legal) and nothing changed.
	Refused bool
	// Game is the channel's game the command concerned (0 if none), and
	// State that game after the command (nil before it has started).
	Game  storage.GameID
	State *engine.Game
	// Changed says the game's log or seats changed; FromSeq is the first
	// log entry the command appended (0 if none).
	Changed bool
	FromSeq int
	// Show asks the core to draw pictures; Images are pictures the command
	// layer drew itself (a "map" query).
	Show   Show
	Images []Image
	// Next are the users whose turn it now is, to be mentioned; nil to
	// work it out from State.
	Next []string
	// Buttons are short choices for the next player.
	Buttons []Button
}

// Actor is a seated player who must act now.
type Actor struct {
	PlayerID int
	UserID   string // "" for an unclaimed seat
	Name     string
	For      string // the company they act for, "" when they act for themselves
}

// Actors returns who must act in g: the player the game waits for, or the
// president of the company it waits for, with their seats' users.
func Actors(g *engine.Game, seats []storage.Seat) []Actor {
	if g == nil || g.Finished() {
		return nil
	}
	for _, m := range g.Moves().Actors {
		if !m.Waiting {
			continue
		}
		a := Actor{PlayerID: m.Player}
		if m.EntityType != "player" {
			a.For = corpLabel(m.Name)
		}
		if p := g.PlayerByID(a.PlayerID); p != nil {
			a.Name = p.Name
		}
		for _, s := range seats {
			if s.PlayerID == a.PlayerID {
				a.UserID = s.UserID
				if s.DisplayName != "" {
					a.Name = s.DisplayName
				}
			}
		}
		return []Actor{a}
	}
	return nil
}

// corpLabel names a company for players: minors, whose ids are numbers,
// as "minor 7".
func corpLabel(id string) string {
	if _, err := strconv.Atoi(id); err == nil {
		return "minor " + id
	}
	return id
}
