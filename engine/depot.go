package engine

import (
	"fmt"
	"strconv"
	"strings"

	"pbc/engine/board"
	"pbc/engine/title"
)

// Depot holds the trains not yet bought, in sale order, and the discard pile.
type Depot struct {
	Upcoming  []*Train
	Discarded []*Train
	all       map[string]*Train
	reserved  map[string]*Train // private trains by id ("5P-0")
	nextIndex map[string]int    // next copy index of unlimited trains
}

func (g *Game) newDepot() {
	d := &Depot{all: map[string]*Train{}, reserved: map[string]*Train{}, nextIndex: map[string]int{}}
	for i := range g.T.Trains {
		def := &g.T.Trains[i]
		n := def.Count
		if n == board.Unlimited {
			n = 1
		}
		for k := 0; k < n; k++ {
			t := newTrain(def, k)
			d.all[t.ID] = t
			if def.Reserved {
				d.reserved[t.ID] = t
			} else {
				d.Upcoming = append(d.Upcoming, t)
			}
		}
		d.nextIndex[def.Name] = n
	}
	g.Depot = d
}

func newTrain(def *title.Train, k int) *Train {
	return &Train{ID: def.Name + "-" + strconv.Itoa(k), Name: def.Name, Def: def, Price: def.Price, RustsOn: def.RustsOn}
}

// Train finds any train by id.
func (d *Depot) Train(id string) *Train { return d.all[id] }

// remove takes t out of the depot lists, minting the next copy of an unlimited train.
func (g *Game) removeFromDepot(t *Train) {
	g.trainVersion++
	d := g.Depot
	for i, x := range d.Upcoming {
		if x == t {
			d.Upcoming = append(d.Upcoming[:i:i], d.Upcoming[i+1:]...)
			if t.Def.Count == board.Unlimited && (i >= len(d.Upcoming) || d.Upcoming[i].Def != t.Def) {
				nt := newTrain(t.Def, d.nextIndex[t.Def.Name])
				d.nextIndex[t.Def.Name]++
				d.all[nt.ID] = nt
				d.Upcoming = append(d.Upcoming[:i], append([]*Train{nt}, d.Upcoming[i:]...)...)
			}
			return
		}
	}
	for i, x := range d.Discarded {
		if x == t {
			d.Discarded = append(d.Discarded[:i:i], d.Discarded[i+1:]...)
			return
		}
	}
}

// takeTrain removes t from wherever it is (depot or a corporation).
func (g *Game) takeTrain(t *Train) {
	g.trainVersion++
	if t.Owner != nil {
		c := t.Owner
		for i, x := range c.Trains {
			if x == t {
				c.Trains = append(c.Trains[:i:i], c.Trains[i+1:]...)
				break
			}
		}
		t.Owner = nil
		return
	}
	g.removeFromDepot(t)
}

// giveTrain moves t to corporation c.
func (g *Game) giveTrain(c *Corp, t *Train) {
	g.trainVersion++
	g.takeTrain(t)
	t.Owner = c
	c.Trains = append(c.Trains, t)
}

// depotTrains are the trains on sale from the depot: the next one of the upcoming
// list, and one of each type in the discard pile.
// depotHasTrains reports whether depotTrains would list any train.
func (g *Game) depotHasTrains() bool {
	return len(g.Depot.Upcoming) > 0 || len(g.Depot.Discarded) > 0
}

func (g *Game) depotTrains() []*Train {
	var out []*Train
	if len(g.Depot.Upcoming) > 0 {
		out = append(out, g.Depot.Upcoming[0])
	}
	seen := map[string]bool{}
	for _, t := range g.Depot.Discarded {
		if !seen[t.Name] {
			seen[t.Name] = true
			out = append(out, t)
		}
	}
	return out
}

// trainBought advances the phase and rusts trains after a train leaves the
// depot or is exported. Both go by the train's type (a 7 bought as an E is a
// 7); an L becoming a 2 in phase 1 also starts phase 2.
func (g *Game) trainBought(t *Train) {
	g.typeBought(t.Def.Name)
	if t.Name == "2" && t.Def.Name != "2" && g.Phase == 0 {
		g.typeBought("2")
	}
}

