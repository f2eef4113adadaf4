package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"pbc/engine"
	"pbc/engine/action"
)

func TestCmdSelfplayJSON(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	code := cmdSelfplay([]string{"--json", "--games", "2", "--seed", "5", "--title", "1822PNW", "--players", "3",
		"--max-actions", "150", "--export", dir}, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errOut.String())
	}
	var got map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("output %q: %v", out.String(), err)
	}
	for _, k := range []string{"games", "finished", "actions", "invariant_violations", "errors",
		"negative_final_scores", "lowest_final_score", "natural_ends", "operating_rounds_per_game",
		"majors_floated_per_game", "trains_bought_per_game", "loans_per_game"} {
		if _, ok := got[k]; !ok {
			t.Errorf("output has no %q: %s", k, out.String())
		}
	}
	if got["games"] != float64(2) || got["invariant_violations"] != float64(0) || got["errors"] != float64(0) {
		t.Errorf("output %s", out.String())
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 2 {
		t.Fatalf("exported %v", files)
	}
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := action.ReadGameLog(f)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Replay(l, engine.ReplayOptions{}); err != nil || l.Title != "1822PNW" || len(l.Players) != 3 {
		t.Errorf("exported log: %v, title %q, %d players", err, l.Title, len(l.Players))
	}
}

func TestCmdSelfplayUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := cmdSelfplay([]string{"--title", "1822PNW", "--players", "9"}, &out, &errOut); code != 2 {
		t.Errorf("exit %d for 9 players", code)
	}
	if code := cmdSelfplay([]string{"extra"}, &out, &errOut); code != 2 {
		t.Errorf("exit %d with an argument", code)
	}
}

// TestDiscardedTrainPricedAsItWas: in this game a discarded L bought as a 2
// lies in the discard pile, where it is sold only as a 2. The cheapest
// train a company may buy with its president's help is then priced as the
// 2 it is; Moves listed that purchase and Apply refused it when the check
// priced the card as an L.
func TestDiscardedTrainPricedAsItWas(t *testing.T) {
	var out, errOut bytes.Buffer
	code := cmdSelfplay([]string{"--json", "--games", "1", "--seed", "9355802", "--title", "1822PNW SRS", "--players", "2",
		"--max-actions", "420"}, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errOut.String())
	}
	var got struct {
		Errors   int      `json:"errors"`
		Failures []string `json:"failures"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("output %q: %v", out.String(), err)
	}
	if got.Errors != 0 {
		t.Errorf("%d listed moves refused: %v", got.Errors, got.Failures)
	}
}
