package tabletop

import (
	"pbc/commands"
	"testing"
)

// BenchmarkOfferedFirstStockRound measures the offer under a move in the
// first stock round, where the auto-pass button is left out if passing
// would end the game (a trial pass on a copy of the game).
func BenchmarkOfferedFirstStockRound(b *testing.B) {
	tb := newPNWB(b)
	for _, u := range []string{"a", "b"} {
		if rep := tb.Exec(commands.Request{User: u, Text: "pass"}); !rep.OK {
			b.Fatal(rep.Text)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if tb.Offered("b", "pass", false).Empty() {
			b.Fatal("nothing offered")
		}
	}
}
