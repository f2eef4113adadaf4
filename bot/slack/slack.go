// Package slack connects the bot to Slack over Socket Mode (no public URL
// needed): a /pbc slash command, app mentions and prefixed channel messages
// ("!pass", "pbc pass"), Block Kit buttons for short choices, pictures
// uploaded with the external upload flow, ephemeral errors. Every event is
// acknowledged at once, before any work.
package slack

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"
	"github.com/slack-go/slack/socketmode"

	"pbc/bot"
	"pbc/storage"
)

// Options configure an Adapter.
type Options struct {
	BotToken string // xoxb-…: the Web API
	AppToken string // xapp-…: Socket Mode (connections:write)
	// APIURL is the Web API's base URL; Slack's by default (tests set it).
	APIURL string
	Logger *slog.Logger
}

// Adapter is the Slack front end. It implements bot.Adapter.
type Adapter struct {
	opt Options
	log *slog.Logger
	api *slack.Client
	sm  *socketmode.Client

	me      string // the bot's user id, once connected
	mu      sync.Mutex
	members map[string]member // by user id
}

var _ bot.Adapter = (*Adapter)(nil)

// New returns a Slack adapter; Run connects it.
func New(opt Options) (*Adapter, error) {
	if opt.BotToken == "" || opt.AppToken == "" {
		return nil, errors.New("slack: both the bot token (SLACK_BOT_TOKEN) and the app token (SLACK_APP_TOKEN) are needed")
	}
	if !strings.HasPrefix(opt.AppToken, "xapp-") {
		return nil, errors.New("slack: the app token must start with xapp-")
	}
	if opt.Logger == nil {
		opt.Logger = slog.Default()
	}
	opts := []slack.Option{slack.OptionAppLevelToken(opt.AppToken)}
	if opt.APIURL != "" {
		opts = append(opts, slack.OptionAPIURL(opt.APIURL))
	}
	api := slack.New(opt.BotToken, opts...)
	return &Adapter{opt: opt, log: opt.Logger.With("platform", "slack"), api: api,
		sm: socketmode.New(api), members: map[string]member{}}, nil
}

// Platform is storage.Slack.
func (a *Adapter) Platform() storage.Platform { return storage.Slack }

// Mention writes a Slack user mention.
func (a *Adapter) Mention(userID string) string { return "<@" + userID + ">" }

// Run connects over Socket Mode and passes commands to h until ctx ends.
func (a *Adapter) Run(ctx context.Context, h bot.Handler) error {
	auth, err := a.api.AuthTestContext(ctx)
	if err != nil {
		return fmt.Errorf("slack: auth.test: %w", err)
	}
	a.me = auth.UserID
	a.log.Info("authenticated", "team", auth.Team, "user", auth.User)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	runErr := make(chan error, 1)
	go func() { runErr <- a.sm.RunContext(ctx) }()
	for {
		select {
		case <-ctx.Done():
			<-runErr
			return nil
		case err := <-runErr:
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("slack: socket mode: %w", err)
		case evt := <-a.sm.Events:
			a.event(ctx, evt, h)
		}
	}
}

// event acknowledges one Socket Mode event, then hands its command to h.
func (a *Adapter) event(ctx context.Context, evt socketmode.Event, h bot.Handler) {
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
			text = "help"
		}
		a.submit(ctx, h, cmd.TeamID, cmd.ChannelID, cmd.UserID, cmd.UserName, text, bot.KindSlash, 0, "slash:"+cmd.TriggerID)
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
			if text, ok := bot.StripPrefix(in.Text, a.Mention(a.me)); ok && text != "" {
				a.submit(ctx, h, ev.TeamID, in.Channel, in.User, "", text, bot.KindTyped, 0, eventID)
			}
		case *slackevents.MessageEvent:
			if in.BotID != "" || in.SubType != "" || in.User == "" || in.User == a.me ||
				strings.Contains(in.Text, a.Mention(a.me)) { // app_mention has it
				return
			}
			if text, ok := bot.StripPrefix(in.Text); ok && text != "" {
				a.submit(ctx, h, ev.TeamID, in.Channel, in.User, "", text, bot.KindTyped, 0, eventID)
			}
		}
	case socketmode.EventTypeInteractive:
		cb, ok := evt.Data.(slack.InteractionCallback)
		if !ok || cb.Type != slack.InteractionTypeBlockActions {
			return
		}
		for _, act := range cb.ActionCallback.BlockActions {
			if strings.HasPrefix(act.ActionID, actionPrefix) && act.Value != "" {
				cmd, at := bot.ParseValue(act.Value)
				a.submit(ctx, h, cb.Team.ID, cb.Channel.ID, cb.User.ID, cb.User.Name, cmd, bot.KindButton, at,
					"action:"+cb.TriggerID+":"+act.ActionTs)
			}
		}
	}
}

