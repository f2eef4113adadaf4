package selfplay

import (
	"bytes"
	"runtime"
	"testing"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/title"
)

// TestSelfplay plays a few dozen games over every title, scenario, player
// count and variant, capped in length, and wants no invariant violation, no
// refused listed move and exports that replay to the same state.
func TestSelfplay(t *testing.T) {
	games, maxActions := 36, 2500
	if testing.Short() {
		games, maxActions = 12, 800
	}
	cfgs, err := Configs(games, 1, "", 0, maxActions)
	if err != nil {
		t.Fatal(err)
	}
	sum := Run(cfgs, runtime.GOMAXPROCS(0), func(r *Result) {
		for _, e := range append(append([]string{}, r.Errors...), r.Violations...) {
			t.Errorf("%s %dp seed %d %v: %s", r.Title, r.Players, r.Seed, r.Options, e)
		}
	})
	t.Logf("%d games, %d finished (%v), %d unfinished at %d actions, %d actions in all",
		sum.Games, sum.Finished, sum.EndReasons, sum.Unfinished, maxActions, sum.Actions)
	if sum.Finished == 0 {
		t.Errorf("no game finished")
	}
}

// TestPlayDeterministic checks that a seed always plays the same game.
func TestPlayDeterministic(t *testing.T) {
	cfg := Config{Title: "1822CA ERS", Players: 3, Seed: 7, MaxActions: 300}
	a, b := Play(cfg), Play(cfg)
	ja, _ := a.Log.MarshalJSON()
	jb, _ := b.Log.MarshalJSON()
	if !bytes.Equal(ja, jb) {
		t.Fatalf("two plays of seed %d differ", cfg.Seed)
	}
}

// TestExportFormat checks the exported log's 18xx.games fields.
func TestExportFormat(t *testing.T) {
	r := Play(Config{Title: "1822PNW", Players: 3, Seed: 3, Options: []string{"remove_two_ls"}, MaxActions: 200})
	data, err := r.Log.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	l, err := action.ReadGameLog(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if l.Title != "1822PNW" || len(l.Players) != 3 || l.Seed() != 3 || len(l.Settings.OptionalRules) != 1 ||
		len(l.Actions) != r.Actions || len(l.Result) != 3 {
		t.Errorf("export: title %q, %d players, seed %d, rules %v, %d actions (played %d), result %v",
			l.Title, len(l.Players), l.Seed(), l.Settings.OptionalRules, len(l.Actions), r.Actions, l.Result)
	}
	for i, a := range l.Actions {
		if a.Env().ID != i+1 {
			t.Fatalf("action %d has id %d", i, a.Env().ID)
		}
	}
	if _, err := engine.Replay(l, engine.ReplayOptions{}); err != nil {
		t.Fatal(err)
	}
}

// TestConfigs checks the game mix: every title, each player count and variant.
func TestConfigs(t *testing.T) {
	cfgs, err := Configs(200, 10, "", 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i, c := range cfgs {
		if c.Seed != int64(10+i) {
			t.Fatalf("game %d has seed %d", i, c.Seed)
		}
		seen[c.Title] = true
	}
	if len(seen) != len(title.Names()) {
		t.Errorf("titles played: %v", seen)
	}
	if _, err := Configs(1, 1, "1822PNW", 2, 0); err == nil {
		t.Errorf("1822PNW with 2 players accepted")
	}
}
