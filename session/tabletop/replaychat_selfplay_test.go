package tabletop

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"pbc/engine/action"
	"pbc/engine/selfplay"
	"pbc/engine/title"
)

// selfplayChatGames is how many fresh self-play games TestReplayChatSelfplay
// plays, and how long each may run: every title, scenario, player count
// and optional rule in turn (and automatic play in every other game), short
// enough for CI, long enough to reach phase changes, mergers and the
// private companies' abilities.
const (
	selfplayChatGames      = 36
	selfplayChatActions    = 1500
	selfplayChatShortGames = 12
	selfplayChatShortActs  = 500
)

// envInt reads a positive number from the environment, or def.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// TestReplayChatSelfplay plays fresh self-play games of every title and
// scenario through the chat commands: every action is worded, parsed and
// dispatched, and the game must end in exactly the state the plain replay
// of the same log reaches. PBC_CHAT_GAMES, PBC_CHAT_ACTIONS and
// PBC_CHAT_SEED widen the sample; PBC_CHAT_DUMP names a directory that
// receives the logs of failing games.
func TestReplayChatSelfplay(t *testing.T) {
	n, maxActions := selfplayChatGames, selfplayChatActions
	if testing.Short() {
		n, maxActions = selfplayChatShortGames, selfplayChatShortActs
	}
	n, maxActions = envInt("PBC_CHAT_GAMES", n), envInt("PBC_CHAT_ACTIONS", maxActions)
	cfgs, err := everyTitle(n, int64(envInt("PBC_CHAT_SEED", 1)), maxActions)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	exact, total := map[string]int{}, map[string]int{}
	t.Cleanup(func() {
		for title, k := range total {
			t.Logf("%s: %d of %d self-play games replay exactly through chat", title, exact[title], k)
		}
	})
	for _, cfg := range cfgs {
		name := fmt.Sprintf("%s/%dp/seed%d%v", cfg.Title, cfg.Players, cfg.Seed, cfg.Options)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			res := selfplay.Play(cfg)
			if len(res.Errors) > 0 {
				// The engine's own failures are selfplay's to report.
				t.Skipf("self-play failed on its own: %s", res.Errors[0])
			}
			mu.Lock()
			total[cfg.Title]++
			mu.Unlock()
			if err := chatMatchesReplay(res.Log); err != nil {
				dumpLog(t, name, res.Log)
				t.Fatal(err)
			}
			mu.Lock()
			exact[cfg.Title]++
			mu.Unlock()
		})
	}
}

// everyTitle lists about n self-play games shared out among every title and
// scenario, each title's spread over its player counts and optional rules.
func everyTitle(n int, seed int64, maxActions int) ([]selfplay.Config, error) {
	names := title.Names()
	per := max(n/len(names), 1)
	var out []selfplay.Config
	for i, name := range names {
		all, err := selfplay.Configs(64, seed+int64(1000*i), name, 0, maxActions)
		if err != nil {
			return nil, err
		}
		kinds := len(all)
		for j := 1; j < len(all); j++ {
			if all[j].Players == all[0].Players && slices.Equal(all[j].Options, all[0].Options) {
				kinds = j
				break
			}
		}
		out = append(out, spread(all[:max(kinds, per)], per)...)
	}
	return out, nil
}

// chatMatchesReplay plays l through the chat and checks it ends where the
// plain replay does.
func chatMatchesReplay(l *action.GameLog) error {
	got, sent, err := ReplayChatTrace(l, nil)
	if err != nil {
		return fmt.Errorf("after %d commands: %w", sent, err)
	}
	return SameAsReplay(l, got)
}

// dumpLog writes a failing game's log where PBC_CHAT_DUMP says.
func dumpLog(t *testing.T, name string, l *action.GameLog) {
	dir := os.Getenv("PBC_CHAT_DUMP")
	if dir == "" {
		return
	}
	path := filepath.Join(dir, strings.NewReplacer("/", "_", " ", "_").Replace(name)+".json")
	data, err := l.MarshalJSON()
	if err == nil {
		err = os.WriteFile(path, data, 0o644)
	}
	if err != nil {
		t.Logf("dump: %v", err)
	}
}