func (g *Game) typeBought(name string) {
	for g.Phase+1 < len(g.T.Phases) && contains(g.T.Phases[g.Phase+1].On, name) {
		g.enterPhase(g.Phase + 1)
	}
	g.rustTrains(name)
	if g.eventsFired == nil {
		g.eventsFired = map[string]bool{}
	}
	if def := g.T.Train(name); def != nil && !g.eventsFired[name] {
		g.eventsFired[name] = true
		for _, ev := range def.Events {
			g.trainEvent(ev)
		}
	}
}

// trainEvent applies an event fired by the first train of a type.
func (g *Game) trainEvent(ev string) {
	switch ev {
	case "full_capitalisation":
		for _, c := range g.Corps {
			if c.IsMajor() && !c.Floated {
				c.fullCap = true
			}
		}
	case "close_concessions":
		for _, comp := range g.Companies {
			if comp.Def.Kind == title.Concession && !comp.Closed {
				g.closeCompany(comp)
			}
		}
		for _, c := range g.Corps {
			if c.IsMajor() && !c.Floated {
				c.floatPercent = 50
			}
		}
	case "phase_revenue":
		for _, c := range g.Companies {
			if c.Def.Ability == "phase_revenue" && !c.Closed {
				g.addCash(nil, g.takeCardCash(c.ID))
				g.closeCompany(c)
			}
		}
	default:
		g.titleEvent(ev)
	}
}

func (g *Game) enterPhase(i int) { g.Phase = i }

// rustTrains rusts, in train id order, the trains that rust on bought. It
// picks them before sorting: it runs for every train bought, and sorting
// every id each time was a visible share of a replay.
func (g *Game) rustTrains(bought string) {
	var ids []string
	for id, t := range g.Depot.all {
		if !t.Rusted && t.RustsOn == bought {
			ids = append(ids, id)
		}
	}
	sortStrings(ids)
	for _, id := range ids {
		t := g.Depot.all[id]
		g.takeTrain(t)
		t.Rusted = true
	}
}

// exportTrain removes the next depot train from the game (an unbid minor's export).
func (g *Game) exportTrain() *Train {
	if len(g.Depot.Upcoming) == 0 {
		return nil
	}
	t := g.Depot.Upcoming[0]
	g.removeFromDepot(t)
	g.trainBought(t)
	return t
}

// isExtraTrain reports whether t is a private's special train (2P, LP, 5P, P+...),
// which does not count against the train limit.
func (g *Game) isExtraTrain(t *Train) bool {
	switch t.Def.Kind {
	case title.Permanent, title.Pullman, title.Grain:
		return true
	}
	return false
}

func isPullman(t *Train) bool { return t.Def.Name == "P+" || t.Def.Name == "P" }

func isLocal(t *Train) bool { return t.Name == "L" || t.Name == "LP" }

// countTrains counts trains that occupy the train limit.
func (g *Game) countTrains(c *Corp) int {
	n := 0
	for _, t := range c.Trains {
		if !g.isExtraTrain(t) {
			n++
		}
	}
	return n
}

// variantOf returns the variant of t's type named name.
func variantOf(def *title.Train, name string) (title.Variant, bool) {
	if def.Name == name {
		return title.Variant{Name: def.Name, Distance: def.Distance, Price: def.Price, RustsOn: def.RustsOn}, true
	}
	for _, v := range def.Variants {
		if v.Name == name {
			return v, true
		}
	}
	return title.Variant{}, false
}

func (g *Game) setVariant(t *Train, name string) error {
	g.trainVersion++
	v, ok := variantOf(t.Def, name)
	if !ok {
		return fmt.Errorf("a %s train cannot run as a %s", t.Def.Name, name)
	}
	t.Name, t.Price, t.RustsOn = v.Name, v.Price, v.RustsOn
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func trainBase(id string) string {
	if i := strings.LastIndexByte(id, '-'); i > 0 {
		return id[:i]
	}
	return id
}
