package engine

import (
	"slices"
	"testing"

	"pbc/engine/action"
	"pbc/engine/board"
)

// replayUntil replays a fixture of fixtures-next up to (not including) the
// action with id stop.
func replayUntil(t *testing.T, file string, stop int) (*Game, *action.GameLog) {
	t.Helper()
	l := fixtureLog(t, "../fixtures-next/"+file)
	g, err := Replay(l, ReplayOptions{After: func(g *Game, a action.Action) bool { return a.Env().ID < stop-1 }})
	if err != nil {
		t.Fatal(err)
	}
	return g, l
}

// logAction is the action with id in l.
func logAction(t *testing.T, l *action.GameLog, id int) action.Action {
	t.Helper()
	for _, a := range l.Actions {
		if a.Env().ID == id {
			return a
		}
	}
	t.Fatalf("no action %d", id)
	return nil
}

// TestHalfRevenueTrainPaysHalf: a 3/2P's run pays half its stops, rounded
// to $10 with halves up (P27+N27+N25 = $70 pays $40), as 18xx.games recorded
// it (fixture home_and_ndem..., id 198: $20 + $40).
func TestHalfRevenueTrainPaysHalf(t *testing.T) {
	g, l := replayUntil(t, "1822MX/home_and_ndem_auctioned_token_in_mexico_city.json", 198)
	run := logAction(t, l, 198).(*action.RunRoutes)
	total, per, err := g.RouteRevenue(g.Corp("19"), run.Routes)
	if err != nil {
		t.Fatal(err)
	}
	if total != 60 || !slices.Equal(per, []int{20, 40}) {
		t.Errorf("minor 19's runs pay %d %v, want 60 [20 40]", total, per)
	}
	_, best, err := g.AutoRoutes(g.Corp("19"))
	if err != nil {
		t.Fatal(err)
	}
	if best != 60 {
		t.Errorf("the auto-router finds $%d for minor 19, want $60", best)
	}
}

// TestGovCashOutAndAuction plays the NdeM's privatisation of fixture
// 1822MX_game_end_stock_market (ids 666-692) checking each recorded action
// against what Moves offers, and what it leaves: the players' NdeM
// certificates sold, the tokens bought by FCP, CHP, FCM and IRM, the NdeM
// closed.
func TestGovCashOutAndAuction(t *testing.T) {
	g, l := replayUntil(t, "1822MX/1822MX_game_end_stock_market.json", 666)
	if err := g.Apply(logAction(t, l, 666)); err != nil {
		t.Fatal(err)
	}
	gov := g.gov()
	if n := len(g.govLayers()); n != 0 {
		t.Errorf("after the cash-out %d players still hold NdeM", n)
	}
	for id := 667; id <= 692; id++ {
		a := logAction(t, l, id)
		m := g.Moves()
		if len(m.Actors) == 0 || m.Actors[0].Name != gov.ID {
			t.Fatalf("id %d: Moves waits for %v, want %s", id, m.Waiting, gov.ID)
		}
		actor := m.Actors[0]
		if !listed(actor, a) {
			t.Errorf("id %d: %s %+v is not listed (types %v, bids %+v, removals %+v, merges %+v)", id, a.Env().Type, a, actor.Types,
				actor.Bids, actor.Removals, actor.Merges)
		}
		if actor.Player == 0 && g.PlayerByID(0) == nil {
			t.Errorf("id %d: no player decides for %s", id, gov.ID)
		}
		a.Env().AutoActions = nil // the game takes them itself
		if err := g.Apply(a); err != nil {
			t.Fatalf("id %d: %v", id, err)
		}
	}
	if !gov.Closed {
		t.Error("the NdeM is still open after its auction")
	}
	for _, c := range []string{"FCP", "CHP", "FCM", "IRM"} {
		n := 0
		for _, tok := range g.Corp(c).Tokens {
			if tok.Used {
				n++
			}
		}
		if n == 0 {
			t.Errorf("%s has no token", c)
		}
	}
	if g.round.current() == any(gov) {
		t.Error("the round still waits for the NdeM")
	}
}

// listed reports whether Moves' actor offers a (a bid at any amount in
// range).
func listed(actor *Actor, a action.Action) bool {
	if !slices.Contains(actor.Types, a.Env().Type) {
		return false
	}
	switch v := a.(type) {
	case *action.Bid:
		for _, b := range actor.Bids {
			if v.Price >= b.Min && v.Price <= b.Max && (v.Price-b.Min)%b.Step == 0 {
				return true
			}
		}
		return false
	case *action.RemoveToken:
		for _, r := range actor.Removals {
			if r.City == v.City && v.Slot != nil && r.Slot == *v.Slot {
				return true
			}
		}
		return false
	case *action.Merge:
		for _, mm := range actor.Merges {
			if mm.Corp == v.Corporation {
				return true
			}
		}
		return false
	}
	return true
}

