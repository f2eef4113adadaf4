package engine

import (
	"fmt"
	"math"
)

// refusalPanic carries a refusal out of code that cannot return one (the
// end of a stock round runs inside the action that ends it);
// applyWithAutos turns it back into that action's refusal, and Apply puts
// the game back as it was.
type refusalPanic struct{ err *RuleError }

// interest is 50% of debt, rounded up (4.11.14, 5.15.6), computed without
// an intermediate product so that it is exact for every debt.
func interest(debt int) int { return debt/2 + debt%2 }

// addDebt adds n to p's debt, refusing the action under way when the sum is
// more than the game can hold: a debt is exact or it is refused, never
// wrapped around.
func (g *Game) addDebt(p *Player, n int, why string) {
	if n < 0 || p.Debt > math.MaxInt-n {
		panic(refusalPanic{&RuleError{Msg: fmt.Sprintf(
			"%s's debt of $%d plus $%d %s would be more than the game can hold ($%d)",
			p.Name, p.Debt, n, why, math.MaxInt)}})
	}
	p.Debt += n
}

// catchRefusal runs f, returning a refusal it raised as a refusalPanic as
// its error; any other panic goes on.
func catchRefusal(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			rp, ok := r.(refusalPanic)
			if !ok {
				panic(r)
			}
			err = rp.err
		}
	}()
	return f()
}
