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

// Replay builds a game from an 18xx.games log: the seeded setup, then every
// effective action (undo/redo resolved) with its recorded auto actions.
// Recorded route revenues are trusted, as on 18xx.games. Actions applied
// afterwards with Apply are fully checked.
func Replay(l *action.GameLog) (*Game, error) { return ReplayTrace(l, nil) }

// ReplayMixed rebuilds a game whose log starts with imported entries:
// effective actions among the first imported log entries replay as Replay
// does (an 18xx.games import, its facts trusted), the rest are applied as
// moves of a game played here. A game played here from the start has
// imported 0; a whole 18xx.games log has len(l.Actions).
func ReplayMixed(l *action.GameLog, imported int) (*Game, error) {
	acts, err := action.Effective(l.Actions)
	if err != nil {
		return nil, err
	}
	pos := positions(l.Actions, acts)
	split := 0 // the effective actions before split are imported
	for split < len(acts) && pos[split] < imported {
		split++
	}
	head := *l
	head.Actions = acts[:split:split]
	g, err := Replay(&head)
	var re *ReplayError
	if errors.As(err, &re) && re.Index >= 0 && re.Index < split {
		re.Index = pos[re.Index] // a position in head, which holds effective actions only
	}
	if err != nil {
		return g, err
	}
	// Programs acted when these actions were first applied, and what they
	// did is recorded on them: a rebuild trusts that, so that a log from
	// before programs acted rebuilds as it was played.
	g.rebuilding = true
	defer func() { g.rebuilding = false }()
	for i, a := range acts[split:] {
		if err := g.Apply(a); err != nil {
			return g, &ReplayError{Index: pos[split+i], ID: a.Env().ID, Type: a.Env().Type, Reason: err}
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

// ReplayChecked is Replay that also recomputes every recorded run under the
// current route rules and reports disagreements as Warnings.
func ReplayChecked(l *action.GameLog, after func(g *Game, a action.Action) bool) (*Game, error) {
	return replayWith(l, true, true, after)
}

// ReplayTrace is Replay with a callback after every effective action; the
// callback returns false to stop early.
func ReplayTrace(l *action.GameLog, after func(g *Game, a action.Action) bool) (*Game, error) {
	return replay(l, true, after)
}

// replay is Replay with a choice: importing trusts the log's recorded facts
// (route revenues, rule checks 18xx.games skips on load); otherwise every
// action is checked as in a game played here.
func replay(l *action.GameLog, importing bool, after func(g *Game, a action.Action) bool) (*Game, error) {
	return replayWith(l, importing, false, after)
}

func replayWith(l *action.GameLog, importing, checkRoutes bool, after func(g *Game, a action.Action) bool) (*Game, error) {
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
	g.importing, g.importedWasImport = importing, importing
	g.checkRoutes = checkRoutes
	g.trustRevenue = true
	acts, err := action.Effective(l.Actions)
	if err != nil {
		return g, err
	}
	for k, a := range acts {
		if err := g.applyWithAutos(a); err != nil {
			return g, &ReplayError{Index: positions(l.Actions, acts[:k+1])[k], ID: a.Env().ID, Type: a.Env().Type, Reason: err}
		}
		if after != nil && !after(g, a) {
			break
		}
	}
	g.endImport()
	return g, nil
}

// endImport switches a replayed game to checking every further action.
func (g *Game) endImport() {
	g.importedCount = len(g.applied)
	g.importing, g.trustRevenue, g.checkRoutes = false, false, false
	g.invalidateActions() // which steps offer what can depend on the mode
}

func (g *Game) applyWithAutos(a action.Action) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	if err := g.process(a); err != nil {
		return err
	}
	for _, auto := range a.Env().AutoActions {
		if err := g.process(auto); err != nil {
			return fmt.Errorf("auto action %s: %w", auto.Env().Type, err)
		}
	}
	g.applied = append(g.applied, a)
	return nil
}

// Apply validates and applies one action with its auto actions. On any error
// the game is left exactly as it was (it is rebuilt from its own log).
func (g *Game) Apply(a action.Action) error {
	err := g.applyWithAutos(a)
	if err == nil && !g.importing {
		n := len(a.Env().AutoActions)
		if err = g.runAutoActions(a); err != nil {
			a.Env().AutoActions = a.Env().AutoActions[:n]
		}
	}
	if err != nil {
		g.restore()
		return err
	}
	return nil
}

// restore rebuilds the state in place by replaying the actions applied so far.
func (g *Game) restore() {
	applied, importedCount, wasImport := g.applied, g.importedCount, g.importedWasImport
	seats := make([]Seat, len(g.seats))
	for i, p := range g.seats {
		seats[i] = Seat{ID: p.ID, Name: p.Name}
	}
	g.reset(g.T, g.Opts, g.Seed, seats)
	g.importedWasImport = wasImport
	if importedCount > 0 {
		g.importing, g.trustRevenue = wasImport, true
	}
	for i, a := range applied {
		if i == importedCount {
			g.endImport()
		}
		_ = g.applyWithAutos(a)
	}
	if len(applied) == importedCount {
		g.endImport()
	}
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
