package tabletop

import (
	"encoding/json"
	"fmt"

	"pbc/engine"
	"pbc/engine/action"
)

// SameAsReplay reports how chat, a game ReplayChat played from l, differs
// from the plain replay of l (nil when both end in the same state, board
// included): the chat must not only be accepted but do what the log did.
func SameAsReplay(l *action.GameLog, chat *engine.Game) error {
	want, err := engine.Replay(l, engine.ReplayOptions{})
	if err != nil {
		return fmt.Errorf("the plain replay fails: %w", err)
	}
	w, err := json.Marshal(want.Snapshot(true))
	if err != nil {
		return fmt.Errorf("plain replay snapshot: %w", err)
	}
	g, err := json.Marshal(chat.Snapshot(true))
	if err != nil {
		return fmt.Errorf("chat replay snapshot: %w", err)
	}
	if string(w) != string(g) {
		at := 0
		for at < len(w) && at < len(g) && w[at] == g[at] {
			at++
		}
		return fmt.Errorf("the chat replay ends in another state than the plain replay, from %q (plain %q)", clipAround(g, at), clipAround(w, at))
	}
	return nil
}

// clipAround is up to 120 bytes of s from a little before at.
func clipAround(s []byte, at int) string {
	from := max(at-40, 0)
	return string(s[from:min(from+120, len(s))])
}
