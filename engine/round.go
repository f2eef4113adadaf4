package engine

import (
	"fmt"

	"pbc/engine/action"
)

// step is one phase of a turn. A round offers an action to the first step that
// is still active and either offers that action type or blocks.
type step interface {
	name() string
	// actions lists the action types this step offers to e now. Callers only
	// read the list: steps may return shared constant lists.
	actions(e any) []string
	// blocks is false for steps driven by companies that never hold up a turn.
	blocks() bool
	// setup runs at the start of each entity's turn.
	setup()
	// skip runs when the step has nothing to offer; by default it passes.
	skip()
	process(a action.Action, e any) error
	passed() bool
	// active is whether the step is still to be done: by default, until it
	// passes; some steps override it (a method, not an interface assertion,
	// which costs a table look-up each time in a short replay).
	active() bool
	// actor is the entity the step acts for when the round's current one
	// is cur: cur by default; a company over its train limit, a pending
	// token's owner or a marker's chooser for the steps that say so.
	actor(cur any) any
	pass()
	unpass()
	base() *stepBase
	// copyFor copies the step for cc's copy of the game; each step maps
	// its own reference fields (clone.go maps the rest of the state).
	copyFor(cc *cloner) step
}

// stepBase carries the passed flag shared by all steps.
type stepBase struct {
	g        *Game
	isPassed bool
	acted    bool
	// memo of the last answer to actions(), valid for one actVersion
	memoVer  int
	memoEnt  any
	memoActs []string
}

func (s *stepBase) base() *stepBase { return s }

func (s *stepBase) blocks() bool      { return true }
func (s *stepBase) setup()            {}
func (s *stepBase) passed() bool      { return s.isPassed }
func (s *stepBase) active() bool      { return !s.isPassed }
func (s *stepBase) actor(cur any) any { return cur }
func (s *stepBase) pass()             { s.isPassed = true }
func (s *stepBase) unpass()           { s.isPassed = false; s.acted = false }
func (s *stepBase) skipDefault()      { s.isPassed = true }

// roundKind distinguishes the kinds of round.
type roundKind uint8

const (
	stockRound roundKind = iota
	choicesRound
	operatingRound
	mergerRound
)

// round is a stock, operating, merger or choices round.
type round struct {
	g        *Game
	kind     roundKind
	num      int
	steps    []step
	entities []any
	index    int
	done     bool
	// actVersion changes whenever step answers may have changed.
	actVersion int
	// after is what the round does once a step has processed an action
	// (data, not a closure, so that a game can be copied).
	after afterHook
	// operating-round state
	op *orState
	sr *srState
	mr *mergerState
}

func (r *round) current() any {
	if r.index < 0 || r.index >= len(r.entities) {
		return nil
	}
	return r.entities[r.index]
}

// blocking reports whether step s holds up the turn now.
func (r *round) blocking(s step) bool {
	return s.blocks() && len(r.currentActions(s)) > 0
}

// isActive reports whether s is still to be done; steps whose activity does
// not depend on having passed (discarding trains whenever a company is over
// its limit) override active.
func isActive(s step) bool { return s.active() }

func (r *round) currentActions(s step) []string {
	return r.actionsOf(s, s.actor(r.current()))
}

// actionsOf is s.actions(e), memoised until the state next changes (the
// round loops ask the same question many times per action).
func (r *round) actionsOf(s step, e any) []string {
	b := s.base()
	if b.memoVer == r.actVersion && b.memoEnt == e && r.actVersion > 0 {
		return b.memoActs
	}
	a := r.uncachedActions(s, e)
	b.memoVer, b.memoEnt, b.memoActs = r.actVersion, e, a
	return a
}

func (r *round) uncachedActions(s step, e any) []string {
	if e == nil {
		return nil
	}
	if c, ok := e.(*Corp); ok && (c.Closed || r.g.isGov(c) && !r.govActs(s)) {
		return nil
	}
	return s.actions(e)
}

// activeStep is the first active blocking step with actions.
func (r *round) activeStep() step {
	for _, s := range r.steps {
		if isActive(s) && r.blocking(s) {
			return s
		}
	}
	return nil
}

func (r *round) skipSteps() {
	for _, s := range r.steps {
		if !isActive(s) || !s.blocks() {
			continue
		}
		if c, ok := r.current().(*Corp); ok && c.Closed {
			continue
		}
		if r.blocking(s) {
			break
		}
		s.skip()
	}
}

// process routes an action to its step.
func (r *round) process(a action.Action, e any) error {
	typ := a.Env().Type
	var target step
	for _, s := range r.steps {
		if !isActive(s) {
			continue
		}
		offers := contains(r.actionsOf(s, e), typ)
		block := r.blocking(s)
		if block && !offers {
			who := s.actor(r.current())
			return &RuleError{Msg: fmt.Sprintf("%s cannot %s now: %s must first %s", entityName(e), humanType(typ),
				entityName(who), describeActions(r.currentActions(s)))}
		}
		if block || offers {
			target = s
			break
		}
	}
	if target == nil {
		return &RuleError{Msg: fmt.Sprintf("%s cannot %s now", entityName(e), humanType(typ))}
	}
	r.g.invalidate()
	err := target.process(a, e)
	r.g.invalidate()
	if err != nil {
		return err
	}
	r.skipSteps()
	r.runAfter(a)
	return nil
}

// afterHook names a round's follow-up to each processed action.
type afterHook uint8

const (
	noAfter afterHook = iota
	afterSR
	afterChoices
	afterOR
	afterMerger
)

// runAfter moves the round on after an action, as its kind requires.
func (r *round) runAfter(a action.Action) {
	switch r.after {
	case afterSR:
		r.g.srAfterProcess()
	case afterChoices:
		if r.activeStep() == nil {
			r.done = true
		}
	case afterOR:
		r.g.orAfterProcess(a)
	case afterMerger:
		r.g.mergerAdvance()
	}
}

func (r *round) resetSteps() {
	r.g.invalidateActions()
	defer r.g.invalidateActions()
	for _, s := range r.steps {
		s.unpass()
	}
	for _, s := range r.steps {
		s.setup()
	}
}

func humanType(t string) string {
	switch t {
	case action.TypeLayTile:
		return "lay a tile"
	case action.TypePlaceToken:
		return "place a token"
	case action.TypeBuyTrain:
		return "buy a train"
	case action.TypeRunRoutes:
		return "run routes"
	case action.TypeBuyShares:
		return "buy shares"
	case action.TypeSellShares:
		return "sell shares"
	case action.TypeAcquireCompany:
		return "acquire a private"
	case action.TypeDiscardTrain:
		return "discard a train"
	}
	return t
}

func describeActions(list []string) string {
	if len(list) == 0 {
		return "act"
	}
	out := ""
	for i, t := range list {
		if i > 0 {
			if i == len(list)-1 {
				out += " or "
			} else {
				out += ", "
			}
		}
		out += humanType(t)
	}
	return out
}

// RuleError is an action rejected by the rules; its text is for players.
type RuleError struct{ Msg string }

func (e *RuleError) Error() string { return e.Msg }

func ruleErr(format string, args ...any) error { return &RuleError{Msg: fmt.Sprintf(format, args...)} }
