package engine

import (
	"strconv"
	"strings"

	"pbc/engine/action"
)

// Legal moves: "what can I do now?". Moves asks the round's steps, in the
// order the round routes actions to them, which action types each entity may
// take, then lists the concrete choices of each type. The chat commands,
// buttons and hints are built on it, and self-play picks among its Actions.
//
// Moves never changes the game: the step answers it asks for may record that
// a company has a route (as 18xx.games does on every graph computation), so
// it puts those flags back and drops the caches it filled, all under the
// game's lock, so that concurrent readers never see them.

// Moves is what the rules allow now: who may act and every concrete choice.
type Moves struct {
	// Round is "SR", "OR", "Merger" or "Choices"; Finished is set once the
	// game is over (and Actors is then empty).
	Round    string
	Finished bool
	// Actors lists every entity that may act now; the one the game waits for
	// comes first with Waiting set. Others (a private's ability, a president
	// selling shares for a train) may act without being waited for.
	Actors []*Actor
	// Waiting says what the game waits for, for players: "SWW: lay track
	// (lay_tile, pass)"; "" when it waits for nothing (the game is over).
	Waiting string

	g *Game
}

// Actor is one entity that may act now, with its choices by action type.
// Only the fields of the types listed in Types are filled.
type Actor struct {
	Entity     action.EntityID
	EntityType string // "player", "corporation" or "company"
	Name       string // the player's name or the company's id
	// Player is the id of the player who decides for the entity: the player
	// himself, a corporation's president, a private's owner (0 if none).
	Player int
	// Waiting is set on the entity whose decision holds up the game.
	Waiting bool
	// Types are the action types the entity may take now.
	Types []string

	Bids       []BidMove      // bid
	Buys       []ShareMove    // buy_shares (players; a major redeeming its shares)
	Sells      []ShareMove    // sell_shares (players; a major issuing shares)
	Pars       []ParMove      // par
	Tiles      []TileMove     // lay_tile
	Tokens     []TokenMove    // place_token
	Removals   []TokenMove    // remove_token: government railway tokens that may be auctioned
	HexTokens  []string       // hex_token: the destination hexes
	Trains     []TrainMove    // buy_train
	Discards   []string       // discard_train: train ids
	Privates   []string       // acquire_company: private ids
	Merges     []MergeMove    // merge
	Choices    []ChoiceMove   // choose
	Abilities  []ChoiceMove   // choose_ability
	Assigns    []string       // assign: hex ids
	Dividends  []DividendMove // dividend
	Routes     *RouteMove     // run_routes
	Debt       *DebtMove      // payoff_player_debt, payoff_player_debt_partial
	CanPass    bool           // pass
	MustBuy    bool           // the corporation (or the one its president sells for) must buy a train
	Emergency  bool           // MustBuy, and the treasury cannot pay for the cheapest train
	Comment    string         // what the entity is being asked, for players
	stepByType map[string]step
}

// BidMove is a company in a bid box that the player may bid on.
type BidMove struct {
	Company string
	// Min is the lowest bid, Max the highest (the player's uncommitted cash);
	// bids go up in steps of Step from Min.
	Min, Max, Step int
	// Leader is the id of the player holding the highest bid (0: none), at Top.
	Leader, Top int
	// Uncommitted is the player's cash not tied up in bids he is winning.
	Uncommitted int
}

// ShareMove is a bundle of one corporation's shares that may be bought or sold.
type ShareMove struct {
	Corp    string
	Shares  []string // certificate ids, as the action names them
	Percent int
	// From is where bought shares come from: "treasury" or "market"; sold or
	// issued shares go to the market.
	From string
	// SharePrice is the price of one 10% share; Price the whole bundle's.
	SharePrice, Price int
}

// ParMove starts a major at a par price.
type ParMove struct {
	Corp  string
	Price int    // par price of one share
	Cell  string // the stock cell as the action writes it: "100,0,9"
	// Cost is what the player pays now: the president's certificate, less a
	// concession's value; for a PNW conversion, the least he may pay.
	Cost int
	// Via is the concession (CA) or the associated minor (PNW conversion) used.
	Via string
}

