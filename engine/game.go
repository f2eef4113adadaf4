// Package engine is the rules of the 1822 family: a deterministic state machine
// that validates and applies 18xx.games actions. It does no I/O.
package engine

import (
	"fmt"
	"sync"

	"pbc/engine/action"
	"pbc/engine/board"
	"pbc/engine/title"
)

// Seat is a player joining a new game.
type Seat struct {
	ID   int
	Name string
}

// Game is the whole state of one game.
type Game struct {
	T       *title.Title
	Opts    map[string]bool
	Seed    int64
	Players []*Player // current order (re-sorted by cash after every SR)
	seats   []*Player // original seat order
	Bank    int
	Pool    *Pool

	Corps     []*Corp // definition order
	corpByID  map[string]*Corp
	Companies []*Company // the deck, in current order (owned ones stay listed)
	compByID  map[string]*Company

	Depot  *Depot
	Phase  int // index into T.Phases
	Market *Market
	Board  *BoardState

	round     *round
	Turn      int // stock round number
	RoundNum  int // OR number within the set
	ORsInSet  int
	roundName string // "SR", "OR", "Merger", "Choices"

	bidboxCache       []string // minor company ids cached at SR start / refill
	emptyBidbox       []bool   // box slots emptied when a major's start closes its minor's card there
	anyEmptyBox       bool
	nothingSold       bool // no bid yet in the first SR
	assoc             map[string]string
	finished          bool
	endReason         string
	endTrigger        string // pending reason
	endAfter          string // "current_or", "full_or", "next_or"
	bankBroken        bool
	warnings          []string
	lastAction        action.Action
	applied           []action.Action
	importing         bool
	pendingHomeTokens []*Corp
	regionalORs       map[string]int
	govClosing        bool // the government railway is being cashed out (title.GovernmentRules)
	shareSeq          int
	marketMaxed       bool
	abilityUses       map[string]int
	pairedMinors      [2]string // the minor pair drawn at setup (title.DeckSetup.Pairs)
	eventsFired       map[string]bool
	abilityOR         map[string]string // private id -> OR key of its last use
	abilityGone       map[string]bool   // privates whose track power no longer applies
	taxHaven          *TaxHaven
	hexReserved       map[string]bool // floating homes reserved on the whole hex, not a city (title.Corporation.HomeFloats)
	tileCubes         map[string]int  // builder cubes 18xx.games leaves on an upgraded tile, by tile id
	reachCache        map[*Corp]reachEntry
	trainVersion      int // changes whenever a train moves (keys crowdCorp)
	crowdKey          int
	crowdCorp         *Corp
	blocker           *Corp           // owner of the tokens on title.HexRules.Blocked until their opening event
	checkRoutes       bool            // importing: compare recorded route revenues with the rules
	trustRevenue      bool            // logs keep their recorded route revenues
	importedCount     int             // applied actions that came from a replayed log
	importedWasImport bool            // whether that log skipped legality checks
	programs          map[int]Program // automatic play, by player id
	seq               int             // actions processed, auto actions included (orders programs and what stops them)
	rebuilding        bool            // Replay of a game played here: programs' actions are the recorded ones
	// rebuildNext is, while rebuilding, the type and entity of the next
	// recorded action ("pass MR"): older 18xx.games logs record a skipped or
	// placed destination token as the player's own action, not as an auto
	// action (see recordedNext).
	rebuildNext string

	// cards is what company cards keep in play, by company id; modePending
	// is the card whose marker's owner must choose its mode before play goes
	// on ("" for none).
	cards       map[string]*cardState
	modePending string
	// mu is held by Apply and by the readers that fill caches as they go
	// (Moves, Snapshot, Clone, AutoRoutes), so that any number of readers
	// may share a Game. Each game has its own, kept across a rollback.
	mu *sync.RWMutex
}

