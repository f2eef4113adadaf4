package main

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

// TestReplayChatCommand: `pbc replay --chat --json` plays a real log through
// the chat commands and says so only when the result is the plain replay's.
func TestReplayChatCommand(t *testing.T) {
	if _, err := os.Stat(replayFixture); err != nil {
		t.Skipf("%s not found: fixtures are kept in ../shared beside the repository", replayFixture)
	}
	var stdout, stderr bytes.Buffer
	code := cmdReplay([]string{"--chat", "--json", replayFixture}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, &stdout, &stderr)
	}
	var out struct {
		Finished bool            `json:"finished"`
		Commands int             `json:"chat_commands"`
		Error    json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("%v in %s", err, &stdout)
	}
	if !out.Finished || out.Commands == 0 || out.Error != nil {
		t.Errorf("finished %v after %d commands, error %s", out.Finished, out.Commands, out.Error)
	}
}
