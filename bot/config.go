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

// Config is the core's configuration, from flags and environment variables
// (a flag wins over its variable). Each adapter keeps its own settings and
// tokens in its package, as a ConfigPart the configuration parses along.
type Config struct {
	DB          string        // SQLite database file, or a postgres:// URL (--db, PBC_DB)
	RemindEvery time.Duration // default reminder cadence (--remind-every, PBC_REMIND_EVERY); 0 for none
	LogLevel    slog.Level    // --log-level, PBC_LOG_LEVEL: debug, info, warn, error
	LogJSON     bool          // --log-json, PBC_LOG_JSON: JSON log lines instead of text
	// Parts are the adapters' configurations, parsed with the core's.
	Parts []ConfigPart
}

// ConfigPart is an adapter's share of the configuration: its flags and
// environment variables (tokens from the environment only, so that they
// never show in a process list), read with the core's.
type ConfigPart interface {
	// Flags registers the part's flags on fs, their defaults read from
	// the environment.
	Flags(fs *flag.FlagSet, env Env)
	// Finish reads what comes from the environment only (tokens) once
	// the flags are parsed, and says what is wrong.
	Finish(env Env) error
	// LogAttrs describe the part for the log, tokens left out.
	LogAttrs() []slog.Attr
}

// Env reads the configuration's environment variables.
type Env func(string) string

// String is variable k, trimmed, or def when it is unset or blank.
func (e Env) String(k, def string) string {
	if v := strings.TrimSpace(e(k)); v != "" {
		return v
	}
	return def
}

// Bool is variable k as true or false (false when unset); a value that is
// neither is reported to errs.
func (e Env) Bool(k string, errs *[]error) bool {
	v := e.String(k, "false")
	b, err := strconv.ParseBool(v)
	if err != nil {
		*errs = append(*errs, fmt.Errorf("%s=%q: not true or false", k, v))
	}
	return b
}

// Environment variables read by ParseConfig for the core.
const (
	EnvDB          = "PBC_DB"
	EnvRemindEvery = "PBC_REMIND_EVERY"
	EnvLogLevel    = "PBC_LOG_LEVEL"
	EnvLogJSON     = "PBC_LOG_JSON"
)

// DefaultDB is the database file when none is configured.
const DefaultDB = "pbc.db"

// ParseConfig reads the configuration from args (flags registered on fs)
// and getenv (os.Getenv if nil), with the adapters' parts.
func ParseConfig(fs *flag.FlagSet, args []string, getenv func(string) string, parts ...ConfigPart) (Config, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	env := Env(getenv)
	c := Config{Parts: parts}
	var level, every string
	var errs []error
	fs.StringVar(&c.DB, "db", env.String(EnvDB, DefaultDB), "SQLite database `file` (created if missing), or a postgres:// URL ["+EnvDB+"]")
	fs.StringVar(&every, "remind-every", env.String(EnvRemindEvery, DefaultRemindEvery.String()), "default reminder `cadence` of channels, 0 for none ["+EnvRemindEvery+"]")
	fs.StringVar(&level, "log-level", env.String(EnvLogLevel, "info"), "log `level`: debug, info, warn or error ["+EnvLogLevel+"]")
	fs.BoolVar(&c.LogJSON, "log-json", env.Bool(EnvLogJSON, &errs), "log JSON lines ["+EnvLogJSON+"]")
	for _, p := range parts {
		p.Flags(fs, env)
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		errs = append(errs, fmt.Errorf("unexpected arguments: %s", strings.Join(fs.Args(), " ")))
	}
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
	for _, p := range parts {
		if err := p.Finish(env); err != nil {
			errs = append(errs, err)
		}
	}
	return c, errors.Join(errs...)
}

// ChannelIDs splits a comma-separated list of channel ids, dropping blanks
// and repeats.
func ChannelIDs(s string) []string {
	var out []string
	for _, id := range strings.Split(s, ",") {
		if id = strings.TrimSpace(id); id != "" && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// LogValue logs the configuration with the tokens left out.
func (c Config) LogValue() slog.Value {
	attrs := []slog.Attr{slog.String("db", c.DB)}
	for _, p := range c.Parts {
		attrs = append(attrs, p.LogAttrs()...)
	}
	attrs = append(attrs, slog.Duration("remind_every", c.RemindEvery), slog.String("log_level", c.LogLevel.String()))
	return slog.GroupValue(attrs...)
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

// Set says whether a secret is configured, for the log.
func Set(secret string) string {
	if secret == "" {
		return "unset"
	}
	return "set"
}
