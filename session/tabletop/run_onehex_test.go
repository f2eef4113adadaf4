package tabletop

import (
	"strings"
	"testing"

	"pbc/commands"
	"pbc/engine/action"
	"pbc/engine/selfplay"
)

// oneHexRun finds a run with a leg between two stops of one hex
// (Leavenworth, H19: a city and a town), as this engine exports it.
func oneHexRun(l *action.GameLog) *action.RunRoutes {
	for _, a := range l.Actions {
		v, ok := a.(*action.RunRoutes)
		if !ok {
			continue
		}
		for _, r := range v.Routes {
			for _, seg := range r.Connections {
				if len(seg) == 1 && strings.Contains(seg[0], " ") {
					return v
				}
			}
		}
	}
	return nil
}

// TestRunInsideLeavenworth: self-play runs from Leavenworth's city to its
// town (a leg that never leaves H19) are worded, parsed and replayed
// through chat to the plain replay's state.
func TestRunInsideLeavenworth(t *testing.T) {
	const tries = 60
	for seed := int64(1); seed <= tries; seed++ {
		res := selfplay.Play(selfplay.Config{Title: "1822PNW", Players: 4, Seed: seed, MaxActions: 300})
		if len(res.Errors) > 0 || oneHexRun(res.Log) == nil {
			continue
		}
		var runs []string
		_, _, err := ReplayChatTrace(res.Log, func(user, text string, rep commands.Reply) {
			if strings.Contains(text, "H19.1>H19.2") || strings.Contains(text, "H19.2>H19.1") || strings.Contains(text, "H19.1 H19.2") || strings.Contains(text, "H19.2 H19.1") {
				runs = append(runs, text)
			}
		})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if len(runs) == 0 {
			t.Fatalf("seed %d: no command ran between H19's two stops", seed)
		}
		if err := chatMatchesReplay(res.Log); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
		t.Logf("seed %d: %q", seed, runs[0])
		return
	}
	t.Fatalf("none of %d short self-play games ran inside Leavenworth", tries)
}
