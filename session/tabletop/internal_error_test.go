package tabletop

import (
	"errors"
	"strings"
	"testing"

	"pbc/commands"
	"pbc/engine"
	"pbc/engine/action"
)

// TestEngineInternalErrorIsNotARefusal: an engine fault while applying a
// move (a panic, in the engine or here) is an internal error: the player is
// told nothing of it (the caller shows a generic message) and the error
// carries the detail for the log.
func TestEngineInternalErrorIsNotARefusal(t *testing.T) {
	const secret = "index out of range [7] with length 3"
	for _, tc := range []struct {
		name  string
		stage func(action.Action) error
	}{
		{"engine panic", func(action.Action) error {
			return &engine.InternalError{Type: "bid", Panic: secret, Stack: []byte("engine.go:1")}
		}},
		{"panic while applying", func(action.Action) error { panic(secret) }},
		{"wrapped engine panic", func(action.Action) error {
			return errors.Join(errors.New("applying"), &engine.InternalError{Panic: secret})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newPNW(t)
			tb.stage = tc.stage
			rep := tb.Exec(commands.Request{User: "a", Text: "bid M5 100"})
			if rep.OK || rep.Err == nil {
				t.Fatalf("reply %+v: want an internal error", rep)
			}
			if strings.Contains(rep.Text, secret) || strings.Contains(rep.Text, "panic") {
				t.Errorf("the player sees the fault: %q", rep.Text)
			}
			if !strings.Contains(rep.Err.Error(), secret) {
				t.Errorf("the error %q lacks the detail for the log", rep.Err)
			}
			var re *engine.RuleError
			if errors.As(rep.Err, &re) {
				t.Errorf("an internal error reads as a refusal: %v", rep.Err)
			}
		})
	}
	// A refusal of the rules stays a refusal, shown to the player.
	tb := newPNW(t)
	rep := tb.Exec(commands.Request{User: "a", Text: "bid M5 1"})
	if rep.OK || rep.Err != nil || rep.Text == "" {
		t.Errorf("a refused bid: %+v", rep)
	}
	if engineRefusal(&engine.InternalError{Panic: secret}) != internalErrorText {
		t.Error("an internal error's text is not the generic one")
	}
}