// New creates a game of title t for the seats, shuffled from seed as 18xx.games does.
func New(t *title.Title, seats []Seat, seed int64, options []string) (*Game, error) {
	if n := len(seats); n < t.MinPlayers || n > t.MaxPlayers {
		return nil, fmt.Errorf("new %s game: %d players; it needs %d to %d", t.Name, n, t.MinPlayers, t.MaxPlayers)
	}
	opts := map[string]bool{}
	for _, o := range options {
		opts[o] = true
	}
	if err := checkOptions(t, opts); err != nil {
		return nil, err
	}
	g := &Game{}
	g.reset(t, opts, seed, seats)
	return g, nil
}

// reset sets g up as a new game in place: rounds and steps keep pointers to
// the Game they were built for, so a rebuilt game must live at the same address.
func (g *Game) reset(t *title.Title, opts map[string]bool, seed int64, seats []Seat) {
	*g = Game{T: t, Opts: opts, Seed: seed, Pool: &Pool{}, taxHaven: &TaxHaven{}, nothingSold: true, abilityUses: map[string]int{},
		abilityOR: map[string]string{}, abilityGone: map[string]bool{}, cards: map[string]*cardState{},
		hexReserved: map[string]bool{}, tileCubes: map[string]int{}, mu: g.mu}
	if g.mu == nil {
		g.mu = new(sync.RWMutex)
	}
	g.setup(seats)
}

func checkOptions(t *title.Title, opts map[string]bool) error {
	if opts["starting_packet"] && (opts["remove_two_ls"] || opts["remove_three_ls"]) {
		return fmt.Errorf("the starting packet cannot be combined with removing L/2 trains")
	}
	if opts["remove_two_ls"] && opts["remove_three_ls"] {
		return fmt.Errorf("choose either removing two or three L/2 trains, not both")
	}
	return nil
}

// Finished reports whether the game has ended.
func (g *Game) Finished() bool { return g.finished }

// EndReason is "bank", "stock_market", "manually_ended" or "" while playing.
func (g *Game) EndReason() string { return g.endReason }

// Warnings are non-fatal disagreements noticed while replaying an imported log.
func (g *Game) Warnings() []string { return g.warnings }

func (g *Game) warnf(format string, args ...any) {
	g.warnings = append(g.warnings, fmt.Sprintf(format, args...))
}

// PlayerByID finds a player by id.
func (g *Game) PlayerByID(id int) *Player {
	for _, p := range g.seats {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// Corp finds a corporation (minor, major or regional) by id.
func (g *Game) Corp(id string) *Corp { return g.corpByID[id] }

// Company finds a company card by id.
func (g *Game) Company(id string) *Company { return g.compByID[id] }

// phase returns the current phase data.
func (g *Game) phase() *title.Phase { return &g.T.Phases[g.Phase] }

// phaseNum is the phase as a number (phases are named "1".."7").
func (g *Game) phaseNum() int { return g.Phase + 1 }

func (g *Game) phaseHas(status string) bool {
	for _, s := range g.phase().Status {
		if s == status {
			return true
		}
	}
	return false
}

// tileColor is the highest tile colour of the current phase.
func (g *Game) tileColor() board.Color { return g.phase().Tiles }

// pay moves money from one cash holder to another; nil means the bank.
func (g *Game) pay(from, to any, amount int) {
	if amount == 0 {
		return
	}
	g.addCash(from, -amount)
	g.addCash(to, amount)
}

func (g *Game) addCash(h any, amount int) {
	switch v := h.(type) {
	case nil:
		g.Bank += amount
		if g.Bank < 0 && !g.bankBroken {
			g.bankBroken = true
			g.triggerEnd("bank")
		}
	case *Player:
		v.Cash += amount
	case *Corp:
		v.Cash += amount
	case *TaxHaven:
		v.Cash += amount
	default:
		panic(fmt.Sprintf("cash holder %T", h))
	}
}

// owner returns the player controlling an entity.
func (g *Game) controller(e any) *Player {
	switch v := e.(type) {
	case *Player:
		return v
	case *Corp:
		if g.isGov(v) {
			return g.govController()
		}
		return v.President()
	case *Company:
		return g.controller(v.Owner)
	}
	return nil
}

// trainLimit is the number of (non-extra) trains c may own.
func (g *Game) trainLimit(c *Corp) int {
	if c.IsMinor() {
		return g.phase().TrainLimitMinor
	}
	return g.phase().TrainLimitMajor
}
