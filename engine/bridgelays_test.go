package engine

import (
	"strings"
	"testing"

	"pbc/engine/action"
	"pbc/engine/board"
)

// bridgeGame replays 1822NRS/128129 to where minor 8, which has just
// acquired P21 (the bridge), is at its track step with nothing laid.
func bridgeGame(t *testing.T) *Game {
	t.Helper()
	l := nextFixture(t, "1822NRS", "128129.json")
	g, err := Replay(l, ReplayOptions{After: func(g *Game, a action.Action) bool { return a.Env().ID < 329 }})
	if err != nil {
		t.Fatal(err)
	}
	if p := g.Company("P21"); p == nil || p.Owner != any(g.Corp("8")) || g.round.op == nil || g.round.op.laidTrack != 0 {
		t.Fatal("not at minor 8's track step with P21")
	}
	return g
}

func companyAct(a action.Action, typ, id string) action.Action {
	e := a.Env()
	e.Type, e.Entity, e.EntityType = typ, action.NamedEntity(id), "company"
	return a
}

// extraToken gives c one more token, placed in hex's first city, as a
// position built by hand.
func extraToken(t *testing.T, g *Game, c *Corp, hex string) {
	t.Helper()
	tok := &Token{Corp: c, Kind: c.Tokens[0].Kind}
	if err := g.Board.Hex(hex).placeToken(tok, 0, -1, true); err != nil {
		t.Fatal(err)
	}
	c.Tokens = append(c.Tokens, tok)
	g.invalidateActions()
}

// bridgeLays are the lays Moves lists for P21.
func bridgeLays(g *Game) []TileMove {
	var out []TileMove
	for _, a := range g.Moves().Actors {
		for _, l := range a.Tiles {
			if l.Company == "P21" {
				out = append(out, l)
			}
		}
	}
	return out
}

// TestBridgeLays: P21 lays only for a company with a token in Hull or
// Grimsby, before the company's own lay; its two lays are free, each
// crosses the Humber's unpaid border, the second follows the first (or a
// pass closes P21), and they are the company's track step.
func TestBridgeLays(t *testing.T) {
	t.Run("no token there, nothing offered", func(t *testing.T) {
		g := bridgeGame(t)
		if ls := bridgeLays(g); len(ls) > 0 {
			t.Errorf("P21 lists %d lays without a token in N21 or N23", len(ls))
		}
		err := g.Apply(companyAct(&action.LayTile{Hex: "N21", Tile: "57-0", Rotation: 0}, "lay_tile", "P21"))
		if err == nil {
			t.Error("P21 laid without a token in N21 or N23")
		}
	})
	t.Run("two lays across the Humber", func(t *testing.T) {
		g := bridgeGame(t)
		c := g.Corp("8")
		extraToken(t, g, c, "N21")
		cash := c.Cash
		ls := bridgeLays(g)
		if len(ls) == 0 {
			t.Fatal("P21 lists no lays with a token in N21")
		}
		for _, l := range ls {
			if l.Hex != "N21" || l.Cost != 0 || l.Upgrade || !strings.Contains(" 5 6 57 ", " "+l.Name+" ") {
				t.Errorf("first lay %+v: want a free yellow tile on N21", l)
			}
			if !bridgeCrosses(g.Board.Hex(l.Hex), testTileDef(t, g, l.Name), l.Rotation) {
				t.Errorf("first lay %+v does not cross the estuary", l)
			}
		}
		// A lay away from the crossing is refused.
		var away *TileMove
		n21 := g.Board.Hex("N21")
		for _, name := range []string{"5", "6", "57"} {
			for _, rot := range g.legalRotations(c, n21, testTileDef(t, g, name), g.Company("P21")) {
				if away == nil && !bridgeCrosses(n21, testTileDef(t, g, name), rot) {
					away = &TileMove{Hex: "N21", Tile: name + "-0", Rotation: rot}
				}
			}
		}
		if away == nil {
			t.Error("no lay on N21 away from the estuary to try")
		}
		if away != nil {
			err := g.Apply(companyAct(&action.LayTile{Hex: away.Hex, Tile: away.Tile, Rotation: away.Rotation}, "lay_tile", "P21"))
			if err == nil || !strings.Contains(err.Error(), "cross") {
				t.Errorf("a lay not crossing the estuary: %v", err)
			}
		}
		first := ls[0]
		if err := g.Apply(companyAct(&action.LayTile{Hex: first.Hex, Tile: first.Tile, Rotation: first.Rotation}, "lay_tile", "P21")); err != nil {
			t.Fatal(err)
		}
		if g.round.op.mustLay != g.Company("P21") {
			t.Fatal("after its first lay P21 does not hold the step for its second")
		}
		ls = bridgeLays(g)
		if len(ls) == 0 {
			t.Fatal("P21 lists no second lay")
		}
		for _, l := range ls {
			if l.Hex != "N23" || l.Cost != 0 {
				t.Errorf("second lay %+v: want a free tile on N23", l)
			}
		}
		second := ls[0]
		if err := g.Apply(companyAct(&action.LayTile{Hex: second.Hex, Tile: second.Tile, Rotation: second.Rotation}, "lay_tile", "P21")); err != nil {
			t.Fatal(err)
		}
		if p := g.Company("P21"); !p.Closed {
			t.Error("P21 still open after its two lays")
		}
		if c.Cash != cash {
			t.Errorf("minor 8 paid %d for the bridge's lays, want nothing", cash-c.Cash)
		}
		if g.round.op != nil && g.round.op.laidTrack < 2 {
			t.Errorf("minor 8 has track lays left after the bridge's: laid %d", g.round.op.laidTrack)
		}
	})
	t.Run("not after the company's own lay", func(t *testing.T) {
		g := bridgeGame(t)
		c := g.Corp("8")
		extraToken(t, g, c, "N21")
		if len(bridgeLays(g)) == 0 {
			t.Fatal("P21 lists no lays with a token in N21")
		}
		if err := g.Apply(corpAct(&action.LayTile{Hex: "L25", Tile: "8-4", Rotation: 2}, "lay_tile", "8")); err != nil {
			t.Fatal(err)
		}
		if ls := bridgeLays(g); len(ls) > 0 {
			t.Errorf("P21 lists %d lays after minor 8's own lay", len(ls))
		}
		if err := g.Apply(companyAct(&action.LayTile{Hex: "N21", Tile: "57-0", Rotation: 0}, "lay_tile", "P21")); err == nil {
			t.Error("P21 laid after minor 8's own lay")
		}
	})
	t.Run("a pass after one lay closes it", func(t *testing.T) {
		g := bridgeGame(t)
		c := g.Corp("8")
		extraToken(t, g, c, "N23")
		ls := bridgeLays(g)
		if len(ls) == 0 {
			t.Fatal("P21 lists no lays with a token in N23")
		}
		if err := g.Apply(companyAct(&action.LayTile{Hex: ls[0].Hex, Tile: ls[0].Tile, Rotation: ls[0].Rotation}, "lay_tile", "P21")); err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(companyAct(&action.Pass{}, "pass", "P21")); err != nil {
			t.Fatal(err)
		}
		if !g.Company("P21").Closed {
			t.Error("P21 open after a pass")
		}
	})
}