// TestHomeTokenBesideBoughtToken: MC bought the NdeM's token in Mexico
// City's city 1 before its first turn; its home token still goes to its
// home, city 2, as 18xx.games places it (fixture home_and_ndem..., id 1261
// lays M22 from that home).
func TestHomeTokenBesideBoughtToken(t *testing.T) {
	g, l := replayUntil(t, "1822MX/home_and_ndem_auctioned_token_in_mexico_city.json", 1261)
	h := g.Board.Hex("N23")
	mc := g.Corp("MC")
	for _, city := range []int{1, 2} {
		if _, ok := tokenInCity(h, city, mc); !ok {
			t.Errorf("MC has no token in city %d of N23", city)
		}
	}
	a := logAction(t, l, 1261)
	if err := g.Check(a); err != nil {
		t.Errorf("MC's lay on M22 from its home is refused: %v", err)
	}
}

// TestGovSharesAlwaysSellable: the market takes any number of the
// government railway's certificates (18xx.games' MX pool has no limit for
// the NdeM), so a player who must raise cash sells them before borrowing;
// before, a market holding over half of the NdeM refused them and a loan
// came first (self-play seeds 52100, 52102 and 52103, refused by the
// reference).
func TestGovSharesAlwaysSellable(t *testing.T) {
	g, _ := replayUntil(t, "1822MX/1822MX_game_end_stock_market.json", 461)
	gov := g.gov()
	if pool := gov.PercentOf(g.Pool); pool <= 50 {
		t.Fatalf("the market holds %d%% of the NdeM; the test needs over 50%%", pool)
	}
	checked := 0
	for _, p := range g.Players {
		held := gov.PercentOf(p)
		if held == 0 {
			continue
		}
		checked++
		if n := g.sellableCount(p, gov); n != held/10 {
			t.Errorf("%s may sell %d of his %d%% of the NdeM, want %d", p.Name, n, held, held/10)
		}
	}
	if checked == 0 {
		t.Fatal("no player holds the NdeM here")
	}
}

// TestApproachesToMexicoCity: M24's first tile keeps its stub toward
// Mexico City (18xx.games refuses 58 at rotation 3 there, self-play seeds
// 61305 and 73402); once a player holds C4, only his companies lay there. M22 also links Mexico City through
// its town to the track beyond while no one holds C2 or MC (6.9.2).
func TestApproachesToMexicoCity(t *testing.T) {
	g := threePlayerGame(t, "1822MX")
	tile := func(name string) *board.Tile {
		for i := range g.Board.Map.Tiles {
			if g.Board.Map.Tiles[i].Name == name {
				return &g.Board.Map.Tiles[i]
			}
		}
		t.Fatalf("no tile %s", name)
		return nil
	}
	irm := g.Corp("IRM")
	lc := &layCheck{g: g, c: irm, h: g.Board.Hex("M24"), def: tile("58")}
	if why := lc.stubsProblem(tile("58").Exits(3)); why == "" {
		t.Error("58 at rotation 3 on M24 drops the stub, yet fits")
	}
	if why := lc.stubsProblem(tile("58").Exits(0)); why != "" {
		t.Errorf("58 at rotation 0 on M24 keeps the stub, yet: %s", why)
	}
	if why := lc.approachBlock(); why != "" {
		t.Errorf("M24 is blocked with no holder: %s", why)
	}
	g.Company("C4").Owner = g.Players[0]
	if why := lc.stubsProblem(tile("58").Exits(3)); why == "" {
		t.Error("with C4 held, 58 at rotation 3 drops the stub, yet fits (18xx.games refuses it, seed 73402)")
	}
	if why := lc.approachBlock(); why == "" {
		t.Error("IRM (no president) lays on M24 while a holds C4")
	}
	m22 := &layCheck{g: g, c: irm, h: g.Board.Hex("M22"), def: tile("2")}
	linked := 0
	for rot := range 6 {
		if m22.approachFits(rot) == "" {
			linked++
		}
	}
	if linked != 0 {
		t.Errorf("tile 2 links Mexico City to track beyond M22 at %d rotations on an empty map, want 0", linked)
	}
}

// TestCubesPayByTerrain: 1822MX's builder cubes pay off a terrain whole:
// one cube on a mountain takes nothing off (two take its $80), one on a
// hill $40, and a mountain with a river holds three.
func TestCubesPayByTerrain(t *testing.T) {
	g := threePlayerGame(t, "1822MX")
	mountain := g.Board.Hex("E12")
	for cubes, want := range []int{0, 0, 80} {
		if got := g.cubeDiscount(mountain, cubes); got != want {
			t.Errorf("%d cubes on mountain E12 take $%d off, want $%d", cubes, got, want)
		}
	}
	if got := g.cubeRoom(mountain, mountain.Cost); got != 2 {
		t.Errorf("mountain E12 holds %d cubes, want 2", got)
	}
	if hr := g.Board.Hex("M22"); g.cubeRoom(hr, hr.Cost) != 2 || g.cubeDiscount(hr, 1) != 40 || g.cubeDiscount(hr, 2) != 60 {
		t.Errorf("hill and river M22: room %d, one cube $%d, two $%d; want 2, $40, $60", g.cubeRoom(hr, hr.Cost),
			g.cubeDiscount(hr, 1), g.cubeDiscount(hr, 2))
	}
}
