package selfplay

import (
	"fmt"
	"strings"
	"sync"

	"pbc/engine"
	"pbc/engine/title"
)

// Summary adds up many games.
type Summary struct {
	Games               int            `json:"games"`
	Finished            int            `json:"finished"`
	Unfinished          int            `json:"unfinished"`
	Actions             int            `json:"actions"`
	InvariantViolations int            `json:"invariant_violations"`
	Errors              int            `json:"errors"`
	Refused             int            `json:"refused_moves"`
	Unlisted            int            `json:"unlisted_tried"`
	EndReasons          map[string]int `json:"end_reasons"`
	ByTitle             map[string]int `json:"finished_by_title"`
	// Kinds counts, by kind of problem (the message without its numbers),
	// the games that ran into it.
	Kinds map[string]int `json:"failure_kinds,omitempty"`
	// Failures describes the first few games with errors or violations.
	Failures []string `json:"failures,omitempty"`

	// NegativeFinal counts the players, over all games, who ended below $0;
	// GamesNegative the games with at least one; LowestFinal is the lowest
	// final value of any player.
	NegativeFinal int `json:"negative_final_scores"`
	GamesNegative int `json:"games_with_negative_score"`
	LowestFinal   int `json:"lowest_final_score"`
	// NaturalEnds counts the games ended by the title's own end triggers.
	NaturalEnds int `json:"natural_ends"`
	// Per game, as over real games (pbc figures): operating rounds, majors
	// floated, trains bought and loans taken.
	ORsPerGame    float64 `json:"operating_rounds_per_game"`
	MajorsPerGame float64 `json:"majors_floated_per_game"`
	TrainsPerGame float64 `json:"trains_bought_per_game"`
	LoansPerGame  float64 `json:"loans_per_game"`
	// Totals behind the averages.
	Totals   Figures `json:"totals"`
	anyFinal bool
}

// maxFailures bounds Summary.Failures.
const maxFailures = 10

// Add counts one game.
func (s *Summary) Add(r *Result) {
	if s.EndReasons == nil {
		s.EndReasons, s.ByTitle = map[string]int{}, map[string]int{}
	}
	s.Games++
	s.Actions += r.Actions
	s.addFigures(r.Figures)
	if r.Finished && r.EndReason != "" && r.EndReason != "manually_ended" {
		s.NaturalEnds++
	}
	if r.Finished {
		s.Finished++
		s.EndReasons[r.EndReason]++
		s.ByTitle[r.Title]++
	} else {
		s.Unfinished++
	}
	s.InvariantViolations += len(r.Violations)
	s.Errors += len(r.Errors)
	s.Refused += r.Refused
	s.Unlisted += r.Unlisted
	seen := map[string]bool{}
	for _, e := range append(append([]string{}, r.Errors...), r.Violations...) {
		if k := kindOf(e); !seen[k] {
			seen[k] = true
			if s.Kinds == nil {
				s.Kinds = map[string]int{}
			}
			s.Kinds[k]++
		}
	}
	if (len(r.Errors) > 0 || len(r.Violations) > 0) && len(s.Failures) < maxFailures {
		msg := fmt.Sprintf("%s, %d players, seed %d, options %v:", r.Title, r.Players, r.Seed, r.Options)
		for _, e := range append(append([]string{}, r.Errors...), r.Violations...) {
			msg += "\n  " + e
		}
		s.Failures = append(s.Failures, msg)
	}
}

// kindOf reduces a problem message to its kind: what went wrong, without
// the action it followed or the numbers.
func kindOf(msg string) string {
	if i := strings.Index(msg, " refused: "); i >= 0 {
		msg = "refused: " + msg[i+len(" refused: "):]
	} else if i := strings.Index(msg, "}): "); i >= 0 {
		msg = msg[i+len("}): "):]
	} else if i := strings.Index(msg, " actions: "); i >= 0 && strings.HasPrefix(msg, "after ") {
		msg = msg[i+len(" actions: "):]
	}
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	msg = digits.ReplaceAllString(msg, "N")
	if len(msg) > 140 {
		msg = msg[:140]
	}
	return msg
}

// Configs lists n games from seed: of one title and player count when
// given, else cycling through every title, scenario, player count and
// optional-rule variant.
func Configs(n int, seed int64, titleName string, players, maxActions int) ([]Config, error) {
	var kinds []Config
	names := title.Names()
	if titleName != "" {
		names = []string{titleName}
	}
	for _, name := range names {
		t, err := engine.TitleByName(name)
		if err != nil {
			return nil, err
		}
		lo, hi := t.MinPlayers, t.MaxPlayers
		if players != 0 {
			if players < lo || players > hi {
				return nil, fmt.Errorf("%s takes %d to %d players, not %d", name, lo, hi, players)
			}
			lo, hi = players, players
		}
		for np := lo; np <= hi; np++ {
			for _, opts := range variants(t) {
				kinds = append(kinds, Config{Title: name, Players: np, Options: opts, MaxActions: maxActions})
			}
		}
	}
	out := make([]Config, n)
	for i := range out {
		out[i] = kinds[i%len(kinds)]
		out[i].Seed = seed + int64(i)
		// In every other game players use automatic play, each kind in turn.
		out[i].Programs = (i+i/len(kinds))%2 == 1
		// One game in three explores the rarer moves, with or without programs.
		out[i].Explore = (i+i/len(kinds))%3 == 2
	}
	return out, nil
}

// variants lists the optional-rule sets a title is played with: none, then
// each option a new game may set (title.Title.Played) alone.
func variants(t *title.Title) [][]string {
	out := [][]string{nil}
	for _, o := range t.Options {
		if t.Played(o) {
			out = append(out, []string{o})
		}
	}
	return out
}

// Run plays the games on workers goroutines and calls each (if not nil)
// with every result, in no particular order, from one goroutine at a time.
func Run(cfgs []Config, workers int, each func(*Result)) Summary {
	if workers < 1 {
		workers = 1
	}
	jobs := make(chan Config)
	results := make(chan *Result)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				results <- Play(c)
			}
		}()
	}
	go func() {
		for _, c := range cfgs {
			jobs <- c
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()
	var s Summary
	for r := range results {
		s.Add(r)
		if each != nil {
			each(r)
		}
	}
	return s
}

// addFigures counts one game's figures.
func (s *Summary) addFigures(f Figures) {
	neg := 0
	for _, v := range f.Final {
		if v < 0 {
			neg++
		}
		if !s.anyFinal || v < s.LowestFinal {
			s.LowestFinal, s.anyFinal = v, true
		}
	}
	s.NegativeFinal += neg
	if neg > 0 {
		s.GamesNegative++
	}
	s.Totals.OperatingRounds += f.OperatingRounds
	s.Totals.MajorsFloated += f.MajorsFloated
	s.Totals.TrainsBought += f.TrainsBought
	s.Totals.Loans += f.Loans
	n := float64(s.Games)
	s.ORsPerGame = float64(s.Totals.OperatingRounds) / n
	s.MajorsPerGame = float64(s.Totals.MajorsFloated) / n
	s.TrainsPerGame = float64(s.Totals.TrainsBought) / n
	s.LoansPerGame = float64(s.Totals.Loans) / n
}