func testTileDef(t *testing.T, g *Game, name string) *board.Tile {
	t.Helper()
	def, ok := g.Board.Map.TileDef(name)
	if !ok {
		t.Fatalf("no tile %s", name)
	}
	return def
}

// TestBridgeSecondLayNotOnTheFirst: the bridge's second lay never upgrades
// the tile its first lay put down, though green is out.
func TestBridgeSecondLayNotOnTheFirst(t *testing.T) {
	g := bridgeGame(t)
	if g.tileColor() < board.Green {
		t.Fatalf("phase %s has no green tiles", g.phase().Name)
	}
	c := g.Corp("8")
	extraToken(t, g, c, "N21")
	var first *TileMove
	for _, l := range bridgeLays(g) {
		if l.Name == "57" {
			first = &l
		}
	}
	if first == nil {
		t.Fatal("P21 lists no tile 57 on N21")
	}
	if err := g.Apply(companyAct(&action.LayTile{Hex: first.Hex, Tile: first.Tile, Rotation: first.Rotation}, "lay_tile", "P21")); err != nil {
		t.Fatal(err)
	}
	for _, l := range bridgeLays(g) {
		if l.Hex == "N21" {
			t.Errorf("second lay %+v upgrades the first's tile", l)
		}
	}
	rots := g.legalRotations(c, g.Board.Hex("N21"), testTileDef(t, g, "15"), g.Company("P21"))
	if len(rots) == 0 {
		t.Fatal("tile 15 fits N21 at no rotation")
	}
	err := g.Apply(companyAct(&action.LayTile{Hex: "N21", Tile: "15-0", Rotation: rots[0]}, "lay_tile", "P21"))
	if err == nil || !strings.Contains(err.Error(), "laid just now") {
		t.Errorf("an upgrade of the first lay's tile: %v, want a refusal", err)
	}
}

// TestBridgeGreenUpgrade: once green is out, the bridge's first lay may
// upgrade a yellow Hull that does not yet cross the Humber to a green tile
// that does, free.
func TestBridgeGreenUpgrade(t *testing.T) {
	g := bridgeGame(t)
	c := g.Corp("8")
	h := g.Board.Hex("N21")
	tok := &Token{Corp: c, Kind: c.Tokens[0].Kind}
	if err := h.placeToken(tok, 0, -1, true); err != nil {
		t.Fatal(err)
	}
	c.Tokens = append(c.Tokens, tok)
	// A yellow tile in Hull away from the estuary.
	yellow := -1
	for _, rot := range g.legalRotations(c, h, testTileDef(t, g, "6"), nil) {
		if yellow < 0 && !bridgeCrosses(h, testTileDef(t, g, "6"), rot) {
			yellow = rot
		}
	}
	if yellow < 0 {
		t.Fatal("no rotation of tile 6 in Hull away from the estuary")
	}
	g.placeTile(h, testTileDef(t, g, "6"), "6-0", yellow)
	g.invalidateActions()
	var greens int
	for _, l := range bridgeLays(g) {
		if l.Name == "15" && l.Hex == "N21" && l.Upgrade && l.Cost == 0 {
			greens++
		}
	}
	if greens == 0 {
		t.Errorf("P21 lists no free green upgrade of Hull: %+v", bridgeLays(g))
	}
}
