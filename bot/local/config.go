package local

import (
	"flag"
	"log/slog"

	"pbc/bot"
)

// Environment variables of the playground (their names, and the flags',
// are pbc's settings: stable).
const (
	EnvListen     = "PBC_LISTEN"
	EnvPlayground = "PBC_PLAYGROUND"
)

// Config is the playground's share of pbc's configuration (a
// bot.ConfigPart).
type Config struct {
	Listen string // the playground's address (--listen, PBC_LISTEN)
	// Playground serves the playground even when platform tokens are set
	// (--playground, PBC_PLAYGROUND); without tokens it always runs.
	Playground bool

	errs []error
}

// Flags registers the playground's flags on fs.
func (c *Config) Flags(fs *flag.FlagSet, env bot.Env) {
	fs.StringVar(&c.Listen, "listen", env.String(EnvListen, "127.0.0.1:8822"), "the playground's `address` ["+EnvListen+"]")
	fs.BoolVar(&c.Playground, "playground", env.Bool(EnvPlayground, &c.errs), "serve the local playground even when platform tokens are set ["+EnvPlayground+"]")
}

// Finish says what was wrong with the settings.
func (c *Config) Finish(bot.Env) error {
	if len(c.errs) > 0 {
		return c.errs[0]
	}
	return nil
}

// LogAttrs describe the settings.
func (c Config) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Bool("playground", c.Playground), slog.String("listen", c.Listen)}
}
