package engine

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"testing"

	"pbc/engine/action"
)

// stateDigest is everything a player can see of a game: its snapshot with
// the map, the moves it lists and, when a company is to run, the best routes.
func stateDigest(t *testing.T, g *Game) string {
	t.Helper()
	snap, err := json.Marshal(g.Snapshot(true))
	if err != nil {
		t.Fatalf("snapshot: %v", err)
	}
	m := g.Moves()
	moves, err := json.Marshal(m)
	if err != nil {
		t.Fatalf("moves: %v", err)
	}
	out := string(snap) + "\n" + string(moves)
	if len(m.Actors) > 0 && m.Actors[0].Routes != nil {
		if c := g.Corp(m.Actors[0].Entity.String()); c != nil {
			routes, revenue, err := g.AutoRoutes(c)
			b, _ := json.Marshal(routes)
			out += fmt.Sprintf("\n%s routes: %d %v %s", c.ID, revenue, err, b)
		}
	}
	return out
}

// clonePositions picks about every 100th of n effective actions (at least
// three positions), and the last.
func clonePositions(n int) map[int]bool {
	step := min(100, max(1, n/3))
	out := map[int]bool{}
	for i := step / 2; i < n; i += step {
		out[i] = true
	}
	out[n-1] = true
	return out
}

// TestCloneFixtures clones every fixture's game at several points of its
// replay, plays the rest of the log on the copy and checks that the copy
// ends where the whole replay ends, that the original did not move while
// the copy played on, and that the original, trimmed, ends there too.
func TestCloneFixtures(t *testing.T) {
	dir, names := movesFixtures(t)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			l := readFixture(t, dir, name)
			want, err := Replay(l, ReplayOptions{})
			if err != nil {
				t.Skipf("the fixture does not replay: %v", err)
			}
			wantResult := want.Result()
			if maps.Equal(wantResult, l.Result) {
				wantResult = l.Result
			}
			acts, err := action.Effective(l.Actions)
			if err != nil {
				t.Fatal(err)
			}
			at := clonePositions(len(acts))
			var finals []string
			i := 0
			g, err := Replay(l, ReplayOptions{After: func(g *Game, _ action.Action) bool {
				i++
				if !at[i-1] {
					return true
				}
				before := stateDigest(t, g)
				c := g.Clone()
				if got := stateDigest(t, c); got != before {
					t.Fatalf("after %d actions the copy differs from the original:\n%s\n%s", i, before, got)
				}
				for _, a := range acts[i:] {
					if err := c.applyWithAutos(a); err != nil {
						t.Fatalf("copy made after %d actions: action %d: %v", i, a.Env().ID, err)
					}
				}
				c.endImport()
				if got := c.Result(); !maps.Equal(got, wantResult) {
					t.Errorf("copy made after %d actions ends with %v, want %v", i, got, wantResult)
				}
				if got := stateDigest(t, g); got != before {
					t.Fatalf("playing the copy made after %d actions changed the original:\n%s\n%s", i, before, got)
				}
				finals = append(finals, stateDigest(t, c))
				g.Trim()
				return true
			}})
			if err != nil {
				t.Fatal(err)
			}
			if !maps.Equal(g.Result(), wantResult) {
				t.Errorf("the trimmed original ends with %v, want %v", g.Result(), wantResult)
			}
			end := stateDigest(t, g)
			if whole := stateDigest(t, want); end != whole {
				t.Errorf("the trimmed original ends elsewhere than a whole replay:\n%s\n%s", end, whole)
			}
			for k, f := range finals {
				if f != end {
					t.Errorf("copy %d ends elsewhere than the original:\n%s\n%s", k, f, end)
				}
			}
		})
	}
}

