package engine

import (
	"pbc/engine/action"
)

// process applies one action (not its auto actions) and then moves through
// round transitions and the game-end check, as 18xx.games does after every action.
func (g *Game) process(a action.Action) error {
	g.invalidate()
	defer g.invalidate()
	g.seq++
	env := a.Env()
	switch a.(type) {
	case *action.Message, *action.Log:
		return nil
	case *action.ProgramSharePass, *action.ProgramBuyShares, *action.ProgramMergerPass, *action.ProgramDisable:
		if g.finished {
			return nil
		}
		return g.processProgram(a)
	case *action.EndGame:
		if g.finished {
			return ruleErr("the game is already over")
		}
		g.endGame("manually_ended")
		return nil
	}
	if g.finished {
		return ruleErr("the game is over")
	}
	e, err := g.entityOf(env)
	if err != nil {
		return err
	}
	if err := g.round.process(a, e); err != nil {
		return err
	}
	g.lastAction = a
	g.afterAction()
	return nil
}

// afterAction runs the end check and any round transitions.
func (g *Game) afterAction() {
	g.endCheck()
	for g.round.done && !g.finished {
		if g.endNow() {
			g.endGame(g.endTrigger)
			return
		}
		g.nextRound()
	}
}

// entityOf resolves the acting entity of an action.
func (g *Game) entityOf(env *action.Envelope) (any, error) {
	if id, ok := env.Entity.PlayerID(); ok {
		if p := g.PlayerByID(id); p != nil {
			return p, nil
		}
		return nil, ruleErr("there is no player %d in this game", id)
	}
	id := env.Entity.String()
	switch env.EntityType {
	case "company":
		if c := g.Company(id); c != nil {
			return c, nil
		}
	default:
		if c := g.Corp(id); c != nil {
			return c, nil
		}
		if c := g.Company(id); c != nil {
			return c, nil
		}
	}
	return nil, ruleErr("there is no %s %q in this game", env.EntityType, id)
}

// nextRound starts the round that follows a finished one.
func (g *Game) nextRound() {
	defer g.pruneProgramsForRound()
	r := g.round
	switch r.kind {
	case stockRound:
		g.startChoicesRound()
	case choicesRound:
		g.ORsInSet = g.phase().OperatingRounds
		g.reorderPlayers()
		g.startOperatingRound(1)
	case operatingRound:
		if g.Opts["starting_packet"] && g.phaseNum() == 1 {
			// Quick start: operating rounds follow each other until phase 2.
			g.Turn++
			g.startOperatingRound(1)
			return
		}
		if from := g.T.Majors.MergerRoundFrom; from > 0 && g.phaseNum() >= from {
			g.startMergerRound(r.num)
			return
		}
		g.afterORorMerger(r.num)
	case mergerRound:
		g.afterORorMerger(r.num)
	}
}

func (g *Game) afterORorMerger(num int) {
	if num < g.ORsInSet {
		g.startOperatingRound(num + 1)
		return
	}
	g.startStockRound()
}

// startChoicesRound is the (CA) round after each SR where the P7 owner may
// double his cash for the player order; in other titles it is empty.
func (g *Game) startChoicesRound() {
	r := &round{g: g, kind: choicesRound, num: g.round.num}
	g.round = r
	g.roundName = "Choices"
	p7 := g.doubleCashCompany()
	owner, ok := p7Owner(p7)
	if !ok {
		r.done = true
		return
	}
	r.entities = []any{owner}
	r.steps = []step{&chooseStep{stepBase: stepBase{g: g}, r: r}}
	r.after = afterChoices
	r.resetSteps()
	r.skipSteps()
	if r.activeStep() == nil {
		r.done = true
	}
}

// doubleCashCompany is CA's P7, whose owner may double his cash for the player order.
func (g *Game) doubleCashCompany() *Company {
	for _, c := range g.Companies {
		if c.Def.Ability == "double_cash" {
			return c
		}
	}
	return nil
}

func p7Owner(c *Company) (*Player, bool) {
	if c == nil || c.Closed {
		return nil, false
	}
	p, ok := c.Owner.(*Player)
	return p, ok
}

// triggerEnd records an end condition; timing depends on the round.
func (g *Game) triggerEnd(reason string) {
	switch reason {
	case "bank":
		g.bankBroken = true
	case "stock_market":
		g.marketMaxed = true
	}
}

var timingPriority = map[string]int{"immediate": 0, "current_round": 1, "current_or": 2, "full_or": 3}

// endCheck computes the pending end trigger as 18xx.games does after every action.
func (g *Game) endCheck() {
	if g.lockFirstTrigger() && g.endTrigger != "" {
		return
	}
	for _, reason := range []string{"bank", "stock_market"} {
		hit := (reason == "bank" && g.bankBroken) || (reason == "stock_market" && g.marketMaxed)
		if !hit {
			continue
		}
		after := "current_or"
		if reason == "bank" && g.round.kind == operatingRound {
			after = "full_or"
		}
		if g.endTrigger != "" && timingPriority[after] >= timingPriority[g.endAfter] {
			continue
		}
		g.endTrigger, g.endAfter = reason, after
		if reason == "bank" && after == "full_or" && g.T.BankBreakExtraOR {
			g.ORsInSet++ // base 1822CA plays one more OR in the final set
		}
		if g.lockFirstTrigger() {
			break
		}
	}
}

// lockFirstTrigger: CA keeps the first trigger; PNW lets a sooner one win (7.1.8).
func (g *Game) lockFirstTrigger() bool { return g.T.EndLockFirstTrigger }

func (g *Game) endNow() bool {
	if g.endTrigger == "" {
		return false
	}
	if g.round.kind != operatingRound {
		return false
	}
	switch g.endAfter {
	case "current_or":
		return true
	case "full_or":
		return g.round.num == g.ORsInSet
	}
	return false
}

func (g *Game) endGame(reason string) {
	g.finished = true
	g.endReason = reason
}
