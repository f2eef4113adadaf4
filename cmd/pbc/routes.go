package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"pbc/engine"
	"pbc/engine/action"
)

// routesOutput is the JSON object printed by `pbc routes --json`: the
// auto-router run at every run_routes action of the logs, set beside the
// routes the players submitted.
type routesOutput struct {
	Files int `json:"files"`
	// Runs counts the run_routes actions; SubmittedLegal those whose
	// submitted routes today's rules accept.
	Runs           int `json:"runs"`
	SubmittedLegal int `json:"submitted_legal"`
	// Among the legal ones: the router found less (must be 0), as much, or more.
	RouterBelowSubmitted int `json:"router_below_submitted"`
	RouterEqualSubmitted int `json:"router_equal_submitted"`
	RouterAboveSubmitted int `json:"router_above_submitted"`
	// RouterIllegal counts runs where the router failed or RouteRevenue
	// refused its routes or priced them differently (must be 0).
	RouterIllegal int `json:"router_illegal"`
	// RouterInexact counts answers the router could not prove optimal
	// within its memory and time limits.
	RouterInexact int `json:"router_inexact"`
	// Revenue totals over the legal runs.
	SubmittedRevenue int `json:"submitted_revenue"`
	RouterRevenue    int `json:"router_revenue"`
	// The router's time per run (the auto-router alone, checks excluded).
	P50ms  float64 `json:"p50_ms"`
	P99ms  float64 `json:"p99_ms"`
	MaxMs  float64 `json:"max_ms"`
	MaxAt  string  `json:"max_at,omitempty"` // FILE#ID of the slowest run
	TotalS float64 `json:"total_s"`
	// Problems lists every run counted in a must-be-0 figure.
	Problems []routesProblem `json:"problems,omitempty"`
	Errors   []string        `json:"errors,omitempty"` // logs that failed to load or replay
}

// routesProblem is one run the router got wrong.
type routesProblem struct {
	File      string `json:"file"`
	ID        int    `json:"id"`
	Corp      string `json:"corp"`
	Submitted int    `json:"submitted"`
	Router    int    `json:"router"`
	Error     string `json:"error,omitempty"`
}

// cmdRoutes runs `pbc routes [--json] FILE.json...`: it replays each log
// and, at every run_routes action, runs the auto-router on the state just
// before it. It exits 1 when the router found less than a legal submitted
// route or produced routes the rules refuse (or a log failed to replay).
func cmdRoutes(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("routes", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: pbc routes [--json] FILE.json...")
		return 2
	}
	var (
		out   routesOutput
		times []time.Duration
		total time.Duration
		worst time.Duration
	)
	for _, path := range fs.Args() {
		out.Files++
		err := routesOf(path, func(r engine.AutoRouteCheck) {
			out.Runs++
			times = append(times, r.Elapsed)
			total += r.Elapsed
			if r.Elapsed > worst {
				worst, out.MaxAt = r.Elapsed, fmt.Sprintf("%s#%d", path, r.ID)
			}
			problem := routesProblem{File: path, ID: r.ID, Corp: r.Corp, Submitted: r.Submitted, Router: r.Router}
			if r.RouterErr != nil {
				out.RouterIllegal++
				problem.Error = r.RouterErr.Error()
				out.Problems = append(out.Problems, problem)
				return
			}
			if !r.Exact {
				out.RouterInexact++
			}
			if r.SubmittedErr != nil {
				return
			}
			out.SubmittedLegal++
			out.SubmittedRevenue += r.Submitted
			out.RouterRevenue += r.Router
			switch {
			case r.Router < r.Submitted:
				out.RouterBelowSubmitted++
				out.Problems = append(out.Problems, problem)
			case r.Router > r.Submitted:
				out.RouterAboveSubmitted++
			default:
				out.RouterEqualSubmitted++
			}
		})
		if err != nil {
			out.Errors = append(out.Errors, fmt.Sprintf("%s: %v", path, err))
		}
	}
	slices.Sort(times)
	out.P50ms, out.P99ms = ms(percentile(times, 50)), ms(percentile(times, 99))
	out.MaxMs, out.TotalS = ms(worst), total.Seconds()
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(out)
	} else {
		printRoutes(stdout, &out)
	}
	if out.RouterBelowSubmitted > 0 || out.RouterIllegal > 0 || len(out.Errors) > 0 {
		return 1
	}
	return 0
}

// routesOf replays the log at path, reporting the router's answer at every
// run_routes action.
func routesOf(path string, report func(engine.AutoRouteCheck)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	log, err := action.ReadGameLog(f)
	if err != nil {
		return err
	}
	return engine.CheckAutoRoutes(log, report)
}

// percentile returns the p-th percentile (nearest rank) of sorted durations.
func percentile(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	k := (p*len(sorted) + 99) / 100
	return sorted[min(max(k-1, 0), len(sorted)-1)]
}

// ms converts a duration to milliseconds, rounded to the microsecond.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// printRoutes writes the summary for people.
func printRoutes(w io.Writer, o *routesOutput) {
	fmt.Fprintf(w, "%d runs in %d file(s); submitted routes legal today: %d\n", o.Runs, o.Files, o.SubmittedLegal)
	fmt.Fprintf(w, "router vs submitted: %d below, %d equal, %d above ($%d vs $%d)\n",
		o.RouterBelowSubmitted, o.RouterEqualSubmitted, o.RouterAboveSubmitted, o.RouterRevenue, o.SubmittedRevenue)
	fmt.Fprintf(w, "router routes refused: %d; not proven optimal: %d\n", o.RouterIllegal, o.RouterInexact)
	fmt.Fprintf(w, "router time: p50 %.3f ms, p99 %.3f ms, max %.3f ms (%s), total %.3f s\n", o.P50ms, o.P99ms, o.MaxMs, o.MaxAt, o.TotalS)
	for _, p := range o.Problems {
		fmt.Fprintf(w, "  %s#%d %s: submitted $%d, router $%d %s\n", p.File, p.ID, p.Corp, p.Submitted, p.Router, p.Error)
	}
	for _, e := range o.Errors {
		fmt.Fprintln(w, "  error:", e)
	}
}
