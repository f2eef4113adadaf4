package engine

import (
	"errors"
	"fmt"
	"runtime/debug"

	"pbc/engine/action"
)

// InternalError is a fault of the engine, not of the action: a panic while
// processing one. It is never a *RuleError; callers log it (Error has the
// detail) and show players a generic message, never its text.
type InternalError struct {
	Type  string // the action's type
	ID    int    // the action's id
	Panic any    // what was recovered
	Stack []byte // where
}

func (e *InternalError) Error() string {
	return fmt.Sprintf("internal error processing action %d (%s): panic: %v\n%s", e.ID, e.Type, e.Panic, e.Stack)
}

// newInternalError records a panic recovered while processing a.
func newInternalError(a action.Action, r any) *InternalError {
	e := &InternalError{Panic: r, Stack: debug.Stack()}
	if a != nil {
		e.Type, e.ID = a.Env().Type, a.Env().ID
	}
	return e
}

// asRefusal makes an error met while processing an action a *RuleError, if
// it is not one already: whatever an action's own content gets wrong (a
// city id that names no city) is a refusal of that action.
func asRefusal(err error) error {
	var re *RuleError
	if errors.As(err, &re) {
		return err
	}
	return &RuleError{Msg: err.Error()}
}
