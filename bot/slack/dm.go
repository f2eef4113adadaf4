package slack

import (
	"context"
	"fmt"

	"github.com/slack-go/slack"

	"pbc/bot"
	"pbc/storage"
)

var _ bot.DirectMessenger = (*Adapter)(nil)

// DM sends r to user in their direct messages with the bot (opened with
// conversations.open, which returns the existing conversation if there is
// one). It is a new message, so Slack notifies the user.
func (a *Adapter) DM(ctx context.Context, _ storage.Channel, user string, r bot.Reply) error {
	ch, _, _, err := a.api.OpenConversationContext(ctx, &slack.OpenConversationParameters{Users: []string{user}})
	if err != nil {
		return fmt.Errorf("slack: open a direct message: %w", err)
	}
	r.Ephemeral, r.Ping, r.Mentions = false, "", nil
	return a.post(ctx, where{channel: ch.ID}, r)
}
