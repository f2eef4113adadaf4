// Package house is the house player: a policy over the engine's legal moves
// (engine.Moves) that plays a seat as a reasonable person would. It values
// what it bids on and stays within sensible prices, floats and runs
// companies, lays track and places tokens toward revenue, buys the trains it
// must, keeps its companies out of avoidable trouble and pays or withholds
// as a player would. It only ever plays a listed move, so the engine never
// refuses it, and its choice is a function of the game alone: the same game
// state and seat always get the same move.
package house

import (
	"math/rand/v2"

	"pbc/engine"
	"pbc/engine/action"
)

// Choose returns the move the house plays for the seat whose player id is
// seat, or nil when the game waits for nobody that seat decides for.
func Choose(g *engine.Game, seat int) action.Action {
	return ChooseFrom(g, g.Moves(), seat)
}

// ChooseFrom is Choose with the game's legal moves already listed (m must
// be g.Moves() of the current state).
func ChooseFrom(g *engine.Game, m *engine.Moves, seat int) action.Action {
	if m == nil || len(m.Actors) == 0 || m.Finished {
		return nil
	}
	a := m.Actors[0]
	if !a.Waiting || a.Player != seat {
		return nil
	}
	d := &decider{g: g, m: m, actor: a, seat: seat, rng: rngFor(g, seat)}
	if x := d.choose(); x != nil {
		return x
	}
	// Nothing wanted: pass when the rules allow it, else the first legal move.
	if a.CanPass {
		return d.pass()
	}
	if all := a.Actions(); len(all) > 0 {
		return all[0]
	}
	return nil
}

// rngFor is the house's randomness at this point of the game: seeded by the
// game's seed, the number of actions taken and the seat, so a decision
// never depends on anything but the game.
func rngFor(g *engine.Game, seat int) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(g.Seed), uint64(len(g.Applied()))<<16|uint64(seat)))
}

// decider makes one decision for one actor.
type decider struct {
	g     *engine.Game
	m     *engine.Moves
	actor *engine.Actor
	seat  int
	rng   *rand.Rand
}

func (d *decider) has(typ string) bool {
	for _, t := range d.actor.Types {
		if t == typ {
			return true
		}
	}
	return false
}

// of lists the actor's actions of one type.
func (d *decider) of(typ string) []action.Action {
	one := *d.actor
	one.Types = []string{typ}
	return one.Actions()
}

func (d *decider) pass() action.Action {
	if l := d.of(action.TypePass); len(l) > 0 {
		return l[0]
	}
	return nil
}

func (d *decider) player() *engine.Player { return d.g.PlayerByID(d.seat) }

func (d *decider) choose() action.Action {
	switch d.actor.EntityType {
	case action.EntityPlayer:
		return d.playerTurn()
	case action.EntityCorporation:
		if x := d.govAuction(); x != nil {
			return x
		}
		if c := d.g.Corp(d.actor.Name); c != nil {
			return d.companyTurn(c)
		}
	case action.EntityCompany:
		// A private's own question (an ability's choice): its first answer.
		for _, typ := range []string{action.TypeChoose, action.TypeAssign, action.TypeLayTile, action.TypePlaceToken} {
			if l := d.of(typ); len(l) > 0 {
				return l[0]
			}
		}
	}
	return nil
}
