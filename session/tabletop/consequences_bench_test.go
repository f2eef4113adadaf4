package tabletop

import (
	"testing"

	"pbc/commands/views"
	"pbc/engine/action"
)

// BenchmarkMoveConsequences is what every applied move adds to say its
// consequences: the state before it recorded and compared with the state
// after (here the same, a late 1822PNW position).
func BenchmarkMoveConsequences(b *testing.B) {
	fixtures(b)
	const fx = "1822PNW/165580.json"
	tb := tableAt(b, fx, upTo(b, fx, 830))
	a := &action.Pass{}
	b.ReportAllocs()
	for b.Loop() {
		was := views.BeforeMove(&tb.Position, views.RoundKey{Name: "SR"})
		_ = views.Consequences(&tb.Position, was, a)
	}
}
