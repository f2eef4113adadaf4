package tabletop

import (
	"os"
	"path/filepath"
	"testing"
)

// chatNextRatchet lists the fixtures of the titles being added that play
// through the chat commands to the recorded result (as imports), and
// liveNextRatchet those that also play as games played here, every command
// checked by today's rules. Both only grow.
var (
	chatNextRatchet = map[string]bool{
		"1822MX/86.json": true, "1822MX/fcm_cannot_lay_thru_mexico_city.json": true,
		"1822MX/1822MX_game_end_stock_market.json":                 true,
		"1822MX/home_and_ndem_auctioned_token_in_mexico_city.json": true,
	}
	liveNextRatchet = map[string]bool{
		"1822MX/86.json": true,
		"1822MX/home_and_ndem_auctioned_token_in_mexico_city.json": true,
	}
)

// TestChatNextFixtures plays the fixtures on chatNextRatchet through the
// command layer, as imports and as games played here (those on
// liveNextRatchet), to the recorded result.
func TestChatNextFixtures(t *testing.T) {
	var names []string
	for name := range chatNextRatchet {
		names = append(names, name)
	}
	for _, name := range names {
		path := filepath.Join(nextFixtureDir, filepath.FromSlash(name))
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if _, err := os.Stat(path); err != nil {
				t.Skipf("%s not found: fixtures are kept in ../shared beside the repository", path)
			}
			l := readLog(t, path)
			g, n, err := ReplayChatTrace(l, nil)
			if err != nil {
				t.Fatalf("after %d commands: %v", n, err)
			}
			if !g.Finished() || g.EndReason() != l.GameEndReason {
				t.Errorf("finished %v (%s), want %s", g.Finished(), g.EndReason(), l.GameEndReason)
			}
			for id, v := range l.Result {
				if got := g.Result()[id]; got != v {
					t.Errorf("player %s: %d, want %d", id, got, v)
				}
			}
			if err := SameAsReplay(l, g); err != nil {
				t.Error(err)
			}
			if !liveNextRatchet[name] {
				return
			}
			tb, err := playLive(t, l)
			if err != nil {
				t.Fatalf("played here: %v", err)
			}
			for id, v := range l.Result {
				if got := tb.Game.Result()[id]; got != v {
					t.Errorf("played here: player %s: %d, want %d", id, got, v)
				}
			}
		})
	}
}