// TileMove is one legal tile lay: a tile at a rotation on a hex, and its cost.
type TileMove struct {
	Hex      string
	Tile     string // the tile id the action names: "57-2", "BC-0" for a builder cube
	Name     string // the tile's name: "57"
	Rotation int
	Cost     int
	Upgrade  bool
	// Cube says it is a builder cube (the title's SpecialTiles.Cube), not
	// track.
	Cube bool
	// Company is the private whose ability lays it ("" for the company's own
	// lay); Combo lists privates used together with it (PNW P11 with P7).
	Company string
	Combo   []string
}

// TokenMove is a city where a station token may go.
type TokenMove struct {
	Hex  string
	City string // the 18xx.games city id: "57-0-0"
	Node int    // the city's node index on the tile
	Slot int
	Cost int
	// Kind is "station", "home", "destination" or "extra" (CA P10 in Winnipeg).
	Kind string
	// Tokener is the corporation whose token a private places (its owner);
	// empty when the actor places its own.
	Tokener string
}

// TrainMove is a train that may be bought.
type TrainMove struct {
	Train   string // train id
	Variant string // the type it is bought as
	From    string // "depot", "discard" or the selling corporation's id
	// Price is the price; trains from other companies sell for any price
	// from Price ($1) to MaxPrice, agreed with their president (Seller).
	Price, MaxPrice int
	Seller          int
	// Exchange is the L train traded in for an L→2 upgrade.
	Exchange string
	// President is what the president must add (emergency purchase) and Loan
	// the part of it he must borrow.
	President, Loan int
}

// MergeMove is a minor or regional that may be acquired or merged with,
// and how it may be paid for (OR acquisitions).
type MergeMove struct {
	Corp     string
	Payments []string // "money", "one_share", "two_shares"
	Owner    int      // its owner's player id (0: the bank)
	Value    int
}

// ChoiceMove is one answer to a choose or choose_ability question.
type ChoiceMove struct {
	Choice string
	Label  string
}

// DividendMove is one way to pay out revenue.
type DividendMove struct {
	Kind string // "payout", "half" or "withhold"
	// PerShare is what each 10% share receives; Treasury what the company keeps.
	PerShare, Treasury int
}

// RouteMove says which trains may run; routes themselves are built by the
// player (or the auto-router) and checked when submitted.
type RouteMove struct {
	Trains []string
	// Revenue is the revenue of the routes already chosen this turn (0 before).
	Revenue int
}

// DebtMove is a player's loan that may be paid off.
type DebtMove struct {
	Debt, Cash int
	Max        int // the most that may be paid now: min(debt, cash)
}

// Moves returns what may be done now. It leaves g untouched: the listing
// tries steps, walks networks and fills caches, and 18xx.games marks a
// company's route as found by any walk, so it works on a private copy of the
// game, taken under g's read lock, which any number of readers may share.
func (g *Game) Moves() *Moves {
	return g.Clone().moves()
}

// moves lists what may be done now, on a game of its own (Moves' copy).
func (g *Game) moves() *Moves {
	m := &Moves{g: g, Round: g.roundName, Finished: g.finished}
	if g.finished || g.round == nil {
		return m
	}
	r := g.round
	waiting := r.current()
	if s := r.activeStep(); s != nil {
		waiting = s.actor(waiting)
		m.Waiting = entityName(waiting) + ": " + s.name() + " (" + strings.Join(r.currentActions(s), ", ") + ")"
	}
	for _, e := range g.moveCandidates() {
		a := g.actorFor(e)
		if a == nil {
			continue
		}
		a.Waiting = e == waiting
		if a.Waiting {
			m.Actors = append([]*Actor{a}, m.Actors...)
		} else {
			m.Actors = append(m.Actors, a)
		}
	}
	return m
}

