package slack

import (
	"cmp"
	"context"
	"strings"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"
	"github.com/slack-go/slack/socketmode"

	"pbc/bot"
	"pbc/commands/notation"
	"pbc/storage"
)

// incoming is one command as the adapter received it, before it reaches
// the core.
type incoming struct {
	team   string
	at     where // where it was typed or pressed
	userID string
	name   string // the user's name if the payload has it
	text   string
	kind   bot.Kind
	pos    int // a choice's offered position
	event  string
	files  []slack.File
	// responseURL answers a slash command or a press without the bot
	// being a member of the channel.
	responseURL string
	press       *press // the message a choice was made on
}

// event acknowledges one Socket Mode event, then hands its command to h.
func (a *Adapter) event(ctx context.Context, evt socketmode.Event, h bot.Handler) {
	if cb, ok := evt.Data.(slack.InteractionCallback); ok && evt.Type == socketmode.EventTypeInteractive &&
		cb.Type == slack.InteractionTypeBlockSuggestion && evt.Request != nil {
		// The options travel in the acknowledgement, so it waits for them;
		// the event loop does not.
		go a.suggest(ctx, evt.Request.EnvelopeID, cb, h)
		return
	}
	if evt.Request != nil && evt.Type != socketmode.EventTypeHello {
		if err := a.sm.AckCtx(ctx, evt.Request.EnvelopeID, nil); err != nil {
			a.log.Error("ack", "err", err)
		}
	}
	switch evt.Type {
	case socketmode.EventTypeConnected:
		a.log.Info("socket mode connected")
	case socketmode.EventTypeConnectionError, socketmode.EventTypeInvalidAuth:
		a.log.Warn("socket mode", "event", evt.Type)
	case socketmode.EventTypeSlashCommand:
		cmd, ok := evt.Data.(slack.SlashCommand)
		if !ok {
			return
		}
		text := strings.TrimSpace(cmd.Text)
		if text == "" {
			text = string(notation.Help)
		}
		// Slack does not offer slash commands in threads: a slash command
		// is always at the channel's level.
		a.receive(ctx, h, incoming{team: cmd.TeamID, at: where{channel: cmd.ChannelID}, userID: cmd.UserID,
			name: cmd.UserName, text: text, kind: bot.KindSlash, event: "slash:" + cmd.TriggerID,
			responseURL: cmd.ResponseURL})
	case socketmode.EventTypeEventsAPI:
		ev, ok := evt.Data.(slackevents.EventsAPIEvent)
		if !ok || ev.Type != slackevents.CallbackEvent {
			return
		}
		eventID := ""
		if cb, ok := ev.Data.(*slackevents.EventsAPICallbackEvent); ok && cb.EventID != "" {
			eventID = "event:" + cb.EventID // a retried delivery repeats it
		}
		switch in := ev.InnerEvent.Data.(type) {
		case *slackevents.AppMentionEvent:
			if in.BotID != "" {
				return
			}
			if text, ok := bot.StripPrefix(in.Text, a.Mention(a.me)); ok && text != "" {
				a.receive(ctx, h, incoming{team: ev.TeamID, at: threadOf(in.Channel, in.ThreadTimeStamp, in.TimeStamp),
					userID: in.User, text: text, kind: bot.KindTyped, event: eventID, files: in.Files})
			}
		case *slackevents.MessageEvent:
			if in.BotID != "" || (in.SubType != "" && in.SubType != "file_share") || in.User == "" || in.User == a.me ||
				strings.Contains(in.Text, a.Mention(a.me)) { // app_mention has it
				return
			}
			var files []slack.File
			if in.Message != nil {
				files = in.Message.Files
			}
			if text, ok := bot.StripPrefix(in.Text); ok && text != "" {
				a.receive(ctx, h, incoming{team: ev.TeamID, at: threadOf(in.Channel, in.ThreadTimeStamp, in.TimeStamp),
					userID: in.User, text: text, kind: bot.KindTyped, event: eventID, files: files})
			}
		}
	case socketmode.EventTypeInteractive:
		cb, ok := evt.Data.(slack.InteractionCallback)
		if !ok || cb.Type != slack.InteractionTypeBlockActions {
			return
		}
		a.actions(ctx, h, cb)
	}
}

