package engine

import (
	"sort"
	"strconv"

	"pbc/engine/action"
	"pbc/engine/title"
)

// Snapshot is a plain, JSON-friendly summary of the game state, used by the
// command line, the bot's status replies and differential tests.
type Snapshot struct {
	Title             string                 `json:"title"`
	Finished          bool                   `json:"finished"`
	EndReason         string                 `json:"game_end_reason"`
	Result            map[string]int         `json:"result"`
	BankCash          int                    `json:"bank_cash"`
	Phase             string                 `json:"phase"`
	Round             RoundInfo              `json:"round"`
	CurrentEntity     string                 `json:"current_entity"`
	CurrentEntityType string                 `json:"current_entity_type,omitempty"` // "player" or "corporation": a minor and a player may share a number
	Players           map[string]PlayerInfo  `json:"players"`
	Corporations      map[string]CorpInfo    `json:"corporations"`
	Minors            map[string]CorpInfo    `json:"minors"`
	Privates          map[string]PrivateInfo `json:"privates"`
	Depot             DepotInfo              `json:"depot"`
	Pool              map[string]int         `json:"share_pool_percent"`
	Hexes             map[string]HexInfo     `json:"hexes,omitempty"`
	Order             []string               `json:"player_order"`
	extra             map[string]interface{} // reserved
}

// RoundInfo names the current round.
type RoundInfo struct {
	Name     string `json:"name"`
	Type     string `json:"type"`
	RoundNum int    `json:"round_num"`
	Turn     int    `json:"turn"`
}

// PlayerInfo is one player's holdings.
type PlayerInfo struct {
	Name      string         `json:"name"`
	Cash      int            `json:"cash"`
	Value     int            `json:"value"`
	Debt      int            `json:"debt"`
	Shares    map[string]int `json:"shares"`
	Companies []string       `json:"companies"`
}

// CorpInfo is one corporation's state.
type CorpInfo struct {
	Type       string   `json:"type"`
	Cash       int      `json:"cash"`
	Floated    bool     `json:"floated"`
	IPOed      bool     `json:"ipoed"`
	Closed     bool     `json:"closed"`
	President  *string  `json:"president"`
	SharePrice *int     `json:"share_price"`
	Trains     []string `json:"trains"`
	Tokens     []string `json:"tokens"`
	Unplaced   int      `json:"tokens_unplaced"`
	Companies  []string `json:"companies"`
	IPOPercent int      `json:"ipo_percent"`
	Market     int      `json:"market_percent"`
}

// PrivateInfo is a company card's owner.
type PrivateInfo struct {
	Owner  *string `json:"owner"`
	Closed bool    `json:"closed"`
}

// DepotInfo counts the trains left.
type DepotInfo struct {
	Upcoming  map[string]int `json:"upcoming"`
	Discarded map[string]int `json:"discarded"`
}

// HexInfo is the tile on a hex.
type HexInfo struct {
	Tile     string `json:"tile"`
	Rotation int    `json:"rotation"`
}

