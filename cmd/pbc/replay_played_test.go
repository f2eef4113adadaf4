package main

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"os"
	"path/filepath"
	"testing"
)

// TestReplayPlayed: self-play games replayed with --played come back to the
// results they were played to. One of these games (1822PNW SRS, seed
// 910005) lays a tile that 18xx.games still counts a builder cube on after
// it went back to the supply (rule 5.7.21 returns the cube to the pool), so
// the import replay, the default, ends with another result there.
func TestReplayPlayed(t *testing.T) {
	dir := t.TempDir()
	var out, errs bytes.Buffer
	args := []string{"--json", "--explore", "--games", "6", "--seed", "910000", "--title", "1822PNW SRS", "--export", dir}
	if code := cmdSelfplay(args, &out, &errs); code != 0 {
		t.Fatalf("selfplay exit %d: %s", code, errs.String())
	}
	logs, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(logs) != 6 {
		t.Fatalf("exported logs: %v, %v", logs, err)
	}
	differ := 0
	for _, f := range logs {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var log struct{ Result map[string]int }
			if err := json.Unmarshal(data, &log); err != nil || len(log.Result) == 0 {
				t.Fatalf("the exported log has no result: %v", err)
			}
			played, imported := replayResult(t, "--played", f), replayResult(t, "", f)
			if !maps.Equal(played, log.Result) {
				t.Errorf("replay --played: %v, the game was played to %v", played, log.Result)
			}
			if !maps.Equal(imported, played) {
				differ++
			}
		})
	}
	if differ != 1 {
		t.Errorf("%d games end otherwise as imports; want the one with the returned builder cube", differ)
	}
}

// replayResult runs pbc replay --json (with flag, if any) on file.
func replayResult(t *testing.T, flag, file string) map[string]int {
	t.Helper()
	args := []string{"--json", file}
	if flag != "" {
		args = append([]string{flag}, args...)
	}
	var out bytes.Buffer
	if code := cmdReplay(args, &out, io.Discard); code != 0 {
		t.Fatalf("pbc replay %v: exit %d: %s", args, code, out.String())
	}
	var got struct{ Result map[string]int }
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	return got.Result
}
