package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRoutesCommandUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := cmdRoutes(nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "usage: pbc routes") {
		t.Errorf("no file: code %d, stderr %q", code, stderr.String())
	}
	stderr.Reset()
	missing := filepath.Join(t.TempDir(), "missing.json")
	if code := cmdRoutes([]string{"--json", missing}, &stdout, &stderr); code != 1 {
		t.Errorf("missing file: code %d, want 1", code)
	}
}

func TestRoutesCommand(t *testing.T) {
	if _, err := os.Stat(replayFixture); err != nil {
		t.Skip("../shared fixtures not found")
	}
	var stdout, stderr bytes.Buffer
	code := cmdRoutes([]string{"--json", replayFixture}, &stdout, &stderr)
	var out routesOutput
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, stdout.String())
	}
	if code != 0 {
		t.Fatalf("code %d, output %s, stderr %s", code, stdout.String(), stderr.String())
	}
	if out.Runs == 0 || out.SubmittedLegal == 0 {
		t.Errorf("runs %d, submitted_legal %d: want some", out.Runs, out.SubmittedLegal)
	}
	if out.RouterBelowSubmitted != 0 || out.RouterIllegal != 0 {
		t.Errorf("router below %d, illegal %d: want 0 (%+v)", out.RouterBelowSubmitted, out.RouterIllegal, out.Problems)
	}
	if out.RouterEqualSubmitted+out.RouterAboveSubmitted != out.SubmittedLegal {
		t.Errorf("equal %d + above %d != legal %d", out.RouterEqualSubmitted, out.RouterAboveSubmitted, out.SubmittedLegal)
	}
	for _, key := range []string{`"runs"`, `"submitted_legal"`, `"router_below_submitted"`, `"router_above_submitted"`,
		`"router_illegal"`, `"p50_ms"`, `"p99_ms"`, `"max_ms"`} {
		if !strings.Contains(stdout.String(), key) {
			t.Errorf("output lacks %s", key)
		}
	}
	stdout.Reset()
	if code := cmdRoutes([]string{replayFixture}, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "router vs submitted") {
		t.Errorf("text output: code %d\n%s", code, stdout.String())
	}
}
