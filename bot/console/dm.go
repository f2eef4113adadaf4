package console

import (
	"context"

	"pbc/bot"
	"pbc/storage"
)

var _ bot.DirectMessenger = (*Adapter)(nil)

// DM prints a direct message, marked with whom it is for: everyone at the
// terminal is every player.
func (a *Adapter) DM(_ context.Context, _ storage.Channel, userID string, r bot.Reply) error {
	r.Ephemeral = false
	return a.write("(direct to @"+userID+")", r)
}
