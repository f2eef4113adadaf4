package selfplay

import (
	"pbc/engine"
	"pbc/engine/action"
)

// Figures are what a game looks like, comparable between self-play and
// real tables: how long it ran, how many majors started, how many trains
// and loans it took, how it ended.
type Figures struct {
	OperatingRounds int            `json:"operating_rounds"`
	MajorsFloated   int            `json:"majors_floated"`
	TrainsBought    int            `json:"trains_bought"`
	Loans           int            `json:"loans"`
	Final           map[string]int `json:"final,omitempty"` // each player's final value by id
}

// figureCounter watches a game action by action (as ReplayOptions.After or
// after each Apply) and counts its Figures.
type figureCounter struct {
	f       Figures
	lastOR  engine.RoundInfo
	debts   map[int]int
	floated map[string]bool
}

func newFigureCounter() *figureCounter {
	return &figureCounter{debts: map[int]int{}, floated: map[string]bool{}}
}

// after counts what action a (with its automatic actions) did to g.
func (fc *figureCounter) after(g *engine.Game, a action.Action) {
	if r := g.RoundNow(); r.Name == "OR" && r != fc.lastOR {
		if r.Turn != fc.lastOR.Turn || r.RoundNum != fc.lastOR.RoundNum {
			fc.f.OperatingRounds++
		}
		fc.lastOR = r
	}
	bought := 0
	for _, x := range append([]action.Action{a}, a.Env().AutoActions...) {
		if x.Env().Type == "buy_train" {
			bought++
		}
	}
	fc.f.TrainsBought += bought
	for _, p := range g.Seats() {
		// A debt that grows with a train bought is a loan (5.15.6); one that
		// grows at a stock round's end is interest.
		if p.Debt > fc.debts[p.ID] && bought > 0 {
			fc.f.Loans++
		}
		fc.debts[p.ID] = p.Debt
	}
	for _, c := range g.Corps {
		if c.IsMajor() && c.Floated && !fc.floated[c.ID] {
			fc.floated[c.ID] = true
			fc.f.MajorsFloated++
		}
	}
}

// finish records the final values.
func (fc *figureCounter) finish(g *engine.Game) Figures {
	fc.f.Final = g.Result()
	return fc.f
}

// LogFigures replays a finished game's log (an 18xx.games import or a game
// played here) and counts its figures.
func LogFigures(l *action.GameLog, played bool) (Figures, *engine.Game, error) {
	fc := newFigureCounter()
	g, err := engine.Replay(l, engine.ReplayOptions{Played: played, After: func(g *engine.Game, a action.Action) bool {
		fc.after(g, a)
		return true
	}})
	if g == nil {
		return Figures{}, nil, err
	}
	return fc.finish(g), g, err
}
