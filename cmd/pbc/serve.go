package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"pbc/bot"
	"pbc/bot/discord"
	"pbc/bot/local"
	"pbc/bot/slack"
	"pbc/session"
	"pbc/storage"
)

// cmdServe runs the bot: on Discord and Slack when their tokens are set
// (DISCORD_TOKEN; SLACK_BOT_TOKEN and SLACK_APP_TOKEN), and the local
// playground when none is (or with --playground), all on one SQLite file.
// It stops on SIGINT or SIGTERM after finishing the messages in hand.
func cmdServe(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, args, os.Getenv, stdout, stderr)
}

// serve is cmdServe with its context and environment given.
func serve(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pbc", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: pbc [flags]   (runs the bot; with no platform tokens, the local playground)")
		fs.PrintDefaults()
		fmt.Fprintln(stderr, "environment: "+discord.EnvToken+", "+slack.EnvBotToken+", "+slack.EnvAppToken+", "+
			envPlaygroundSecret+", "+envPlaygroundAdmins+", "+envPlaygroundAdminKey+", "+envPlaygroundHosts+", and each flag's variable in [brackets]")
	}
	opsAddr := opsFlag(fs, getenv)
	tickText := tickFlag(fs, getenv)
	shardText := discordShardFlags(fs, getenv)
	memText := memoryFlag(fs, getenv)
	cfg, err := parseServeConfig(fs, args, getenv)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "pbc:", err)
		return 2
	}
	tick, err := reminderTick(*tickText)
	if err != nil {
		fmt.Fprintln(stderr, "pbc:", err)
		return 2
	}
	shards, shardIDs, err := shardText.parse()
	if err != nil {
		fmt.Fprintln(stderr, "pbc:", err)
		return 2
	}
	pgOpt, err := playgroundOptions(cfg, getenv)
	if err != nil {
		fmt.Fprintln(stderr, "pbc:", err)
		return 2
	}
	total, err := parseBytes(*memText)
	if err != nil {
		fmt.Fprintln(stderr, "pbc:", err)
		return 2
	}
	mem := split(total)
	defer applyMemoryLimit(mem.Total)()
	session.SetRenderMemory(mem.Drawings)
	pgOpt = mem.playground(pgOpt)
	log, redactor, restore := secretLogger(cfg, getenv, stderr)
	defer restore()
	log.Info("pbc starting", "config", cfg, "memory_mb", mem.Total>>20)
	st, err := openStore(ctx, cfg.DB)
	if err != nil {
		log.Error("cannot open the database", "db", cfg.DB, "err", err)
		return 1
	}
	defer st.Close()
	if si, ok := st.(storage.SignIns); ok {
		pgOpt.SignIns = si // sign-ins outlive a restart
	}
	if ch, ok := st.(storage.ChatHistory); ok {
		pgOpt.Chat = ch // and so do the channels' recent messages
	}
	adapters, pg, err := buildAdapters(cfg, pgOpt, log, shards, shardIDs)
	if err != nil {
		log.Error("cannot set up", "err", err)
		return 1
	}
	core, err := instrumentedCore(ctx, st, adapters, cfg, tick, log, redactor, *opsAddr, mem)
	if err != nil {
		log.Error("cannot set up", "err", err)
		return 1
	}
	if pg != nil {
		go printInvite(ctx, pg, pgOpt.Secret != "", stdout)
		printAdminHint(pgOpt, stdout)
	}
	if err := core.Run(ctx); err != nil {
		log.Error("pbc stopped", "err", err)
		return 1
	}
	log.Info("pbc stopped")
	return 0
}

// buildAdapters creates the adapters the configuration asks for (Discord's
// on the given shards); the playground's (with pgOpt) is returned too, to
// print its address.
func buildAdapters(cfg serveConfig, pgOpt local.Options, log *slog.Logger, shards int, shardIDs []int) ([]bot.Adapter, *local.Adapter, error) {
	var out []bot.Adapter
	var pg *local.Adapter
	if cfg.Discord.Enabled() {
		opt := cfg.Discord.Options(log)
		opt.ShardCount, opt.ShardIDs = shards, shardIDs
		a, err := discord.New(opt)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, a)
	}
	if cfg.Slack.Enabled() {
		a, err := slack.New(cfg.Slack.Options(log))
		if err != nil {
			return nil, nil, err
		}
		out = append(out, a)
	}
	if cfg.Playground() {
		pgOpt.Logger = log
		pg = local.New(pgOpt)
		out = append(out, pg)
	}
	return out, pg, nil
}

// printInvite tells the operator where the playground is. The invite link
// holds the access secret, so it is printed only to a terminal: standard
// output that is a file or a pipe is a log (under Docker it is), and there
// the address is printed with where to find the key instead.
func printInvite(ctx context.Context, pg *local.Adapter, secret bool, stdout io.Writer) {
	if !secret || writesToTerminal(stdout) {
		if url, err := pg.Invite(ctx); err == nil {
			fmt.Fprintf(stdout, "pbc playground: open %s in your browser (one browser or private window per player). Ctrl-C stops.\n", url)
		}
		return
	}
	if url, err := pg.InviteBase(ctx); err == nil {
		fmt.Fprintf(stdout, "pbc playground: open %s?key=KEY in your browser, where KEY is the value of %s "+
			"(not written here, as this output is not a terminal). Ctrl-C stops.\n", url, envPlaygroundSecret)
	}
}

// printAdminHint tells the operator how the playground's admins sign in:
// with the admin key in the page's address, never written here.
func printAdminHint(opt local.Options, stdout io.Writer) {
	switch {
	case len(opt.Admins) == 0:
	case opt.AdminKey == "":
		fmt.Fprintf(stdout, "pbc playground: %s names admins but %s is not set: nobody can sign in as them.\n",
			envPlaygroundAdmins, envPlaygroundAdminKey)
	default:
		fmt.Fprintf(stdout, "pbc playground: admins (%s) sign in with the page's address followed by #admin=KEY, "+
			"where KEY is the value of %s.\n", strings.Join(opt.Admins, ", "), envPlaygroundAdminKey)
	}
}

// writesToTerminal reports whether w is a terminal, where what is printed
// is seen and not kept.
func writesToTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && isTerminal(f)
}