// moveCandidates lists every entity that could possibly act: players, open
// corporations and open company cards.
func (g *Game) moveCandidates() []any {
	var out []any
	for _, p := range g.Players {
		out = append(out, p)
	}
	for _, c := range g.Corps {
		if !c.Closed {
			out = append(out, c)
		}
	}
	for _, c := range g.Companies {
		if !c.Closed && c.Owner != nil {
			out = append(out, c)
		}
	}
	return out
}

// offered returns the action types e may take now with the step each goes
// to, as round.process routes them: the active steps up to and including the
// first one that blocks.
func (r *round) offered(e any) ([]string, map[string]step) {
	var types []string
	by := map[string]step{}
	for _, s := range r.steps {
		if !isActive(s) {
			continue
		}
		block := r.blocking(s)
		for _, t := range r.actionsOf(s, e) {
			if _, seen := by[t]; !seen {
				by[t] = s
				types = append(types, t)
			}
		}
		if block {
			break
		}
	}
	return types, by
}

// actorFor builds e's actor, or nil when e may do nothing now.
func (g *Game) actorFor(e any) *Actor {
	types, by := g.round.offered(e)
	if len(types) == 0 {
		return nil
	}
	a := &Actor{stepByType: by}
	switch v := e.(type) {
	case *Player:
		a.Entity, a.EntityType, a.Name = action.PlayerEntity(v.ID), action.EntityPlayer, v.Name
	case *Corp:
		a.Entity, a.EntityType, a.Name = action.NamedEntity(v.ID), action.EntityCorporation, v.ID
	case *Company:
		a.Entity, a.EntityType, a.Name = action.NamedEntity(v.ID), action.EntityCompany, v.ID
	}
	if p := g.controller(e); p != nil {
		a.Player = p.ID
	}
	for _, t := range types {
		if g.fillMoves(a, e, t, by[t]) {
			a.Types = append(a.Types, t)
		}
	}
	if len(a.Types) == 0 {
		return nil
	}
	if s := by[a.Types[0]]; s != nil {
		a.Comment = s.name()
	}
	return a
}

// fillMoves lists e's choices of action type t (handled by step s) and
// reports whether there is any.
func (g *Game) fillMoves(a *Actor, e any, t string, s step) bool {
	switch t {
	case action.TypePass:
		a.CanPass = true
		if pc, ok := s.(passChecker); ok {
			a.CanPass = pc.canPass(e)
		}
		return a.CanPass
	case action.TypeBid:
		if l, ok := s.(bidLister); ok {
			a.Bids = l.bidMoves(e)
		} else if p, ok := e.(*Player); ok {
			a.Bids = g.bidMoves(p)
		}
		return len(a.Bids) > 0
	case action.TypeRemoveToken:
		a.Removals = ask(s, func(l removalLister) []TokenMove { return l.removalMoves(e) })
		return len(a.Removals) > 0
	case action.TypePar:
		a.Pars = g.parMoves(e.(*Player))
		return len(a.Pars) > 0
	case action.TypeBuyShares:
		a.Buys = ask(s, func(l buyLister) []ShareMove { return l.buyMoves(e) })
		return len(a.Buys) > 0
	case action.TypeSellShares:
		var forTrain bool
		if l, ok := s.(saleLister); ok {
			a.Sells, forTrain = l.saleMoves(e)
		}
		if forTrain && len(a.Sells) > 0 {
			a.MustBuy, a.Emergency = true, true // the president raises money for a train
		}
		return len(a.Sells) > 0
	case action.TypePayoffPlayerDebt, action.TypePayoffPlayerDebtPartial:
		p := e.(*Player)
		if p.Debt <= 0 || p.Cash <= 0 {
			return false
		}
		a.Debt = &DebtMove{Debt: p.Debt, Cash: p.Cash, Max: min(p.Debt, p.Cash)}
		return true
	case action.TypeChoose:
		a.Choices = ask(s, func(l choiceLister) []ChoiceMove { return l.choiceMoves(e) })
		return len(a.Choices) > 0
	case action.TypeChooseAbility:
		a.Abilities = g.abilityMoves(e, s)
		return len(a.Abilities) > 0
	case action.TypeLayTile:
		a.Tiles = ask(s, func(l layLister) []TileMove { return l.tileMoves(e) })
		return len(a.Tiles) > 0
	case action.TypePlaceToken:
		a.Tokens = ask(s, func(l tokenLister) []TokenMove { return l.tokenMoves(e) })
		return len(a.Tokens) > 0
	case action.TypeHexToken:
		a.HexTokens = ask(s, func(l hexTokenLister) []string { return l.hexTokenMoves(e) })
		return len(a.HexTokens) > 0
	case action.TypeBuyTrain:
		if l, ok := s.(trainLister); ok {
			a.Trains, a.MustBuy, a.Emergency = l.trainMoves(e)
		}
		return len(a.Trains) > 0
	case action.TypeDiscardTrain:
		if c, ok := e.(*Corp); ok {
			for _, t := range g.discardable(c) {
				a.Discards = append(a.Discards, t.ID)
			}
		}
		return len(a.Discards) > 0
	case action.TypeAcquireCompany:
		if c, ok := e.(*Corp); ok {
			for _, p := range g.purchasable(c) {
				a.Privates = append(a.Privates, p.ID)
			}
		}
		return len(a.Privates) > 0
	case action.TypeMerge:
		a.Merges = ask(s, func(l mergeLister) []MergeMove { return l.mergeMoves(e) })
		return len(a.Merges) > 0
	case action.TypeAssign:
		a.Assigns = g.assignMoves(e)
		return len(a.Assigns) > 0
	case action.TypeDividend:
		a.Dividends = g.dividendMoves(e)
		return len(a.Dividends) > 0
	case action.TypeRunRoutes:
		if c, ok := e.(*Corp); ok {
			rm := &RouteMove{}
			for _, t := range g.routeTrains(c) {
				rm.Trains = append(rm.Trains, t.ID)
			}
			a.Routes = rm
			return true
		}
	}
	return false
}

