package engine

// cardState is what a company card keeps in play beyond its certificate:
// the marker its ability put on the map, the money held on the card and
// the player who used its choice. Game.cards holds one for each card that
// has any, by company id; which cards have one follows from their
// abilities in the title's data.
type cardState struct {
	// markerHex is the hex of the marker the card's ability placed (a
	// sawmill, a coal mine); markerOwner the company that placed it when
	// the marker serves it alone, who also answers its mode choice; and
	// markerMode that choice ("open", "closed"; "" while none is asked).
	markerHex   string
	markerOwner *Corp
	markerMode  string
	// cash is money held on the card (phase_revenue) until a company
	// acquires it or the card closes.
	cash int
	// chooser is the player who took the card's choice (double_cash),
	// until it takes effect.
	chooser *Player
	// power is the power chosen for a private with two (1822 P8: "token"
	// or "discount"); "" until chosen.
	power string
}

// card is the state of company id, created on first use; only changes call
// it, so that reading never adds an entry.
func (g *Game) card(id string) *cardState {
	cs := g.cards[id]
	if cs == nil {
		cs = &cardState{}
		g.cards[id] = cs
	}
	return cs
}

// cardCash is the money held on card id.
func (g *Game) cardCash(id string) int {
	if cs := g.cards[id]; cs != nil {
		return cs.cash
	}
	return 0
}

// takeCardCash empties card id's money and returns it.
func (g *Game) takeCardCash(id string) int {
	cs := g.cards[id]
	if cs == nil {
		return 0
	}
	n := cs.cash
	cs.cash = 0
	return n
}

// markedByCard reports whether a card's ability marker stands on hex.
func (g *Game) markedByCard(hex string) bool {
	for _, cs := range g.cards {
		if cs.markerHex != "" && cs.markerHex == hex {
			return true
		}
	}
	return false
}

// modeChooser is the card whose marker waits for its owner's mode choice
// (g.modePending), or nil.
func (g *Game) modeChooser() *cardState {
	if g.modePending == "" {
		return nil
	}
	return g.cards[g.modePending]
}

// cloneCards copies the cards' states for a cloned game.
func (cc *cloner) cards(m map[string]*cardState) map[string]*cardState {
	return mapValues(m, func(cs *cardState) *cardState {
		n := *cs
		n.markerOwner = cc.corp(cs.markerOwner)
		n.chooser = cc.player(cs.chooser)
		return &n
	})
}
