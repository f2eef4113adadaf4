// Package selfplay plays complete 1822PNW and 1822CA games against the
// engine by picking among the legal moves (engine.Moves) at random, with light
// biases so that games progress to a real end. After every action it checks the
// engine's invariants; at the end it exports the game as an 18xx.games log and
// checks that replaying the export reproduces the same state. It is a stress
// test of the engine and of the legal-move lister, not a player.
package selfplay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"runtime/debug"
	"strconv"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/house"
)

// Config describes one self-played game.
type Config struct {
	Title   string   // an 18xx.games title: "1822PNW", "1822CA WRS", ...
	Players int      // number of players
	Seed    int64    // the game's setup seed; it also drives the choices
	Options []string // optional rules ("remove_two_ls", ...)
	// MaxActions stops an unfinished game after this many actions (0: 20000).
	MaxActions int
	// Programs lets players set automatic play now and then (programs.go).
	Programs bool
	// Explore plays the moves the plain policy seldom plays, and tries
	// unlisted moves now and then (explore.go).
	Explore bool
	// House seats the house player (package house) in every seat; Programs
	// and Explore then play no part.
	House bool
}

// Result is the outcome of one self-played game.
type Result struct {
	Config
	Finished  bool
	EndReason string
	Actions   int // actions taken (auto actions not counted)
	// Violations lists invariant breaches (each with the action count).
	Violations []string
	// Errors lists engine failures: a listed move refused, a panic, no legal
	// move while the game is on, or an export that does not replay the same.
	Errors []string
	// Refused counts listed moves the engine refused (each is also in Errors).
	Refused int
	// Unlisted counts the unlisted moves tried (Config.Explore); each the
	// engine took is in Errors.
	Unlisted int
	// Log is the exported game.
	Log *action.GameLog
	// Figures describe the game as one describes a real one.
	Figures Figures
}

// maxErrors bounds the errors kept per game.
const maxErrors = 20

// digits matches the numbers that make breach messages differ.
var digits = regexp.MustCompile(`[0-9]+`)

// Play plays one game.
func Play(cfg Config) (res *Result) {
	res = &Result{Config: cfg}
	if cfg.MaxActions <= 0 {
		cfg.MaxActions = 20000
		res.MaxActions = cfg.MaxActions
	}
	defer func() {
		if r := recover(); r != nil {
			res.addError(fmt.Sprintf("panic after %d actions: %v\n%s", res.Actions, r, debug.Stack()))
		}
	}()
	t, err := engine.TitleByName(cfg.Title)
	if err != nil {
		res.addError(err.Error())
		return res
	}
	seats := make([]engine.Seat, cfg.Players)
	for i := range seats {
		seats[i] = engine.Seat{ID: i + 1, Name: "Player " + strconv.Itoa(i+1)}
	}
	g, err := engine.New(t, seats, cfg.Seed, cfg.Options)
	if err != nil {
		res.addError(err.Error())
		return res
	}
	rng := rand.New(rand.NewPCG(uint64(cfg.Seed), 0x1822))
	p := &policy{g: g, rng: rng, programs: cfg.Programs && !cfg.House, explore: cfg.Explore && !cfg.House, house: cfg.House}
	fc := newFigureCounter()
	var played []action.Action
	seen := map[string]bool{}
	for !g.Finished() && res.Actions < cfg.MaxActions {
		m := g.Moves()
		if len(m.Actors) == 0 {
			res.addError(fmt.Sprintf("after %d actions: no legal move, but the game is not over (round %s, waiting for %s)", res.Actions, m.Round, m.Waiting))
			break
		}
		a, ok := p.playOne(m, res)
		for _, n := range p.notes {
			res.addError(fmt.Sprintf("after %d actions: %s", res.Actions, n))
		}
		p.notes = nil
		if !ok {
			break
		}
		res.Actions++
		a.Env().ID = res.Actions
		played = append(played, a)
		fc.after(g, a)
		for _, v := range g.Invariants() {
			// Report each breach once, not again on every later action.
			if key := digits.ReplaceAllString(v, "N"); !seen[key] && len(res.Violations) < maxErrors {
				seen[key] = true
				res.Violations = append(res.Violations, fmt.Sprintf("after action %d (%s): %s", res.Actions, describe(a), v))
			}
		}
	}
	res.Finished, res.EndReason = g.Finished(), g.EndReason()
	res.Figures = fc.finish(g)
	res.Log = exportLog(cfg, seats, g, played)
	if err := checkReplay(res.Log, g); err != nil {
		res.addError(err.Error())
	}
	return res
}

