package bot

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Config is the bot's configuration, from flags and environment variables
// (a flag wins over its variable). Tokens come from the environment only,
// so that they never show in a process list, and are never logged.
type Config struct {
	DB     string // SQLite database file, or a postgres:// URL (--db, PBC_DB)
	Listen string // the playground's address (--listen, PBC_LISTEN)

	DiscordToken          string // DISCORD_TOKEN
	DiscordGuild          string // register /pbc in this guild only (--discord-guild, DISCORD_GUILD_ID)
	DiscordMessageContent bool   // plain-text commands need this privileged intent (--discord-message-content, DISCORD_MESSAGE_CONTENT)
	// DiscordGMRole names a Discord role whose members are admins of the
	// bot's games (--discord-gm-role, PBC_DISCORD_GM_ROLE).
	DiscordGMRole string
	// DiscordInPlace are the Discord channel ids whose games are played in
	// the channel itself rather than a thread per game (--discord-in-place,
	// PBC_DISCORD_IN_PLACE: comma-separated).
	DiscordInPlace []string
	SlackBotToken  string // SLACK_BOT_TOKEN (xoxb-…)
	SlackAppToken  string // SLACK_APP_TOKEN (xapp-…, Socket Mode)
	// SlackInPlace are the Slack channel ids whose games are played in
	// the channel itself rather than a thread per game (--slack-in-place,
	// PBC_SLACK_IN_PLACE: comma-separated).
	SlackInPlace []string

	// Playground serves the local playground even when platform tokens are
	// set (--playground, PBC_PLAYGROUND); without tokens it always runs.
	Playground  bool
	RemindEvery time.Duration // default reminder cadence (--remind-every, PBC_REMIND_EVERY); 0 for none
	LogLevel    slog.Level    // --log-level, PBC_LOG_LEVEL: debug, info, warn, error
	LogJSON     bool          // --log-json, PBC_LOG_JSON: JSON log lines instead of text
}

// Environment variables read by ParseConfig.
const (
	EnvDB             = "PBC_DB"
	EnvListen         = "PBC_LISTEN"
	EnvDiscordToken   = "DISCORD_TOKEN"
	EnvDiscordGuild   = "DISCORD_GUILD_ID"
	EnvDiscordContent = "DISCORD_MESSAGE_CONTENT"
	EnvDiscordGMRole  = "PBC_DISCORD_GM_ROLE"
	EnvDiscordInPlace = "PBC_DISCORD_IN_PLACE"
	EnvSlackBotToken  = "SLACK_BOT_TOKEN"
	EnvSlackAppToken  = "SLACK_APP_TOKEN"
	EnvSlackInPlace   = "PBC_SLACK_IN_PLACE"
	EnvPlayground     = "PBC_PLAYGROUND"
	EnvRemindEvery    = "PBC_REMIND_EVERY"
	EnvLogLevel       = "PBC_LOG_LEVEL"
	EnvLogJSON        = "PBC_LOG_JSON"
)

// DefaultDB is the database file when none is configured.
const DefaultDB = "pbc.db"

