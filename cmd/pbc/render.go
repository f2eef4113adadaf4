package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/render"
)

// cmdRender is `pbc render`: it replays a log (up to --at) and draws the map,
// the stock market and the table as PNG files. If the engine refuses an
// action, it draws the state after the last action that applied.
func cmdRender(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mapOut := fs.String("map", "", "write the map PNG to this file")
	marketOut := fs.String("market", "", "write the stock market PNG to this file")
	tableOut := fs.String("table", "", "write the players/companies/trains table PNG to this file")
	at := fs.Int("at", 0, "stop after the action with this id")
	scale := fs.Float64("scale", 1, "image scale")
	crop := fs.String("crop", "", "comma-separated hexes: draw only the region spanning them")
	noRoutes := fs.Bool("no-routes", false, "do not draw the last run's routes")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 || (*mapOut == "" && *marketOut == "" && *tableOut == "") {
		fmt.Fprintln(stderr, "usage: pbc render [--map MAP.png] [--market MARKET.png] [--table TABLE.png] [--at N] [--scale S] [--crop HEX,HEX] FILE.json")
		return 2
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "pbc render:", err)
		return 1
	}
	log, err := action.ReadGameLog(f)
	f.Close()
	if err != nil {
		fmt.Fprintln(stderr, "pbc render:", err)
		return 1
	}
	st, err := replayForRender(log, *at)
	if err != nil {
		fmt.Fprintln(stderr, "pbc render:", err)
		return 1
	}
	if st.refused != nil {
		fmt.Fprintf(stderr, "pbc render: %v; drawing the state after action %d\n", st.refused, st.lastID)
	}
	g := st.g
	opts := render.MapOptions{Scale: *scale, Highlight: st.changed}
	if !*noRoutes {
		opts.Routes = st.routes
	}
	if *crop != "" {
		opts.Crop = strings.Split(*crop, ",")
	}
	for _, out := range []struct {
		path string
		draw func(io.Writer) error
	}{
		{*mapOut, func(w io.Writer) error { return render.Map(w, g, opts) }},
		{*marketOut, func(w io.Writer) error { return render.Market(w, g, render.MarketOptions{Scale: *scale}) }},
		{*tableOut, func(w io.Writer) error { return render.Table(w, g, render.TableOptions{Scale: *scale}) }},
	} {
		if out.path == "" {
			continue
		}
		if err := writeFile(out.path, out.draw); err != nil {
			fmt.Fprintln(stderr, "pbc render:", err)
			return 1
		}
		fmt.Fprintln(stdout, "wrote", out.path)
	}
	return 0
}

// renderState is a replayed game and what the pictures need about its last turn.
type renderState struct {
	g       *engine.Game
	lastID  int
	refused error
	changed []string       // hexes changed by the last turn
	routes  []action.Route // the last run in the current round
}

// replayForRender replays log up to action id at (0: all). When an action is
// refused it replays again up to the action before, so that no half-applied
// action shows.
func replayForRender(log *action.GameLog, at int) (*renderState, error) {
	st := &renderState{}
	stopAt := at
	for attempt := 0; attempt < 2; attempt++ {
		var (
			prevEntity string
			turnStart  map[string]string
			last       map[string]string
			runRound   engine.RoundInfo
			lastOK     int
		)
		st.routes = nil
		g, err := engine.Replay(log, engine.ReplayOptions{After: func(g *engine.Game, a action.Action) bool {
			env := a.Env()
			ent := fmt.Sprint(env.Entity)
			if last == nil {
				last = render.BoardDigest(g)
				turnStart = last
			}
			if ent != prevEntity {
				turnStart, prevEntity = last, ent
			}
			last = render.BoardDigest(g)
			if rr, ok := a.(*action.RunRoutes); ok {
				st.routes = rr.Routes
				runRound = g.Snapshot(false).Round
			}
			lastOK = env.ID
			st.changed = render.Changed(turnStart, last)
			return stopAt == 0 || env.ID < stopAt
		}})
		if g == nil {
			return nil, err
		}
		var re *engine.ReplayError
		if err != nil && !errors.As(err, &re) {
			return nil, err
		}
		st.g, st.lastID = g, lastOK
		if st.routes != nil && g.Snapshot(false).Round != runRound {
			st.routes = nil
		}
		if err == nil {
			return st, nil
		}
		st.refused = err
		if lastOK == 0 {
			// The first action was refused: draw the game as set up.
			return st, nil
		}
		stopAt = lastOK
	}
	return st, nil
}

// writeFile writes a file through draw, reporting the first error.
func writeFile(path string, draw func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := draw(w); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
