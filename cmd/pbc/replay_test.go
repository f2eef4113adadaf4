package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// replayFixture is a real 18xx.games log from the shared folder beside the repository.
const replayFixture = "../../../shared/fixtures/1822PNW/586.json"

// tinyLog is a hand-made log of a title pbc does not know.
const tinyLog = `{"id":1,"title":"18XX","players":[{"id":1,"name":"Ann"},{"id":2,"name":"Bob"}],` +
	`"settings":{"seed":1,"optional_rules":[]},"actions":[],"result":{"1":0,"2":0}}`

func TestReplayCommand(t *testing.T) {
	tiny := filepath.Join(t.TempDir(), "tiny.json")
	if err := os.WriteFile(tiny, []byte(tinyLog), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(t.TempDir(), "missing.json")

	for _, tc := range []struct {
		name     string
		args     []string
		fixture  bool // needs the shared fixtures
		wantCode int  // -1: 0 or 1, decided by check
		check    func(t *testing.T, code int, stdout, stderr string)
	}{
		{
			name:     "no file",
			args:     nil,
			wantCode: 2,
			check:    wantIn("stderr", "usage: pbc replay"),
		},
		{
			name:     "two files",
			args:     []string{"a.json", "b.json"},
			wantCode: 2,
			check:    wantIn("stderr", "usage: pbc replay"),
		},
		{
			name:     "unknown flag",
			args:     []string{"--nope", tiny},
			wantCode: 2,
			check:    wantIn("stderr", "-nope"),
		},
		{
			name:     "missing file",
			args:     []string{missing},
			wantCode: 1,
			check:    wantIn("stderr", "missing.json"),
		},
		{
			name:     "unknown title",
			args:     []string{tiny},
			wantCode: 1,
			check:    wantIn("stderr", `unknown title "18XX"`),
		},
		{
			name:     "unknown title json",
			args:     []string{"--json", tiny},
			wantCode: 1,
			check: func(t *testing.T, code int, stdout, stderr string) {
				out := decodeReplayJSON(t, stdout)
				errObj := replayErrorObject(t, out)
				if errObj == nil {
					t.Fatalf("no error object in %s", stdout)
				}
				if !strings.Contains(errObj.Reason, `unknown title "18XX"`) {
					t.Errorf("error reason %q does not name the unknown title", errObj.Reason)
				}
			},
		},
		{
			name:     "fixture json",
			args:     []string{"--json", replayFixture},
			fixture:  true,
			wantCode: -1,
			check: func(t *testing.T, code int, stdout, stderr string) {
				out := decodeReplayJSON(t, stdout)
				var result map[string]int
				if err := json.Unmarshal(out["result"], &result); err != nil || len(result) == 0 {
					t.Errorf("result %s: want an object of player id to value (%v)", out["result"], err)
				}
				var reason string
				if err := json.Unmarshal(out["game_end_reason"], &reason); err != nil {
					t.Errorf("game_end_reason %s: want a string (%v)", out["game_end_reason"], err)
				}
				switch errObj := replayErrorObject(t, out); {
				case errObj == nil && code != 0:
					t.Errorf("exit %d without an error object", code)
				case errObj != nil && code != 1:
					t.Errorf("exit %d with an error object, want 1", code)
				case errObj != nil && (errObj.ID <= 0 || errObj.Index < 0 || errObj.Type == "" || errObj.Reason == ""):
					t.Errorf("error object %+v: want a replay error with index, id, type and reason", *errObj)
				}
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.fixture {
				if _, err := os.Stat(replayFixture); err != nil {
					t.Skipf("%s not found: fixtures are kept in ../shared beside the repository", replayFixture)
				}
			}
			var stdout, stderr bytes.Buffer
			code := cmdReplay(tc.args, &stdout, &stderr)
			if tc.wantCode >= 0 && code != tc.wantCode {
				t.Errorf("exit code %d, want %d\nstdout: %s\nstderr: %s", code, tc.wantCode, &stdout, &stderr)
			}
			if tc.wantCode < 0 && code != 0 && code != 1 {
				t.Errorf("exit code %d, want 0 or 1\nstderr: %s", code, &stderr)
			}
			tc.check(t, code, stdout.String(), stderr.String())
		})
	}
}

// wantIn checks that stdout or stderr contains text.
func wantIn(stream, text string) func(t *testing.T, code int, stdout, stderr string) {
	return func(t *testing.T, code int, stdout, stderr string) {
		got := stdout
		if stream == "stderr" {
			got = stderr
		}
		if !strings.Contains(got, text) {
			t.Errorf("%s %q does not contain %q", stream, got, text)
		}
	}
}

// decodeReplayJSON checks that stdout is exactly one JSON object with the
// result and game_end_reason keys, and returns its fields.
func decodeReplayJSON(t *testing.T, stdout string) map[string]json.RawMessage {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(stdout))
	var out map[string]json.RawMessage
	if err := dec.Decode(&out); err != nil {
		t.Fatalf("stdout is not a JSON object: %v\n%s", err, stdout)
	}
	var extra json.RawMessage
	if err := dec.Decode(&extra); err != io.EOF {
		t.Fatalf("stdout holds more than one JSON value: %s", stdout)
	}
	for _, key := range []string{"result", "game_end_reason"} {
		if _, ok := out[key]; !ok {
			t.Errorf("no %q key in %s", key, stdout)
		}
	}
	return out
}

// replayErrorObject returns the "error" object, nil when absent; it must have
// the keys index, id, type and reason.
func replayErrorObject(t *testing.T, out map[string]json.RawMessage) *replayErrJSON {
	t.Helper()
	raw, ok := out["error"]
	if !ok {
		return nil
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(raw, &keys); err != nil {
		t.Fatalf("error %s is not an object: %v", raw, err)
	}
	for _, key := range []string{"index", "id", "type", "reason"} {
		if _, ok := keys[key]; !ok {
			t.Errorf("error object %s has no %q", raw, key)
		}
	}
	var e replayErrJSON
	if err := json.Unmarshal(raw, &e); err != nil {
		t.Fatalf("error object %s: %v", raw, err)
	}
	return &e
}
