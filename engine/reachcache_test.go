package engine

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pbc/engine/action"
	"pbc/engine/graph"
)

// TestReachCacheAgreesWithFreshWalks replays every fixture and kept
// self-play game, plain and validating, with every reuse of a cached
// network checked against a fresh walk (a mismatch panics, which the replay
// reports as an internal error).
func TestReachCacheAgreesWithFreshWalks(t *testing.T) {
	fixtures, _ := filepath.Glob(filepath.Join("..", "..", "shared", "fixtures", "*", "*.json"))
	kept, _ := filepath.Glob(filepath.Join("testdata", "selfplay", "*.json"))
	if len(fixtures) == 0 {
		t.Log("../shared/fixtures not found: only the kept self-play games are checked")
	}
	files := append(fixtures, kept...)
	if len(files) == 0 {
		t.Fatal("no game logs found")
	}
	verifyReach = true
	defer func() { verifyReach = false }()
	before := verifiedReuses.Load()
	t.Run("logs", func(t *testing.T) {
		for _, f := range files {
			name := filepath.Base(filepath.Dir(f)) + "/" + filepath.Base(f)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				l, err := action.ReadGameLog(strings.NewReader(string(data)))
				if err != nil {
					t.Fatal(err)
				}
				for _, importing := range []bool{true, false} {
					_, err := Replay(l, ReplayOptions{Validate: !importing})
					if err != nil && strings.Contains(err.Error(), "cached network") {
						t.Errorf("importing %v: %v", importing, err)
					}
				}
			})
		}
	})
	if n := verifiedReuses.Load() - before; n == 0 {
		t.Error("no cached network was reused")
	} else {
		t.Logf("%d reuses of a cached network checked", n)
	}
}

// TestReachCacheKeepsOnlyWhatNoChangeTouched checks the invalidation rule
// itself on a network of a kept self-play game: a change to a hex the
// network meets forgets it, a change elsewhere keeps it, and a change to an
// unknown hex forgets it too.
func TestReachCacheKeepsOnlyWhatNoChangeTouched(t *testing.T) {
	kept, _ := filepath.Glob(filepath.Join("testdata", "selfplay", "*.json"))
	if len(kept) == 0 {
		t.Fatal("no kept self-play games")
	}
	f, err := os.Open(kept[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := action.ReadGameLog(f)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Replay(l, ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var c *Corp
	for _, x := range g.Corps {
		if len(stationStarts(x)) == 1 && g.quietReach(x).NodeCount() > 1 {
			c = x
			break
		}
	}
	if c == nil {
		t.Fatal("no company with a network")
	}
	e := g.reachCache[c]
	home := e.starts[0].Hex
	var met, far string
	for _, id := range g.Board.order {
		switch {
		case id == home:
		case e.r.Touches(id) && met == "":
			met = id
		case !e.r.Touches(id) && far == "":
			far = id
		}
	}
	if met == "" || far == "" {
		t.Fatalf("%s's network meets no other hex, or every hex", c.ID)
	}
	other := append(slices.Clone(e.starts), graph.NodeRef{Hex: far, Node: 0})
	tests := []struct {
		name    string
		changed []string // the hexes of the changes since the walk
		starts  []graph.NodeRef
		keep    bool
	}{
		{"no change", nil, e.starts, true},
		{"a change far away", []string{far}, e.starts, true},
		{"a change where its track meets", []string{far, met}, e.starts, false},
		{"a change on its token hex", []string{home}, e.starts, false},
		{"a change of unknown place", []string{""}, e.starts, false},
		{"another station", nil, other, false},
		{"too many changes to know", slices.Repeat([]string{far}, boardLogSize), e.starts, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := *g.Board
			for i, hex := range tt.changed {
				b.changed[(e.ver+1+i)%boardLogSize] = hex
			}
			b.version = e.ver + len(tt.changed)
			h := *g
			h.Board = &b
			if got := h.unchangedFor(e, tt.starts); got != tt.keep {
				t.Errorf("kept %v, want %v", got, tt.keep)
			}
		})
	}
}
