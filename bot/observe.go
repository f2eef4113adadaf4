package bot

import (
	"time"

	"pbc/storage"
)

// How a message ended, for an Observer.
const (
	OutcomeMove      = "move"      // the game or its seats changed
	OutcomeAnswer    = "answer"    // a query or setting answered, nothing played
	OutcomeRefused   = "refused"   // not legal or not understood
	OutcomeDuplicate = "duplicate" // a second delivery of one event, dropped
	OutcomeError     = "error"     // an internal error (an incident)
)

// StageDeliver is the stage of posting a message's reply (with its retries).
const StageDeliver = "deliver"

// Observer is told what the core does, for an operator's metrics. It is
// called from many goroutines at once and must be quick.
type Observer interface {
	// Handled is told how a message from platform p ended and how long it
	// took in all.
	Handled(p storage.Platform, outcome string, took time.Duration)
	// Stage is told how long one stage of a message took.
	Stage(stage string, took time.Duration)
}

type nopObserver struct{}

func (nopObserver) Handled(storage.Platform, string, time.Duration) {}
func (nopObserver) Stage(string, time.Duration)                     {}

// since tells the observer how long stage took since start.
func (c *Core) since(stage string, start time.Time) { c.obs.Stage(stage, time.Since(start)) }
