package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRenderCommand(t *testing.T) {
	dir := t.TempDir()
	mapPNG, marketPNG, tablePNG := filepath.Join(dir, "map.png"), filepath.Join(dir, "market.png"), filepath.Join(dir, "table.png")
	for _, tc := range []struct {
		name     string
		args     []string
		fixture  bool
		wantCode int
		wantErr  string   // in stderr
		files    []string // PNGs that must exist afterwards
	}{
		{name: "no file", args: []string{"--map", mapPNG}, wantCode: 2, wantErr: "usage: pbc render"},
		{name: "no output", args: []string{"x.json"}, wantCode: 2, wantErr: "usage: pbc render"},
		{name: "missing file", args: []string{"--map", mapPNG, filepath.Join(dir, "nope.json")}, wantCode: 1, wantErr: "nope.json"},
		{name: "bad flag", args: []string{"--nope"}, wantCode: 2, wantErr: "-nope"},
		{
			name:    "all three at an action",
			args:    []string{"--map", mapPNG, "--market", marketPNG, "--table", tablePNG, "--at", "120", replayFixture},
			fixture: true,
			files:   []string{mapPNG, marketPNG, tablePNG},
		},
		{
			name:     "bad crop",
			args:     []string{"--map", mapPNG, "--crop", "Z99,nonsense", replayFixture},
			fixture:  true,
			wantCode: 1,
			wantErr:  "crop",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.fixture {
				if _, err := os.Stat(replayFixture); err != nil {
					t.Skip("shared fixtures not available")
				}
			}
			for _, f := range tc.files {
				os.Remove(f)
			}
			var stdout, stderr bytes.Buffer
			code := cmdRender(tc.args, &stdout, &stderr)
			if code != tc.wantCode {
				t.Fatalf("exit code %d, want %d; stderr: %s", code, tc.wantCode, stderr.String())
			}
			if tc.wantErr != "" && !strings.Contains(stderr.String(), tc.wantErr) {
				t.Errorf("stderr %q does not mention %q", stderr.String(), tc.wantErr)
			}
			for _, f := range tc.files {
				fh, err := os.Open(f)
				if err != nil {
					t.Fatal(err)
				}
				_, err = png.DecodeConfig(fh)
				fh.Close()
				if err != nil {
					t.Errorf("%s: %v", f, err)
				}
				if !strings.Contains(stdout.String(), f) {
					t.Errorf("stdout %q does not name %s", stdout.String(), f)
				}
			}
		})
	}
}
