package session

import (
	"context"
	"testing"
)

// TestStockMovesPostTheTable: a bid changes neither the map nor the market,
// so the table picture (with the bid boxes) is posted instead of nothing.
func TestStockMovesPostTheTable(t *testing.T) {
	st := newStore(t)
	m := New(Options{Store: st})
	id := newGame(t, st, "c")
	who := next(t, m, id)
	out, err := m.Do(context.Background(), id, Request{User: User{ID: who}, Text: "bid M6 100"})
	if err != nil || out.Refused {
		t.Fatalf("bid: %+v, %v", out, err)
	}
	var names []string
	for _, img := range out.Images {
		names = append(names, img.Name)
	}
	if len(names) != 1 || names[0] != "table.png" || len(out.Images[0].PNG) == 0 {
		t.Errorf("a bid posted %v, want the table picture", names)
	}
}