// submit passes a command to h with a responder for its channel.
func (a *Adapter) submit(ctx context.Context, h bot.Handler, team, channel, userID, name, text string, kind bot.Kind, at int, eventID string) {
	ch := storage.Channel{Platform: storage.Slack, Workspace: team, ID: channel}
	m := a.member(ctx, userID, name)
	h.Submit(bot.Message{
		Channel: ch,
		User:    bot.User{ID: userID, Name: m.name, Admin: m.admin},
		Text:    text,
		Kind:    kind,
		At:      at,
		EventID: eventID,
		Respond: bot.ResponderFunc(func(ctx context.Context, r bot.Reply) error {
			if r.Ephemeral {
				_, err := a.api.PostEphemeralContext(ctx, channel, userID, slack.MsgOptionText(r.Text, false))
				return err
			}
			return a.Post(ctx, ch, r)
		}),
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

// actionPrefix marks the action ids of the bot's buttons.
const actionPrefix = "pbc"

// Post sends a reply to a channel: its text with the pictures in one
// message (the external upload flow), then its buttons.
func (a *Adapter) Post(ctx context.Context, ch storage.Channel, r bot.Reply) error {
	if len(r.Images)+len(r.Files) > 0 {
		if err := a.upload(ctx, ch.ID, r.Text, attachments(r)); err != nil {
			return err
		}
	} else if len(r.Buttons) == 0 {
		_, _, err := a.api.PostMessageContext(ctx, ch.ID, slack.MsgOptionText(r.Text, false))
		return err
	}
	if len(r.Buttons) == 0 {
		return nil
	}
	text := r.Text
	if len(r.Images)+len(r.Files) > 0 {
		text = "Choose:"
	}
	_, _, err := a.api.PostMessageContext(ctx, ch.ID, slack.MsgOptionText(text, false),
		slack.MsgOptionBlocks(blocks(text, r.Buttons)...))
	return err
}

// attachment is a file to upload.
type attachment struct {
	name, alt string
	data      []byte
}

// attachments are a reply's pictures and files, in that order.
func attachments(r bot.Reply) []attachment {
	var out []attachment
	for _, img := range r.Images {
		out = append(out, attachment{img.Name, img.Alt, img.PNG})
	}
	for _, f := range r.Files {
		out = append(out, attachment{f.Name, "", f.Data})
	}
	return out
}

// upload sends files with the external upload flow: an upload URL per file,
// the bytes, then one completion sharing them all with the text.
func (a *Adapter) upload(ctx context.Context, channel, text string, atts []attachment) error {
	var files []slack.FileSummary
	for _, at := range atts {
		u, err := a.api.GetUploadURLExternalContext(ctx, slack.GetUploadURLExternalParameters{
			FileName: at.name, FileSize: len(at.data), AltTxt: at.alt})
		if err != nil {
			return fmt.Errorf("slack: upload URL for %s: %w", at.name, err)
		}
		if err := a.api.UploadToURL(ctx, slack.UploadToURLParameters{UploadURL: u.UploadURL,
			Reader: bytes.NewReader(at.data), Filename: at.name}); err != nil {
			return fmt.Errorf("slack: upload %s: %w", at.name, err)
		}
		files = append(files, slack.FileSummary{ID: u.FileID, Title: at.name})
	}
	_, err := a.api.CompleteUploadExternalContext(ctx, slack.CompleteUploadExternalParameters{
		Files: files, Channel: channel, InitialComment: text})
	if err != nil {
		return fmt.Errorf("slack: complete upload: %w", err)
	}
	return nil
}

// blocks lays out text and buttons in Block Kit.
func blocks(text string, bs []bot.Button) []slack.Block {
	var els []slack.BlockElement
	for i, b := range bs {
		if i == 25 {
			break
		}
		btn := slack.NewButtonBlockElement(fmt.Sprintf("%s-%d", actionPrefix, i), b.Value(),
			slack.NewTextBlockObject(slack.PlainTextType, b.Label, false, false))
		if b.Danger {
			btn.Style = slack.StyleDanger
		}
		els = append(els, btn)
	}
	return []slack.Block{
		slack.NewSectionBlock(slack.NewTextBlockObject(slack.MarkdownType, text, false, false), nil, nil),
		slack.NewActionBlock("pbc-choices", els...),
	}
}
