package engine

import (
	"slices"
	"testing"

	"pbc/engine/action"
)

// refusal is one action the rules refuse in a late-game state.
type refusal struct {
	name string
	g    *Game
	a    action.Action
}

// lateRefusals finds, among the last actions of l, a state where the
// waiting company may lay track and one where it may buy a train, and
// builds refused actions there: an illegal tile lay, a train bought beyond
// the buyer's cash and an action out of turn.
func lateRefusals(tb testing.TB, l *action.GameLog) []refusal {
	tb.Helper()
	acts, err := action.Effective(l.Actions)
	if err != nil {
		tb.Fatal(err)
	}
	layAt, buyAt := -1, -1
	from := len(acts) - 120
	_, err = Replay(l, ReplayOptions{After: func(g *Game, a action.Action) bool {
		i := slices.Index(acts, a)
		if i < from || g.Finished() {
			return i < len(acts)-3
		}
		m := g.Moves()
		if len(m.Actors) > 0 {
			w := m.Actors[0]
			if layAt < 0 && len(w.Tiles) > 0 {
				layAt = i + 1
			}
			if buyAt < 0 && len(w.Trains) > 0 {
				buyAt = i + 1
			}
		}
		return layAt < 0 || buyAt < 0
	}})
	if err != nil {
		tb.Fatal(err)
	}
	if layAt < 0 || buyAt < 0 {
		tb.Fatalf("no late state to lay track (%d) or buy a train (%d)", layAt, buyAt)
	}
	at := func(n int) (*Game, *Actor) {
		g, err := Replay(prefixLog(l, acts[:n]), ReplayOptions{})
		if err != nil {
			tb.Fatal(err)
		}
		return g, g.Moves().Actors[0]
	}
	var out []refusal
	g, w := at(layAt)
	lay := w.Tiles[0]
	rot := -1
	for r := range 6 {
		if !slices.ContainsFunc(w.Tiles, func(t TileMove) bool {
			return t.Hex == lay.Hex && t.Tile == lay.Tile && t.Rotation == r
		}) {
			rot = r
			break
		}
	}
	if rot >= 0 {
		bad := &action.LayTile{Hex: lay.Hex, Tile: lay.Tile, Rotation: rot}
		out = append(out, refusal{"lay_rotation", g, corpAct(bad, "lay_tile", w.Name)})
	}
	elsewhere := &action.LayTile{Hex: lay.Hex, Tile: "no-such-tile", Rotation: 0}
	out = append(out, refusal{"lay_unknown_tile", g, corpAct(elsewhere, "lay_tile", w.Name)})
	for _, p := range g.Players {
		if p.ID != w.Player {
			out = append(out, refusal{"out_of_turn", g, playerAct(&action.Pass{}, "pass", p.ID)})
			break
		}
	}
	// A legal move whose recorded auto action is refused: the move is
	// processed, then must be undone.
	legal := copyAct(tb, g.Moves().Actions()[0])
	legal.Env().AutoActions = []action.Action{playerAct(&action.Pass{}, "pass", 99)}
	out = append(out, refusal{"refused_auto_action", g, legal})
	g, w = at(buyAt)
	c := g.Corp(w.Name)
	tm := w.Trains[0]
	buy := &action.BuyTrain{Train: tm.Train, Price: c.Cash + 10000, Variant: tm.Variant}
	out = append(out, refusal{"buy_beyond_cash", g, corpAct(buy, "buy_train", w.Name)})
	return out
}

// BenchmarkRefusal applies refused actions in late states of the largest
// game of each title: a refusal must leave the game as it was, cheaply.
func BenchmarkRefusal(b *testing.B) {
	for _, f := range lateFixtures {
		b.Run(f.name, func(b *testing.B) {
			for _, r := range lateRefusals(b, benchLog(b, f.file)) {
				b.Run(r.name, func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						if r.g.Apply(r.a) == nil {
							b.Fatalf("%s accepted", r.name)
						}
					}
				})
			}
		})
	}
}

// copyAct copies an action through its JSON.
func copyAct(tb testing.TB, a action.Action) action.Action {
	tb.Helper()
	b, err := copyAction(a)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}
