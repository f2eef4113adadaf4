package tabletop

import (
	"path/filepath"
	"testing"
)

// TestReplayChatCases replays, through chat, self-play games kept for a
// wording that once went wrong, and checks each ends as the plain replay.
func TestReplayChatCases(t *testing.T) {
	for _, tc := range []struct{ file, why string }{
		{"train_from_own_minor.json", "PGE buys minor 8's 4-train at the depot price: that train, not the depot's next"},
		{"player_choice_minor_namesake.json", "player 2 chooses while minor 2 exists: the choice is the player's"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			l := readLog(t, filepath.Join("testdata", "chat", tc.file))
			if err := chatMatchesReplay(l); err != nil {
				t.Fatalf("%s: %v", tc.why, err)
			}
		})
	}
}
