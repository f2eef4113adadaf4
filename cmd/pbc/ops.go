package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"time"

	"pbc/bot"
	"pbc/ops"
	"pbc/redact"
	"pbc/session"
	"pbc/storage"
)

// envOpsListen is the address of /healthz and /metrics; unset, they are
// not served.
const envOpsListen = "PBC_OPS_LISTEN"

// opsFlag registers --ops-listen on fs.
func opsFlag(fs *flag.FlagSet, getenv func(string) string) *string {
	return fs.String("ops-listen", getenv(envOpsListen), "serve /healthz and /metrics on this `address` (none if empty) ["+envOpsListen+"]")
}

// secretLogger is the configuration's logger with the platform tokens, the
// playground secret and the shapes of secrets (interaction tokens, hook
// URLs) masked in every line. It is made the default logger, so that the
// libraries logging through the log package are masked too, until restore.
func secretLogger(cfg serveConfig, getenv func(string) string, w io.Writer) (l *slog.Logger, r *redact.Redactor, restore func()) {
	r = redact.New(append(cfg.Secrets(), getenv(envPlaygroundSecret), dbPassword(cfg.DB))...)
	l = slog.New(redact.NewHandler(cfg.Logger(w).Handler(), r))
	prev, out, flags := slog.Default(), log.Writer(), log.Flags()
	slog.SetDefault(l)
	return l, r, func() {
		slog.SetDefault(prev)
		log.SetOutput(out)
		log.SetFlags(flags)
	}
}

// instrumentedCore is the bot's core with its metrics, and the operator's
// endpoints served on opsAddr (when set) until ctx ends.
func instrumentedCore(ctx context.Context, st storage.Store, adapters []bot.Adapter, cfg serveConfig, tick time.Duration,
	log *slog.Logger, r *redact.Redactor, opsAddr string, mem budget) (*bot.Core, error) {
	m := ops.NewMetrics()
	sessions := session.New(mem.sessionOptions(session.Options{Store: st, Log: log, Observe: m.Stage}))
	core := bot.New(bot.Options{Store: st, Commands: &bot.Dispatcher{Store: st, Log: log, Manager: sessions},
		Adapters: adapters, Logger: log, RemindEvery: cfg.RemindEvery, ReminderTick: tick, Observer: m})
	m.Watch(core, sessions)
	if opsAddr == "" {
		return core, nil
	}
	ln, err := net.Listen("tcp", opsAddr)
	if err != nil {
		return nil, fmt.Errorf("the operator's endpoints (%s): %w", envOpsListen, err)
	}
	log.Info("operator endpoints: /healthz and /metrics", "addr", ln.Addr().String())
	go func() {
		if err := ops.Serve(ctx, ln, ops.Options{Core: core, Metrics: m, Redact: r.String, Log: log}); err != nil {
			log.Error("operator endpoints stopped", "err", err)
		}
	}()
	return core, nil
}
