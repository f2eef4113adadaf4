package engine

import (
	"fmt"
	"strconv"

	"pbc/engine/title"
)

// Holder is anything that can hold share certificates: a player, a
// corporation's treasury, or the market pool.
type Holder interface{ holderName() string }

// Pool is the bank's share pool (the "market").
type Pool struct{}

func (*Pool) holderName() string { return "the market" }

// Player is a seat at the table.
type Player struct {
	ID        int
	Name      string
	Cash      int
	Debt      int
	Companies []*Company
	passed    bool
}

func (p *Player) holderName() string { return p.Name }

// Company is a private, minor certificate, regional certificate or concession card.
type Company struct {
	Def    *title.Company
	ID     string
	Value  int
	Owner  any // *Player, *Corp or nil (bank/unowned)
	Closed bool
	// Revenue is the current income (P19 pays nothing once its coal token is used).
	Revenue int
}

// Share is one certificate of a corporation.
type Share struct {
	Corp      *Corp
	Index     int
	Percent   int
	President bool
	Owner     Holder
	seq       int
}

// ID is the 18xx.games id of the certificate, "SWW_0".
func (s *Share) ID() string { return s.Corp.ID + "_" + strconv.Itoa(s.Index) }

// TokenKind distinguishes station tokens.
type TokenKind uint8

// Token kinds.
const (
	NormalToken TokenKind = iota
	DestinationToken
	CoalToken // PNW P19's coal mine marker: occupies the mine's slot, gives no connection
)

// Token is a corporation's station token.
type Token struct {
	Corp  *Corp
	Kind  TokenKind
	Price int
	Hex   string // "" while unplaced
	City  int    // city index on the hex's current tile
	Used  bool
}

// Train is a train card.
type Train struct {
	ID       string // "L-4", "7-12"
	Name     string // the name it runs as: "L", "2", "E", ...
	Def      *title.Train
	Owner    *Corp // nil while in the depot or removed
	Rusted   bool
	Operated bool
	// Variant data currently in force.
	Price   int
	RustsOn string
	locked  bool // discarded: only its current variant may be bought
}

// Corp is a minor, major or regional railway in play.
type Corp struct {
	Def      *title.Corporation
	ID       string
	Kind     title.CorpKind
	Cash     int
	Shares   []*Share
	Price    int // market cell index, -1 when unpriced
	Par      int // market cell index of the par price, -1 when unset
	IPOed    bool
	Floated  bool
	Closed   bool
	Trains   []*Train
	Tokens   []*Token
	Privates []*Company
	// Operated counts completed or started operating turns (18xx.games operating_history).
	Operated int
	// LastOR is the "turn.round" key of the last OR in which it operated.
	LastOR string
	// LastRevenue and LastPaid are what its last operating turn earned and
	// paid out to its shares (what replies say of a dividend).
	LastRevenue, LastPaid int
	Exchange              int // exchange tokens left (majors)
	Full                  bool
	Owner                 *Player // regionals: the owning player
	Dest                  string
	HomeHex               string
	HomeCity              int
	destDone              bool
	fullCap               bool
	Incomplete            bool
	// routeSticky mirrors 18xx.games keeping a company's route availability once found.
	routeSticky bool
	// presLag: shares given in an acquisition left another player holding
	// more than the president; the presidency moves at the next trade.
	presLag bool
	// floatPercent is the share that must be sold for the major to float.
	floatPercent int
}

func (c *Corp) holderName() string { return c.ID + " treasury" }

// IsMinor reports whether c is a minor railway.
func (c *Corp) IsMinor() bool { return c.Kind == title.Minor }

// IsMajor reports whether c is a major railway.
func (c *Corp) IsMajor() bool { return c.Kind == title.Major }

// President returns the player holding the president's certificate, or nil.
func (c *Corp) President() *Player {
	if c.Kind == title.RegionalCorp {
		return c.Owner
	}
	for _, s := range c.Shares {
		if s.President {
			if p, ok := s.Owner.(*Player); ok {
				return p
			}
			return nil
		}
	}
	return nil
}

// PercentOf returns the percent of c held by h.
func (c *Corp) PercentOf(h Holder) int {
	n := 0
	for _, s := range c.Shares {
		if s.Owner == h {
			n += s.Percent
		}
	}
	return n
}

// SharesOf returns the certificates of c held by h, president's first.
func (c *Corp) SharesOf(h Holder) []*Share {
	var out []*Share
	for _, s := range c.Shares {
		if s.Owner == h {
			out = append(out, s)
		}
	}
	return out
}

// NumShares is the number of 10% units the corporation is divided into.
func (c *Corp) NumShares() int {
	n := 0
	for _, s := range c.Shares {
		n += s.Percent
	}
	return n / 10
}

// UnusedTokens lists tokens not yet on the map.
func (c *Corp) UnusedTokens() []*Token {
	var out []*Token
	for _, t := range c.Tokens {
		if !t.Used && t.Kind == NormalToken {
			out = append(out, t)
		}
	}
	return out
}

// entityName names any acting entity for messages.
func entityName(e any) string {
	switch v := e.(type) {
	case *Player:
		return v.Name
	case *Corp:
		return v.ID
	case *Company:
		return v.ID
	case nil:
		return "nobody"
	}
	return fmt.Sprint(e)
}
