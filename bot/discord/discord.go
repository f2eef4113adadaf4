// Package discord connects the bot to Discord with discordgo: a /pbc
// application command generated from the grammar (subcommands and groups,
// autocompletion), buttons and select menus for choices, deferred responses
// while the pictures are drawn, images as attachments and files read from
// attachments. The next player is pinged in a new channel message whose
// allowed mentions name exactly them (edits and deferred follow-ups do not
// notify); refusals and catch-ups go to the sender only (ephemeral, or a
// direct message for typed commands); a new game gets a thread of its own.
// With the message-content intent, plain-text commands ("!pass", "@pbc
// pass") work in channels too.
package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

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
	// GMRole names a role whose members are admins of the bot's games
	// (besides members who may manage channels); the configuration reads
	// it from PBC_DISCORD_GM_ROLE.
	GMRole string
	// InPlace lists channel ids where `new` opens the game in the channel
	// itself; elsewhere it opens a thread for it. The configuration reads
	// them from PBC_DISCORD_IN_PLACE.
	InPlace []string
	Logger  *slog.Logger

	// ShardCount splits the bot's guilds over that many gateway shards
	// (Discord requires it from 2,500 guilds); ShardIDs are the shards this
	// process runs, one gateway session each (all of them if empty). Each
	// guild's events reach the one process running its shard.
	ShardCount int
	ShardIDs   []int
}

// Adapter is the Discord front end. It implements bot.Adapter.
type Adapter struct {
	opt   Options
	log   *slog.Logger
	s     *discordgo.Session
	h     bot.Handler
	me    string        // the bot's user id, once connected
	ready chan struct{} // closed once /pbc is registered
	perms *permCache

	// shards are the gateway sessions of this process's other shards (s
	// runs the first, and serves the REST calls).
	shards []*discordgo.Session
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
	ids, err := shardIDs(opt.ShardCount, opt.ShardIDs)
	if err != nil {
		return nil, err
	}
	more, err := shard(s, opt.Token, opt.ShardCount, ids)
	if err != nil {
		return nil, err
	}
	return &Adapter{opt: opt, log: opt.Logger.With("platform", "discord"), s: s, shards: more,
		ready: make(chan struct{}), perms: newPermCache()}, nil
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
		return fmt.Errorf("discord: connect: %w", a.redact(err))
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
		if ctx.Err() != nil {
			return nil // stopped while registering: not a failure
		}
		return fmt.Errorf("discord: register /%s: %w", CommandName, a.redact(err))
	}
	close(a.ready)
	a.log.Info("connected", "user", ready.User.Username, "guild", a.opt.GuildID, "shard", a.s.ShardID, "of", max(1, a.s.ShardCount))
	closeShards, err := a.openShards(ctx, a.onInteraction, a.onMessage)
	defer closeShards()
	if err != nil {
		return err
	}
	<-ctx.Done()
	return nil
}

// Post sends a message to a channel (reminders).
func (a *Adapter) Post(ctx context.Context, ch storage.Channel, r bot.Reply) error {
	return a.postReply(ctx, ch.ID, r, nil)
}

// channel is the storage channel of an interaction or message.
func channel(guildID, channelID string) storage.Channel {
	return storage.Channel{Platform: storage.Discord, Workspace: guildID, ID: channelID}
}

// user is the bot user behind a member or user; members who can manage
// the channel are admins (interactions carry the member's permissions;
// typed messages do not, see typedAdmin).
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

// ChannelLink is a link to ch, as Discord writes one in text.
func (a *Adapter) ChannelLink(ch storage.Channel) string { return "<#" + ch.ID + ">" }

// ChannelRef names ch in a list of games: its link (a thread is a channel
// of its own on Discord).
func (a *Adapter) ChannelRef(ch storage.Channel) string { return a.ChannelLink(ch) }

var _ bot.ChannelLinker = (*Adapter)(nil)
