package tabletop

import (
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/engine/action"
)

// HouseUser is the user holding a seat the house player plays. No
// platform's user id and no playground name can be it (the colon).
const HouseUser = "pbc:house"

// IsHouse reports whether user is the house player.
func IsHouse(user string) bool { return user == HouseUser }

// houseUser reads the user a seat is handed to: the word `house` is the
// house player.
func houseUser(word string) string {
	if strings.EqualFold(word, string(notation.House)) {
		return HouseUser
	}
	return word
}

// userLabel names a user a seat is handed to in a reply.
func userLabel(user string) string {
	if IsHouse(user) {
		return "the house"
	}
	return user
}

// Play applies a move the player holding user's seat chose among the
// listed moves (the house player's): it is applied, recorded and worded
// as a typed move is.
func (t *Table) Play(user string, a action.Action) commands.Reply {
	if t.Game.Finished() {
		return commands.Reply{Text: "the game is over; " + t.Standings()}
	}
	return t.apply(commands.Request{User: user}, a)
}