// Actions enumerates the concrete actions of every actor, a bounded set: every
// legal tile lay and token, each train at its price (trains from other
// companies at $1 and at the most the buyer can pay), bids at a few amounts,
// every share bundle and choice, and a run_routes with no routes (the routes
// are for the player or the auto-router to find).
func (m *Moves) Actions() []action.Action {
	var out []action.Action
	for _, a := range m.Actors {
		out = append(out, a.Actions()...)
	}
	return out
}

// Actions enumerates the actor's concrete actions (see Moves.Actions).
func (a *Actor) Actions() []action.Action {
	var out []action.Action
	env := func(typ string) action.Envelope {
		return action.Envelope{Type: typ, Entity: a.Entity, EntityType: a.EntityType}
	}
	for _, t := range a.Types {
		switch t {
		case action.TypePass:
			out = append(out, &action.Pass{Envelope: env(t)})
		case action.TypeBid:
			for _, b := range a.Bids {
				for _, p := range bidAmounts(b) {
					out = append(out, &action.Bid{Envelope: env(t), Company: b.Company, Price: p})
				}
			}
		case action.TypePar:
			for _, p := range a.Pars {
				out = append(out, &action.Par{Envelope: env(t), Corporation: p.Corp, SharePrice: p.Cell})
			}
		case action.TypeBuyShares:
			for _, s := range a.Buys {
				out = append(out, &action.BuyShares{Envelope: env(t), Shares: s.Shares, Percent: s.Percent})
			}
		case action.TypeSellShares:
			for _, s := range a.Sells {
				act := &action.SellShares{Envelope: env(t), Shares: s.Shares, Percent: s.Percent}
				switch {
				case a.EntityType == action.EntityCorporation && s.From == "treasury":
					act.SharePrice = s.SharePrice // an issue names its price
				case a.EntityType == action.EntityCorporation:
					// An emergency sale: the president sells his own shares,
					// and 18xx.games logs it as the player's action.
					act.Entity, act.EntityType = action.PlayerEntity(a.Player), action.EntityPlayer
				}
				out = append(out, act)
			}
		case action.TypePayoffPlayerDebt:
			out = append(out, &action.PayoffPlayerDebt{Envelope: env(t)})
		case action.TypePayoffPlayerDebtPartial:
			out = append(out, &action.PayoffPlayerDebtPartial{Envelope: env(t), Amount: a.Debt.Max})
		case action.TypeChoose:
			for _, c := range a.Choices {
				out = append(out, &action.Choose{Envelope: env(t), Choice: c.Choice})
			}
		case action.TypeChooseAbility:
			for _, c := range a.Abilities {
				out = append(out, &action.ChooseAbility{Envelope: env(t), Choice: c.Choice})
			}
		case action.TypeLayTile:
			for _, l := range a.Tiles {
				out = append(out, &action.LayTile{Envelope: env(t), Hex: l.Hex, Tile: l.Tile, Rotation: l.Rotation,
					ComboEntities: l.Combo})
			}
		case action.TypePlaceToken:
			for _, k := range a.Tokens {
				slot := k.Slot
				act := &action.PlaceToken{Envelope: env(t), City: k.City, Slot: &slot}
				if k.Kind == "destination" {
					act.TokenType = "destination"
				}
				switch {
				case k.Tokener != "":
					act.Tokener = k.Tokener
				case a.EntityType == action.EntityCorporation:
					act.Tokener = a.Name
				}
				out = append(out, act)
			}
		case action.TypeRemoveToken:
			for _, k := range a.Removals {
				slot := k.Slot
				out = append(out, &action.RemoveToken{Envelope: env(t), City: k.City, Slot: &slot})
			}
		case action.TypeHexToken:
			for _, h := range a.HexTokens {
				out = append(out, &action.HexToken{Envelope: env(t), Hex: h, TokenType: "destination"})
			}
		case action.TypeBuyTrain:
			for _, tm := range a.Trains {
				for _, p := range trainPrices(tm) {
					out = append(out, &action.BuyTrain{Envelope: env(t), Train: tm.Train, Price: p,
						Variant: tm.Variant, Exchange: tm.Exchange})
				}
			}
		case action.TypeDiscardTrain:
			for _, id := range a.Discards {
				out = append(out, &action.DiscardTrain{Envelope: env(t), Train: id})
			}
		case action.TypeAcquireCompany:
			for _, id := range a.Privates {
				out = append(out, &action.AcquireCompany{Envelope: env(t), Company: id})
			}
		case action.TypeMerge:
			for _, mm := range a.Merges {
				out = append(out, &action.Merge{Envelope: env(t), Corporation: mm.Corp})
			}
		case action.TypeAssign:
			for _, h := range a.Assigns {
				out = append(out, &action.Assign{Envelope: env(t), Target: h, TargetType: "hex"})
			}
		case action.TypeDividend:
			for _, d := range a.Dividends {
				out = append(out, &action.Dividend{Envelope: env(t), Kind: d.Kind})
			}
		case action.TypeRunRoutes:
			out = append(out, &action.RunRoutes{Envelope: env(t), Routes: []action.Route{}})
		}
	}
	return out
}

// bidAmounts picks a few bids: the minimum, a raise or two and the most the
// player can bid.
func bidAmounts(b BidMove) []int {
	var out []int
	for _, p := range []int{b.Min, b.Min + b.Step, b.Min + 4*b.Step, b.Min + (b.Max-b.Min)/b.Step*b.Step} {
		if p <= b.Max && (len(out) == 0 || p > out[len(out)-1]) {
			out = append(out, p)
		}
	}
	return out
}

// trainPrices is the price of a depot train, or the lowest and highest
// prices of a train bought from another company.
func trainPrices(t TrainMove) []int {
	if t.MaxPrice > t.Price {
		return []int{t.Price, t.MaxPrice}
	}
	return []int{t.Price}
}

// cityID is the 18xx.games id of city node on h: "57-0-1".
func cityID(h *HexState, node int) string { return h.TileID + "-" + strconv.Itoa(node) }

// Actor returns the actor for the entity named by env (nil if it may not act).
func (m *Moves) Actor(entity action.EntityID) *Actor {
	for _, a := range m.Actors {
		if a.Entity == entity {
			return a
		}
	}
	return nil
}
