package engine

import (
	"pbc/engine/action"
	"pbc/engine/title"
)

// Rules 2.1.4-2.1.5 (both rulebooks): a company over its train limit
// discards the excess to the bank pool, in descending share price order. What
// the discard step accepts, how it discards and (listed through Moves'
// discard_train) which trains may go.

// discardStep asks corporations over their train limit to discard.
type discardStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped, its other fields are values.
func (s *discardStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

func (s *discardStep) name() string { return "discard trains" }

func (s *discardStep) active() bool { return s.crowded() != nil }

func (s *discardStep) actor(any) any { return s.activeEntity() }

func (s *discardStep) activeEntity() any {
	if c := s.crowded(); c != nil {
		return c
	}
	return nil
}

func (s *discardStep) skip() { s.pass() }

// crowded is the first company over a train limit (cached until trains or
// the phase change).
func (s *discardStep) crowded() *Corp {
	g := s.g
	key := g.trainVersion*16 + g.Phase
	if g.crowdKey == key+1 {
		return g.crowdCorp
	}
	g.crowdKey, g.crowdCorp = key+1, nil
	for _, c := range g.Corps {
		if !c.Closed && len(g.discardable(c)) > 0 {
			g.crowdCorp = c
			break
		}
	}
	return g.crowdCorp
}

// actions offers a discard to every company over a limit, in any order.
func (s *discardStep) actions(e any) []string {
	c, ok := e.(*Corp)
	if !ok || c.Closed || len(s.g.discardable(c)) == 0 {
		return nil
	}
	return []string{action.TypeDiscardTrain}
}

func (s *discardStep) process(a action.Action, e any) error {
	v, ok := a.(*action.DiscardTrain)
	if !ok {
		return ruleErr("a train must be discarded first")
	}
	c := e.(*Corp)
	t := s.g.Depot.Train(v.Train)
	if t == nil || t.Owner != c {
		return ruleErr("%s does not own train %s", c.ID, v.Train)
	}
	if !containsTrain(s.g.discardable(c), t) {
		return ruleErr("%s does not need to discard %s", c.ID, t.ID)
	}
	g := s.g
	g.takeTrain(t)
	if g.isExtraTrain(t) {
		return nil
	}
	if g.isGov(c) {
		t.Rusted = true // the government railway's discards leave the game
		return nil
	}
	// Discarded trains go back to the depot as what they are now (an L bought
	// as a 2 stays a 2), losing their other variants.
	t.locked = true
	g.Depot.Discarded = append(g.Depot.Discarded, t)
	return nil
}

// discardable lists the trains c must choose from to discard, if over a limit.
func (g *Game) discardable(c *Corp) []*Train {
	var perm, pull, grain, normal []*Train
	for _, t := range c.Trains {
		switch {
		case t.Def.Kind == title.Permanent:
			perm = append(perm, t)
		case isPullman(t):
			pull = append(pull, t)
		case isGrain(t):
			grain = append(grain, t)
		case !g.isExtraTrain(t):
			normal = append(normal, t)
		}
	}
	switch {
	case len(perm) > 1:
		return perm
	case len(pull) > 1:
		return pull
	case len(grain) > 1:
		return grain
	case len(normal) > g.trainLimit(c):
		return normal
	}
	return nil
}

func containsTrain(list []*Train, t *Train) bool {
	for _, x := range list {
		if x == t {
			return true
		}
	}
	return false
}
