package engine

import (
	"errors"
	"fmt"
	"strconv"
	"sync"

	"pbc/engine/action"
	"pbc/engine/title"
)

// ReplayError says which action of a log could not be applied and why.
type ReplayError struct {
	Index  int    // position in the log's action list
	ID     int    // the action's id
	Type   string // the action's type
	Reason error
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("action %d (id %d, %s): %v", e.Index, e.ID, e.Type, e.Reason)
}

func (e *ReplayError) Unwrap() error { return e.Reason }

// TitleByName returns the title data with its board wired in. Every game of
// a title shares the one copy (it is half of a late game's heap otherwise):
// it is read-only.
func TitleByName(name string) (*title.Title, error) {
	titlesMu.Lock()
	defer titlesMu.Unlock()
	if t, ok := titles[name]; ok {
		return t, nil
	}
	t, err := buildTitle(name)
	if err != nil {
		return nil, err
	}
	titles[name] = t
	return t, nil
}

var (
	titlesMu sync.Mutex
	titles   = map[string]*title.Title{}
)

// buildTitle makes a title's data afresh.
func buildTitle(name string) (*title.Title, error) {
	t, err := title.ByName(name)
	if err != nil {
		return nil, err
	}
	if t.Map == nil {
		if t.Map, err = title.Board(name); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// ReplayOptions says how Replay treats a log. The zero value replays an
// 18xx.games import: its recorded facts (route revenues, the rule checks
// 18xx.games skips on load) are trusted.
type ReplayOptions struct {
	// Validate checks every action as a move played here would be checked
	// (recorded route revenues are still trusted).
	Validate bool
	// CheckRoutes recomputes every recorded run under the current route
	// rules and reports disagreements as Warnings.
	CheckRoutes bool
	// Played says the log is of a game played here: its entries from
	// position Imported on are applied as live moves (what programs did is
	// the recorded auto actions), the effective actions among the first
	// Imported entries replay as an import. A game played here from the
	// start has Imported 0.
	Played   bool
	Imported int
	// After, if set, is called after every effective action; returning
	// false stops the replay there (the game then takes moves as usual).
	After func(g *Game, a action.Action) bool
}

// Replay builds a game from a log: the seeded setup, then every effective
// action (undo/redo resolved) with its recorded auto actions, as opts says.
// Actions applied afterwards with Apply are fully checked. On an error,
// which is a *ReplayError once setup is done, the game returned is as far
// as the replay got, possibly part-way through the failed action.
func Replay(l *action.GameLog, opts ReplayOptions) (*Game, error) {
	if !opts.Played {
		return replayImport(l, opts, l.Actions)
	}
	acts, err := action.Effective(l.Actions)
	if err != nil {
		return nil, err
	}
	pos := positions(l.Actions, acts)
	split := 0 // the effective actions before split are imported
	for split < len(acts) && pos[split] < opts.Imported {
		split++
	}
	stopped := false
	after := opts.After
	if after != nil {
		opts.After = func(g *Game, a action.Action) bool {
			stopped = !after(g, a)
			return !stopped
		}
	}
	g, err := replayImport(l, opts, acts[:split:split])
	var re *ReplayError
	if errors.As(err, &re) && re.Index >= 0 && re.Index < split {
		re.Index = pos[re.Index] // a position among the effective actions only
	}
	if err != nil || stopped {
		return g, err
	}
	// Programs acted when these actions were first applied, and what they
	// did is recorded on them: a rebuild trusts that, so that a log from
	// before programs acted rebuilds as it was played. A failed action
	// ends the replay, so none of them pays for a way back.
	g.rebuilding = true
	defer func() { g.rebuilding, g.rebuildNext = false, "" }()
	for i, a := range acts[split:] {
		g.rebuildNext = ""
		if k := split + i + 1; k < len(acts) {
			g.rebuildNext = acts[k].Env().Type + " " + acts[k].Env().Entity.String()
		}
		if err := g.applyLive(a); err != nil {
			return g, &ReplayError{Index: pos[split+i], ID: a.Env().ID, Type: a.Env().Type, Reason: err}
		}
		if after != nil && !after(g, a) {
			break
		}
	}
	return g, nil
}

// positions returns where each of the effective actions eff stands in the
// log all. Effective keeps the log's order, so one walk finds them; a
// reload of a long log need not index every action in a map.
func positions(all, eff []action.Action) []int {
	out := make([]int, len(eff))
	j := 0
	for i, a := range all {
		if j < len(eff) && eff[j] == a {
			out[j] = i
			j++
		}
	}
	if j == len(eff) {
		return out
	}
	at := make(map[action.Action]int, len(all)) // not in order after all
	for i, a := range all {
		at[a] = i
	}
	for k, a := range eff {
		out[k] = at[a]
	}
	return out
}

// replayImport replays the effective actions of entries as an import of
// l (checked if opts.Validate), then switches the game to checking every
// further action.
func replayImport(l *action.GameLog, opts ReplayOptions, entries []action.Action) (*Game, error) {
	t, err := TitleByName(l.Title)
	if err != nil {
		return nil, err
	}
	seats := make([]Seat, len(l.Players))
	for i, p := range l.Players {
		seats[i] = Seat{ID: p.ID, Name: p.Name}
	}
	g, err := New(t, seats, l.Seed(), l.Settings.OptionalRules)
	if err != nil {
		return nil, err
	}
	importing := !opts.Validate
	g.importing, g.importedWasImport = importing, importing
	g.checkRoutes = opts.CheckRoutes
	g.trustRevenue = true
	acts, err := action.Effective(entries)
	if err != nil {
		return g, err
	}
	for k, a := range acts {
		if err := g.applyWithAutos(a); err != nil {
			return g, &ReplayError{Index: positions(entries, acts[:k+1])[k], ID: a.Env().ID, Type: a.Env().Type, Reason: err}
		}
		if opts.After != nil && !opts.After(g, a) {
			break
		}
	}
	g.endImport()
	return g, nil
}

// recordedNext reports whether auto action a is, while rebuilding, what
// the log records next as an action of its own: the game then leaves it to
// that action (older 18xx.games logs).
func (g *Game) recordedNext(a action.Action) bool {
	return g.rebuilding && a != nil && g.rebuildNext == a.Env().Type+" "+a.Env().Entity.String()
}

// endImport switches a replayed game to checking every further action.
func (g *Game) endImport() {
	g.importedCount = len(g.applied)
	g.importing, g.trustRevenue, g.checkRoutes = false, false, false
	g.invalidateActions() // which steps offer what can depend on the mode
}

// applyWithAutos processes a with the auto actions recorded on it. An error
// of the rules is a *RuleError; a panic while processing is an
// InternalError, never a refusal. On either the game may be part-way
// through a.
func (g *Game) applyWithAutos(a action.Action) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if rp, ok := r.(refusalPanic); ok {
				err = rp.err
				return
			}
			err = newInternalError(a, r)
		}
	}()
	if err := g.process(a); err != nil {
		return asRefusal(err)
	}
	for _, auto := range a.Env().AutoActions {
		if err := g.process(auto); err != nil {
			return fmt.Errorf("auto action %s: %w", auto.Env().Type, asRefusal(err))
		}
	}
	g.applied = append(g.applied, a)
	return nil
}

