package slack

import (
	"cmp"
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/slack-go/slack"

	"pbc/bot"
	"pbc/storage"
)

// maxSuggestions bounds the options of one suggestion: Slack takes 100,
// but a Socket Mode acknowledgement must stay under 20 KB.
const maxSuggestions = 50

// suggest answers a block_suggestion (an external select being typed in)
// with options, in the acknowledgement, within Slack's 3 s.
func (a *Adapter) suggest(ctx context.Context, envelope string, cb slack.InteractionCallback, h bot.Handler) {
	ctx, cancel := context.WithTimeout(ctx, 2500*time.Millisecond)
	defer cancel()
	resp := slack.OptionsResponse{Options: a.suggestions(ctx, cb, h)}
	if resp.Options == nil {
		resp.Options = []*slack.OptionBlockObject{}
	}
	if err := a.sm.AckCtx(ctx, envelope, resp); err != nil {
		a.log.Error("ack suggestions", "err", err)
	}
}

// suggestions are the options matching what the user typed: from the
// menu itself while the adapter holds it, else from the core's completion
// of the command's argument.
func (a *Adapter) suggestions(ctx context.Context, cb slack.InteractionCallback, h bot.Handler) []*slack.OptionBlockObject {
	parts := strings.Split(cb.ActionID, "|")
	if len(parts) != 5 || parts[0] != actionPrefix+"x" {
		return nil
	}
	at, _ := strconv.Atoi(parts[1])
	prefix, field, key := parts[2], parts[3], parts[4]
	typed := strings.ToLower(strings.TrimSpace(cb.Value))
	var out []*slack.OptionBlockObject
	if m, ok := a.menus.get(key); ok {
		for _, o := range m.Options {
			if len(out) == maxSuggestions {
				break
			}
			if typed != "" && !strings.Contains(strings.ToLower(o.Label+" "+o.Command), typed) {
				continue
			}
			if opt := option(o.Label, o.Description, o.Value(m.At)); opt != nil {
				out = append(out, opt)
			}
		}
		return out
	}
	if field == "" {
		return nil
	}
	channel := cmp.Or(cb.Channel.ID, cb.Container.ChannelID)
	w := where{channel: channel, thread: cb.Container.ThreadTs}
	verb, _, _ := strings.Cut(prefix, " ")
	m := a.member(ctx, cb.User.ID, cb.User.Name)
	for _, c := range bot.SendableChoices(h.Suggest(ctx, bot.Query{
		Channel: storage.Channel{Platform: storage.Slack, Workspace: cb.Team.ID, ID: w.id()},
		User:    bot.User{ID: cb.User.ID, Name: m.name, Admin: m.admin},
		Command: verb, Field: field, Prefix: cb.Value,
	})) {
		if len(out) == maxSuggestions {
			break
		}
		cmd := bot.Button{Command: prefix + " " + c.Value, At: at}
		if opt := option(c.Label, "", cmd.Value()); opt != nil {
			out = append(out, opt)
		}
	}
	return out
}