// playOne picks and applies an action, trying others when the engine
// refuses one. Each refusal is an error (listed moves must apply), and so is
// a refusal that leaves a trace in the state.
func (p *policy) playOne(m *engine.Moves, res *Result) (action.Action, bool) {
	if p.programs {
		// A program the rules refuse (a merger pass in a title without
		// mergers...) is no error: programs are not listed moves.
		if a := p.program(m); a != nil && p.g.Check(a) == nil && p.g.Apply(a) == nil {
			return a, true
		}
	}
	if a := p.tryUnlisted(m, res); a != nil {
		return a, true
	}
	if p.house {
		if a := house.ChooseFrom(p.g, m, m.Actors[0].Player); a != nil {
			if err := p.g.Apply(a); err != nil {
				res.Refused++
				res.addError(fmt.Sprintf("after %d actions: the house's listed %s refused: %v", res.Actions, describe(a), err))
			} else {
				return a, true
			}
		}
	}
	refused := map[string]bool{}
	var before []byte
	for tries := 0; tries < 8; tries++ {
		a := p.choose(m, refused)
		if a == nil {
			break
		}
		if before == nil {
			before, _ = json.Marshal(p.g.Snapshot(true))
		}
		err := p.g.Apply(a)
		if err == nil {
			return a, true
		}
		res.Refused++
		refused[describe(a)] = true
		res.addError(fmt.Sprintf("after %d actions: listed %s refused: %v", res.Actions, describe(a), err))
		if after, _ := json.Marshal(p.g.Snapshot(true)); !bytes.Equal(before, after) {
			res.addError(fmt.Sprintf("after %d actions: the refused %s changed the state", res.Actions, describe(a)))
			return nil, false
		}
	}
	return nil, false
}

func (r *Result) addError(msg string) {
	if len(r.Errors) < maxErrors {
		r.Errors = append(r.Errors, msg)
	}
}

// describe writes an action as JSON for messages.
func describe(a action.Action) string {
	b, err := json.Marshal(a)
	if err != nil {
		return action.TypeName(a)
	}
	return string(b)
}

// exportLog writes the game as 18xx.games exports it.
func exportLog(cfg Config, seats []engine.Seat, g *engine.Game, played []action.Action) *action.GameLog {
	l := &action.GameLog{Title: cfg.Title, Actions: played, Result: g.Result(), GameEndReason: g.EndReason()}
	_ = json.Unmarshal([]byte(strconv.FormatInt(cfg.Seed, 10)), &l.ID)
	for _, s := range seats {
		l.Players = append(l.Players, action.Player{ID: s.ID, Name: s.Name})
	}
	l.Settings.Seed = json.RawMessage(strconv.FormatInt(cfg.Seed, 10))
	l.Settings.OptionalRules = append([]string{}, cfg.Options...)
	return l
}

// checkReplay writes the log as JSON, reads it back, replays it as a game
// played here (as the bot rebuilds a stored game) and compares the final
// state with the game's.
func checkReplay(l *action.GameLog, g *engine.Game) error {
	data, err := l.MarshalJSON()
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	back := new(action.GameLog)
	if err := back.UnmarshalJSON(data); err != nil {
		return fmt.Errorf("export does not read back: %w", err)
	}
	r, err := engine.Replay(back, engine.ReplayOptions{Played: true, Imported: 0})
	if err != nil {
		var re *engine.ReplayError
		if errors.As(err, &re) {
			return fmt.Errorf("export does not replay: %w", err)
		}
		return fmt.Errorf("export does not replay: %v", err)
	}
	want, _ := json.Marshal(g.Snapshot(true))
	got, _ := json.Marshal(r.Snapshot(true))
	if string(want) != string(got) {
		return fmt.Errorf("replaying the export ends in another state:\n played:   %s\n replayed: %s", want, got)
	}
	return nil
}
