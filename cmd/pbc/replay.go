package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"text/tabwriter"

	"pbc/engine"
	"pbc/engine/action"
)

// replayOutput is the stable JSON shape printed by `pbc replay --json`.
type replayOutput struct {
	Title         string         `json:"title"`
	Result        map[string]int `json:"result"`
	GameEndReason string         `json:"game_end_reason"`
	Finished      bool           `json:"finished"`
	Actions       int            `json:"actions"`
	Warnings      []string       `json:"warnings,omitempty"`
	Error         *replayErrJSON `json:"error,omitempty"`
}

type replayErrJSON struct {
	Index  int    `json:"index"`
	ID     int    `json:"id"`
	Type   string `json:"type"`
	Reason string `json:"reason"`
}

func cmdReplay(args []string, stdout, stderr io.Writer) int {
	defer oneShotGC()()
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	at := fs.Int("at", 0, "stop after the action with this id")
	trace := fs.Bool("trace", false, "print a state snapshot (JSON line) after every action")
	checkRoutes := fs.Bool("check-routes", true, "recompute recorded route revenues and report disagreements as warnings")
	chat := fs.Bool("chat", false, "play the log through the chat commands, each action typed as a player would")
	played := fs.Bool("played", false, "replay the log as a game played here (every action checked, the rulebook's rules where 18xx.games differs), not as an 18xx.games import")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: pbc replay [--json] [--chat] [--played] [--at ID] [--trace] FILE.json")
		return 2
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "pbc replay:", err)
		return 1
	}
	defer f.Close()
	log, err := action.ReadGameLog(f)
	if err != nil {
		fmt.Fprintln(stderr, "pbc replay:", err)
		return 1
	}
	if *chat {
		return replayChat(log, *asJSON, *trace, stdout, stderr)
	}
	enc := json.NewEncoder(stdout)
	g, rerr := engine.Replay(log, engine.ReplayOptions{CheckRoutes: *checkRoutes, Played: *played, After: func(g *engine.Game, a action.Action) bool {
		id := a.Env().ID
		if *trace {
			snap := g.Snapshot(false)
			_ = enc.Encode(struct {
				ID int `json:"last_processed_action"`
				engine.Snapshot
				Cities map[string][][]string `json:"cities"`
			}{id, snap, g.CitySlots()})
		}
		return *at == 0 || id < *at
	}})
	out := replayOutput{Title: log.Title, Actions: len(log.Actions)}
	if g != nil {
		out.Result = g.Result()
		out.GameEndReason = g.EndReason()
		out.Finished = g.Finished()
		out.Warnings = g.Warnings()
	}
	var re *engine.ReplayError
	if rerr != nil {
		out.Error = &replayErrJSON{Index: -1, Reason: rerr.Error()}
		if errors.As(rerr, &re) {
			out.Error = &replayErrJSON{Index: re.Index, ID: re.ID, Type: re.Type, Reason: re.Reason.Error()}
		}
	}
	if *trace {
		return 0
	}
	if *asJSON {
		_ = enc.Encode(out)
	} else {
		printStandings(stdout, log, out)
	}
	if rerr != nil {
		if !*asJSON {
			fmt.Fprintln(stderr, "pbc replay:", rerr)
		}
		return 1
	}
	return 0
}

func printStandings(w io.Writer, log *action.GameLog, out replayOutput) {
	fmt.Fprintf(w, "%s — ", out.Title)
	if out.Finished {
		fmt.Fprintf(w, "game over (%s)\n", out.GameEndReason)
	} else {
		fmt.Fprintln(w, "in progress")
	}
	type row struct {
		name, id string
		value    int
	}
	var rows []row
	for _, p := range log.Players {
		id := fmt.Sprint(p.ID)
		rows = append(rows, row{p.Name, id, out.Result[id]})
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].value > rows[j].value })
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "#\tplayer\tid\tvalue\t")
	for i, r := range rows {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t\n", i+1, r.name, r.id, engine.Money(r.value))
	}
	tw.Flush()
	if n := len(out.Warnings); n > 0 {
		fmt.Fprintf(w, "%d recorded run(s) pay differently under today's rules (kept as recorded); --json lists them\n", n)
	}
}
