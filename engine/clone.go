package engine

import (
	"fmt"
	"maps"
	"slices"
	"sync"

	"pbc/engine/action"
)

// Clone returns a copy of the game that shares no mutable state with g:
// later Applys, Moves, route searches and so on on either never touch the
// other. Immutable data is shared: the title and its board, the applied
// actions and the track networks cached for the current board. An action
// value is for one game only (a live Apply records auto actions on it).
//
// The copy is written out type by type, which keeps it cheap;
// TestCloneKnowsEveryField fails when a state type gains a field that this
// file does not copy.
func (g *Game) Clone() *Game {
	g.mu.RLock()
	defer g.mu.RUnlock()
	cc := newCloner(g)
	n := cc.game(g)
	n.mu = new(sync.RWMutex)
	return n
}

// Try returns a copy of the game with a applied, leaving g as it was: what
// a player weighing a move looks at. It costs one copy where Clone and
// Apply cost two (the copy needs no savepoint: it is dropped on a refusal).
// As with Apply, a belongs to the copy afterwards (its auto actions are
// recorded on it): pass a fresh value for each try.
func (g *Game) Try(a action.Action) (*Game, error) {
	n := g.Clone()
	n.mu.Lock()
	defer n.mu.Unlock()
	if err := n.applyLive(a); err != nil {
		return nil, err
	}
	return n, nil
}

// savepoint is a copy of g to put back with rollback if what follows
// fails. Its rounds and steps point at g itself, not at the copy: once put
// back they belong to g, which keeps its address (callers hold it).
func (g *Game) savepoint() *Game {
	cc := newCloner(g)
	cc.self = g
	return cc.game(g)
}

// rollback puts g back as it was when save was taken. save must not be
// used afterwards: g owns its objects from then on.
func (g *Game) rollback(save *Game) {
	mu := g.mu
	*g = *save
	g.mu = mu
}

// cloner maps every object of the original state to its copy, so that
// pointers shared in the original stay shared in the copy.
type cloner struct {
	g       *Game // the copy
	from    *Game
	self    *Game // what rounds and steps of the copy point at, if not g (a savepoint)
	players map[*Player]*Player
	corps   map[*Corp]*Corp
	comps   map[*Company]*Company
	shares  map[*Share]*Share
	tokens  map[*Token]*Token
	trains  map[*Train]*Train
	rounds  map[*round]*round
	steps   map[step]step

	// The copies of the many small objects are cut from one array per type.
	corpSlab  []Corp
	compSlab  []Company
	shareSlab []Share
	tokenSlab []Token
	trainSlab []Train
}

// take returns the next element of slab, or a new one once it is used up.
func take[T any](slab *[]T) *T {
	if len(*slab) == 0 {
		return new(T)
	}
	p := &(*slab)[0]
	*slab = (*slab)[1:]
	return p
}

func newCloner(g *Game) *cloner {
	nShares, nTokens := 0, 0
	for _, c := range g.Corps {
		nShares += len(c.Shares)
		nTokens += len(c.Tokens)
	}
	return &cloner{g: new(Game), from: g,
		players: make(map[*Player]*Player, len(g.seats)),
		corps:   make(map[*Corp]*Corp, len(g.Corps)+1),
		comps:   make(map[*Company]*Company, len(g.Companies)),
		shares:  make(map[*Share]*Share, nShares),
		tokens:  make(map[*Token]*Token, nTokens),
		trains:  make(map[*Train]*Train, len(g.Depot.all)),
		rounds:  map[*round]*round{},
		steps:   map[step]step{},

		corpSlab:  make([]Corp, len(g.Corps)),
		compSlab:  make([]Company, len(g.Companies)),
		shareSlab: make([]Share, nShares),
		tokenSlab: make([]Token, nTokens),
		trainSlab: make([]Train, len(g.Depot.all)),
	}
}

