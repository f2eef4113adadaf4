package engine

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"pbc/engine/action"
)

// TestDebtInterestNeverOverflows: 1822CA, 2 players, seed 90434 (a self-play
// game whose players' debts compound at 50% a stock round to about 2×10^17).
// Interest is exact at every size (4.11.14, 5.15.6: 50%, rounded up), and a
// debt the game cannot hold refuses the action that would make it, leaving
// the game as it was, instead of wrapping around.
func TestDebtInterestNeverOverflows(t *testing.T) {
	l := selfPlayLog(t, "debt_compounds.json")
	// Every stock round's end adds exact interest to each debt.
	debts := map[int]int{}
	lastEnd, ends, largest := -1, 0, 0
	k := 0
	_, err := Replay(l, ReplayOptions{Played: true, After: func(g *Game, a action.Action) bool {
		if g.Snapshot(false).Round.Name != "SR" && debts[-1] == 1 {
			lastEnd = k
			ends++
			for _, p := range g.seats {
				before := debts[p.ID]
				if before == 0 || strings.HasPrefix(a.Env().Type, "payoff_player_debt") && a.Env().Entity.String() == strconv.Itoa(p.ID) {
					continue // none, or paid off in part by the action itself
				}
				want := new(big.Int).Add(big.NewInt(int64(before)), big.NewInt(int64((before+1)/2)))
				if big.NewInt(int64(p.Debt)).Cmp(want) != 0 {
					t.Errorf("after action %d: %s's debt went from $%d to $%d, want $%s", a.Env().ID, p.Name, before, p.Debt, want)
				}
				largest = max(largest, before)
			}
		}
		debts[-1] = 0
		if g.Snapshot(false).Round.Name == "SR" {
			debts[-1] = 1
		}
		for _, p := range g.seats {
			debts[p.ID] = p.Debt
		}
		k++
		return true
	}})
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	if ends == 0 || largest < 1e16 {
		t.Fatalf("checked %d stock round ends, largest debt $%d: the log no longer reaches large debts", ends, largest)
	}

	// The action that ended the last stock round, played again on debts
	// that are one and many stock rounds further on.
	l.Actions = l.Actions[:lastEnd+1]
	last := l.Actions[lastEnd]
	l.Actions = l.Actions[:lastEnd]
	for _, tc := range []struct {
		name   string
		debt   int
		refuse bool
	}{
		{"2.08e17, where debt*50 wrapped", 208364858721905095, false},
		{"odd", 1<<61 + 1, false},
		{"the most that still fits", math.MaxInt / 3 * 2, false},
		{"past what the game can hold", math.MaxInt/3*2 + 2, true},
		{"the largest", math.MaxInt, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := Replay(l, ReplayOptions{Played: true})
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			p := g.seats[0]
			p.Debt = tc.debt
			before := snap(t, g)
			b, err := copyAction(last)
			if err != nil {
				t.Fatal(err)
			}
			b.Env().AutoActions = nil
			err = g.Apply(b)
			if tc.refuse {
				var re *RuleError
				if !errors.As(err, &re) || !strings.Contains(err.Error(), "more than the game can hold") {
					t.Fatalf("got %v, want a refusal saying the debt is more than the game can hold", err)
				}
				if after := snap(t, g); after != before || p.Debt != tc.debt {
					t.Fatalf("the refused action changed the game (debt $%d)", p.Debt)
				}
				return
			}
			if err != nil {
				t.Fatalf("apply: %v", err)
			}
			want := new(big.Int).Add(big.NewInt(int64(tc.debt)), big.NewInt(int64(tc.debt/2+tc.debt%2)))
			if big.NewInt(int64(p.Debt)).Cmp(want) != 0 || p.Debt < tc.debt {
				t.Fatalf("debt $%d became $%d, want $%s", tc.debt, p.Debt, want)
			}
		})
	}
}