// applyLive applies a as a move played here: its recorded auto actions,
// then those the game takes on its own (programs, forced steps), which are
// recorded on a. On an error the game may be part-way through a, and a's
// auto actions are as they were.
func (g *Game) applyLive(a action.Action) error {
	err := g.applyWithAutos(a)
	if err == nil && !g.importing {
		n := len(a.Env().AutoActions)
		if err = catchRefusal(func() error { return g.runAutoActions(a) }); err != nil {
			a.Env().AutoActions = a.Env().AutoActions[:n]
		}
	}
	return err
}

// Apply validates and applies one action with its auto actions. On any error
// the game is left exactly as it was, at the same address: it is put back
// from a copy taken before a was processed (a copy is about a tenth of a
// millisecond; the rebuild from the log it replaces took milliseconds).
func (g *Game) Apply(a action.Action) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	save := g.savepoint()
	if err := g.applyLive(a); err != nil {
		g.rollback(save)
		return err
	}
	return nil
}

// Result is each player's final value keyed by player id (as 18xx.games prints it).
func (g *Game) Result() map[string]int {
	out := map[string]int{}
	for _, p := range g.seats {
		out[strconv.Itoa(p.ID)] = g.PlayerValue(p)
	}
	return out
}

// PlayerValue is cash + shares at market value + company values − debt (7.1.9).
func (g *Game) PlayerValue(p *Player) int {
	v := p.Cash - p.Debt
	for _, c := range g.Corps {
		if c.Closed || c.Price < 0 || c.Kind == title.RegionalCorp {
			continue
		}
		price := g.sharePrice(c)
		for _, s := range c.Shares {
			if s.Owner == Holder(p) {
				if c.IsMinor() {
					v += 2 * price
				} else {
					v += price * s.Percent / 10
				}
			}
		}
	}
	for _, comp := range p.Companies {
		if comp.Closed {
			continue
		}
		v += g.companyValue(comp)
	}
	return v + g.taxHavenValue(p)
}

func (g *Game) companyValue(c *Company) int {
	switch c.Def.Kind {
	case title.Private:
		return 0
	case title.Regional:
		return c.Value
	case title.Concession:
		return 100
	}
	return 0
}

// taxHavenValue adds the tax haven's worth to the P11 owner's value.
func (g *Game) taxHavenValue(p *Player) int {
	if c := g.taxHavenCompany(); c != nil && c.Owner == any(p) {
		return g.taxHavenWorth()
	}
	return 0
}

// ErrFinished is returned for actions after the end of the game.
var ErrFinished = errors.New("the game is over")