// Snapshot summarises the current state.
func (g *Game) Snapshot(withHexes bool) Snapshot {
	g.mu.Lock()
	defer g.mu.Unlock()
	s := Snapshot{Title: g.T.Name, Finished: g.finished, EndReason: g.endReason, Result: g.Result(), BankCash: g.Bank,
		Phase: g.phase().Name, Players: map[string]PlayerInfo{}, Corporations: map[string]CorpInfo{},
		Minors: map[string]CorpInfo{}, Privates: map[string]PrivateInfo{}, Pool: map[string]int{}}
	s.Round = RoundInfo{Name: g.roundName, RoundNum: g.round.num, Turn: g.Turn}
	s.CurrentEntity, s.CurrentEntityType = g.currentEntityName(), g.currentEntityType()
	for _, p := range g.Players {
		s.Order = append(s.Order, strconv.Itoa(p.ID))
	}
	for _, p := range g.seats {
		pi := PlayerInfo{Name: p.Name, Cash: p.Cash, Value: g.PlayerValue(p), Debt: p.Debt, Shares: map[string]int{}}
		for _, c := range g.Corps {
			if n := c.PercentOf(p); n > 0 && !c.Closed {
				pi.Shares[c.ID] = n
			}
		}
		for _, c := range p.Companies {
			pi.Companies = append(pi.Companies, c.ID)
		}
		sort.Strings(pi.Companies)
		s.Players[strconv.Itoa(p.ID)] = pi
	}
	for _, c := range g.Corps {
		ci := CorpInfo{Type: kindName(c.Kind), Cash: c.Cash, Floated: c.Floated, IPOed: c.IPOed, Closed: c.Closed,
			IPOPercent: c.PercentOf(c), Market: c.PercentOf(g.Pool), Trains: []string{}, Tokens: []string{}, Companies: []string{}}
		if p := c.President(); p != nil {
			id := strconv.Itoa(p.ID)
			ci.President = &id
		}
		if c.Price >= 0 {
			v := g.sharePrice(c)
			ci.SharePrice = &v
		}
		var pullman *Train
		if r := g.round; r.kind == operatingRound && r.current() == any(c) && r.op.pullman >= 0 {
			if list := g.pullmanChoices(c); r.op.pullman < len(list) {
				pullman = list[r.op.pullman]
			}
		}
		for _, t := range c.Trains {
			name := t.Name
			if t == pullman {
				name += "+"
			}
			ci.Trains = append(ci.Trains, name)
		}
		for _, t := range c.Tokens {
			if t.Used {
				ci.Tokens = append(ci.Tokens, t.Hex)
			} else {
				ci.Unplaced++
			}
		}
		for _, p := range c.Privates {
			ci.Companies = append(ci.Companies, p.ID)
		}
		sort.Strings(ci.Trains)
		sort.Strings(ci.Tokens)
		sort.Strings(ci.Companies)
		if n := c.PercentOf(g.Pool); n > 0 {
			s.Pool[c.ID] = n
		}
		if c.IsMajor() {
			s.Corporations[c.ID] = ci
		} else {
			s.Minors[c.ID] = ci
		}
	}
	for _, c := range g.Companies {
		pi := PrivateInfo{Closed: c.Closed}
		switch o := c.Owner.(type) {
		case *Player:
			id := strconv.Itoa(o.ID)
			pi.Owner = &id
		case *Corp:
			id := o.ID
			pi.Owner = &id
		}
		s.Privates[c.ID] = pi
	}
	s.Depot = DepotInfo{Upcoming: map[string]int{}, Discarded: map[string]int{}}
	for _, t := range g.Depot.Upcoming {
		s.Depot.Upcoming[t.Name]++
	}
	for _, t := range g.Depot.Discarded {
		s.Depot.Discarded[t.Name]++
	}
	if withHexes {
		s.Hexes = map[string]HexInfo{}
		for id, h := range g.Board.Hexes {
			s.Hexes[id] = HexInfo{Tile: h.TileID, Rotation: h.Rotation}
		}
	}
	return s
}

func kindName(k title.CorpKind) string {
	switch k {
	case title.Major:
		return "major"
	case title.RegionalCorp:
		return "regional"
	}
	return "minor"
}

// currentEntityType is the kind of entity currentEntityName names.
func (g *Game) currentEntityType() string {
	if g.round == nil {
		return ""
	}
	switch g.round.current().(type) {
	case *Player:
		return action.EntityPlayer
	case *Corp:
		return action.EntityCorporation
	}
	return ""
}

func (g *Game) currentEntityName() string {
	if g.round == nil {
		return ""
	}
	e := g.round.current()
	if s := g.round.activeStep(); s != nil {
		_ = s
	}
	switch v := e.(type) {
	case *Player:
		return strconv.Itoa(v.ID)
	case *Corp:
		return v.ID
	}
	return ""
}
