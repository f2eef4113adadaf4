package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestCmdFigures counts a real finished game's figures as selfplay --json
// gives them.
func TestCmdFigures(t *testing.T) {
	file := filepath.Join("..", "..", "..", "shared", "fixtures", "1822PNW", "1822PNW_game_end_bank.json")
	if _, err := os.Stat(file); err != nil {
		t.Skip("../shared/fixtures not found: conformance fixtures are kept beside the repository")
	}
	var out, errOut bytes.Buffer
	if code := cmdFigures([]string{"--json", file}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var got struct {
		Games         int            `json:"games"`
		NaturalEnds   int            `json:"natural_ends"`
		ORs           float64        `json:"operating_rounds_per_game"`
		Trains        float64        `json:"trains_bought_per_game"`
		EndReasons    map[string]int `json:"end_reasons"`
		LowestFinal   int            `json:"lowest_final_score"`
		NegativeFinal int            `json:"negative_final_scores"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("output %q: %v", out.String(), err)
	}
	if got.Games != 1 || got.NaturalEnds != 1 || got.EndReasons["bank"] != 1 || got.ORs < 5 || got.Trains < 10 {
		t.Errorf("figures of a game ended by the bank: %s", out.String())
	}
	if code := cmdFigures(nil, &out, &errOut); code != 2 {
		t.Errorf("exit %d without files", code)
	}
}
