package engine

import (
	"strings"

	"pbc/engine/action"
	"pbc/engine/graph"
)

// Rule 5.9 (1822PNW; 1822CA 5.8): once a major's home station reaches its
// destination it must place its destination token there. What the
// destination step accepts, how it places the token, what it lists for Moves
// and the forced answers it takes itself.

// destinationStep places a major's destination token once home and destination connect.
type destinationStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped, its other fields are values.
func (s *destinationStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

func (s *destinationStep) name() string { return "place the destination token" }

func (s *destinationStep) skip() { s.pass() }

func (s *destinationStep) actions(e any) []string {
	c, ok := e.(*Corp)
	if !ok || e != s.r.current() || !c.IsMajor() {
		return nil
	}
	for _, t := range c.Tokens {
		if t.Kind == DestinationToken && !t.Used {
			if s.g.T.DestinationByCity {
				// A destination with several cities is chosen by city.
				return []string{action.TypeHexToken, action.TypePlaceToken, action.TypePass}
			}
			return []string{action.TypeHexToken, action.TypePass}
		}
	}
	return nil
}

func (s *destinationStep) process(a action.Action, e any) error {
	c := e.(*Corp)
	switch v := a.(type) {
	case *action.Pass:
		s.pass()
		return nil
	case *action.HexToken:
		if err := s.g.placeDestinationToken(c, v.Hex); err != nil {
			return err
		}
		s.pass()
		return nil
	case *action.PlaceToken:
		h, city, err := s.g.Board.cityByID(v.City)
		if err != nil {
			return err
		}
		if h.Def.ID != c.Dest {
			return ruleErr("%s's destination is %s", c.ID, c.Dest)
		}
		if s.g.validating() && !s.g.destinationReaches(c, h, city) {
			return ruleErr("%s's home station does not reach city %s of %s", c.ID, v.City, h.Def.ID)
		}
		if err := s.g.placeDestinationIn(c, h, city); err != nil {
			return err
		}
		s.pass()
		return nil
	}
	return ruleErr("%s must place its destination token or pass", c.ID)
}

// placeDestinationToken puts c's destination token in the destination hex,
// adding a slot when the city is full. A destination hex with several cities
// c may take is tokened by city (place_token), not by hex.
func (g *Game) placeDestinationToken(c *Corp, hex string) error {
	h := g.Board.Hex(hex)
	if h == nil {
		return ruleErr("no hex %s", hex)
	}
	cities := g.destinationCities(c, h)
	switch {
	case len(cities) == 0:
		return ruleErr("%s has no city for %s's destination token", hex, c.ID)
	case len(cities) > 1:
		ids := make([]string, len(cities))
		for i, city := range cities {
			ids[i] = cityID(h, city)
		}
		return ruleErr("%s has %d cities %s may take: place the destination token in one of them (%s)",
			hex, len(cities), c.ID, strings.Join(ids, " or "))
	}
	return g.placeDestinationIn(c, h, cities[0])
}

// placeDestinationIn puts c's destination token in city node of h: the first
// open slot nobody has reserved, or a new slot when there is none (5.9.2).
func (g *Game) placeDestinationIn(c *Corp, h *HexState, node int) error {
	var tok *Token
	for _, t := range c.Tokens {
		if t.Kind == DestinationToken && !t.Used {
			tok = t
		}
	}
	if tok == nil {
		return ruleErr("%s has no destination token", c.ID)
	}
	slot := h.openSlot(node)
	if slot < 0 {
		slot = h.addSlot(node)
	}
	if err := h.placeToken(tok, node, slot, true); err != nil {
		return err
	}
	// A station token of c already in that city goes back to its charter.
	g.removeExtraTokens(h)
	g.afterPlaceToken(h)
	return nil
}

// destinationCities lists the cities of h that may take c's destination
// token: the first city, or (CA) each city whose track reaches one of the
// destination's named edges.
func (g *Game) destinationCities(c *Corp, h *HexState) []int {
	cities := h.Tile.Cities()
	if len(cities) == 0 {
		return nil
	}
	exits := c.Def.DestExits
	if len(exits) == 0 {
		return cities[:1]
	}
	var out []int
	for _, city := range cities {
		for _, e := range cityExits(h.Tile, h.Rotation, city) {
			if hasInt(exits, e) {
				out = append(out, city)
				break
			}
		}
	}
	return out
}

// homeReach is the network of c's home station token alone.
func (g *Game) homeReach(c *Corp) *graph.Result {
	if len(c.Tokens) == 0 || !c.Tokens[0].Used {
		return &graph.Result{}
	}
	home := c.Tokens[0]
	return graph.Reach(g.walkView(), c.ID, []graph.NodeRef{{Hex: home.Hex, Node: home.City}})
}

// destinationDue reports whether c must place its destination token now: it
// is still to be placed and c's home station reaches the destination (5.9.1).
func (g *Game) destinationDue(c *Corp) bool {
	if !c.IsMajor() || c.Dest == "" {
		return false
	}
	for _, t := range c.Tokens {
		if t.Kind == DestinationToken && !t.Used {
			return g.destinationConnected(c)
		}
	}
	return false
}

// hexTokenMoves lists the destination a connected major must token.
func (s *destinationStep) hexTokenMoves(e any) []string {
	g := s.g
	c, ok := e.(*Corp)
	if !ok || !g.destinationDue(c) {
		return nil
	}
	if len(g.destinationCities(c, g.Board.Hex(c.Dest))) > 1 {
		return nil // tokened by city: see the place_token choices
	}
	return []string{c.Dest}
}

// destinationConnected reports whether c's home station reaches its destination.
func (g *Game) destinationConnected(c *Corp) bool { return len(g.reachedDestinationCities(c)) > 0 }

// reachedDestinationCities lists the cities that may take c's destination
// token and that c's home station reaches.
func (g *Game) reachedDestinationCities(c *Corp) []int {
	if len(c.Tokens) == 0 || !c.Tokens[0].Used {
		return nil
	}
	h := g.Board.Hex(c.Dest)
	if h == nil {
		return nil
	}
	cities := g.destinationCities(c, h)
	if len(cities) == 0 {
		return nil
	}
	home := graph.NodeRef{Hex: c.Tokens[0].Hex, Node: c.Tokens[0].City}
	r := graph.Reach(g.walkView(), c.ID, []graph.NodeRef{home})
	var out []int
	for _, city := range cities {
		if r.HasNode(graph.NodeRef{Hex: c.Dest, Node: city}) {
			out = append(out, city)
		}
	}
	return out
}

// destinationReaches reports whether city node of h may take c's destination
// token and c's home station reaches it.
func (g *Game) destinationReaches(c *Corp, h *HexState, node int) bool {
	return h.Def.ID == c.Dest && hasInt(g.reachedDestinationCities(c), node)
}

// tokenMoves lists the cities of the destination that the home station reaches.
func (s *destinationStep) tokenMoves(e any) []TokenMove {
	g := s.g
	c, ok := e.(*Corp)
	if !ok || !g.destinationDue(c) {
		return nil
	}
	h := g.Board.Hex(c.Dest)
	var out []TokenMove
	for _, city := range g.reachedDestinationCities(c) {
		slot := h.openSlot(city)
		if slot < 0 {
			slot = len(h.Slots[city])
		}
		out = append(out, TokenMove{Hex: h.Def.ID, City: cityID(h, city), Node: city, Slot: slot, Kind: "destination"})
	}
	return out
}

// canPass: a major connected to its destination must place its token.
func (s *destinationStep) canPass(e any) bool {
	c, ok := e.(*Corp)
	return !ok || !s.g.destinationDue(c)
}

// autoAction skips the destination token when the home station does not
// reach it, and places it when there is only one way to, as 18xx.games does.
func (s *destinationStep) autoAction() action.Action {
	g := s.g
	c := s.r.current().(*Corp)
	h := g.Board.Hex(c.Dest)
	reached := g.reachedDestinationCities(c)
	switch {
	case len(reached) == 0:
		return corpAction(&action.Pass{}, action.TypePass, c)
	case len(reached) > 1:
		return nil // the president picks the city (CA ICR in a split Québec)
	case len(g.destinationCities(c, h)) == 1:
		return corpAction(&action.HexToken{Hex: c.Dest, TokenType: "destination"}, action.TypeHexToken, c)
	}
	// Several cities would do but the home station reaches one: it is
	// tokened by city, since a hex token could not say which.
	a := &action.PlaceToken{City: cityID(h, reached[0]), TokenType: "destination"}
	if slot := h.openSlot(reached[0]); slot >= 0 {
		a.Slot = &slot
	}
	return corpAction(a, action.TypePlaceToken, c)
}
