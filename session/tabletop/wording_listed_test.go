package tabletop

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"pbc/commands"
	"pbc/commands/resolve"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/selfplay"
)

// listedSample bounds the work of TestEveryListedMoveHasWording: the states
// looked at in each log and the listed actions of one type tried in each.
const (
	listedStates  = 30
	listedPerType = 6
)

// spread picks up to n items of list, evenly spaced, the first and last
// included.
func spread[T any](list []T, n int) []T {
	if len(list) <= n {
		return list
	}
	if n <= 1 {
		return list[:n]
	}
	out := make([]T, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, list[i*(len(list)-1)/(n-1)])
	}
	return out
}

// phraseListed checks, at the state g of a game, that every sampled action
// Moves lists has a wording the dispatcher turns back into it; it returns
// how many actions it tried and the failures.
func phraseListed(l *action.GameLog, g *engine.Game) (int, []string) {
	t := &Table{Position: commands.Position{Game: g, Log: &action.GameLog{Title: l.Title, Players: l.Players, Settings: l.Settings}}}
	for _, p := range l.Players {
		t.Seats = append(t.Seats, commands.Seat{Player: p.ID, Name: p.Name, User: ChatUser(p.ID)})
	}
	byType := map[string][]action.Action{}
	var types []string
	for _, a := range g.Moves().Actions() {
		typ := action.TypeName(a)
		if byType[typ] == nil {
			types = append(types, typ)
		}
		byType[typ] = append(byType[typ], a)
	}
	tried := 0
	var bad []string
	for _, typ := range types {
		for _, a := range spread(byType[typ], listedPerType) {
			tried++
			if _, err := resolve.Phrase(&t.Position, a); err != nil {
				bad = append(bad, fmt.Sprintf("%s %+v: %v", typ, a, err))
			}
		}
	}
	return tried, bad
}

// TestEveryListedMoveHasWording: at sampled states of every fixture, each
// kind of move the engine lists (every share bundle, including those that
// pass a presidency with part of a certificate, every tile, token, train,
// choice and ability) has a chat wording that makes exactly that action.
func TestEveryListedMoveHasWording(t *testing.T) {
	var states, actions atomic.Int64
	t.Cleanup(func() {
		t.Logf("%d states, %d listed actions worded", states.Load(), actions.Load())
	})
	for _, f := range fixtures(t) {
		name := strings.TrimPrefix(filepath.ToSlash(f), filepath.ToSlash(fixtureDir)+"/")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			l := readLog(t, f)
			n := len(l.Actions)
			every := max(n/listedStates, 1)
			if testing.Short() {
				every = max(n/(listedStates/3), 1)
			}
			k := 0
			fails := 0
			_, err := engine.Replay(l, engine.ReplayOptions{After: func(g *engine.Game, a action.Action) bool {
				k++
				if k%every != 0 || g.Finished() {
					return true
				}
				tried, bad := phraseListed(l, g)
				states.Add(1)
				actions.Add(int64(tried))
				for _, b := range bad {
					if fails++; fails <= 5 {
						t.Errorf("after action %d: %s", a.Env().ID, b)
					}
				}
				return true
			}})
			if err != nil {
				t.Fatal(err)
			}
			if fails > 5 {
				t.Errorf("and %d more", fails-5)
			}
		})
	}
}

// TestSelfplayListedMovesHaveWording is TestEveryListedMoveHasWording over
// fresh self-play games of every title and scenario, which reach states no
// fixture does (other player counts, optional rules, automatic play).
func TestSelfplayListedMovesHaveWording(t *testing.T) {
	n, maxActions := 12, 600
	if testing.Short() {
		n, maxActions = 6, 300
	}
	cfgs, err := everyTitle(n, 101, maxActions)
	if err != nil {
		t.Fatal(err)
	}
	var states, actions atomic.Int64
	t.Cleanup(func() {
		t.Logf("%d states, %d listed actions worded", states.Load(), actions.Load())
	})
	for _, cfg := range cfgs {
		t.Run(fmt.Sprintf("%s/%dp/seed%d", cfg.Title, cfg.Players, cfg.Seed), func(t *testing.T) {
			t.Parallel()
			res := selfplay.Play(cfg)
			if len(res.Errors) > 0 {
				t.Skipf("self-play failed on its own: %s", res.Errors[0])
			}
			every := max(len(res.Log.Actions)/listedStates, 1)
			k, fails := 0, 0
			_, err := engine.Replay(res.Log, engine.ReplayOptions{After: func(g *engine.Game, a action.Action) bool {
				if k++; k%every != 0 || g.Finished() {
					return true
				}
				tried, bad := phraseListed(res.Log, g)
				states.Add(1)
				actions.Add(int64(tried))
				for _, b := range bad {
					if fails++; fails <= 5 {
						t.Errorf("after action %d: %s", a.Env().ID, b)
					}
				}
				return true
			}})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