func (cc *cloner) game(g *Game) *Game {
	n := cc.g
	*n = *g
	// The pool has no state (all its pointers are one); the tax haven is
	// copied first, as shares and cash point at it.
	if g.taxHaven != nil {
		th := *g.taxHaven
		n.taxHaven = &th
	}
	n.Opts = maps.Clone(g.Opts)
	n.seats = mapSlice(g.seats, cc.player)
	n.Players = mapSlice(g.Players, cc.player)
	n.Corps = mapSlice(g.Corps, cc.corp)
	n.corpByID = mapValues(g.corpByID, cc.corp)
	n.Companies = mapSlice(g.Companies, cc.company)
	n.compByID = mapValues(g.compByID, cc.company)
	n.Depot = cc.depot(g.Depot)
	n.Market = cc.market(g.Market)
	n.Board = cc.boardState(g.Board)
	n.round = cc.round(g.round)

	n.bidboxCache = slices.Clone(g.bidboxCache)
	n.emptyBidbox = slices.Clone(g.emptyBidbox)
	n.assoc = maps.Clone(g.assoc)
	n.warnings = slices.Clone(g.warnings)
	// Applied actions are never changed, only appended to: the copy may
	// share the array as long as its own appends cannot write into it.
	n.applied = slices.Clip(g.applied)
	n.pendingHomeTokens = mapSlice(g.pendingHomeTokens, cc.corp)
	n.regionalORs = maps.Clone(g.regionalORs)
	n.abilityUses = maps.Clone(g.abilityUses)
	n.eventsFired = maps.Clone(g.eventsFired)
	n.abilityOR = maps.Clone(g.abilityOR)
	n.abilityGone = maps.Clone(g.abilityGone)
	n.cards = cc.cards(g.cards)
	n.hexReserved = maps.Clone(g.hexReserved)
	n.tileCubes = maps.Clone(g.tileCubes)
	// Networks are immutable once walked and keyed by the board version,
	// which the copy keeps: sharing them keeps the copy exactly where the
	// original is (a walk may mark a company's route as found).
	n.reachCache = mapKeys(g.reachCache, cc.corp)
	n.crowdCorp = cc.corp(g.crowdCorp)
	n.blocker = cc.corp(g.blocker)
	n.programs = maps.Clone(g.programs) // a Program's Minors are never changed once set
	return n
}

// pool and taxHavenOf map the game's singleton holders.
func (cc *cloner) pool(p *Pool) *Pool {
	if p != cc.from.Pool {
		panic(fmt.Sprintf("clone: a share pool other than the game's (%p)", p))
	}
	return cc.g.Pool
}

func (cc *cloner) taxHavenOf(t *TaxHaven) *TaxHaven {
	if t != cc.from.taxHaven {
		panic(fmt.Sprintf("clone: a tax haven other than the game's (%p)", t))
	}
	return cc.g.taxHaven
}

func (cc *cloner) player(p *Player) *Player {
	if p == nil {
		return nil
	}
	if n, ok := cc.players[p]; ok {
		return n
	}
	n := new(Player)
	*n = *p
	cc.players[p] = n
	n.Companies = mapSlice(p.Companies, cc.company)
	return n
}

func (cc *cloner) corp(c *Corp) *Corp {
	if c == nil {
		return nil
	}
	if n, ok := cc.corps[c]; ok {
		return n
	}
	n := take(&cc.corpSlab)
	*n = *c
	cc.corps[c] = n
	n.Shares = mapSlice(c.Shares, cc.share)
	n.Trains = mapSlice(c.Trains, cc.train)
	n.Tokens = mapSlice(c.Tokens, cc.token)
	n.Privates = mapSlice(c.Privates, cc.company)
	n.Owner = cc.player(c.Owner)
	return n
}

func (cc *cloner) company(c *Company) *Company {
	if c == nil {
		return nil
	}
	if n, ok := cc.comps[c]; ok {
		return n
	}
	n := take(&cc.compSlab)
	*n = *c
	cc.comps[c] = n
	n.Owner = cc.entity(c.Owner)
	return n
}

func (cc *cloner) share(s *Share) *Share {
	if s == nil {
		return nil
	}
	if n, ok := cc.shares[s]; ok {
		return n
	}
	n := take(&cc.shareSlab)
	*n = *s
	cc.shares[s] = n
	n.Corp = cc.corp(s.Corp)
	n.Owner = cc.holder(s.Owner)
	return n
}

