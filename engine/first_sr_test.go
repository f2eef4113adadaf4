package engine

import "testing"

// TestEmptyFirstStockRoundAfterStartingPacket: 1822PNW with the starting
// packet (10) plays operating rounds until phase 2, then its first stock
// round. When that round ends with nothing sold the game ends at once
// (7.1.2), as 18xx.games ends it (self-play, seed 9242001, action 81).
func TestEmptyFirstStockRoundAfterStartingPacket(t *testing.T) {
	g, last := replayAllButLast(t, "starting_packet_empty_first_sr.json")
	if g.Finished() || g.Turn == 1 {
		t.Fatalf("before the last pass: finished %v, turn %d; want a game on in a later turn", g.Finished(), g.Turn)
	}
	last.Env().AutoActions = nil
	if err := g.Apply(last); err != nil {
		t.Fatalf("the last pass: %v", err)
	}
	if !g.Finished() {
		t.Fatalf("the first stock round ended with nothing sold and the game goes on (%s)", g.RoundNow().Name)
	}
}