// TestCloneLiveGames clones self-play games rebuilt as played here (nothing
// imported, or the first half imported) and plays the rest of each on the
// copy and on the original, each with its own decoding of the log (a
// live Apply records auto actions on the action it applies).
func TestCloneLiveGames(t *testing.T) {
	for _, tc := range []struct {
		file string
		half bool
	}{
		{"destination_returns_token.json", false},
		{"surveyors_upgrade_after_cube.json", false},
		{"portage_then_town_removal.json", true},
		{"destination_split_quebec.json", true},
	} {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			fresh := func() []action.Action {
				acts, err := action.Effective(livePlayLog(t, tc.file).Actions)
				if err != nil {
					t.Fatal(err)
				}
				return acts
			}
			l := livePlayLog(t, tc.file)
			imported := ownLeadRaises(t, l)
			if tc.half {
				imported = max(imported, len(l.Actions)/2)
			}
			want, err := Replay(l, ReplayOptions{Played: true, Imported: imported})
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			acts := fresh()
			at := clonePositions(len(acts))
			for i := range acts {
				if !at[i] || i < imported {
					continue
				}
				head := *l
				head.Actions = fresh()[:i]
				g, err := Replay(&head, ReplayOptions{Played: true, Imported: imported})
				if err != nil {
					t.Fatalf("replaying %d actions: %v", i, err)
				}
				before := stateDigest(t, g)
				c := g.Clone()
				if c.ImportedCount() != g.ImportedCount() || len(c.Applied()) != i {
					t.Fatalf("copy after %d actions: %d applied, %d imported; original %d imported",
						i, len(c.Applied()), c.ImportedCount(), g.ImportedCount())
				}
				if got := stateDigest(t, c); got != before {
					t.Fatalf("after %d actions the copy differs from the original", i)
				}
				for _, a := range fresh()[i:] {
					if err := c.Apply(a); err != nil {
						t.Fatalf("copy made after %d actions: action %d: %v", i, a.Env().ID, err)
					}
				}
				if got := stateDigest(t, g); got != before {
					t.Fatalf("playing the copy made after %d actions changed the original", i)
				}
				for _, a := range fresh()[i:] {
					if err := g.Apply(a); err != nil {
						t.Fatalf("original after %d actions: action %d: %v", i, a.Env().ID, err)
					}
				}
				end, whole := stateDigest(t, c), stateDigest(t, want)
				if end != whole || stateDigest(t, g) != whole {
					t.Errorf("from %d actions the copy or the original ends elsewhere than a whole replay", i)
				}
				if !slices.EqualFunc(c.Applied(), want.Applied(), sameAction) {
					t.Errorf("from %d actions the copy applied other actions than a whole replay", i)
				}
			}
		})
	}
}

// livePlayLog is a kept self-play log but for its last action (the one the
// log was kept for, which the rules refuse).
func livePlayLog(t *testing.T, file string) *action.GameLog {
	t.Helper()
	l := selfPlayLog(t, file)
	l.Actions = l.Actions[:len(l.Actions)-1]
	return l
}

// ownLeadRaises is how many leading actions of a kept self-play log must
// replay as imported: self-play raised its own leading bids before 4.8.4 was
// enforced, so the log is trusted up to the last such raise.
func ownLeadRaises(t *testing.T, l *action.GameLog) int {
	t.Helper()
	n := 0
	leads := func(g *Game, a action.Action) {
		b, ok := a.(*action.Bid)
		if !ok || g.round.sr == nil {
			return
		}
		if c := g.Company(b.Company); c != nil {
			if top, ok := g.round.sr.highest(c); ok && action.PlayerEntity(top.player.ID) == b.Entity {
				n = a.Env().ID
			}
		}
	}
	if err := stepFixture(l, leads); err != nil {
		t.Fatal(err)
	}
	for i, a := range l.Actions { // an id to a log position
		if a.Env().ID == n {
			return i + 1
		}
	}
	return 0
}

// sameAction compares two actions by their JSON.
func sameAction(a, b action.Action) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}

