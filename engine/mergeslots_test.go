package engine

import (
	"slices"
	"testing"
)

// TestMergedCitySlotsFollowTheReference: when an upgrade merges cities,
// every reservation the old cities held comes first, in the old cities'
// order, and the tokens then take the first slots kept for no one, as
// 18xx.games numbers them. N25's three one-slot cities (reserved for minors
// 17, 18 and 16, the NdeM holding 16's home) become X5's one city as
// [R:17 R:18 NDEM], not [R:17 NDEM R:18]: the NdeM's token auction names the
// slot by that number (self-play seed 99107, action 717).
func TestMergedCitySlotsFollowTheReference(t *testing.T) {
	g := threePlayerGame(t, "1822MX")
	h := g.Board.Hex("N25")
	if got := g.CitySlots()["N25"]; !slices.EqualFunc(got, [][]string{{"R:17"}, {"R:18"}, {"R:16"}}, slices.Equal) {
		t.Fatalf("N25 starts as %v", got)
	}
	ndem := g.Corp(g.T.Government.Corp)
	node, _, ok := h.reservedNode("16")
	if !ok {
		t.Fatal("no city of N25 is kept for minor 16")
	}
	h.unreserve("16")
	tok := &Token{Corp: ndem}
	if err := h.placeToken(tok, node, -1, false); err != nil {
		t.Fatal(err)
	}
	g.placeTile(h, testTileDef(t, g, "X5"), "X5-0", 3)
	want := [][]string{{"R:17", "R:18", "NDEM"}}
	if got := g.CitySlots()["N25"]; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("X5 on N25 holds %v, want %v", got, want)
	}

	// A token that took over a minor's home keeps that home's place:
	// FCM in minor 18's city (fixture 1822MX_game_end_stock_market, id 544)
	// stays between the reservations of 17 and 16.
	g = threePlayerGame(t, "1822MX")
	h = g.Board.Hex("N25")
	node, _, _ = h.reservedNode("18")
	h.unreserve("18")
	if err := h.placeToken(&Token{Corp: g.Corp("FCM")}, node, -1, false); err != nil {
		t.Fatal(err)
	}
	g.placeTile(h, testTileDef(t, g, "X5"), "X5-0", 3)
	want = [][]string{{"R:17", "FCM", "R:16"}}
	if got := g.CitySlots()["N25"]; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("X5 on N25 after FCM took 18's home holds %v, want %v", got, want)
	}
}

// TestBoughtTokenKeepsOtherReservations: a major that buys the NdeM's token
// in one city of a hex keeps its reservation in another city of that hex,
// as 18xx.games does (its token placement drops a reservation only in the
// city the token goes to; self-play seed 99207, Mexico City, id 884). Here:
// MC, given a reservation in a slot added to another Mexico City city, buys the NdeM's
// token at X22-0-1 (fixture home_and_ndem..., id 1254).
func TestBoughtTokenKeepsOtherReservations(t *testing.T) {
	g, l := replayUntil(t, "1822MX/home_and_ndem_auctioned_token_in_mexico_city.json", 1254)
	h := g.Board.Hex("N23")
	up, ok := g.GovAuctionNow()
	if !ok || up.Hex != "N23" {
		t.Fatalf("no token of Mexico City up for sale: %+v", up)
	}
	node := -1
	for _, n := range h.Tile.Cities() {
		if n != h.Tile.Cities()[up.City] {
			h.Reserved[n][h.addSlot(n)], node = "MC", n
			break
		}
	}
	if err := g.Apply(logAction(t, l, 1254)); err != nil {
		t.Fatal(err)
	}
	if n, _, ok := h.reservedNode("MC"); !ok || n != node {
		t.Errorf("MC's reservation in city node %d is gone after it bought the NdeM's token (now %v %v)", node, n, ok)
	}
}
