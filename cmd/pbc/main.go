// Command pbc is the play-by-chat bot for 1822PNW and 1822CA and its tools.
package main

import (
	"fmt"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) == 0 {
		usage()
		return 2
	}
	switch args[0] {
	case "replay":
		return cmdReplay(args[1:], os.Stdout, os.Stderr)
	case "render":
		return cmdRender(args[1:], os.Stdout, os.Stderr)
	case "help", "-h", "--help":
		usage()
		return 0
	}
	fmt.Fprintf(os.Stderr, "pbc: unknown command %q\n", args[0])
	usage()
	return 2
}

func usage() {
	fmt.Fprintln(os.Stderr, `usage: pbc <command> [flags]

commands:
  replay [--json] [--at ID] [--trace] FILE.json
      replay an 18xx.games log and print the final standings (or a JSON object)
  render [--map M.png] [--market K.png] [--table T.png] [--at ID] [--scale S] [--crop HEX,HEX] [--no-routes] FILE.json
      draw a game log as PNG images`)
}
