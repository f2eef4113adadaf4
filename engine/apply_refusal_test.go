package engine

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"pbc/engine/action"
)

// ownedByGame says what of g's round or steps points at another game: a
// refusal puts the game back from a copy whose rounds must follow g.
func ownedByGame(g *Game) string {
	if g.round == nil {
		return ""
	}
	if g.round.g != g {
		return "the round"
	}
	for _, s := range g.round.steps {
		if s != nil && s.base().g != nil && s.base().g != g {
			return "step " + s.name()
		}
	}
	return ""
}

// TestRefusalInLateGame: refused actions of several kinds, in late states
// of the largest game of each title, leave the game byte for byte as it
// was, at its address, and it plays on like one that never saw them.
func TestRefusalInLateGame(t *testing.T) {
	for _, f := range lateFixtures {
		t.Run(f.name, func(t *testing.T) {
			l := fixtureLog(t, f.file)
			refusals := lateRefusals(t, l)
			for _, r := range refusals {
				t.Run(r.name, func(t *testing.T) {
					clean := r.g.Clone()
					before := stateDigest(t, r.g)
					err := r.g.Apply(r.a)
					var re *RuleError
					if !errors.As(err, &re) {
						t.Fatalf("got %v, want a refusal", err)
					}
					if got := stateDigest(t, r.g); got != before {
						t.Errorf("the refusal changed the state:\n%s\n%s", before, got)
					}
					if where := ownedByGame(r.g); where != "" {
						t.Errorf("%s belongs to another game after the refusal", where)
					}
					if v := r.g.Invariants(); len(v) > 0 {
						t.Errorf("invariants broken: %v", v)
					}
					// The game that refused plays on as one that did not.
					for i, a := range clean.Moves().Actions() {
						if i > 3 {
							break
						}
						c1, c2 := r.g.Clone(), clean.Clone()
						e1, e2 := c1.Apply(copyAct(t, a)), c2.Apply(copyAct(t, a))
						if (e1 == nil) != (e2 == nil) || stateDigest(t, c1) != stateDigest(t, c2) {
							t.Errorf("move %d: the game that refused differs: %v / %v", i, e1, e2)
						}
					}
				})
			}
		})
	}
}

// TestPanicIsInternal: a panic while processing an action is an internal
// error, not a refusal, and the game is put back as it was.
func TestPanicIsInternal(t *testing.T) {
	tt, _ := TitleByName("1822PNW")
	g, err := New(tt, seatsN(3), 586, nil)
	if err != nil {
		t.Fatal(err)
	}
	before := snap(t, g)
	// A step that is not there: routing an action to it panics.
	g.round.steps = append([]step{nil}, g.round.steps...)
	err = g.Apply(playerAct(&action.Bid{Company: "M6", Price: 100}, "bid", 0))
	var ie *InternalError
	var re *RuleError
	switch {
	case !errors.As(err, &ie):
		t.Fatalf("got %v, want an internal error", err)
	case errors.As(err, &re):
		t.Fatalf("an internal error is a refusal: %v", err)
	case !strings.Contains(err.Error(), "panic") || len(ie.Stack) == 0:
		t.Errorf("the error lacks the panic's detail: %v", err)
	}
	if g.round.steps[0] != nil {
		t.Fatal("the game was not put back")
	}
	g.round.steps = g.round.steps[1:]
	if snap(t, g) != before {
		t.Error("the failed action changed the state")
	}
}

// TestConcurrentReaders: goroutines ask one late game for its moves, its
// snapshot, its views, a check and its best routes at once (go test -race).
func TestConcurrentReaders(t *testing.T) {
	for _, f := range lateFixtures {
		t.Run(f.name, func(t *testing.T) {
			l := fixtureLog(t, f.file)
			acts, err := action.Effective(l.Actions)
			if err != nil {
				t.Fatal(err)
			}
			g, err := Replay(prefixLog(l, acts[:len(acts)-20]), ReplayOptions{})
			if err != nil {
				t.Fatal(err)
			}
			want := stateDigest(t, g.Clone())
			var wg sync.WaitGroup
			for i := range 4 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for range 3 {
						m := g.Moves()
						_ = g.Snapshot(true)
						_ = g.Result()
						_ = g.Invariants()
						for _, box := range g.BidBoxes() {
							for _, c := range box {
								_ = g.Bids(c)
							}
						}
						for _, p := range g.Players {
							_ = g.CertCount(p) <= g.CertLimit()
						}
						for _, a := range m.Actors {
							if c := g.Corp(a.Entity.String()); c != nil && a.Routes != nil {
								if routes, _, err := g.AutoRoutes(c); err == nil {
									_, _, _ = g.RouteRevenue(c, routes)
								}
							}
						}
						if i == 0 {
							if acts := m.Actions(); len(acts) > 0 {
								_ = g.Check(acts[0])
							}
						}
					}
				}()
			}
			wg.Wait()
			if got := stateDigest(t, g); got != want {
				t.Error("concurrent readers changed the game")
			}
		})
	}
}

// fixtureLog reads a conformance fixture, skipping the test without them.
func fixtureLog(tb testing.TB, file string) *action.GameLog {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "fixtures", file))
	if err != nil {
		tb.Skip("../shared/fixtures not found: conformance fixtures are kept beside the repository")
	}
	l, err := action.ReadGameLog(bytes.NewReader(data))
	if err != nil {
		tb.Fatal(err)
	}
	return l
}
