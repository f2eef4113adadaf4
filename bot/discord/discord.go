// Package discord connects the bot to Discord with discordgo: a /pbc
// application command with subcommands and autocompletion, buttons for short
// choices, deferred responses while the pictures are drawn, ephemeral
// errors, images as attachments and mentions limited to the players
// concerned. With the message-content intent, plain-text commands ("!pass",
// "@pbc pass") work in channels too.
package discord

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/bwmarrin/discordgo"

	"pbc/bot"
	"pbc/storage"
)

// Options configure an Adapter.
type Options struct {
	Token string // the bot token (without "Bot ")
	// GuildID, when set, registers /pbc in that guild only (it appears at
	// once); otherwise it is registered globally.
	GuildID string
	// MessageContent asks for the privileged message-content intent, for
	// plain-text commands in channels.
	MessageContent bool
	Logger         *slog.Logger
}

// Adapter is the Discord front end. It implements bot.Adapter.
type Adapter struct {
	opt Options
	log *slog.Logger
	s   *discordgo.Session
	h   bot.Handler
	me  string // the bot's user id, once connected
}

var _ bot.Adapter = (*Adapter)(nil)

// New returns a Discord adapter; Run connects it.
func New(opt Options) (*Adapter, error) {
	if opt.Token == "" {
		return nil, errors.New("discord: no token")
	}
	if opt.Logger == nil {
		opt.Logger = slog.Default()
	}
	s, err := discordgo.New("Bot " + opt.Token)
	if err != nil {
		return nil, fmt.Errorf("discord: %w", err)
	}
	s.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentsGuildMessages | discordgo.IntentsDirectMessages
	if opt.MessageContent {
		s.Identify.Intents |= discordgo.IntentMessageContent
	}
	s.StateEnabled = false
	return &Adapter{opt: opt, log: opt.Logger.With("platform", "discord"), s: s}, nil
}

// Platform is storage.Discord.
func (a *Adapter) Platform() storage.Platform { return storage.Discord }

// Mention writes a Discord user mention.
func (a *Adapter) Mention(userID string) string { return "<@" + userID + ">" }

// Run connects to the gateway, registers /pbc and passes interactions and
// messages to h until ctx ends.
func (a *Adapter) Run(ctx context.Context, h bot.Handler) error {
	a.h = h
	remove := []func(){
		a.s.AddHandler(a.onInteraction),
		a.s.AddHandler(a.onMessage),
	}
	defer func() {
		for _, r := range remove {
			r()
		}
	}()
	if err := a.s.Open(); err != nil {
		return fmt.Errorf("discord: connect: %w", err)
	}
	defer a.s.Close()
	ready := a.s.State.Ready
	if ready.User == nil {
		return errors.New("discord: no READY from the gateway")
	}
	a.me = ready.User.ID
	appID := a.me
	if ready.Application != nil && ready.Application.ID != "" {
		appID = ready.Application.ID
	}
	if _, err := a.s.ApplicationCommandBulkOverwrite(appID, a.opt.GuildID, Commands(), discordgo.WithContext(ctx)); err != nil {
		return fmt.Errorf("discord: register /%s: %w", CommandName, err)
	}
	a.log.Info("connected", "user", ready.User.Username, "guild", a.opt.GuildID)
	<-ctx.Done()
	return nil
}

// Post sends a message to a channel (reminders).
func (a *Adapter) Post(ctx context.Context, ch storage.Channel, r bot.Reply) error {
	_, err := a.s.ChannelMessageSendComplex(ch.ID, messageSend(r), discordgo.WithContext(ctx))
	return err
}

// channel is the storage channel of an interaction or message.
func channel(guildID, channelID string) storage.Channel {
	return storage.Channel{Platform: storage.Discord, Workspace: guildID, ID: channelID}
}

// user is the bot user behind a member or user; members who can manage
// the channel are admins.
func user(m *discordgo.Member, u *discordgo.User) bot.User {
	var out bot.User
	if m != nil && m.User != nil {
		u = m.User
	}
	if u == nil {
		return out
	}
	out.ID, out.Name = u.ID, u.Username
	if u.GlobalName != "" {
		out.Name = u.GlobalName
	}
	if m != nil {
		if m.Nick != "" {
			out.Name = m.Nick
		}
		out.Admin = m.Permissions&(discordgo.PermissionAdministrator|discordgo.PermissionManageChannels) != 0
	}
	return out
}

// onInteraction handles /pbc, its autocompletion and button presses.
func (a *Adapter) onInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	i := ic.Interaction
	switch i.Type {
	case discordgo.InteractionApplicationCommandAutocomplete:
		a.autocomplete(i)
	case discordgo.InteractionApplicationCommand:
		text, err := commandText(i.ApplicationCommandData())
		if err != nil {
			a.log.Warn("bad command", "err", err)
			a.respondNow(i, "I did not understand that command.", true)
			return
		}
		a.deferAndSubmit(i, text, 0, bot.KindSlash)
	case discordgo.InteractionMessageComponent:
		id := i.MessageComponentData().CustomID
		value, ok := strings.CutPrefix(id, buttonPrefix)
		if !ok {
			return
		}
		cmd, at := bot.ParseValue(value)
		a.deferAndSubmit(i, cmd, at, bot.KindButton)
	}
}