// ParseConfig reads the configuration from args (flags registered on fs)
// and getenv (os.Getenv if nil).
func ParseConfig(fs *flag.FlagSet, args []string, getenv func(string) string) (Config, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	env := func(k, def string) string {
		if v := strings.TrimSpace(getenv(k)); v != "" {
			return v
		}
		return def
	}
	var c Config
	var level, every, inPlace, discordInPlace string
	var errs []error
	envBool := func(k string) bool {
		v := env(k, "false")
		b, err := strconv.ParseBool(v)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s=%q: not true or false", k, v))
		}
		return b
	}
	fs.StringVar(&c.DB, "db", env(EnvDB, DefaultDB), "SQLite database `file` (created if missing), or a postgres:// URL ["+EnvDB+"]")
	fs.StringVar(&c.Listen, "listen", env(EnvListen, "127.0.0.1:8822"), "the playground's `address` ["+EnvListen+"]")
	fs.StringVar(&c.DiscordGuild, "discord-guild", env(EnvDiscordGuild, ""), "register /pbc in this guild `id` only (instant) instead of globally ["+EnvDiscordGuild+"]")
	fs.BoolVar(&c.DiscordMessageContent, "discord-message-content", envBool(EnvDiscordContent), "ask Discord for the message-content intent, for plain-text commands ["+EnvDiscordContent+"]")
	fs.StringVar(&c.DiscordGMRole, "discord-gm-role", env(EnvDiscordGMRole, ""), "Discord role `name` whose members are admins of the bot's games ["+EnvDiscordGMRole+"]")
	fs.StringVar(&discordInPlace, "discord-in-place", env(EnvDiscordInPlace, ""), "comma-separated Discord channel `ids` that play in the channel, not a thread per game ["+EnvDiscordInPlace+"]")
	fs.StringVar(&inPlace, "slack-in-place", env(EnvSlackInPlace, ""), "comma-separated Slack channel `ids` that play in the channel, not a thread per game ["+EnvSlackInPlace+"]")
	fs.BoolVar(&c.Playground, "playground", envBool(EnvPlayground), "serve the local playground even when platform tokens are set ["+EnvPlayground+"]")
	fs.StringVar(&every, "remind-every", env(EnvRemindEvery, DefaultRemindEvery.String()), "default reminder `cadence` of channels, 0 for none ["+EnvRemindEvery+"]")
	fs.StringVar(&level, "log-level", env(EnvLogLevel, "info"), "log `level`: debug, info, warn or error ["+EnvLogLevel+"]")
	fs.BoolVar(&c.LogJSON, "log-json", envBool(EnvLogJSON), "log JSON lines ["+EnvLogJSON+"]")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		errs = append(errs, fmt.Errorf("unexpected arguments: %s", strings.Join(fs.Args(), " ")))
	}
	c.DiscordToken = env(EnvDiscordToken, "")
	c.SlackBotToken = env(EnvSlackBotToken, "")
	c.SlackAppToken = env(EnvSlackAppToken, "")
	c.SlackInPlace = channelIDs(inPlace)
	c.DiscordInPlace = channelIDs(discordInPlace)
	if err := c.LogLevel.UnmarshalText([]byte(level)); err != nil {
		errs = append(errs, fmt.Errorf("log level %q: use debug, info, warn or error", level))
	}
	d, err := time.ParseDuration(every)
	switch {
	case every == "0":
		c.RemindEvery = -1
	case err != nil || d < 0:
		errs = append(errs, fmt.Errorf("reminder cadence %q: use a span like 24h or 12h30m, or 0", every))
	case d < time.Hour && d > 0:
		errs = append(errs, fmt.Errorf("reminder cadence %q: at most hourly", every))
	default:
		c.RemindEvery = d
	}
	if (c.SlackBotToken == "") != (c.SlackAppToken == "") {
		errs = append(errs, fmt.Errorf("Slack needs both %s and %s", EnvSlackBotToken, EnvSlackAppToken))
	}
	return c, errors.Join(errs...)
}

// channelIDs splits a comma-separated list of channel ids, dropping blanks
// and repeats.
func channelIDs(s string) []string {
	var out []string
	for _, id := range strings.Split(s, ",") {
		if id = strings.TrimSpace(id); id != "" && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// Discord reports whether Discord is configured.
func (c Config) Discord() bool { return c.DiscordToken != "" }

// Slack reports whether Slack is configured.
func (c Config) Slack() bool { return c.SlackBotToken != "" && c.SlackAppToken != "" }

// Local reports whether the playground runs: without platforms, or asked for.
func (c Config) Local() bool { return c.Playground || (!c.Discord() && !c.Slack()) }

// LogValue logs the configuration with the tokens left out.
func (c Config) LogValue() slog.Value {
	set := func(s string) string {
		if s == "" {
			return "unset"
		}
		return "set"
	}
	return slog.GroupValue(
		slog.String("db", c.DB),
		slog.Bool("playground", c.Local()),
		slog.String("listen", c.Listen),
		slog.String("discord_token", set(c.DiscordToken)),
		slog.String("discord_guild", c.DiscordGuild),
		slog.Bool("discord_message_content", c.DiscordMessageContent),
		slog.String("discord_gm_role", c.DiscordGMRole),
		slog.Any("discord_in_place", c.DiscordInPlace),
		slog.String("slack_bot_token", set(c.SlackBotToken)),
		slog.String("slack_app_token", set(c.SlackAppToken)),
		slog.Any("slack_in_place", c.SlackInPlace),
		slog.Duration("remind_every", c.RemindEvery),
		slog.String("log_level", c.LogLevel.String()),
	)
}

// String is LogValue as text: no tokens.
func (c Config) String() string { return c.LogValue().String() }

// Logger returns the logger the configuration asks for, writing to w.
func (c Config) Logger(w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: c.LogLevel}
	if c.LogJSON {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}