// actions submits the choices of a block_actions payload.
func (a *Adapter) actions(ctx context.Context, h bot.Handler, cb slack.InteractionCallback) {
	channel := cmp.Or(cb.Channel.ID, cb.Container.ChannelID)
	thread := cmp.Or(cb.Container.ThreadTs, cb.Message.ThreadTimestamp)
	msgTs := cmp.Or(cb.Container.MessageTs, cb.Message.Timestamp)
	for _, act := range cb.ActionCallback.BlockActions {
		if !strings.HasPrefix(act.ActionID, actionPrefix) {
			continue
		}
		value, label := act.Value, ""
		if value == "" {
			value, label = act.SelectedOption.Value, textOf(act.SelectedOption.Text)
		} else {
			label = act.Text.Text
		}
		if value == "" {
			continue
		}
		cmd, pos := bot.ParseValue(value)
		a.receive(ctx, h, incoming{team: cb.Team.ID, at: threadOf(channel, thread, msgTs), userID: cb.User.ID,
			name: cb.User.Name, text: cmd, kind: bot.KindButton, pos: pos,
			event:       "action:" + cb.TriggerID + ":" + act.ActionTs,
			responseURL: cb.ResponseURL,
			press: &press{channel: channel, ts: msgTs, ephemeral: cb.Container.IsEphemeral,
				text: cb.Message.Text, blocks: cb.Message.Blocks.BlockSet, label: cmp.Or(label, cmd)}})
	}
}

// textOf is a text object's text, or "".
func textOf(t *slack.TextBlockObject) string {
	if t == nil {
		return ""
	}
	return t.Text
}

// receive hands a command to h, opening a thread for it first when it
// starts a game at a channel's level.
func (a *Adapter) receive(ctx context.Context, h bot.Handler, in incoming) {
	if in.at.thread == "" && a.opensThread(in.at.channel, in.text) {
		// Posting the root takes a Web API call (and perhaps a wait on a
		// rate limit): not in the event loop.
		go a.openThread(ctx, h, in)
		return
	}
	a.submit(ctx, h, in, "")
}

// submit passes a command to h with a responder for where it came from.
// root is the ts of a thread root posted for it, or "".
func (a *Adapter) submit(ctx context.Context, h bot.Handler, in incoming, root string) {
	game := in.at
	if game.thread != "" {
		if a.opensThreads(game.channel) {
			a.sawThread(game.channel)
		} else {
			// Where games are played in place, a thread is only a side
			// conversation about the channel's game; the answers stay in it.
			game.thread = ""
		}
	}
	ch := storage.Channel{Platform: storage.Slack, Workspace: in.team, ID: game.id()}
	m := a.member(ctx, in.userID, in.name)
	h.Submit(bot.Message{
		Channel:     ch,
		User:        bot.User{ID: in.userID, Name: m.name, Admin: m.admin},
		Text:        in.text,
		Kind:        in.kind,
		At:          in.pos,
		EventID:     in.event,
		Attachments: a.incomingFiles(in.files),
		Respond: &responder{a: a, ch: ch, at: in.at, user: in.userID, link: in.responseURL, press: in.press,
			root: root, slash: in.kind == bot.KindSlash},
	})
}

// member is what the bot knows of a Slack user.
type member struct {
	name  string
	admin bool // a workspace admin or owner
}

// member returns a user's display name and rank, asking Slack once per
// user and briefly (the event loop waits): on failure the id stands in.
func (a *Adapter) member(ctx context.Context, id, given string) member {
	a.mu.Lock()
	m, ok := a.members[id]
	a.mu.Unlock()
	if ok {
		return m
	}
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	u, err := a.api.GetUserInfoContext(ctx, id)
	if err != nil {
		a.log.Warn("users.info", "user", id, "err", err)
		return member{name: cmp.Or(given, id)}
	}
	m = member{name: cmp.Or(u.Profile.DisplayName, u.RealName, u.Name, given, id), admin: u.IsAdmin || u.IsOwner}
	a.mu.Lock()
	a.members[id] = m
	a.mu.Unlock()
	return m
}