func (cc *cloner) token(t *Token) *Token {
	if t == nil {
		return nil
	}
	if n, ok := cc.tokens[t]; ok {
		return n
	}
	n := take(&cc.tokenSlab)
	*n = *t
	cc.tokens[t] = n
	n.Corp = cc.corp(t.Corp)
	return n
}

func (cc *cloner) train(t *Train) *Train {
	if t == nil {
		return nil
	}
	if n, ok := cc.trains[t]; ok {
		return n
	}
	n := take(&cc.trainSlab)
	*n = *t
	cc.trains[t] = n
	n.Owner = cc.corp(t.Owner)
	return n
}

// holder maps a share's owner.
func (cc *cloner) holder(h Holder) Holder {
	if h == nil {
		return nil
	}
	return cc.entity(h).(Holder)
}

// entity maps any of the state's actors and holders; a type it does not know
// is a programming error (a new kind of owner that Clone must learn).
func (cc *cloner) entity(e any) any {
	switch v := e.(type) {
	case nil:
		return nil
	case *Player:
		return cc.player(v)
	case *Corp:
		return cc.corp(v)
	case *Company:
		return cc.company(v)
	case *Pool:
		return cc.pool(v)
	case *TaxHaven:
		return cc.taxHavenOf(v)
	}
	panic(fmt.Sprintf("clone: unknown entity type %T", e))
}

func (cc *cloner) depot(d *Depot) *Depot {
	if d == nil {
		return nil
	}
	n := *d
	n.Upcoming = mapSlice(d.Upcoming, cc.train)
	n.Discarded = mapSlice(d.Discarded, cc.train)
	n.all = mapValues(d.all, cc.train)
	n.reserved = mapValues(d.reserved, cc.train)
	n.nextIndex = maps.Clone(d.nextIndex)
	return &n
}

func (cc *cloner) market(m *Market) *Market {
	if m == nil {
		return nil
	}
	n := *m // Cells are the title's
	n.Stacks = make([][]*Corp, len(m.Stacks))
	for i, s := range m.Stacks {
		n.Stacks[i] = mapSlice(s, cc.corp)
	}
	return &n
}

func (cc *cloner) boardState(b *BoardState) *BoardState {
	if b == nil {
		return nil
	}
	n := *b // Map is the title's
	n.order = slices.Clone(b.order)
	n.tileUsed = maps.Clone(b.tileUsed)
	n.Hexes = make(map[string]*HexState, len(b.Hexes))
	// One array for every hex: a late game's board is a few hundred of
	// them, and a copy is mostly the board.
	all := make([]HexState, len(b.Hexes))
	i := 0
	for id, h := range b.Hexes {
		nh := &all[i]
		i++
		*nh = *h // Def and Tile are the board's
		nh.Slots = mapValues(h.Slots, cc.tokenList)
		nh.Reserved = mapValues(h.Reserved, slices.Clone[[]string])
		nh.Borders = slices.Clone(h.Borders)
		nh.Extra = mapValues(h.Extra, cc.tokenList)
		nh.Markers = maps.Clone(h.Markers)
		if h.board != nil {
			if h.board != b {
				panic(fmt.Sprintf("clone: hex %s belongs to another board", id))
			}
			nh.board = &n
		}
		n.Hexes[id] = nh
	}
	return &n
}

func (cc *cloner) tokenList(l []*Token) []*Token { return mapSlice(l, cc.token) }

func (cc *cloner) round(r *round) *round {
	if r == nil {
		return nil
	}
	if n, ok := cc.rounds[r]; ok {
		return n
	}
	n := new(round)
	*n = *r
	cc.rounds[r] = n
	n.g = cc.gameRef(r.g)
	n.steps = mapSlice(r.steps, cc.step)
	n.entities = mapSlice(r.entities, cc.entity)
	if r.op != nil {
		n.op = cc.orState(r.op)
	}
	if r.sr != nil {
		n.sr = cc.srState(r.sr)
	}
	if r.mr != nil {
		mr := *r.mr
		mr.assoc, mr.unassoc, mr.major = cc.corp(r.mr.assoc), cc.corp(r.mr.unassoc), cc.corp(r.mr.major)
		mr.player = cc.player(r.mr.player)
		n.mr = &mr
	}
	return n
}

