package engine

import (
	"testing"

	"pbc/engine/action"
	"pbc/engine/title"
)

// newPNW is a fresh 4-player 1822PNW game for rule examples.
func newPNW(t *testing.T) *Game {
	t.Helper()
	tt, err := TitleByName("1822PNW")
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(tt, seatsN(4), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// floatAt floats minor id for p at a share price with a treasury, as if bid for.
func floatAt(g *Game, p *Player, id string, price, cash int) *Corp {
	m := g.Corp(id)
	g.setPar(m, g.Market.cellFor(price))
	g.moveShare(m.Shares[0], p)
	m.IPOed, m.Floated = true, true
	g.pay(nil, m, cash)
	if comp := g.Company("M" + id); comp != nil {
		comp.Owner = nil
		g.dropCompany(comp)
	}
	return m
}

// TestMinorFloatPrices checks rules 4.9.6-4.9.8: the price and treasury a
// winning bid gives a minor in each phase.
func TestMinorFloatPrices(t *testing.T) {
	tests := []struct {
		phase, bid, price, treasury int
	}{
		{1, 100, 50, 100}, {1, 180, 50, 100}, // 4.9.6
		{2, 100, 50, 100}, {2, 105, 50, 100}, {2, 110, 55, 110}, {2, 115, 55, 110}, {2, 250, 100, 200}, // 4.9.7
		{3, 135, 65, 135}, {3, 350, 100, 350}, // 4.9.8
	}
	for _, tc := range tests {
		g := newPNW(t)
		g.Phase = tc.phase - 1
		p := g.Players[0]
		cash, bank := p.Cash, g.Bank
		comp := g.Company("M3")
		g.floatMinor(p, comp, tc.bid)
		m := g.Corp("3")
		if got := g.sharePrice(m); got != tc.price {
			t.Errorf("phase %d bid $%d: price $%d, want $%d", tc.phase, tc.bid, got, tc.price)
		}
		if m.Cash != tc.treasury {
			t.Errorf("phase %d bid $%d: treasury $%d, want $%d", tc.phase, tc.bid, m.Cash, tc.treasury)
		}
		if p.Cash != cash-tc.bid || g.Bank != bank+tc.bid-tc.treasury {
			t.Errorf("phase %d bid $%d: player paid $%d, bank got $%d", tc.phase, tc.bid, cash-p.Cash, g.Bank-bank)
		}
	}
}

// TestEmergencyMoneyExample follows the example of rule 5.16.6.
func TestEmergencyMoneyExample(t *testing.T) {
	g := newPNW(t)
	g.Phase = 3 // phase 4
	for len(g.Depot.Upcoming) > 0 && g.Depot.Upcoming[0].Def.Name != "4" {
		g.removeFromDepot(g.Depot.Upcoming[0])
	}
	pres, other := g.Players[0], g.Players[1]
	c := g.Corp("SWW")
	g.setPar(c, g.Market.cellFor(100))
	c.IPOed, c.Floated = true, true
	g.moveShare(c.Shares[0], pres)
	g.pay(nil, c, 140-c.Cash)
	// The president's only sellable share: 10% of another company at $80.
	o := g.Corp("CPR")
	g.setPar(o, g.Market.cellFor(80))
	o.IPOed, o.Floated, o.Operated = true, true, 1
	g.moveShare(o.Shares[0], other)
	g.moveShare(o.Shares[1], pres)
	g.pay(pres, nil, pres.Cash-20)

	if err := g.sellShares(pres, []string{"CPR_1"}, 0, nil); err != nil {
		t.Fatal(err)
	}
	if pres.Cash != 100 {
		t.Fatalf("president has $%d after selling, want $100", pres.Cash)
	}
	train := g.Depot.Upcoming[0]
	if err := g.buyTrain(c, &action.BuyTrain{Train: train.ID, Price: 300, Variant: "4"}, nil); err != nil {
		t.Fatal(err)
	}
	if pres.Debt != 90 || pres.Cash != 0 || c.Cash != 0 || train.Owner != c {
		t.Fatalf("after the purchase: debt $%d cash $%d treasury $%d, want debt $90 and nothing left", pres.Debt, pres.Cash, c.Cash)
	}
	g.pay(nil, pres, 50) // earned later in the round
	g.payoffDebt(pres, 50)
	if pres.Debt != 40 {
		t.Fatalf("debt after paying $50 is $%d, want $40", pres.Debt)
	}
	g.addInterest(pres)
	if pres.Debt != 60 {
		t.Fatalf("debt after interest is $%d, want $60", pres.Debt)
	}
}

// TestAcquisitionExample follows the example of rule 5.18.3: a $165 major
// acquiring a $90 minor.
func TestAcquisitionExample(t *testing.T) {
	for _, tc := range []struct {
		choice          string
		shares          int
		majorCash, pres int // changes
	}{
		{"money", 0, -180, 180},
		{"one_share", 1, -15, 15},
		{"two_shares", 2, 150, -150},
	} {
		t.Run(tc.choice, func(t *testing.T) {
			g := newPNW(t)
			g.Phase = 2
			p, q := g.Players[0], g.Players[1]
			c := g.Corp("SWW")
			g.setPar(c, g.Market.cellFor(165))
			c.IPOed, c.Floated, c.Operated = true, true, 2
			g.moveShare(c.Shares[0], p)
			g.pay(nil, c, 500)
			m := floatAt(g, q, "3", 90, 0)
			m.Operated = 2
			if !contains(g.payChoices(c, m), tc.choice) {
				t.Fatalf("choices %v lack %s", g.payChoices(c, m), tc.choice)
			}
			cash, qcash := c.Cash, q.Cash
			if err := g.acquireMinor(c, m, tc.shares, "exchange"); err != nil {
				t.Fatal(err)
			}
			if c.Cash-cash != tc.majorCash || q.Cash-qcash != tc.pres {
				t.Errorf("major %+d president %+d, want %+d and %+d", c.Cash-cash, q.Cash-qcash, tc.majorCash, tc.pres)
			}
			if got := c.PercentOf(q); got != 10*tc.shares {
				t.Errorf("president of the minor holds %d%% of %s, want %d%%", got, c.ID, 10*tc.shares)
			}
			if !m.Closed {
				t.Error("the acquired minor is still open")
			}
		})
	}
}

// TestMergerWalkthrough follows the worked example of the 1822PNW overview:
// M8 (Seattle) and M10 (Tacoma) at $65 merge into the SWW at $65.
func TestMergerWalkthrough(t *testing.T) {
	g := newPNW(t)
	g.Phase = 1 // phase 2
	pl := g.Players[0]
	g.pay(pl, nil, pl.Cash-215)
	m8 := floatAt(g, pl, "8", 65, 70)
	m10 := floatAt(g, pl, "10", 65, 70)
	for _, m := range []*Corp{m8, m10} {
		g.placeHomeToken(m)
		l := g.Depot.Upcoming[0]
		g.giveTrain(m, l)
		g.removeFromDepot(l)
	}
	g.startMergerRound(1)
	r := g.round
	if r.done || r.current() != any(m8) {
		t.Fatalf("merger round should start with minor 8, got %v", entityName(r.current()))
	}
	env := func(a action.Action, typ string) action.Action {
		e := a.Env()
		e.Type, e.Entity, e.EntityType = typ, action.NamedEntity("8"), "corporation"
		return a
	}
	for _, a := range []action.Action{
		env(&action.Merge{Corporation: "10"}, "merge"),
		env(&action.Choose{Choice: "65"}, "choose"),
		env(&action.Choose{Choice: "4"}, "choose"),
		env(&action.Choose{Choice: "replace"}, "choose"),
	} {
		if err := g.Apply(a); err != nil {
			t.Fatalf("%s: %v", a.Env().Type, err)
		}
	}
	sww := g.Corp("SWW")
	if sww.Cash != 140 || g.sharePrice(sww) != 65 || pl.Cash != 215 {
		t.Fatalf("SWW treasury $%d at $%d, player $%d; want $140 at $65 and $215", sww.Cash, g.sharePrice(sww), pl.Cash)
	}
	if got := sww.PercentOf(pl); got != 40 {
		t.Errorf("player holds %d%% of SWW, want 40%%", got)
	}
	if got := sww.PercentOf(sww); got != 60 {
		t.Errorf("SWW treasury holds %d%%, want 60%%", got)
	}
	if len(sww.Trains) != 2 || !m8.Closed || !m10.Closed {
		t.Errorf("SWW has %d trains; minors closed %v %v", len(sww.Trains), m8.Closed, m10.Closed)
	}
	var hexes []string
	for _, tk := range sww.Tokens {
		if tk.Used {
			hexes = append(hexes, tk.Hex)
		}
	}
	if len(hexes) != 2 || !contains(hexes, "H11") || !contains(hexes, "I12") {
		t.Errorf("SWW stations %v, want Seattle H11 and Tacoma I12", hexes)
	}
	// Stock round 4: one more share from the treasury at $65.
	g.ipoShares(pl, sharesOf(sww, sww)[:1], nil)
	if sww.Cash != 205 || pl.Cash != 150 {
		t.Errorf("after the buy: SWW $%d, player $%d; want $205 and $150", sww.Cash, pl.Cash)
	}
	// OR 4.1: $40 paid out, no price move; then a 2-train for $120.
	op := &orState{revenue: 40}
	g.payDividend(sww, op, "payout")
	if sww.Cash != 225 || pl.Cash != 170 || g.sharePrice(sww) != 65 {
		t.Errorf("after OR 4.1: SWW $%d, player $%d, price $%d; want $225, $170, $65", sww.Cash, pl.Cash, g.sharePrice(sww))
	}
	// OR 4.2: $80 paid out moves the price one space.
	op = &orState{revenue: 80}
	g.payDividend(sww, op, "payout")
	if g.sharePrice(sww) != 70 || pl.Cash != 210 {
		t.Errorf("after OR 4.2: price $%d, player $%d; want $70 and $210", g.sharePrice(sww), pl.Cash)
	}
}

var _ = title.Major
