package discord

import (
	"flag"
	"log/slog"

	"pbc/bot"
)

// Environment variables of the Discord adapter (their names, and the
// flags', are pbc's settings: stable).
const (
	EnvToken          = "DISCORD_TOKEN"
	EnvGuild          = "DISCORD_GUILD_ID"
	EnvMessageContent = "DISCORD_MESSAGE_CONTENT"
	EnvGMRole         = "PBC_DISCORD_GM_ROLE"
	EnvInPlace        = "PBC_DISCORD_IN_PLACE"
)

// Config is the Discord adapter's share of pbc's configuration (a
// bot.ConfigPart). The token comes from the environment only and is never
// logged.
type Config struct {
	Token          string // DISCORD_TOKEN
	Guild          string // register /pbc in this guild only (--discord-guild, DISCORD_GUILD_ID)
	MessageContent bool   // plain-text commands need this privileged intent (--discord-message-content, DISCORD_MESSAGE_CONTENT)
	// GMRole names a Discord role whose members are admins of the bot's
	// games (--discord-gm-role, PBC_DISCORD_GM_ROLE).
	GMRole string
	// InPlace are the channel ids whose games are played in the channel
	// itself rather than a thread per game (--discord-in-place,
	// PBC_DISCORD_IN_PLACE: comma-separated).
	InPlace []string

	inPlace string
	errs    []error
}

// Flags registers Discord's flags on fs.
func (c *Config) Flags(fs *flag.FlagSet, env bot.Env) {
	fs.StringVar(&c.Guild, "discord-guild", env.String(EnvGuild, ""), "register /pbc in this guild `id` only (instant) instead of globally ["+EnvGuild+"]")
	fs.BoolVar(&c.MessageContent, "discord-message-content", env.Bool(EnvMessageContent, &c.errs), "ask Discord for the message-content intent, for plain-text commands ["+EnvMessageContent+"]")
	fs.StringVar(&c.GMRole, "discord-gm-role", env.String(EnvGMRole, ""), "Discord role `name` whose members are admins of the bot's games ["+EnvGMRole+"]")
	fs.StringVar(&c.inPlace, "discord-in-place", env.String(EnvInPlace, ""), "comma-separated Discord channel `ids` that play in the channel, not a thread per game ["+EnvInPlace+"]")
}

// Finish reads the token and the channel list.
func (c *Config) Finish(env bot.Env) error {
	c.Token = env.String(EnvToken, "")
	c.InPlace = bot.ChannelIDs(c.inPlace)
	if len(c.errs) > 0 {
		return c.errs[0]
	}
	return nil
}

// Enabled reports whether Discord is configured.
func (c Config) Enabled() bool { return c.Token != "" }

// LogAttrs describe the settings, the token left out.
func (c Config) LogAttrs() []slog.Attr {
	return []slog.Attr{
		slog.String("discord_token", bot.Set(c.Token)),
		slog.String("discord_guild", c.Guild),
		slog.Bool("discord_message_content", c.MessageContent),
		slog.String("discord_gm_role", c.GMRole),
		slog.Any("discord_in_place", c.InPlace),
	}
}

// Secrets are the values no log may show.
func (c Config) Secrets() []string { return []string{c.Token} }

// Options are the adapter's options from the configuration.
func (c Config) Options(log *slog.Logger) Options {
	return Options{Token: c.Token, GuildID: c.Guild, MessageContent: c.MessageContent,
		GMRole: c.GMRole, InPlace: c.InPlace, Logger: log}
}
