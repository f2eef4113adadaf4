package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"pbc/bot"
	"pbc/bot/console"
	"pbc/redact"
)

// cmdConsole is `pbc console`: the bot in a terminal, reading commands from
// stdin and writing replies to stdout, pictures to a folder. It plays in a
// playground channel of the same database as the bot.
func cmdConsole(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fs := flag.NewFlagSet("console", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", envOr(bot.EnvDB, bot.DefaultDB), "SQLite database `file` (created if missing), or a postgres:// URL ["+bot.EnvDB+"]")
	as := fs.String("as", "player1", "who you are at first (/as NAME changes it)")
	channel := fs.String("channel", "console", "the playground `channel` to play in")
	images := fs.String("images", "pbc-images", "`folder` for the map and market pictures (\"\" for none)")
	verbose := fs.Bool("v", false, "log to stderr")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: pbc console [--db FILE] [--as NAME] [--channel NAME] [--images DIR]")
		return 2
	}
	logOut := io.Discard
	if *verbose {
		logOut = stderr
	}
	log := slog.New(redact.NewHandler(slog.NewTextHandler(logOut, nil), nil))
	st, err := openStore(ctx, *db)
	if err != nil {
		fmt.Fprintln(stderr, "pbc console:", err)
		return 1
	}
	defer st.Close()
	a := console.New(console.Options{In: stdin, Out: stdout, Images: *images, User: *as, Channel: *channel,
		Prompt: isTerminal(stdin)})
	core := bot.New(bot.Options{Store: st, Commands: &bot.Dispatcher{Store: st, Log: log},
		Adapters: []bot.Adapter{a}, Logger: log, NoImages: *images == ""})
	if err := core.Run(ctx); err != nil {
		fmt.Fprintln(stderr, "pbc console:", err)
		return 1
	}
	return 0
}

// envOr is the environment variable k, or def.
func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

// isTerminal reports whether r is a character device (a terminal).
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