// respondNow answers an interaction at once with text.
func (a *Adapter) respondNow(i *discordgo.Interaction, text string, ephemeral bool) {
	d := &discordgo.InteractionResponseData{Content: text, AllowedMentions: &discordgo.MessageAllowedMentions{}}
	if ephemeral {
		d.Flags = discordgo.MessageFlagsEphemeral
	}
	if err := a.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource, Data: d}); err != nil {
		a.log.Error("interaction response", "err", err)
	}
}

// deferAndSubmit acknowledges an interaction at once ("pbc is thinking…"),
// then hands the command to the core; the reply edits the deferred one.
func (a *Adapter) deferAndSubmit(i *discordgo.Interaction, text string, at int, kind bot.Kind) {
	if err := a.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
		a.log.Error("defer interaction", "err", err)
		return
	}
	a.h.Submit(bot.Message{
		Channel: channel(i.GuildID, i.ChannelID),
		User:    user(i.Member, i.User),
		Text:    text,
		Kind:    kind,
		At:      at,
		EventID: "interaction:" + i.ID,
		Respond: &interactionResponder{a: a, i: i},
	})
}

// autocomplete offers completions of the focused option.
func (a *Adapter) autocomplete(i *discordgo.Interaction) {
	s, arg, typed, ok := focused(i.ApplicationCommandData())
	var choices []*discordgo.ApplicationCommandOptionChoice
	if ok && arg.Field != "" {
		for _, c := range a.h.Suggest(context.Background(), bot.Query{
			Channel: channel(i.GuildID, i.ChannelID), User: user(i.Member, i.User),
			Command: s.Name, Field: arg.Field, Prefix: typed,
		}) {
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: c.Label, Value: c.Value})
		}
	}
	if err := a.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	}); err != nil {
		a.log.Error("autocomplete response", "err", err)
	}
}

// onMessage takes plain-text commands: "!cmd", "pbc cmd" or "@pbc cmd".
func (a *Adapter) onMessage(s *discordgo.Session, mc *discordgo.MessageCreate) {
	m := mc.Message
	if m.Author == nil || m.Author.Bot || a.me == "" {
		return
	}
	text, ok := bot.StripPrefix(m.Content, "<@"+a.me+">", "<@!"+a.me+">")
	if !ok || text == "" {
		return
	}
	member := m.Member
	if member != nil {
		member.User = m.Author
	}
	a.h.Submit(bot.Message{
		Channel: channel(m.GuildID, m.ChannelID),
		User:    user(member, m.Author),
		Text:    text,
		Kind:    bot.KindTyped,
		EventID: "message:" + m.ID,
		Respond: bot.ResponderFunc(func(ctx context.Context, r bot.Reply) error {
			ms := messageSend(r)
			ms.Reference = m.Reference()
			_, err := a.s.ChannelMessageSendComplex(m.ChannelID, ms, discordgo.WithContext(ctx))
			return err
		}),
	})
}

// buttonPrefix marks the custom ids of the bot's buttons.
const buttonPrefix = "pbc:"

// maxContent is Discord's message length limit.
const maxContent = 2000

// clip shortens text to Discord's limit.
func clip(s string) string {
	if len(s) <= maxContent {
		return s
	}
	r := []rune(s)
	for len(string(r)) > maxContent-1 {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// files turns a reply's images and files into attachments.
func files(r bot.Reply) []*discordgo.File {
	var out []*discordgo.File
	for _, img := range r.Images {
		out = append(out, &discordgo.File{Name: img.Name, ContentType: "image/png", Reader: bytes.NewReader(img.PNG)})
	}
	for _, f := range r.Files {
		out = append(out, &discordgo.File{Name: f.Name, ContentType: f.Type, Reader: bytes.NewReader(f.Data)})
	}
	return out
}

// components turns buttons into rows of at most five.
func components(bs []bot.Button) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	var row discordgo.ActionsRow
	for _, b := range bs {
		id := buttonPrefix + b.Value()
		if len(id) > 100 || len(rows) == 5 {
			continue
		}
		style := discordgo.SecondaryButton
		if b.Danger {
			style = discordgo.DangerButton
		}
		row.Components = append(row.Components, discordgo.Button{Label: b.Label, Style: style, CustomID: id})
		if len(row.Components) == 5 {
			rows = append(rows, row)
			row = discordgo.ActionsRow{}
		}
	}
	if len(row.Components) > 0 && len(rows) < 5 {
		rows = append(rows, row)
	}
	return rows
}

// allowed lets a message notify only the users it mentions.
func allowed(ids []string) *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: append([]string{}, ids...)}
}

// messageSend is a reply as a channel message.
func messageSend(r bot.Reply) *discordgo.MessageSend {
	return &discordgo.MessageSend{Content: clip(r.Text), Files: files(r),
		Components: components(r.Buttons), AllowedMentions: allowed(r.Mentions)}
}
