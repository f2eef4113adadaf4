package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"pbc/engine/selfplay"
)

// selfplayOutput is the JSON printed by `pbc selfplay --json`.
type selfplayOutput struct {
	selfplay.Summary
	Seed    int64   `json:"seed"`
	Seconds float64 `json:"seconds"`
}

// cmdSelfplay plays games against the engine, the house player in every
// seat (with --explore, random legal moves, rare ones and unlisted tries),
// checking invariants after every action and that each exported log replays
// to the same state. It exits non-zero when any game had an
// invariant violation or an error.
func cmdSelfplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	games := fs.Int("games", 10, "number of games")
	seed := fs.Int64("seed", 1, "seed of the first game (game i uses seed+i)")
	titleName := fs.String("title", "", "title to play (default: every title and scenario in turn)")
	players := fs.Int("players", 0, "number of players (default: every count the title allows in turn)")
	export := fs.String("export", "", "directory to write each game's 18xx.games log to")
	maxActions := fs.Int("max-actions", 20000, "stop a game after this many actions")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games played at once")
	explore := fs.Bool("explore", false, "play with the explorer (random legal moves, rare moves and unlisted tries, programs now and then) instead of the house player")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 || *games < 1 {
		fmt.Fprintln(stderr, "usage: pbc selfplay [--json] [--explore] [--games N] [--seed S] [--title T] [--players P] [--export DIR]")
		return 2
	}
	cfgs, err := selfplay.Configs(*games, *seed, *titleName, *players, *maxActions)
	if err != nil {
		fmt.Fprintln(stderr, "pbc selfplay:", err)
		return 2
	}
	for i := range cfgs {
		cfgs[i].House = !*explore
	}
	if *export != "" {
		if err := os.MkdirAll(*export, 0o755); err != nil {
			fmt.Fprintln(stderr, "pbc selfplay:", err)
			return 1
		}
	}
	start := time.Now()
	var writeErr error
	sum := selfplay.Run(cfgs, *workers, func(r *selfplay.Result) {
		if *export == "" || r.Log == nil || writeErr != nil {
			return
		}
		writeErr = writeGameLog(*export, r)
	})
	if writeErr != nil {
		fmt.Fprintln(stderr, "pbc selfplay:", writeErr)
		return 1
	}
	out := selfplayOutput{Summary: sum, Seed: *seed, Seconds: time.Since(start).Seconds()}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		if err := enc.Encode(out); err != nil {
			fmt.Fprintln(stderr, "pbc selfplay:", err)
			return 1
		}
	} else {
		fmt.Fprintf(stdout, "%d games (%d finished, %d unfinished), %d actions in %.1fs\n",
			sum.Games, sum.Finished, sum.Unfinished, sum.Actions, out.Seconds)
		fmt.Fprintf(stdout, "end reasons: %v\n", sum.EndReasons)
		fmt.Fprintf(stdout, "invariant violations: %d, errors: %d\n", sum.InvariantViolations, sum.Errors)
		fmt.Fprintf(stdout, "natural ends: %d; players below $0: %d (in %d games), lowest final value: %d\n",
			sum.NaturalEnds, sum.NegativeFinal, sum.GamesNegative, sum.LowestFinal)
		fmt.Fprintf(stdout, "per game: %.1f operating rounds, %.1f majors floated, %.1f trains bought, %.2f loans\n",
			sum.ORsPerGame, sum.MajorsPerGame, sum.TrainsPerGame, sum.LoansPerGame)
		for _, f := range sum.Failures {
			fmt.Fprintln(stdout, f)
		}
	}
	if sum.InvariantViolations > 0 || sum.Errors > 0 {
		return 1
	}
	return 0
}

// writeGameLog writes one game's log as DIR/<title>-<players>p-<seed>.json.
func writeGameLog(dir string, r *selfplay.Result) error {
	name := fmt.Sprintf("%s-%dp-%d.json", strings.ReplaceAll(r.Title, " ", "_"), r.Players, r.Seed)
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		return err
	}
	if err := r.Log.Write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
