// Command pbc is the play-by-chat bot for 1822PNW and 1822CA and its tools.
package main

import (
	"fmt"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") && args[0] != "-h" && args[0] != "--help" {
		// No subcommand: run the bot (the local playground without platform tokens).
		return cmdServe(args, os.Stdout, os.Stderr)
	}
	switch args[0] {
	case "serve":
		return cmdServe(args[1:], os.Stdout, os.Stderr)
	case "console":
		return cmdConsole(args[1:], os.Stdin, os.Stdout, os.Stderr)
	case "replay":
		return cmdReplay(args[1:], os.Stdout, os.Stderr)
	case "render":
		return cmdRender(args[1:], os.Stdout, os.Stderr)
	case "routes":
		return cmdRoutes(args[1:], os.Stdout, os.Stderr)
	case "selfplay":
		return cmdSelfplay(args[1:], os.Stdout, os.Stderr)
	case "figures":
		return cmdFigures(args[1:], os.Stdout, os.Stderr)
	case "healthcheck":
		return cmdHealthcheck(args[1:], os.Getenv, os.Stdout, os.Stderr)
	case "migrate":
		return cmdMigrate(args[1:], os.Stdout, os.Stderr)
	case "help", "-h", "--help":
		usage()
		return 0
	}
	fmt.Fprintf(os.Stderr, "pbc: unknown command %q\n", args[0])
	usage()
	return 2
}

func usage() {
	fmt.Fprintln(os.Stderr, `usage: pbc [flags]              run the bot (Discord/Slack with tokens, else the local playground)
       pbc <command> [flags]

commands:
  serve [flags]               the same as running pbc without a command (pbc serve -h lists the flags)
  console [flags]             play in this terminal (images written to a folder)
  replay [--json] [--chat] [--played] [--at ID] [--trace] FILE.json
      replay an 18xx.games log and print the final standings (or a JSON object)
  render [--map M.png] [--market K.png] [--table T.png] [--at ID] [--scale S] [--crop HEX,HEX] [--no-routes] FILE.json
      draw a game log as PNG images
  routes [--json] FILE.json
      run the auto-router at every run_routes of a log and compare with the recorded runs
  selfplay [--json] [--explore] --games N --seed S [--title T] [--players P] [--export DIR]
      play games with the house player in every seat (--explore: random legal moves), checking invariants
  figures [--json] [--played] FILE.json|DIR...
      the figures of finished games (operating rounds, majors floated, trains, loans, final values), as selfplay --json gives them
  healthcheck [HOST:PORT]     GET the operator's /healthz (default PBC_OPS_LISTEN); exit 0 if it answers 200, else 1
  migrate --from FILE.db --to postgres://…
      copy a SQLite database into a new PostgreSQL one, checking every table's count and every game's replay`)
}
