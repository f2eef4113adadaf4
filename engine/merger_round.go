package engine

// Section 6 (1822PNW): the merger round that follows each operating round
// from the phase the title sets (Majors.MergerRoundFrom). Its one step,
// mergeStep, is in step_merge.go.

// mergerState is the PNW merger round's choice sequence.
type mergerState struct {
	assoc, unassoc *Corp
	major          *Corp
	player         *Player
	state          string // "", "par", "shares", "token"
	par            int    // cell index
}

// startMergerRound begins the PNW merger round that follows each OR from phase 2.
func (g *Game) startMergerRound(num int) {
	g.roundName = "Merger"
	r := &round{g: g, kind: mergerRound, num: num, mr: &mergerState{}}
	r.steps = []step{&mergeStep{stepBase: stepBase{g: g}, r: r}}
	for _, c := range g.operatingOrder() {
		if c.IsMinor() {
			r.entities = append(r.entities, c)
		}
	}
	g.round = r
	r.after = afterMerger
	if len(r.entities) == 0 {
		r.done = true
		return
	}
	r.resetSteps()
	r.skipSteps()
	if r.activeStep() == nil {
		g.mergerAdvance()
	}
}

func (g *Game) mergerAdvance() {
	r := g.round
	for r.activeStep() == nil {
		if r.index >= len(r.entities)-1 {
			r.done = true
			return
		}
		r.index++
		r.resetSteps()
		r.skipSteps()
	}
}
