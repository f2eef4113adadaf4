package discord

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"pbc/bot"
	"pbc/storage"
)

var _ bot.DirectMessenger = (*Adapter)(nil)

// DM sends r to the user in their direct messages with the bot (created,
// or found, with POST /users/@me/channels). It is a new message, so Discord
// notifies the user.
func (a *Adapter) DM(ctx context.Context, _ storage.Channel, userID string, r bot.Reply) error {
	ch, err := a.s.UserChannelCreate(userID, discordgo.WithContext(ctx))
	if err != nil {
		return a.redact(err)
	}
	r.Ephemeral, r.Ping, r.Mentions = false, "", nil
	return a.postReply(ctx, ch.ID, r, nil)
}
