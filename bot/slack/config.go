package slack

import (
	"flag"
	"fmt"
	"log/slog"

	"pbc/bot"
)

// Environment variables of the Slack adapter (their names, and the
// flag's, are pbc's settings: stable).
const (
	EnvBotToken = "SLACK_BOT_TOKEN"
	EnvAppToken = "SLACK_APP_TOKEN"
	EnvInPlace  = "PBC_SLACK_IN_PLACE"
)

// Config is the Slack adapter's share of pbc's configuration (a
// bot.ConfigPart). The tokens come from the environment only and are never
// logged.
type Config struct {
	BotToken string // SLACK_BOT_TOKEN (xoxb-…)
	AppToken string // SLACK_APP_TOKEN (xapp-…, Socket Mode)
	// InPlace are the channel ids whose games are played in the channel
	// itself rather than a thread per game (--slack-in-place,
	// PBC_SLACK_IN_PLACE: comma-separated).
	InPlace []string

	inPlace string
}

// Flags registers Slack's flag on fs.
func (c *Config) Flags(fs *flag.FlagSet, env bot.Env) {
	fs.StringVar(&c.inPlace, "slack-in-place", env.String(EnvInPlace, ""), "comma-separated Slack channel `ids` that play in the channel, not a thread per game ["+EnvInPlace+"]")
}

// Finish reads the tokens and the channel list: Slack needs both tokens
// or neither.
func (c *Config) Finish(env bot.Env) error {
	c.BotToken, c.AppToken = env.String(EnvBotToken, ""), env.String(EnvAppToken, "")
	c.InPlace = bot.ChannelIDs(c.inPlace)
	if (c.BotToken == "") != (c.AppToken == "") {
		return fmt.Errorf("Slack needs both %s and %s", EnvBotToken, EnvAppToken)
	}
	return nil
}

// Enabled reports whether Slack is configured.
func (c Config) Enabled() bool { return c.BotToken != "" && c.AppToken != "" }

// LogAttrs describe the settings, the tokens left out.
func (c Config) LogAttrs() []slog.Attr {
	return []slog.Attr{
		slog.String("slack_bot_token", bot.Set(c.BotToken)),
		slog.String("slack_app_token", bot.Set(c.AppToken)),
		slog.Any("slack_in_place", c.InPlace),
	}
}

// Secrets are the values no log may show.
func (c Config) Secrets() []string { return []string{c.BotToken, c.AppToken} }

// Options are the adapter's options from the configuration.
func (c Config) Options(log *slog.Logger) Options {
	return Options{BotToken: c.BotToken, AppToken: c.AppToken, InPlace: c.InPlace, Logger: log}
}
