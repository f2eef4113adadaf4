package engine

import (
	"pbc/engine/action"
)

// Rule 5.5.1 (both rulebooks): a home station token whose city must be
// chosen (a home hex with several cities, or one whose tile was upgraded
// into several). What the pending token step accepts, how it places the token
// and what it lists for Moves.

// pendingTokenStep places tokens whose city must be chosen (e.g. after a
// multi-city upgrade).
type pendingTokenStep struct {
	stepBase
	r *round
}

// copyFor copies the step for a clone: its base and round are mapped, its other fields are values.
func (s *pendingTokenStep) copyFor(cc *cloner) step {
	n := *s
	n.stepBase, n.r = cc.stepBase(s.stepBase), cc.round(s.r)
	return &n
}

func (s *pendingTokenStep) name() string { return "place pending token" }

func (s *pendingTokenStep) active() bool { return len(s.r.op.pendingTok) > 0 }

func (s *pendingTokenStep) actor(any) any { return s.activeEntity() }

func (s *pendingTokenStep) activeEntity() any {
	if len(s.r.op.pendingTok) > 0 {
		return s.r.op.pendingTok[0].corp
	}
	return nil
}

func (s *pendingTokenStep) skip() { s.pass() }

func (s *pendingTokenStep) actions(e any) []string {
	op := s.r.op
	if len(op.pendingTok) == 0 || e != any(op.pendingTok[0].corp) {
		return nil
	}
	return []string{action.TypePlaceToken}
}

func (s *pendingTokenStep) process(a action.Action, e any) error {
	v, ok := a.(*action.PlaceToken)
	if !ok {
		return ruleErr("choose the city for the pending token first")
	}
	g := s.g
	p := s.r.op.pendingTok[0]
	h, city, err := g.Board.cityByID(v.City)
	if err != nil {
		return err
	}
	if p.rondel {
		return s.placeRondel(p, h, city)
	}
	if _, has := h.tokenOf(p.corp); has {
		return ruleErr("%s cannot have two tokens in one city", p.corp.ID)
	}
	var tok *Token
	for _, t := range p.corp.Tokens {
		if !t.Used && t.Kind == NormalToken {
			tok = t
			break
		}
	}
	if tok == nil {
		tok = &Token{Corp: p.corp}
		p.corp.Tokens = append(p.corp.Tokens, tok)
	}
	slot := -1
	if v.Slot != nil {
		slot = *v.Slot
	}
	if p.corp.Def.HomeChoose {
		// Minor 13's rondel token always brings its own slot, and costs its price.
		h.addSlot(city)
		if p.corp.Def.HomeSlotStays {
			h.keptSlotExit = h.cityExit(city) + 1
		}
		if tok.Price > p.corp.Cash {
			return ruleErr("%s cannot afford its $%d home token", p.corp.ID, tok.Price)
		}
		g.pay(p.corp, nil, tok.Price)
	}
	if err := h.placeToken(tok, city, slot, true); err != nil {
		return err
	}
	s.r.op.pendingTok = s.r.op.pendingTok[1:]
	g.afterPlaceToken(h)
	return nil
}

// tokenMoves lists the cities for a home token whose city is chosen.
func (s *pendingTokenStep) tokenMoves(e any) []TokenMove {
	g := s.g
	op := s.r.op
	if len(op.pendingTok) == 0 {
		return nil
	}
	pt := op.pendingTok[0]
	h := g.Board.Hex(pt.hex)
	if h == nil {
		return nil
	}
	if pt.rondel {
		return s.rondelMoves(pt, h)
	}
	if _, has := h.tokenOf(pt.corp); has {
		return nil
	}
	var tok *Token
	for _, t := range pt.corp.Tokens {
		if !t.Used && t.Kind == NormalToken {
			tok = t
			break
		}
	}
	cost := 0
	if pt.corp.Def.HomeChoose && tok != nil {
		if tok.Price > pt.corp.Cash {
			return nil
		}
		cost = tok.Price
	}
	// A city with a free slot if any (the token goes there); a rondel token
	// (CA minor 13) may go to any city, bringing its own slot.
	var open, all []TokenMove
	for _, city := range h.Tile.Cities() {
		tm := TokenMove{Hex: h.Def.ID, City: cityID(h, city), Node: city, Slot: h.freeSlot(city, pt.corp.ID), Cost: cost, Kind: "home"}
		if tm.Slot >= 0 && !pt.corp.Def.HomeChoose {
			open = append(open, tm)
		}
		tm.Slot = len(h.Slots[city])
		all = append(all, tm)
	}
	if len(open) > 0 {
		return open
	}
	return all
}