// TestCloneRefusedApply: a refused action puts the copy back from its own
// savepoint, which must leave it, and the original, as they were.
func TestCloneRefusedApply(t *testing.T) {
	g, last := replayAllButLast(t, "destination_returns_token.json")
	before := stateDigest(t, g)
	c := g.Clone()
	bad := &action.BuyTrain{Train: "no-such-train", Price: 1}
	bad.Type, bad.Entity, bad.EntityType = "buy_train", last.Env().Entity, last.Env().EntityType
	if err := c.Apply(bad); err == nil {
		t.Fatal("a train that does not exist was bought")
	}
	if got := stateDigest(t, c); got != before {
		t.Errorf("a refused action changed the copy:\n%s\n%s", before, got)
	}
	if got := stateDigest(t, g); got != before {
		t.Errorf("a refused action on the copy changed the original")
	}
	if err := c.Apply(last); err == nil {
		t.Fatal("the log's last action, which the rules refuse, was accepted on the copy")
	}
	if stateDigest(t, c) != before || stateDigest(t, g) != before {
		t.Errorf("the refused last action moved the copy or the original")
	}
	m := c.Moves().Actions()
	if len(m) == 0 {
		t.Fatal("no move listed")
	}
	if err := c.Apply(m[0]); err != nil {
		t.Fatalf("a listed move on the copy: %v", err)
	}
	if stateDigest(t, c) == before || stateDigest(t, g) != before {
		t.Errorf("a move on the copy moved the original or did not move the copy")
	}
}

// TestAppliedAndImported: Applied is the effective log so far, a copy the
// caller may change, and ImportedCount the part that came from the import.
func TestAppliedAndImported(t *testing.T) {
	l := livePlayLog(t, "portage_then_town_removal.json")
	acts, err := action.Effective(l.Actions)
	if err != nil {
		t.Fatal(err)
	}
	for _, imported := range []int{0, len(l.Actions) / 3, len(l.Actions)} {
		g, err := Replay(livePlayLog(t, "portage_then_town_removal.json"), ReplayOptions{Played: true, Imported: imported})
		if err != nil {
			t.Fatal(err)
		}
		got := g.Applied()
		if !slices.EqualFunc(got, acts, func(a, b action.Action) bool { return a.Env().ID == b.Env().ID }) {
			t.Errorf("imported %d: Applied lists %d actions, want the %d effective ones", imported, len(got), len(acts))
		}
		if g.ImportedCount() != min(imported, len(acts)) {
			t.Errorf("imported %d: ImportedCount %d", imported, g.ImportedCount())
		}
		got[0] = nil
		if g.Applied()[0] == nil {
			t.Errorf("changing Applied's list changed the game's")
		}
	}
}

// TestTryLeavesTheGameAlone: Try answers the game after a move (or the
// refusal) and never changes the game it was asked of.
func TestTryLeavesTheGameAlone(t *testing.T) {
	ti, err := TitleByName("1822PNW")
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(ti, []Seat{{ID: 1, Name: "A"}, {ID: 2, Name: "B"}, {ID: 3, Name: "C"}}, 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 40; i++ {
		m := g.Moves()
		legal := m.Actors[0].Actions()
		before := stateDigest(t, g)
		after, err := g.Try(legal[len(legal)-1])
		if err != nil {
			t.Fatalf("move %d: a listed move refused: %v", i, err)
		}
		if got := stateDigest(t, g); got != before {
			t.Fatalf("move %d: Try changed the game", i)
		}
		if len(after.Applied()) != len(g.Applied())+1 {
			t.Fatalf("move %d: the copy holds %d actions, want %d", i, len(after.Applied()), len(g.Applied())+1)
		}
		if _, err := g.Try(&action.Pass{Envelope: action.Envelope{Type: action.TypePass, Entity: action.PlayerEntity(99), EntityType: action.EntityPlayer}}); err == nil {
			t.Fatalf("move %d: a pass by nobody was taken", i)
		}
		if got := stateDigest(t, g); got != before {
			t.Fatalf("move %d: a refused Try changed the game", i)
		}
		if err := g.Apply(legal[0]); err != nil {
			t.Fatal(err)
		}
	}
}
