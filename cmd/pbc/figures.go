package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"pbc/engine/action"
	"pbc/engine/selfplay"
)

// figuresOutput is the JSON printed by `pbc figures --json`: the same
// figures as `pbc selfplay --json`, over finished games' logs.
type figuresOutput struct {
	selfplay.Summary
	Files []string `json:"files"`
}

// cmdFigures replays finished games (real 18xx.games logs, or self-play
// exports with --played) and prints the figures self-play prints, so the
// two compare.
func cmdFigures(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("figures", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	played := fs.Bool("played", false, "replay the logs as games played here (self-play exports)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: pbc figures [--json] [--played] FILE.json|DIR...")
		return 2
	}
	var files []string
	for _, arg := range fs.Args() {
		err := filepath.WalkDir(arg, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(path, ".json") {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			fmt.Fprintln(stderr, "pbc figures:", err)
			return 1
		}
	}
	sort.Strings(files)
	out := figuresOutput{}
	for _, path := range files {
		l, err := readLog(path)
		if err != nil {
			fmt.Fprintf(stderr, "pbc figures: %s: %v\n", path, err)
			continue
		}
		f, g, err := selfplay.LogFigures(l, *played)
		if err != nil || g == nil || !g.Finished() {
			fmt.Fprintf(stderr, "pbc figures: %s: skipped (not a finished game that replays: %v)\n", path, err)
			continue
		}
		out.Add(&selfplay.Result{Config: selfplay.Config{Title: l.Title, Players: len(l.Players)},
			Finished: true, EndReason: g.EndReason(), Actions: len(l.Actions), Figures: f})
		out.Files = append(out.Files, path)
	}
	if *asJSON {
		if err := json.NewEncoder(stdout).Encode(out); err != nil {
			fmt.Fprintln(stderr, "pbc figures:", err)
			return 1
		}
		return 0
	}
	s := out.Summary
	fmt.Fprintf(stdout, "%d finished games, end reasons %v\n", s.Games, s.EndReasons)
	fmt.Fprintf(stdout, "players below $0: %d (in %d games), lowest final value: %d\n", s.NegativeFinal, s.GamesNegative, s.LowestFinal)
	fmt.Fprintf(stdout, "per game: %.1f operating rounds, %.1f majors floated, %.1f trains bought, %.2f loans\n",
		s.ORsPerGame, s.MajorsPerGame, s.TrainsPerGame, s.LoansPerGame)
	return 0
}

func readLog(path string) (*action.GameLog, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return action.ReadGameLog(f)
}