// gameRef maps a round's or step's game, which can only be the one copied.
func (cc *cloner) gameRef(g *Game) *Game {
	if g == nil {
		return nil
	}
	if g != cc.from {
		panic("clone: a round or step of another game")
	}
	if cc.self != nil {
		return cc.self
	}
	return cc.g
}

func (cc *cloner) orState(o *orState) *orState {
	n := *o
	n.laidHexes = slices.Clone(o.laidHexes)
	// routes are the run_routes action's own, which nothing changes
	n.pendingTok = slices.Clone(o.pendingTok)
	for i := range n.pendingTok {
		n.pendingTok[i].corp = cc.corp(o.pendingTok[i].corp)
	}
	n.mustLay = cc.company(o.mustLay)
	n.acquirer = cc.corp(o.acquirer)
	return &n
}

func (cc *cloner) srState(s *srState) *srState {
	n := *s
	if s.bids != nil {
		n.bids = make(map[*Company][]bid, len(s.bids))
		for c, list := range s.bids {
			nl := slices.Clone(list)
			for i := range nl {
				nl[i].player = cc.player(list[i].player)
			}
			n.bids[cc.company(c)] = nl
		}
	}
	n.bidOrder = mapSlice(s.bidOrder, cc.company)
	if s.sold != nil {
		n.sold = make(map[*Player]map[*Corp]string, len(s.sold))
		for p, m := range s.sold {
			n.sold[cc.player(p)] = mapKeys(m, cc.corp)
		}
	}
	n.actions = slices.Clone(s.actions)
	n.converting = cc.corp(s.converting)
	n.history = cloneLists(s.history)
	n.winning = cloneLists(s.winning)
	return &n
}

// stepBase copies the fields every step shares; the memoised answer list
// is shared, as steps only ever read it.
func (cc *cloner) stepBase(b stepBase) stepBase {
	b.g = cc.gameRef(b.g)
	b.memoEnt = cc.entity(b.memoEnt)
	return b
}

func (cc *cloner) step(s step) step {
	if s == nil {
		return nil
	}
	if n, ok := cc.steps[s]; ok {
		return n
	}
	n := s.copyFor(cc)
	cc.steps[s] = n
	return n
}

// mapSlice maps every element, keeping a nil slice nil.
func mapSlice[T any](s []T, f func(T) T) []T {
	if s == nil {
		return nil
	}
	out := make([]T, len(s))
	for i, x := range s {
		out[i] = f(x)
	}
	return out
}

// mapValues maps every value, keeping a nil map nil.
func mapValues[K comparable, V any](m map[K]V, f func(V) V) map[K]V {
	if m == nil {
		return nil
	}
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[k] = f(v)
	}
	return out
}

// mapKeys maps every key, keeping a nil map nil.
func mapKeys[K comparable, V any](m map[K]V, f func(K) K) map[K]V {
	if m == nil {
		return nil
	}
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[f(k)] = v
	}
	return out
}

// Applied returns the effective actions applied so far, in order (a copy).
func (g *Game) Applied() []action.Action { return slices.Clone(g.applied) }

// ImportedCount is how many of the applied actions came from an imported log.
func (g *Game) ImportedCount() int { return g.importedCount }

// Trim drops what the game keeps only to answer faster (the track networks
// walked for the current board), for a game left idle; they are rebuilt on
// demand.
func (g *Game) Trim() {
	g.reachCache = nil
}

// cloneLists copies a map of lists, each list too.
func cloneLists[T any](m map[int][]T) map[int][]T {
	if m == nil {
		return nil
	}
	out := make(map[int][]T, len(m))
	for k, v := range m {
		out[k] = slices.Clone(v)
	}
	return out
}
