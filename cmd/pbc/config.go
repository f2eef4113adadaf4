package main

import (
	"flag"
	"log/slog"

	"pbc/bot"
	"pbc/bot/discord"
	"pbc/bot/local"
	"pbc/bot/slack"
)

// serveConfig is the configuration of `pbc` serving: the core's, and each
// adapter's own (its flags, variables and tokens live in its package).
type serveConfig struct {
	bot.Config
	Discord discord.Config
	Slack   slack.Config
	Local   local.Config
}

// parseServeConfig reads the configuration from args (flags registered on
// fs) and getenv.
func parseServeConfig(fs *flag.FlagSet, args []string, getenv func(string) string) (serveConfig, error) {
	var c serveConfig
	cfg, err := bot.ParseConfig(fs, args, getenv, &c.Discord, &c.Slack, &c.Local)
	c.Config = cfg
	return c, err
}

// Playground reports whether the playground runs: without platforms, or
// asked for.
func (c serveConfig) Playground() bool {
	return c.Local.Playground || (!c.Discord.Enabled() && !c.Slack.Enabled())
}

// Secrets are the configured values no log may show.
func (c serveConfig) Secrets() []string {
	return append(c.Discord.Secrets(), c.Slack.Secrets()...)
}

// LogValue logs the configuration with the tokens left out, and whether
// the playground runs.
func (c serveConfig) LogValue() slog.Value {
	return slog.GroupValue(append(c.Config.LogValue().Group(), slog.Bool("playground_runs", c.Playground()))...)
}

// String is LogValue as text: no tokens.
func (c serveConfig) String() string { return c.LogValue().String() }
